"""Requests in flight to an engine process: written ahead without blocking,
answered in order, each answer within the time limit.

`Wire` is the pipe half of `regola.conformance.protocol.client.SubprocessEngine`.
A request is queued (`Wire.submit`) and written as far as the pipe takes it;
its answer is the next line the engine writes after the answers to every
earlier request, so answers are matched to requests by order (and their
``id`` checked). `Wire.wait` reads until a given request is answered,
writing what is still queued whenever the pipe has room, so neither side
can block the other: the engine may stop reading its input while it writes
answers, and the runner reads them meanwhile.

The time limit keeps its meaning: while the runner waits for an answer the
engine must make progress (read a request, or write an answer: a blank line
is none) at least every ``timeout`` seconds, so an engine that hangs is
caught as before, and one that is merely slow is given, for every request,
at least the time the runner would give it waiting for that one alone.

`Script` is the plan of what the runner asks next (the calls a trace makes
when the engine agrees with it), so that requests can be sent before their
turn: see `regola.conformance.protocol.client.SubprocessEngine.expect`.
"""

from __future__ import annotations

import json
import os
import select
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from regola.conformance.protocol.engine import EngineFailure

Fail = Callable[[str, str], EngineFailure]
READ_ONLY = ("view", "legal")
"""Requests that do not change the engine's match: planned ones the runner
skips (a seat's view after a wrong omniscient view) are read and dropped."""


@dataclass
class Pending:
    """One request queued or sent, and its answer once read."""

    rid: int
    cmd: str
    end: int
    """Where its line ends in the stream of bytes written to the engine."""
    keep: bool = True
    """False: nobody waits for the answer; it is read and dropped."""
    answer: dict[str, Any] | None = None
    done: bool = False
    """Its answer has been read (and kept, or dropped)."""


class Wire:
    """The requests written to an engine's stdin and the answers read from
    its stdout (both non-blocking), in order."""

    def __init__(self, stdin: int, stdout: int, max_line: int, fail: Fail) -> None:
        self.stdin, self.stdout = stdin, stdout
        self.max_line = max_line
        self.fail = fail
        self.next_id = 0
        self.out = bytearray()  # written to the stream but not yet to the pipe
        self.queued = 0  # bytes ever queued
        self.written = 0  # bytes ever written
        self.inflight: deque[Pending] = deque()
        self.buffer = bytearray()
        self.pos = 0  # start of the unread part of ``buffer``
        self.eof = False
        self.poll = select.poll()
        self.poll.register(stdout, select.POLLIN)
        self.polling_stdin = False

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def submit(self, body: dict[str, Any]) -> Pending:
        """Queue one request (an ``id`` is added) and write what the pipe takes."""
        rid = self.new_id()
        data = json.dumps({"id": rid, **body}, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        self.out += data
        self.queued += len(data)
        pending = Pending(rid, body["cmd"], self.queued)
        self.inflight.append(pending)
        self._write()
        return pending

    def outstanding(self) -> int:
        """Requests queued or sent whose answers are not read yet."""
        return len(self.inflight)

    def wait(self, pending: Pending, timeout: float) -> dict[str, Any] | None:
        """The answer to ``pending`` (None if it was dropped): earlier answers
        are read first (kept for their requests, or dropped); `EngineFailure`
        (through ``fail``) if the engine stops making progress for ``timeout``
        seconds, exits, or writes something that is not an answer."""
        last = time.monotonic()
        blanks = 0
        while not pending.done:
            taken = self._take_line(pending.cmd)
            if taken:  # a blank line is no answer: it does not restart the clock
                last, blanks = (time.monotonic(), 0) if taken == "answer" else (last, blanks + 1)
                if taken == "answer" or time.monotonic() - last < timeout:
                    continue
            if self.eof:
                raise self.fail("crash", f"no answer to {pending.cmd}")
            if self.out and self._write():
                last = time.monotonic()
            left = last + timeout - time.monotonic()
            if left <= 0:
                if self.written < pending.end:
                    raise self.fail("timeout", f"the engine did not read the {pending.cmd} request within {timeout:g} s")
                only = f" (only {blanks} blank line{'s' if blanks != 1 else ''})" if blanks else ""
                raise self.fail("timeout", f"no answer to {pending.cmd} within {timeout:g} s{only}")
            self._watch_stdin(bool(self.out))
            events = self.poll.poll(max(1, int(left * 1000) + 1))
            if any(fd == self.stdout for fd, _ in events):
                self._read()
            elif events and self.out:
                if self._write():
                    last = time.monotonic()
        return pending.answer

    def drain(self, timeout: float) -> None:
        """Read (and drop) every answer still to come."""
        if self.inflight:
            self.drop(self.inflight)
            self.wait(self.inflight[-1], timeout)

    def drop(self, pendings: Iterable[Pending]) -> None:
        """Nobody waits for these answers any more: read and drop them."""
        for p in pendings:
            p.keep = False

    # --- internals --------------------------------------------------------

    def _watch_stdin(self, on: bool) -> None:
        if on != self.polling_stdin:
            if on:
                self.poll.register(self.stdin, select.POLLOUT)
            else:
                self.poll.unregister(self.stdin)
            self.polling_stdin = on

    def _write(self) -> bool:
        """Write what the pipe takes now; whether anything was written.
        An engine that has gone is a crash."""
        try:
            n = os.write(self.stdin, self.out)
        except BlockingIOError:
            return False
        except (BrokenPipeError, OSError, ValueError):
            cmd = self.inflight[-1].cmd if self.inflight else "a request"
            raise self.fail("crash", f"could not send {cmd}") from None
        del self.out[:n]
        self.written += n
        return n > 0

    def _read(self) -> None:
        try:
            chunk = os.read(self.stdout, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.eof = True
            return
        if self.pos:
            del self.buffer[: self.pos]
            self.pos = 0
        self.buffer += chunk

    def _take_line(self, cmd: str) -> str:
        """Read one whole line from the buffer: an answer, given to the oldest
        request in flight (``"answer"``), a blank line (``"blank"``), or none (``""``)."""
        end = self.buffer.find(b"\n", self.pos)
        if end - self.pos > self.max_line or (end < 0 and len(self.buffer) - self.pos > self.max_line):
            raise self.fail("oversized", f"the answer to {cmd} is longer than the limit of {self.max_line} bytes")
        if end < 0:
            return ""
        line = bytes(self.buffer[self.pos : end]).decode("utf-8", "replace").strip()
        self.pos = end + 1
        if not line:
            return "blank"
        if not self.inflight:
            raise self.fail("protocol", f"the engine wrote a line nobody asked for: {clip(line)}")
        head = self.inflight.popleft()
        head.done = True
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):
            answer = None
        if not isinstance(answer, dict):
            if not head.keep:
                return "answer"  # the answer to a request nobody waits for
            what = "is not JSON" if answer is None else "is not a JSON object"
            raise self.fail("garbage", f"the answer to {head.cmd} {what}: {clip(line)}")
        if answer.get("id") != head.rid and head.keep:
            raise self.fail(
                "protocol", f"asked {head.cmd} with id {head.rid} but the answer has id {clip(answer.get('id'))}"
            )
        if head.keep:
            head.answer = answer
        return "answer"


def body_of(call: tuple[Any, ...]) -> dict[str, Any]:
    """The request for an engine call: ``("apply", action, deal)``,
    ``("view", seat)`` or ``("legal",)``."""
    if call[0] == "apply":
        body: dict[str, Any] = {"cmd": "apply", "action": call[1]}
        if call[2] is not None:
            body["deal"] = call[2]
        return body
    if call[0] == "view":
        return {"cmd": "view", "seat": call[1]}
    return {"cmd": call[0]}


@dataclass(eq=False, slots=True)
class Planned:
    """A call the runner is expected to make, and its request once queued
    (one per call of a trace's replay: slots, and no list of its own until
    it needs one)."""

    call: tuple[Any, ...]
    accepted: bool = False
    """An ``apply`` the engine should accept (a step), whose answer can bring
    the views and legal actions asked next (protocol 1.1's ``return``)."""
    pending: Pending | None = None
    via: Planned | None = None
    """The planned ``apply`` whose answer brings this read-only call's answer."""
    returns: Sequence[Planned] = ()
    """For an ``apply`` sent with ``return``: the calls its answer brings."""
    slot: int = -1
    """For a seat's view brought by an ``apply``: its place in the answer's
    ``seat_views``; for that ``apply``: how many seat views it asked."""
    value: Any = None
    """For a call brought by an ``apply``: its answer, once the ``apply``'s
    answer has been found to bring it (read out of that answer once)."""


@dataclass
class Script:
    """The calls the runner will make if the engine agrees with the trace,
    in order; requests are queued up to ``window`` ahead of their turn.

    With ``bundle`` (an engine that speaks 1.1), each step's ``apply`` asks
    to ``return`` the views and legal actions planned after it, so that a
    step is one request. Until an answer has shown that the engine honours
    ``return`` (``honours``), nothing is sent past such an ``apply``: if
    the answer lacks them, they are asked for one by one, and ``return`` is
    not used again."""

    window: int = 48
    bundle: bool = False
    honours: bool | None = None
    planned: list[Planned] = field(default_factory=list)
    head: int = 0
    """The next planned call the runner is to make."""
    next: int = 0
    """The first planned call not yet queued (nor brought by an ``apply``):
    calls are queued in order, so those before it all are."""

    def active(self) -> bool:
        return self.head < len(self.planned)

    def plan(self, calls: Iterable[tuple[tuple[Any, ...], bool]], wire: Wire) -> None:
        self.give_up(wire)
        self.planned = [Planned(call, accepted) for call, accepted in calls]
        self.top_up(wire)

    def take(self, call: tuple[Any, ...], wire: Wire) -> Planned | None:
        """The planned entry for ``call`` if it is the next one planned
        (planned read-only calls the runner skipped are dropped), else None,
        and the plan is given up. Giving up while a planned request that
        changes the match has been sent is only allowed at a new match."""
        while self.head < len(self.planned):
            entry = self.planned[self.head]
            if entry.call == call:
                self.head += 1
                if entry.pending is None and entry.via is None:
                    entry.pending = wire.submit(body_of(entry.call))
                    self.next = max(self.next, self.head)
                self.top_up(wire)
                return entry
            if entry.call[0] not in READ_ONLY:
                break
            self.head += 1
            if entry.pending is not None:
                wire.drop([entry.pending])
        left = self.planned[self.head :]
        sent_ahead = any(p.pending is not None and p.call[0] not in READ_ONLY for p in left)
        self.give_up(wire)
        if sent_ahead and call[0] != "new":
            raise RuntimeError(
                f"the runner asked {call[0]} out of its plan after requests that change the match were "
                "sent ahead: the plan of the replay does not match the replay"
            )
        return None

    def top_up(self, wire: Wire) -> None:
        """Queue planned requests until ``window`` are in flight; not past a
        bundled ``apply`` whose answer has not yet shown that the engine
        honours ``return``."""
        while self.next < len(self.planned) and wire.outstanding() < self.window:
            if self.honours is None and any(p.returns or p.via is not None for p in self._waiting()):
                return  # not past an apply whose answer may lack what it returns
            p = self.planned[self.next]
            body = body_of(p.call)
            self.next += 1
            if p.call[0] == "apply" and p.accepted and self.bundle and self.honours is not False:
                p.returns = self._bundled(self.next)
                if p.returns:
                    body["return"] = returned(p.returns)
                    p.slot = 0
                    for q in p.returns:
                        q.via = p
                        if q.call[0] == "view" and q.call[1] is not None:
                            q.slot, p.slot = p.slot, p.slot + 1
                    self.next += len(p.returns)
            p.pending = wire.submit(body)

    def _waiting(self) -> list[Planned]:
        """The queued calls the runner has not made yet (at most a window's worth)."""
        return self.planned[self.head : self.next]

    def _bundled(self, start: int) -> list[Planned]:
        """The read-only calls planned from ``start`` up to the next ``apply``."""
        out = []
        for q in self.planned[start:]:
            if q.call[0] not in READ_ONLY:
                break
            out.append(q)
        return out

    def unbundle(self, apply: Planned) -> None:
        """The answer to ``apply`` lacks what it was to return: ask for it
        one request at a time, now and from now on."""
        self.honours = False
        for q in apply.returns:
            q.via = None
        if apply.returns:
            first = next(i for i, p in enumerate(self.planned) if p is apply.returns[0])
            self.next = min(self.next, first)
        apply.returns = []

    def give_up(self, wire: Wire) -> None:
        wire.drop(p.pending for p in self.planned[self.head :] if p.pending is not None)
        for p in self.planned:
            # an apply and the calls it brings point at each other: unlinked,
            # the plan and the answers it holds are freed at once, not left
            # to the cycle collector (which they kept busy at every step)
            p.via = p.value = p.pending = None
            p.returns = ()
        self.planned, self.head, self.next = [], 0, 0


def returned(calls: list[Planned]) -> dict[str, Any]:
    """The ``return`` object of a bundled ``apply`` that brings ``calls``;
    each call is marked as brought by it (``via``) by the caller."""
    wanted: dict[str, Any] = {}
    seats = [q.call[1] for q in calls if q.call[0] == "view" and q.call[1] is not None]
    if any(q.call == ("view", None) for q in calls):
        wanted["view"] = True
    if seats:
        wanted["seats"] = seats
    if any(q.call[0] == "legal" for q in calls):
        wanted["legal"] = True
    return wanted


def brought(apply: Planned, call: Planned) -> Any:
    """``call``'s answer as the answer to ``apply`` brings it, or None if it
    is missing or malformed."""
    answer = apply.pending.answer if apply.pending is not None else None
    if not isinstance(answer, dict):
        return None
    if call.call[0] == "legal":
        value = answer.get("actions")
        return value if isinstance(value, list) else None
    if call.call[1] is None:
        value = answer.get("view")
        return value if isinstance(value, dict) else None
    views = answer.get("seat_views")
    if not isinstance(views, list) or len(views) != apply.slot:
        return None
    value = views[call.slot]
    return value if isinstance(value, dict) else None


def clip(value: Any, width: int = 200) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"
