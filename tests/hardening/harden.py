"""Helpers of the hardening suite: run ``regola`` in a subprocess with a
time bound, and check what it leaves behind (issue 15)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Ran:
    status: int
    stdout: str
    stderr: str
    seconds: float
    """Wall-clock seconds: what a user waits, which grows with whatever else
    the machine runs (bound it generously, for waits that are the point)."""
    cpu: float = 0.0
    """Processor seconds of the command and the processes it waited for:
    the work it did, the same on a busy machine as on a quiet one (bound
    this one for "does not stall")."""


def regola(*args: str, timeout: float = 60.0, cwd: Path | None = None, input: str | None = None) -> Ran:
    """Run ``regola ARGS`` as a user would (the console script's `main`);
    fail the test if it does not finish within ``timeout`` seconds."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    env = {**os.environ, "COLUMNS": "200"}
    env.pop("REGOLA_DEBUG", None)
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from regola.conformance.cli.commands import main; main()", *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=cwd,
            input=input,
            env=env,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"regola {' '.join(args)} did not finish within {timeout} s")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Ran(done.returncode, done.stdout, done.stderr, time.monotonic() - start, cpu)


def one_error_line(ran: Ran, *names: str) -> str:
    """The single ``error:`` line of a refused command: no traceback, and it
    names each of ``names``."""
    assert "Traceback" not in ran.stderr and "Traceback" not in ran.stdout, ran.stderr
    assert "internal error" not in ran.stderr, ran.stderr
    lines = [line for line in ran.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error:") or "Invalid value" in line]
    assert len(errors) == 1, ran.stderr
    for name in names:
        assert name in ran.stderr, (name, ran.stderr)
    return errors[0]


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, is
    not running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def none_alive(pids: list[int], within: float = 3.0) -> bool:
    """True once none of ``pids`` runs (waiting up to ``within`` s for the
    kernel to finish killing them)."""
    deadline = time.monotonic() + within
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def kill_all(pids: list[int]) -> None:
    """Clean up after a failing test (never leave our own engines behind)."""
    import signal

    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
