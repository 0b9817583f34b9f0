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
- `close_streams`: closes the pipes without blocking on a reader thread;
- every started process is killed at exit (`atexit`) if it was not
  stopped before, however the command ends (Ctrl-C included).
"""

from __future__ import annotations

import atexit
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
