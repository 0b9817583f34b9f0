"""Driving an engine in another process over the JSON-lines protocol (1, 1.1).

`SubprocessEngine` starts the engine's command, says ``hello`` (asking
protocol 1, and listing the versions it speaks in ``versions``) and checks
the version the engine answers with (``hello()["protocol"]``: ``"1"`` or
``"1.1"``), then turns each `regola.conformance.protocol.engine.Engine`
call into one request line and waits for the answer with the same ``id``.
The runner can tell it the calls a trace will make (`expect_calls`): their
requests are then written ahead, without blocking, and the answers read in
order (`regola.conformance.protocol.pipeline`).

It never hangs and never trusts the engine: every request has a timeout
(the pipes are non-blocking and watched with poll, in the caller's
thread; POSIX only), an answer longer than ``max_line`` bytes is cut off, and
whatever goes wrong becomes an `EngineFailure` whose ``kind`` says what
happened and whose message ends with the tail of the engine's stderr:

- ``crash``: the process exited, closed its stdout, or answered with a
  ``crash`` (or ``internal``) error: the engine raised while answering;
- ``timeout``: no answer within ``timeout`` seconds;
- ``garbage``: an answer that is not a JSON object;
- ``oversized``: an answer line longer than ``max_line`` bytes;
- ``protocol``: a well-formed answer that breaks the protocol (wrong id,
  wrong protocol version, missing fields, ``bad-request`` but to ``apply``);
- ``unsupported``: the engine says it cannot do what was asked.

After a failure the process is killed; the engine object is spent and the
caller starts a new one. An ``illegal`` (or ``bad-request``) error answering
``apply`` is a refusal, not a failure: it raises `ActionRejected`.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from regola.conformance.protocol import process
from regola.conformance.protocol.bundle import AnswerCache
from regola.conformance.protocol.pipeline import Planned, Script, Wire, brought, clip
from regola.conformance.protocol.engine import VERSIONS, ActionRejected, EngineFailure, protocol_version, speaks

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
        self._script = Script()
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
        self._wire = Wire(self._stdin, self._stdout, max_line, self._wire_failed)
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
        position: dict[str, Any] | None = None,
    ) -> None:
        self._answers.clear()
        self._script.give_up(self._wire)
        extra = {"position": position} if position is not None else {}  # protocol 1.2
        self._request({"cmd": "new", "variant": variant, "options": options, "ruleset_hash": ruleset_hash,
                       "deck": list(deck), "deal": deal, **extra})

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        """Apply ``action``; ``deal`` (protocol 1.1, with a shuffle) is the
        deal the reference made from its deck order."""
        self._answers.clear()
        entry = self._planned(("apply", action, deal))
        if entry is not None:
            self._answer(entry, illegal_ok=True)
            self._check_returned(entry)
            return
        body: dict[str, Any] = {"cmd": "apply", "action": action}
        if deal is not None:
            body["deal"] = deal
        wanted = self._answers.wanted(self._hello) if self.bundle else None
        if wanted:
            body["return"] = wanted
        answer = self._request(body, illegal_ok=True)
        if wanted:
            self._answers.keep(answer, wanted)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if ("view", seat) in self._answers.kept:
            return self._answers.kept[("view", seat)]
        entry = self._planned(("view", seat))
        answer = self._request({"cmd": "view", "seat": seat}) if entry is None else self._answer(entry)
        view = answer.get("view")
        if not isinstance(view, dict):
            raise self._fail("protocol", f"the answer to view has no 'view' object: {_clip(answer)}")
        if seat is None:
            self._answers.count_seats(view)
        return view

    def legal(self) -> list[dict[str, Any]]:
        if "legal" in self._answers.kept:
            return self._answers.kept["legal"]
        entry = self._planned(("legal",))
        answer = self._request({"cmd": "legal"}) if entry is None else self._answer(entry)
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
                self._wire.submit({"cmd": "quit"})
                if self._wire.out and not process.write_bounded(self._stdin, bytes(self._wire.out), 1.0):
                    raise OSError("the engine does not read its input")
                proc.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired, EngineFailure):
                pass
        self._kill()
        process.close_streams(proc, self._threads)

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
        if (options := answer.get("options")) is not None:  # the house rules it plays (`.runner.declared`)
            if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
                raise self._fail("protocol", f"hello: 'options' must map option paths to values, got {_clip(options)}")
            hello["options"] = options
        for key in ("variants", "fields"):
            value = hello[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self._fail("protocol", f"hello: '{key}' must be a list of strings, got {_clip(value)}")
        for key in ("seat_views", "legal"):
            if not isinstance(hello[key], bool):
                raise self._fail("protocol", f"hello: '{key}' must be true or false, got {_clip(hello[key])}")
        hello["engine"], hello["version"] = str(hello["engine"]), str(hello["version"])
        return hello

    @property
    def requests_sent(self) -> int:
        """How many requests this engine has been sent."""
        return self._wire.next_id

    def _request(self, body: dict[str, Any], illegal_ok: bool = False, timeout: float | None = None) -> dict[str, Any]:
        with self._lock:
            if self._broken is not None:
                raise EngineFailure(self._broken.kind, f"the engine already failed: {self._broken.message}")
            pending = self._wire.submit(body)
            answer = self._wire.wait(pending, timeout or self.timeout)
            return self._judge(body["cmd"], answer, illegal_ok)

    def _judge(self, cmd: str, answer: dict[str, Any] | None, illegal_ok: bool) -> dict[str, Any]:
        """The answer if it says ``ok``; else what its error means."""
        assert answer is not None  # a request waited for is never dropped
        ok = answer.get("ok")
        if ok is True:
            return answer
        if ok is not False:
            raise self._fail("protocol", f"the answer to {cmd} has no ok: true|false: {_clip(answer)}")
        return self._refused(cmd, answer, illegal_ok)

    def _refused(self, cmd: str, answer: dict[str, Any], illegal_ok: bool) -> dict[str, Any]:
        error = answer.get("error")
        if not isinstance(error, dict):
            raise self._fail("protocol", f"the answer to {cmd} has ok: false but no error object: {_clip(answer)}")
        code, message = error.get("code"), str(error.get("message", ""))
        if code == "illegal" and illegal_ok:
            rule = error.get("rule")
            raise ActionRejected(rule if isinstance(rule, str) else None, message)
        if code == "bad-request" and illegal_ok:  # an action it cannot read: refused, no rule stated
            raise ActionRejected(None, f"bad-request: {message}")
        if code == "unsupported":
            # Not a broken engine: it declines this match, and can go on.
            raise EngineFailure("unsupported", f"the engine does not support this {cmd}: {message}")
        if code in ("crash", "internal"):
            raise self._fail("crash", f"the engine crashed answering {cmd}: {message}")
        raise self._fail("protocol", f"the engine answered {cmd} with error {code!r}: {message}")

    # --- requests sent ahead (see `expect_calls`) ------------------------------

    def expect_calls(self, calls: list[tuple[tuple[Any, ...], bool]]) -> None:
        """The calls the runner will make next if the engine agrees with the
        trace (``("apply", action, deal)``, ``("view", seat)``, ``("legal",)``,
        each with whether an ``apply`` should be accepted): their requests
        are sent ahead of their turn, so the engine and the runner work at
        the same time instead of waiting for each other.

        This changes nothing the engine sees until the runner stops early:
        the engine gets the same requests in the same order, each call still
        takes the answer to its own request, and a read-only request the
        runner skips (a seat's view after a wrong omniscient view) is
        answered and dropped. When the runner stops early, the requests sent
        past that point are answered and dropped (`settle_calls`) before the
        next match. With an engine that speaks 1.1 (and ``bundle``), each
        step is one request: its ``apply`` returns the views and legal
        actions asked next."""
        with self._lock:
            if self._broken is None:
                self._script.bundle = self.bundle and speaks(self._hello, "1.1")
                self._script.plan(calls, self._wire)

    def settle_calls(self) -> bool:
        """Drop what was planned and not asked, and read the answers still to
        come; False if the engine failed meanwhile (it is then spent)."""
        with self._lock:
            if self._broken is not None:
                return False
            try:
                self._script.give_up(self._wire)
                self._wire.drain(self.timeout)
            except EngineFailure:
                return False
            return True

    def _planned(self, call: tuple[Any, ...]) -> Planned | None:
        with self._lock:
            if self._broken is not None or not self._script.active():
                return None
            return self._script.take(call, self._wire)

    def _answer(self, entry: Planned, illegal_ok: bool = False) -> dict[str, Any]:
        """The answer to a planned call: its own, or the part of its
        ``apply``'s answer that brings it; the entry then lets go of it."""
        with self._lock:
            if self._broken is not None:
                raise EngineFailure(self._broken.kind, f"the engine already failed: {self._broken.message}")
            if entry.via is not None:
                value = entry.value if entry.value is not None else brought(entry.via, entry)
                entry.via = entry.value = None
                if value is None:
                    raise self._fail("protocol", f"the answer to apply lacks what its 'return' asked for ({entry.call[0]})")
                return {"actions": value} if entry.call[0] == "legal" else {"view": value}
            pending = entry.pending
            assert pending is not None
            if not entry.returns:  # else kept for `_check_returned`
                entry.pending = None
            answer = self._wire.wait(pending, self.timeout)
            return self._judge(pending.cmd, answer, illegal_ok)

    def _check_returned(self, entry: Planned) -> None:
        """After an accepted ``apply`` sent with ``return``: if its answer
        lacks part of what it was to return, ask for that one request at a
        time (nothing was sent past it until an answer showed the engine
        honours ``return``), else remember that it does."""
        if not entry.returns:
            return
        with self._lock:
            for q in entry.returns:
                q.value = brought(entry, q)
            entry.pending = None  # what the calls need is now in their ``value``
            if all(q.value is not None for q in entry.returns):
                self._script.honours = True
            elif self._script.honours is None:
                self._script.unbundle(entry)
                self._script.top_up(self._wire)
            else:
                raise self._fail("protocol", "the answer to apply lacks the views or legal actions its 'return' asked for")

    def _wire_failed(self, kind: str, message: str) -> EngineFailure:
        return self._fail(kind, self._exit_note(message) if kind == "crash" else message)

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


_clip = clip
