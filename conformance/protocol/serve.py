"""An engine on stdin/stdout: the JSON-lines protocol, version 1.

Each request line is a JSON object with an ``id`` and a ``cmd``; each gets
exactly one response line with the same ``id`` and ``ok``, written and
flushed at once. Errors are responses, never a crash: a line that is not
JSON or not an object, a missing or unknown ``cmd``, missing or mistyped
fields of the request or of its action (`bad-request`, naming the field),
``apply``/``view``/``legal`` before ``new``, an unknown variant or option,
a ruleset hash that differs, a well-formed action the rules forbid
(``illegal``, with the rule id). See ``docs/protocol.md``.

`serve` speaks for any `regola.conformance.protocol.engine.Engine`, so a
Python engine can be put behind the protocol too; ``regola serve`` (or
``python -m regola.conformance.protocol.serve``) serves the reference.
"""

from __future__ import annotations

import json
import sys
import traceback
import weakref
from pathlib import Path
from typing import IO, Any

from regola.conformance.protocol.actions import malformed
from regola.conformance.protocol.engine import (
    LATEST,
    PROTOCOL,
    VERSIONS,
    ActionRejected,
    Engine,
    EngineFailure,
    ReferenceEngine,
    protocol_version,
    speaks,
)

COMMANDS = ("hello", "new", "apply", "view", "legal", "quit")


class BadRequest(Exception):
    """A request the protocol does not allow; ``code`` is the error code."""

    def __init__(self, message: str, code: str = "bad-request") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _field(request: dict[str, Any], name: str, kind: type, what: str, default: Any = None) -> Any:
    """A request field of JSON type ``kind`` (``default`` if it may be left out)."""
    if name not in request or request[name] is None and default is not None:
        if default is not None:
            return default
        raise BadRequest(f"{request['cmd']}: missing field '{name}' ({what})")
    value = request[name]
    if not isinstance(value, kind):
        raise BadRequest(f"{request['cmd']}: field '{name}' must be {what}, got {json.dumps(value)[:80]}")
    return value


def handle(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """The response to one request (without its ``id``)."""
    cmd = request.get("cmd")
    if not isinstance(cmd, str):
        raise BadRequest(f"a request needs a 'cmd' (one of {', '.join(COMMANDS)})")
    if cmd == "hello":
        return {"ok": True, **_hello(engine, request)}
    if cmd == "new":
        _check_new(request)
        args = (
            _field(request, "variant", str, "a variant id"),
            _field(request, "options", dict, "an object of option overrides", {}),
            _field(request, "ruleset_hash", str, "the ruleset's content hash", ""),
            _field(request, "deck", list, "the deck order, top card first"),
            _field(request, "deal", dict, "the deal event", {}),
        )
        if request.get("position") is not None:  # protocol 1.2: a whole position
            engine.new(*args, position=_field(request, "position", dict, "a position (view and setup)"))  # type: ignore[call-arg]
        else:
            engine.new(*args)
        return {"ok": True}
    if cmd == "apply":
        action = _field(request, "action", dict, "an action object")
        problem = malformed(action)
        if problem:
            raise BadRequest(f"apply: {problem}")
        deal = request.get("deal")
        if deal is not None and _takes_deal(engine):
            engine.apply(action, deal=_field(request, "deal", dict, "the deal of the new hand"))  # type: ignore[call-arg]
        else:
            engine.apply(action)
        return {"ok": True, **_returned(engine, request)}
    if cmd == "view":
        seat = request.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise BadRequest(f"view: 'seat' must be a seat number or null, got {json.dumps(seat)[:80]}")
        return {"ok": True, "view": engine.view(seat)}
    if cmd == "legal":
        return {"ok": True, "actions": engine.legal()}
    if cmd == "quit":
        return {"ok": True}
    raise BadRequest(f"unknown command {cmd!r}; known commands: {', '.join(COMMANDS)}")


_TAKES_DEAL: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()


def _takes_deal(engine: Engine) -> bool:
    """Whether ``engine`` speaks 1.1 (its ``apply`` takes a ``deal``), from
    its hello answer, asked once per engine (a hello can be slow to build)."""
    try:
        return _TAKES_DEAL[engine]
    except KeyError:
        _TAKES_DEAL[engine] = known = speaks(engine.hello(), "1.1")
        return known
    except TypeError:  # an engine that cannot be weakly referenced
        return speaks(engine.hello(), "1.1")


def _check_new(request: dict[str, Any]) -> None:
    """A ``new`` names its variant by id (never a file path: a client must
    not make the server open files; ``regola serve --variant FILE`` serves a
    file under its id) and gives its deck as a list of card ids."""
    from regola.spec import is_variant_file

    variant = _field(request, "variant", str, "a variant id")
    if is_variant_file(variant) or not variant.strip():
        raise BadRequest(
            f"new: 'variant' must be a variant id, not a file path: {json.dumps(variant)[:80]} "
            "(to serve a variant file, start `regola serve --variant FILE` and name it by its id)"
        )
    deck = _field(request, "deck", list, "the deck order, top card first")
    wrong = [card for card in deck if not isinstance(card, str)]
    if wrong:
        raise BadRequest(f"new: field 'deck' must be a list of card ids (strings), got an item {json.dumps(wrong[0])[:80]}")


def _depth_over(value: Any, limit: int, line: str = "") -> bool:
    """Whether ``value`` nests lists and objects deeper than ``limit``
    (walked without recursion). A ``line`` (the request's text) with no more
    than ``limit`` opening brackets cannot nest deeper, and is not walked:
    most requests are an action of a few fields."""
    if line and line.count("{") + line.count("[") <= limit:
        return False
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return False


MAX_DEPTH = 32
"""No request needs lists and objects nested deeper (a view is 5 deep)."""


def _returned(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """What a 1.1 ``apply`` asks to be answered with besides ``ok``:
    ``"return": {"view": true, "seats": [0, 1], "legal": true}`` gives
    ``view`` (omniscient), ``seat_views`` (in the order asked) and
    ``actions`` (the legal actions), as after the action."""
    wanted = request.get("return")
    if wanted is None:
        return {}
    if not isinstance(wanted, dict):
        raise BadRequest(f"apply: 'return' must be an object, got {json.dumps(wanted)[:80]}")
    out: dict[str, Any] = {}
    if wanted.get("view"):
        out["view"] = engine.view(None)
    seats = wanted.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise BadRequest(f"apply: 'seats' must be a list of seat numbers, got {json.dumps(seats)[:80]}")
    if seats:
        out["seat_views"] = [engine.view(s) for s in seats]
    if wanted.get("legal"):
        out["actions"] = engine.legal()
    return out


def _hello(engine: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """The hello answer: the engine's, in the newest version both sides speak.

    The runner asks ``"protocol": 1`` (which every engine speaks) and lists
    the versions it speaks in ``versions``; a client may also ask
    ``"protocol": "1.1"`` directly."""
    asked = request.get("protocol", PROTOCOL)
    if protocol_version(asked) is None:
        raise BadRequest(
            f"protocol {json.dumps(asked)} is not supported: this engine speaks protocol {', '.join(VERSIONS)}",
            "unsupported",
        )
    offered = {protocol_version(v) for v in request.get("versions") or []} | {protocol_version(asked)}
    hello = engine.hello()
    mine = protocol_version(hello.get("protocol", PROTOCOL)) or str(PROTOCOL)
    common = [v for v in VERSIONS if v in offered and VERSIONS.index(v) <= VERSIONS.index(mine)]
    version = common[-1] if common else str(PROTOCOL)
    return {**hello, "protocol": 1 if version == "1" else version}


def respond(engine: Engine, line: str) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether to stop afterwards."""
    try:
        line.encode("utf-8")  # bytes that are not UTF-8 arrive as lone surrogates (see `serve`)
    except UnicodeEncodeError:
        return _error(None, "bad-request", "the request is not UTF-8 text"), False
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(None, "bad-request", f"the request is not JSON ({exc.msg} at column {exc.colno})"), False
    except RecursionError:
        return _error(None, "bad-request", f"the request nests lists or objects more than {MAX_DEPTH} deep"), False
    if not isinstance(request, dict):
        return _error(None, "bad-request", "a request must be a JSON object"), False
    if _depth_over(request, MAX_DEPTH, line):
        return _error(request.get("id") if isinstance(request.get("id"), (int, str)) else None, "bad-request",
                      f"the request nests lists or objects more than {MAX_DEPTH} deep"), False
    rid = request.get("id")
    try:
        answer = handle(engine, request)
    except BadRequest as exc:
        return _error(rid, exc.code, exc.message), False
    except ActionRejected as exc:
        return {"id": rid, "ok": False, "error": {"code": "illegal", "rule": exc.rule, "message": exc.message}}, False
    except EngineFailure as exc:
        code = exc.kind if exc.kind in ("unsupported", "crash") else "bad-request"
        return _error(rid, code, exc.message), False
    except Exception as exc:  # noqa: BLE001 - the protocol answers every request
        # the engine's own bug: a crash, answered, and the engine keeps serving
        return _error(rid, "crash", f"the engine raised {_describe(exc)}"), False
    return {"id": rid, **answer}, request.get("cmd") == "quit"


def _describe(exc: BaseException) -> str:
    """``Type: message (at file:line in function)``, at the innermost frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    at = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    return f"{type(exc).__name__}: {exc}{at}"


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""An answer line: compact JSON, its keys in the engine's own order. Not
sorted (the runner reads keys in any order), which makes writing an answer
several times cheaper; the encoder is made once."""


def serve(engine: Engine, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer requests from ``stdin`` until ``quit`` or the end of input."""
    if hasattr(stdin, "reconfigure"):
        # a line that is not UTF-8 is answered (bad-request), not a crash
        stdin.reconfigure(errors="surrogateescape")
    while True:
        line = stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        answer, stop = respond(engine, line)
        stdout.write(_encode(answer) + "\n")
        stdout.flush()
        if stop:
            break
    engine.close()


def main() -> None:
    """Serve the reference on this process's stdin and stdout."""
    serve(ReferenceEngine(protocol=LATEST), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
