"""Serve a wrong engine over the JSON-lines protocol, or misbehave on purpose.

    python wire.py MUTANT                       a mutant as a subprocess engine
    python wire.py reference --misbehave KIND --at N [--once FILE]

``MUTANT`` is a name from ``mutants.BY_NAME`` or ``reference`` (the
reference itself, for briscola-2 and scopa-2). With ``--misbehave`` the engine answers normally until
its ``N``-th ``apply`` request (counted from 1 in this process), then:

- ``crash``: exits with status 3 after a line on stderr;
- ``hang``: never answers;
- ``garbage``: answers with a line that is not JSON;
- ``oversized``: answers with a line of two million bytes;
- ``wrong-id``: answers with another request's id;
- ``protocol``: (at hello, whatever ``N``) claims protocol version 99.

With ``--once FILE`` it misbehaves only if FILE does not exist yet, and
creates it: the first engine process fails, the ones started after it
behave, so a test can see the run recover.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mutants import BY_NAME, MutantEngine  # noqa: E402
from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402


class Reference(MutantEngine):
    """The reference itself (no mistake), for the variants the tests use."""

    name = "reference-over-the-wire"
    variants = ("briscola-2", "scopa-2")


def _answer(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def _misbehave(kind: str, rid: Any) -> None:
    if kind == "crash":
        sys.stderr.write("wire.py: giving up on purpose\n")
        sys.stderr.flush()
        sys.exit(3)
    if kind == "hang":
        sys.stderr.write("wire.py: hanging on purpose\n")
        sys.stderr.flush()
        time.sleep(3600)
    if kind == "garbage":
        sys.stdout.write("this is not JSON {\n")
    elif kind == "oversized":
        sys.stdout.write('{"id":' + json.dumps(rid) + ',"ok":true,"pad":"' + "x" * 2_000_000 + '"}\n')
    elif kind == "wrong-id":
        sys.stdout.write(json.dumps({"id": -1, "ok": True}) + "\n")
    sys.stdout.flush()


def handle(engine: Any, req: dict[str, Any]) -> dict[str, Any]:
    cmd = req.get("cmd")
    if cmd == "hello":
        return engine.hello()
    if cmd == "new":
        engine.new(req["variant"], req.get("options") or {}, req.get("ruleset_hash", ""), req["deck"], req.get("deal") or {})
        return {}
    if cmd == "apply":
        engine.apply(req["action"])
        return {}
    if cmd == "view":
        return {"view": engine.view(req.get("seat"))}
    if cmd == "legal":
        return {"actions": engine.legal()}
    raise EngineFailure("protocol", f"unknown command {cmd!r}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("engine")
    parser.add_argument("--misbehave", choices=["crash", "hang", "garbage", "oversized", "wrong-id", "protocol"])
    parser.add_argument("--at", type=int, default=1)
    parser.add_argument("--once", type=Path)
    args = parser.parse_args()
    engine = Reference() if args.engine == "reference" else BY_NAME[args.engine].engine()
    misbehave = args.misbehave
    if misbehave and args.once:
        if args.once.exists():
            misbehave = None
        else:
            args.once.write_text("failed once\n")
    applies = 0
    for line in sys.stdin:
        req = json.loads(line)
        rid = req.get("id")
        if req.get("cmd") == "quit":
            _answer({"id": rid, "ok": True})
            return
        if req.get("cmd") == "apply":
            applies += 1
            if misbehave and misbehave != "protocol" and applies == args.at:
                _misbehave(misbehave, rid)
                continue
        try:
            body = handle(engine, req)
            if req.get("cmd") == "hello" and misbehave == "protocol":
                body["protocol"] = 99
            _answer({"id": rid, "ok": True, **body})
        except ActionRejected as exc:
            _answer({"id": rid, "ok": False, "error": {"code": "illegal", "rule": exc.rule, "message": exc.message}})
        except EngineFailure as exc:
            code = "unsupported" if exc.kind == "unsupported" else "bad-request"
            _answer({"id": rid, "ok": False, "error": {"code": code, "message": exc.message}})


if __name__ == "__main__":
    main()
