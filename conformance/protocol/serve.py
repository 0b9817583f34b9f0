"""An engine on stdin/stdout: the JSON-lines protocol, version 1.

Each request line is a JSON object with an ``id`` and a ``cmd``; each gets
exactly one response line with the same ``id`` and ``ok``, written and
flushed at once. Errors are responses, never a crash: a line that is not
JSON or not an object, a missing or unknown ``cmd``, missing or mistyped
fields, ``apply``/``view``/``legal`` before ``new``, an unknown variant or
option, a ruleset hash that differs, an action the rules forbid. See
``docs/protocol.md``.

`serve` speaks for any `regola.conformance.protocol.engine.Engine`, so a
Python engine can be put behind the protocol too; ``regola serve`` (or
``python -m regola.conformance.protocol.serve``) serves the reference.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from regola.conformance.protocol.engine import (
    PROTOCOL,
    ActionRejected,
    Engine,
    EngineFailure,
    ReferenceEngine,
)
from regola.conformance.trace.format import dumps_line

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
        protocol = request.get("protocol", PROTOCOL)
        if protocol != PROTOCOL:
            raise BadRequest(
                f"protocol {json.dumps(protocol)} is not supported: this engine speaks protocol {PROTOCOL}",
                "unsupported",
            )
        return {"ok": True, **engine.hello(), "protocol": PROTOCOL}
    if cmd == "new":
        engine.new(
            _field(request, "variant", str, "a variant id"),
            _field(request, "options", dict, "an object of option overrides", {}),
            _field(request, "ruleset_hash", str, "the ruleset's content hash", ""),
            _field(request, "deck", list, "the deck order, top card first"),
            _field(request, "deal", dict, "the deal event", {}),
        )
        return {"ok": True}
    if cmd == "apply":
        action = _field(request, "action", dict, "an action object")
        if not isinstance(action.get("type"), str):
            raise BadRequest("apply: the action needs a 'type'")
        engine.apply(action)
        return {"ok": True}
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


def respond(engine: Engine, line: str) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether to stop afterwards."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _error(None, "bad-request", f"the request is not JSON ({exc.msg} at column {exc.colno})"), False
    if not isinstance(request, dict):
        return _error(None, "bad-request", "a request must be a JSON object"), False
    rid = request.get("id")
    try:
        answer = handle(engine, request)
    except BadRequest as exc:
        return _error(rid, exc.code, exc.message), False
    except ActionRejected as exc:
        return {"id": rid, "ok": False, "error": {"code": "illegal", "rule": exc.rule, "message": exc.message}}, False
    except EngineFailure as exc:
        code = "unsupported" if exc.kind == "unsupported" else "bad-request"
        return _error(rid, code, exc.message), False
    except Exception as exc:  # noqa: BLE001 - the protocol answers every request
        return _error(rid, "internal", f"{type(exc).__name__}: {exc}"), False
    return {"id": rid, **answer}, request.get("cmd") == "quit"


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def serve(engine: Engine, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer requests from ``stdin`` until ``quit`` or the end of input."""
    while True:
        line = stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        answer, stop = respond(engine, line)
        stdout.write(dumps_line(answer) + "\n")
        stdout.flush()
        if stop:
            break
    engine.close()


def main() -> None:
    """Serve the reference on this process's stdin and stdout."""
    serve(ReferenceEngine(), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
