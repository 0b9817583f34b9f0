"""The engine's process: started in a session of its own, written to
within a time bound, and killed with everything it started.

What `regola.conformance.protocol.client.SubprocessEngine` needs so that
no engine can hang the runner or outlive it (issue 15):

- `start`: the engine leads a new session (so a new process group): Ctrl-C
  at the terminal does not reach it, and `kill_group` reaches all of it;
- `write_bounded`: a write to an engine that never reads its stdin gives
  up after the timeout instead of blocking for ever on a full pipe;
- `kill_group`: SIGKILL to the whole group, also after the engine itself
  has exited (a child it forked may live on, holding its stdout or stderr
  open); Linux keeps a group's id allocated while any member lives, so the
  id names no other process then;
- escaped children: on Linux regola becomes a child subreaper when it
  starts its first engine, so a child that left the group (its own
  session) and outlived its parent is re-parented to regola instead of
  init; `kill_group` kills the engine's whole process tree, and such
  orphans, by walking ``/proc``;
- `close_streams`: closes the pipes without blocking on a reader thread;
- every started process is killed at exit (`atexit`) if it was not
  stopped before, however the command ends (Ctrl-C included).
"""

from __future__ import annotations

import atexit
import ctypes
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Sequence

_LIVE: dict[int, subprocess.Popen[bytes]] = {}
"""Process groups started and not killed yet, by group id."""
_LIVE_LOCK = threading.Lock()


def seconds(value: float, name: str) -> float:
    """``value`` if it is a usable time bound: a finite number of seconds
    above zero (an infinite one would be no bound at all)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 < value < float("inf")):
        raise ValueError(f"{name} must be a finite number of seconds above 0, got {value!r}")
    return float(value)


def start(argv: Sequence[str], cwd: str | os.PathLike[str] | None = None) -> subprocess.Popen[bytes]:
    """Start ``argv`` (no shell) with piped stdin/stdout/stderr, in a new
    session; stdin is non-blocking, for `write_bounded`. Raises OSError."""
    _become_subreaper()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        start_new_session=True,
    )
    with _LIVE_LOCK:
        _LIVE[proc.pid] = proc
    os.set_blocking(proc.stdin.fileno(), False)  # type: ignore[union-attr]
    return proc


def write_bounded(fd: int, data: bytes, timeout: float) -> bool:
    """Write ``data`` to the non-blocking ``fd``; False if ``timeout``
    seconds pass before the reader has taken it all. Raises OSError
    (BrokenPipeError when the reader has gone)."""
    deadline = time.monotonic() + timeout
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            pass
        if not view:
            return True
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        with selectors.DefaultSelector() as writable:
            writable.register(fd, selectors.EVENT_WRITE)
            writable.select(min(left, 0.5))
    return True


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the process group ``proc`` leads, whether or not ``proc``
    itself still runs, and reap ``proc``."""
    tree = _descendants(proc.pid) | _orphans()
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # the group is empty: nothing left to kill
    except OSError:
        if proc.poll() is None:
            proc.kill()
    with _LIVE_LOCK:
        _LIVE.pop(proc.pid, None)
    try:
        proc.wait(timeout=5.0)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
        pass
    _kill_and_reap(tree - {proc.pid})


_SUBREAPER_PID = 0
PR_SET_CHILD_SUBREAPER = 36
"""prctl(2) option (Linux 3.4 and later)."""


def _become_subreaper() -> None:
    """Make this process the child subreaper of what it starts (once per
    process; nothing where prctl is missing)."""
    global _SUBREAPER_PID
    if _SUBREAPER_PID == os.getpid():
        return
    _SUBREAPER_PID = os.getpid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: escaped children go to init
        pass


def _processes() -> dict[int, tuple[int, int]]:
    """Every live process's parent and session, from ``/proc`` (empty where
    there is none)."""
    found: dict[int, tuple[int, int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue  # gone meanwhile
        fields = stat[stat.rfind(b")") + 2 :].split()  # after "pid (comm) ": state ppid pgrp session ...
        if len(fields) > 3:
            found[int(name)] = (int(fields[1]), int(fields[3]))
    return found


def _descendants(root: int) -> set[int]:
    """The processes below ``root`` (children, their children, ...)."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in _processes().items():
        children.setdefault(ppid, []).append(pid)
    found: set[int] = set()
    todo = list(children.get(root, ()))
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, ()))
    return found


def _orphans() -> set[int]:
    """Orphans of engines re-parented to this process (it is their
    subreaper), and everything below them: its children in another session
    than its own that it did not start as engines. (What this process
    starts itself, worker processes included, stays in its session.)"""
    if _SUBREAPER_PID != os.getpid():
        return set()
    with _LIVE_LOCK:
        engines = set(_LIVE)
    me, mine = os.getpid(), os.getsid(0)
    strays = {
        pid for pid, (ppid, sid) in _processes().items() if ppid == me and sid != mine and pid not in engines
    }
    found = set(strays)
    for pid in strays:
        found |= _descendants(pid)
    return found


def _kill_and_reap(pids: set[int]) -> None:
    """SIGKILL ``pids``; reap those that are this process's children."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    deadline = time.monotonic() + 2.0
    for pid in pids:
        while True:
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                break  # not ours (init or another reaps it), or already reaped
            if done or time.monotonic() > deadline:
                break
            time.sleep(0.01)


def close_streams(proc: subprocess.Popen[bytes], readers: Sequence[threading.Thread]) -> None:
    """Close the pipes to ``proc``. The ``readers`` (threads reading its
    stderr) are joined first: closing a stream another thread is reading
    blocks until that read ends, which is never if an escaped child holds
    the pipe open; such a stream is left to its (daemon) reader."""
    for t in readers:
        t.join(timeout=1.0)
    streams = [proc.stdin, proc.stdout]
    if not any(t.is_alive() for t in readers):
        streams.append(proc.stderr)
    for stream in streams:
        try:
            if stream is not None:
                stream.close()
        except (OSError, ValueError):
            pass


@atexit.register
def kill_all() -> None:
    """Kill every engine process group still alive (at exit, and on a hard stop)."""
    with _LIVE_LOCK:
        live = list(_LIVE.values())
    for proc in live:
        try:
            kill_group(proc)
        except Exception:  # noqa: BLE001, S110 - at exit, kill what can be killed
            pass
