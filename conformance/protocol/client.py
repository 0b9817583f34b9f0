"""Driving an engine in another process over the JSON-lines protocol (1, 1.1).

`SubprocessEngine` starts the engine's command, says ``hello`` (asking
protocol 1, and listing the versions it speaks in ``versions``) and checks
the version the engine answers with (``hello()["protocol"]``: ``"1"`` or
``"1.1"``), then turns each `regola.conformance.protocol.engine.Engine`
call into one request line and waits for the answer with the same ``id``.

It never hangs and never trusts the engine: every request has a timeout
(the answer is read from the pipe through a selector, in the caller's
thread; POSIX only), an answer longer than ``max_line`` bytes is cut off, and whatever goes wrong becomes an
`EngineFailure` whose ``kind`` says what happened and whose message
ends with the tail of the engine's stderr:

- ``crash``: the process exited, closed its stdout, or answered with a
  ``crash`` (or ``internal``) error: the engine raised while answering;
- ``timeout``: no answer within ``timeout`` seconds;
- ``garbage``: an answer that is not a JSON object;
- ``oversized``: an answer line longer than ``max_line`` bytes;
- ``protocol``: a well-formed answer that breaks the protocol (wrong id,
  wrong protocol version, missing fields, ``bad-request``);
- ``unsupported``: the engine says it cannot do what was asked.

After a failure the process is killed; the engine object is spent and the
caller starts a new one. An ``illegal`` error answering ``apply`` is not a
failure: it raises `ActionRejected` and the engine goes on.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from regola.conformance.protocol import process
from regola.conformance.protocol.bundle import AnswerCache
from regola.conformance.protocol.engine import VERSIONS, ActionRejected, EngineFailure, protocol_version

PROTOCOL = 1


class SubprocessEngine:
    """An engine running as a child process, spoken to over stdin/stdout.

    ``cmd`` is a command line (split like a POSIX shell would, without
    running one) or an argument list. The process is started and greeted
    at construction; `close` ends it, killing it if it does not quit.
    Each answer must come within ``timeout`` seconds, except the first
    (``hello``), which may take ``startup_timeout`` while the engine starts.
    """

    def __init__(
        self,
        cmd: str | Sequence[str],
        timeout: float = 5.0,
        max_line: int = 1_000_000,
        cwd: str | os.PathLike[str] | None = None,
        startup_timeout: float = 10.0,
        bundle: bool = True,
    ) -> None:
        self.cmd = cmd
        self.bundle = bundle
        """With an engine that speaks 1.1, have each ``apply`` answer with the
        views and legal actions the runner asks next (one round trip)."""
        self._answers = AnswerCache()
        self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        self.timeout = process.seconds(timeout, "timeout")
        self.startup_timeout = max(timeout, process.seconds(startup_timeout, "startup_timeout"))
        self.max_line = max_line
        self._next_id = 0
        self._buffer = bytearray()
        self._eof = False
        self._stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._lock = threading.Lock()
        self._broken: EngineFailure | None = None
        if not self.argv:
            raise EngineFailure("crash", "the engine command is empty")
        try:
            # a session of its own, so that killing it also ends any children
            # a wrapper script started; non-blocking stdin (`.process`)
            self._proc = process.start(self.argv, cwd)
        except OSError as exc:
            raise EngineFailure(
                "crash", f"cannot start the engine {self.command_line!r}: {exc.strerror or exc}"
            ) from None
        self._stdin = self._proc.stdin.fileno()  # type: ignore[union-attr]
        self._stdout = self._proc.stdout.fileno()  # type: ignore[union-attr]
        os.set_blocking(self._stdout, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        # stderr is drained by a thread, so that a chatty engine never blocks on it
        self._threads = [threading.Thread(target=self._read_stderr, name="engine-stderr", daemon=True)]
        for t in self._threads:
            t.start()
        try:
            self._hello = self._handshake()
        except EngineFailure:
            self.close()
            raise

    # --- the Engine interface ---------------------------------------------

    def hello(self) -> dict[str, Any]:
        """The engine's hello answer (name, version, variants, fields,
        seat_views, legal), as checked at start-up."""
        return dict(self._hello)

    def new(
        self,
        variant: str,
        options: dict[str, Any],
        ruleset_hash: str,
        deck: list[str],
        deal: dict[str, Any],
    ) -> None:
        self._answers.clear()
        self._request(
            {
                "cmd": "new",
                "variant": variant,
                "options": options,
                "ruleset_hash": ruleset_hash,
                "deck": list(deck),
                "deal": deal,
            }
        )

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        """Apply ``action``; ``deal`` (protocol 1.1, with a shuffle) is the
        deal the reference made from its deck order."""
        body: dict[str, Any] = {"cmd": "apply", "action": action}
        if deal is not None:
            body["deal"] = deal
        self._answers.clear()
        wanted = self._answers.wanted(self._hello) if self.bundle else None
        if wanted:
            body["return"] = wanted
        answer = self._request(body, illegal_ok=True)
        if wanted:
            self._answers.keep(answer, wanted)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if ("view", seat) in self._answers.kept:
            return self._answers.kept[("view", seat)]
        answer = self._request({"cmd": "view", "seat": seat})
        view = answer.get("view")
        if not isinstance(view, dict):
            raise self._fail("protocol", f"the answer to view has no 'view' object: {_clip(answer)}")
        if seat is None:
            self._answers.count_seats(view)
        return view

    def legal(self) -> list[dict[str, Any]]:
        if "legal" in self._answers.kept:
            return self._answers.kept["legal"]
        answer = self._request({"cmd": "legal"})
        actions = answer.get("actions")
        if not isinstance(actions, list):
            raise self._fail("protocol", f"the answer to legal has no 'actions' list: {_clip(answer)}")
        return actions

    def close(self) -> None:
        """Ask the engine to quit, and kill it if it has not gone within a
        second (or at once if it is already misbehaving)."""
        proc = getattr(self, "_proc", None)
        if proc is None:
            return
        if proc.poll() is None and self._broken is None:
            try:
                self._send({"id": self._new_id(), "cmd": "quit"})
                proc.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired, EngineFailure):
                pass
        self._kill()
        process.close_streams(proc, self._threads)
        self._selector.close()

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def command_line(self) -> str:
        return self.cmd if isinstance(self.cmd, str) else shlex.join(self.cmd)

    @property
    def stderr_tail(self) -> str:
        """The last few hundred bytes the engine wrote to stderr."""
        return b"".join(self._stderr).decode("utf-8", "replace")[-800:]

    # --- internals --------------------------------------------------------

    def _handshake(self) -> dict[str, Any]:
        answer = self._request(
            {"cmd": "hello", "protocol": PROTOCOL, "versions": list(VERSIONS)}, timeout=self.startup_timeout
        )
        version = protocol_version(answer.get("protocol"))
        if version is None:
            raise self._fail(
                "protocol",
                f"the engine speaks protocol version {answer.get('protocol')!r}; "
                f"this suite speaks version {' or '.join(VERSIONS)}",
            )
        hello: dict[str, Any] = {
            "protocol": version,
            "engine": answer.get("engine", "unnamed engine"),
            "version": answer.get("version", "?"),
            "variants": answer.get("variants"),
            "fields": answer.get("fields"),
            "seat_views": answer.get("seat_views", False),
            "legal": answer.get("legal", False),
        }
        for key in ("variants", "fields"):
            value = hello[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self._fail("protocol", f"hello: '{key}' must be a list of strings, got {_clip(value)}")
        for key in ("seat_views", "legal"):
            if not isinstance(hello[key], bool):
                raise self._fail("protocol", f"hello: '{key}' must be true or false, got {_clip(hello[key])}")
        hello["engine"], hello["version"] = str(hello["engine"]), str(hello["version"])
        return hello

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _request(self, body: dict[str, Any], illegal_ok: bool = False, timeout: float | None = None) -> dict[str, Any]:
        with self._lock:
            if self._broken is not None:
                raise EngineFailure(self._broken.kind, f"the engine already failed: {self._broken.message}")
            rid = self._new_id()
            self._send({"id": rid, **body})
            answer = self._receive(body["cmd"], timeout or self.timeout)
            if answer.get("id") != rid:
                raise self._fail(
                    "protocol",
                    f"asked {body['cmd']} with id {rid} but the answer has id {_clip(answer.get('id'))}",
                )
            ok = answer.get("ok")
            if ok is True:
                return answer
            if ok is not False:
                raise self._fail("protocol", f"the answer to {body['cmd']} has no ok: true|false: {_clip(answer)}")
            return self._refused(body["cmd"], answer, illegal_ok)

    def _refused(self, cmd: str, answer: dict[str, Any], illegal_ok: bool) -> dict[str, Any]:
        error = answer.get("error")
        if not isinstance(error, dict):
            raise self._fail("protocol", f"the answer to {cmd} has ok: false but no error object: {_clip(answer)}")
        code, message = error.get("code"), str(error.get("message", ""))
        if code == "illegal" and illegal_ok:
            rule = error.get("rule")
            raise ActionRejected(rule if isinstance(rule, str) else None, message)
        if code == "unsupported":
            # Not a broken engine: it declines this match, and can go on.
            raise EngineFailure("unsupported", f"the engine does not support this {cmd}: {message}")
        if code in ("crash", "internal"):
            raise self._fail("crash", f"the engine crashed answering {cmd}: {message}")
        raise self._fail("protocol", f"the engine answered {cmd} with error {code!r}: {message}")

    def _send(self, obj: dict[str, Any]) -> None:
        data = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        try:
            sent = process.write_bounded(self._stdin, data, self.timeout)
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail("crash", self._exit_note(f"could not send {obj.get('cmd')}")) from None
        if not sent:
            raise self._fail(
                "timeout", f"the engine did not read the {obj.get('cmd')} request within {self.timeout:g} s"
            )

    def _receive(self, cmd: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            line = self._read_line(cmd, deadline, timeout).decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                answer = json.loads(line)
            except (ValueError, UnicodeDecodeError):
                raise self._fail("garbage", f"the answer to {cmd} is not JSON: {_clip(line)}") from None
            if not isinstance(answer, dict):
                raise self._fail("garbage", f"the answer to {cmd} is not a JSON object: {_clip(line)}")
            return answer

    def _read_line(self, cmd: str, deadline: float, timeout: float) -> bytes:
        """The next line of the engine's output (without its newline)."""
        while True:
            end = self._buffer.find(b"\n")
            if end > self.max_line or (end < 0 and len(self._buffer) > self.max_line):
                raise self._fail(
                    "oversized", f"the answer to {cmd} is longer than the limit of {self.max_line} bytes"
                )
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            if self._eof:
                raise self._fail("crash", self._exit_note(f"no answer to {cmd}"))
            left = deadline - time.monotonic()
            if left <= 0 or not self._selector.select(left):
                raise self._fail("timeout", f"no answer to {cmd} within {timeout:g} s")
            try:
                chunk = os.read(self._stdout, 65536)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True

    def _exit_note(self, what: str) -> str:
        try:
            code = self._proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return f"{what}: the engine closed its output"
        return f"{what}: the engine exited with status {code}"

    def _fail(self, kind: str, message: str) -> EngineFailure:
        """Record a failure, kill the process, and return the exception to raise."""
        self._kill()
        for t in self._threads:
            t.join(timeout=0.5)  # let the stderr reader catch the last words
        tail = self.stderr_tail.strip()
        if tail:
            message += "\n--- engine stderr (last lines) ---\n" + tail
        failure = EngineFailure(kind, message)
        self._broken = failure
        return failure

    def _kill(self) -> None:
        """Kill the engine and everything it started (its process group),
        even if the engine itself has exited (`.process.kill_group`)."""
        process.kill_group(self._proc)

    def _read_stderr(self) -> None:
        stream: IO[bytes] = self._proc.stderr  # type: ignore[assignment]
        try:
            while True:
                chunk = stream.read1(4096)  # type: ignore[attr-defined]
                if not chunk:
                    return
                self._stderr.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size > 8192 and len(self._stderr) > 1:
                    self._stderr_size -= len(self._stderr.popleft())
        except (OSError, ValueError):
            return


def _clip(value: Any, width: int = 200) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"
