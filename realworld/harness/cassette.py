"""Recorded engines: an engine's answers kept so that its run can be
replayed without it (in CI, where the engine's code is not).

``record OUT_DIR -- CMD...`` starts the engine and passes every request and
answer through, writing the conversation (requests and answers without
their ids) to a new file in ``OUT_DIR`` when it ends; ``merge`` joins those
files into one cassette (gzip, JSON lines). ``play CASSETTE`` speaks the
engine protocol from a cassette: ``hello`` as recorded; ``new`` picks the
recorded sessions that began with the same request; each later request must
be the next one recorded in one of them, and gets its answer. A request the
cassette does not hold is answered with an ``internal`` error that says the
cassette is stale, so a test fails instead of passing on made-up answers.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any


def _bare(msg: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in msg.items() if k != "id"}


def _key(msg: dict[str, Any]) -> str:
    return json.dumps(_bare(msg), sort_keys=True, separators=(",", ":"))


def record(out_dir: Path, cmd: list[str]) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    pending: list[dict[str, Any]] = []
    pairs: list[list[Any]] = []
    lock = threading.Lock()

    def answers() -> None:
        for line in child.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            try:
                resp = json.loads(line)
            except ValueError:
                resp = {"raw": line.rstrip("\n")}
            with lock:
                req = pending.pop(0) if pending else None
                pairs.append([_bare(req) if req else None, _bare(resp) if isinstance(resp, dict) else resp])

    name = out_dir / f"part-{os.getpid()}-{time.monotonic_ns()}.json"

    def save() -> None:
        with lock:
            text = json.dumps(pairs)
        tmp = name.with_suffix(".tmp")
        tmp.write_text(text)
        tmp.replace(name)

    reader = threading.Thread(target=answers, daemon=True)
    reader.start()
    try:
        for line in sys.stdin:
            try:
                req = json.loads(line)
            except ValueError:
                req = {"raw": line.rstrip("\n")}
            with lock:
                pending.append(req if isinstance(req, dict) else {"raw": req})
            child.stdin.write(line)
            child.stdin.flush()
            if isinstance(req, dict) and req.get("cmd") == "quit":
                # the session is over: saved now, for regola kills an engine
                # that has not gone within a second of its quit
                reader.join(timeout=0.2)
                save()
                break
    except BrokenPipeError:
        pass
    finally:
        try:
            child.stdin.close()
        except BrokenPipeError:
            pass
        child.wait()
        reader.join(timeout=5)
        save()
    return child.returncode or 0


def sessions_of(pairs: list[list[Any]]) -> tuple[dict | None, list[list[list[Any]]]]:
    hello, sessions, current = None, [], None
    for req, resp in pairs:
        if not isinstance(req, dict):
            continue
        if req.get("cmd") == "hello":
            hello = resp
        elif req.get("cmd") == "new":
            current = [[req, resp]]
            sessions.append(current)
        elif current is not None and req.get("cmd") != "quit":
            current.append([req, resp])
    return hello, sessions


def merge(parts_dir: Path, out: Path) -> int:
    """Join the recorded parts into one cassette; the number of sessions."""
    hello, sessions, seen = None, [], set()
    for part in sorted(parts_dir.glob("part-*.json")):
        h, ss = sessions_of(json.loads(part.read_text()))
        hello = hello or h
        for s in ss:
            k = json.dumps(s, sort_keys=True)
            if k not in seen:
                seen.add(k)
                sessions.append(s)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=9) as fh:
        # mtime 0 would be nicer; gzip.open has no such argument, the bytes still replay the same
        fh.write(json.dumps({"hello": hello}, sort_keys=True) + "\n")
        for s in sessions:
            fh.write(json.dumps({"session": s}, sort_keys=True, separators=(",", ":")) + "\n")
    tmp.replace(out)
    return len(sessions)


def play(cassette: Path) -> int:
    hello, by_new = None, {}
    with gzip.open(cassette, "rt", encoding="utf-8") as fh:
        for line in fh:
            item = json.loads(line)
            if "hello" in item:
                hello = item["hello"]
            else:
                s = item["session"]
                by_new.setdefault(_key(s[0][0]), []).append(s)
    live: list[list[list[Any]]] = []
    cursor = 0
    out = sys.stdout
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            out.write(json.dumps({"id": None, "ok": False, "error": {"code": "bad-request", "message": "not JSON"}}) + "\n")
            out.flush()
            continue
        rid = req.get("id")
        cmd = req.get("cmd")
        if cmd == "hello":
            resp = hello
        elif cmd == "quit":
            out.write(json.dumps({"id": rid, "ok": True}) + "\n")
            out.flush()
            return 0
        elif cmd == "new":
            live = list(by_new.get(_key(req), []))
            cursor = 1
            resp = live[0][0][1] if live else None
        else:
            k = _key(req)
            live = [s for s in live if cursor < len(s) and _key(s[cursor][0]) == k]
            resp = live[0][cursor][1] if live else None
            cursor += 1
        if resp is None:
            resp = {"ok": False, "error": {"code": "internal", "message": (
                f"cassette {cassette.name} holds no answer to this {cmd!r} request: it was recorded with another "
                "corpus or regola; record it again (python -m realworld.harness record SLUG)")}}
        out.write(json.dumps({**resp, "id": rid}) + "\n")
        out.flush()
    return 0


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "record" and "--" in argv:
        i = argv.index("--")
        return record(Path(argv[1]), argv[i + 1:])
    if len(argv) == 2 and argv[0] == "play":
        return play(Path(argv[1]))
    print("usage: python -m realworld.harness.cassette record OUT_DIR -- CMD... | play CASSETTE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
