"""Misbehaving engines under ``regola conform --timeout 1``: every run ends
within a time bound, with a verdict or one clear line, and leaves no
process it started alive (issue 15: hangs and leaked processes)."""

from __future__ import annotations

import json
import os
import shlex
import sys
import textwrap
import time
from pathlib import Path

import pytest
from harden import kill_all, none_alive, one_error_line, regola

from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import EngineFailure
from regola.conformance.trace.files import iter_traces

PROLOGUE = """
import json, os, sys, time
PIDS = sys.argv[1]
def note(pid):
    with open(PIDS, "a") as fh:
        fh.write(f"{pid}\\n")
note(os.getpid())
def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()
def hello():
    req = json.loads(sys.stdin.readline())
    answer({"id": req["id"], "ok": True, "protocol": 1, "engine": "hostile", "variants": ["briscola-2"],
            "fields": ["hands"], "seat_views": False, "legal": False})
hello()
"""

ENGINES = {
    # answers hello, then reads every request and never answers
    "hanging": """
        for line in sys.stdin:
            pass
        time.sleep(1000)
    """,
    # answers hello, forks a child that keeps stdout and stderr open, and exits
    "forking": """
        sys.stdin.readline()
        pid = os.fork()
        if pid == 0:
            note(os.getpid())
            time.sleep(1000)
            os._exit(0)
        os._exit(0)
    """,
    # answers hello, then never reads stdin again
    "deaf": """
        time.sleep(1000)
    """,
    # answers hello, then forks a child that leaves the process group (a
    # session of its own) holding stdout and stderr, and exits
    "escaping": """
        sys.stdin.readline()
        if os.fork() == 0:
            os.setsid()
            note(os.getpid())
            time.sleep(1000)
            os._exit(0)
        os._exit(0)
    """,
    # answers hello, then writes blank lines for ever and never an answer
    # (issue 22: each line used to restart the clock)
    "flooding": """
        while True:
            sys.stdout.write("\\n" * 64)
            sys.stdout.flush()
            time.sleep(0.001)
    """,
    # the same with lines of spaces, as slowly as once every tenth of a second
    "trickling": """
        while True:
            sys.stdout.write("   \\n")
            sys.stdout.flush()
            time.sleep(0.1)
    """,
    # ignores SIGTERM and quit; forks a grandchild too
    "stubborn": """
        import signal
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if os.fork() == 0:
            note(os.getpid())
            time.sleep(1000)
        for line in sys.stdin:
            pass
        time.sleep(1000)
    """,
}


def engine_script(tmp_path: Path, kind: str) -> tuple[str, Path]:
    """The command of a hostile engine, and the file it writes its pids to."""
    script = tmp_path / f"{kind}.py"
    script.write_text(PROLOGUE + textwrap.dedent(ENGINES[kind]))
    pids = tmp_path / f"{kind}.pids"
    return shlex.join([sys.executable, str(script), str(pids)]), pids


def pids_of(path: Path) -> list[int]:
    return [int(x) for x in path.read_text().split()] if path.exists() else []


@pytest.fixture(scope="module")
def trace() -> Path:
    return next(iter(iter_traces(["briscola-2"])))


@pytest.mark.parametrize("kind", sorted(ENGINES))
def test_a_misbehaving_engine_gets_a_verdict_in_bounded_time_and_leaves_nothing(tmp_path, trace, kind):
    cmd, pid_file = engine_script(tmp_path, kind)
    report = tmp_path / "report.json"
    try:
        ran = regola("conform", "--engine", cmd, "--trace", str(trace), "--timeout", "1", "--json", str(report),
                     timeout=120)
        assert ran.status == 1, ran.stderr
        assert "Traceback" not in ran.stderr + ran.stdout
        # bounded: a hang would run into the 120 s above; the margin is for a
        # machine busy with other work, where starting Python alone takes seconds
        assert ran.seconds < 60
        data = json.loads(report.read_text())
        assert data  # the report is written
        pids = pids_of(pid_file)
        assert pids, "the engine never started"
        assert none_alive(pids), f"left alive: {pids}"
    finally:
        kill_all(pids_of(pid_file))


@pytest.mark.parametrize("timeout", ["inf", "nan", "-1", "0", "1e400"])
def test_an_out_of_range_timeout_is_refused_before_any_engine_starts(tmp_path, trace, timeout):
    cmd, pid_file = engine_script(tmp_path, "hanging")
    ran = regola("conform", "--engine", cmd, "--trace", str(trace), "--timeout", timeout, timeout=120)
    assert ran.status == 2
    one_error_line(ran, "--timeout")
    assert not pid_file.exists()


@pytest.mark.parametrize("kind", ["flooding", "trickling"])
def test_an_engine_writing_only_blank_lines_times_out_within_twice_the_timeout(tmp_path, kind):
    # the time limit bounds the wait for an answer, not for a line
    cmd, pid_file = engine_script(tmp_path, kind)
    eng = SubprocessEngine(cmd, timeout=1.0)
    try:
        start = time.monotonic()
        with pytest.raises(EngineFailure) as failure:
            eng.new("briscola-2", {}, "x", ["Ad"], {})
        assert failure.value.kind == "timeout"
        assert "no answer to new within 1 s (only" in failure.value.message and "blank line" in failure.value.message
        assert time.monotonic() - start < 2.0
    finally:
        eng.close()
        kill_all(pids_of(pid_file))


def test_a_long_request_to_an_engine_that_never_reads_is_bounded(tmp_path):
    cmd, pid_file = engine_script(tmp_path, "deaf")
    eng = SubprocessEngine(cmd, timeout=1.0)
    try:
        start = time.monotonic()
        with pytest.raises(EngineFailure) as failure:
            eng.new("briscola-2", {}, "x", ["Ad"] * 2_000_000, {})  # some 12 MB: far more than a pipe holds
        assert failure.value.kind == "timeout"
        assert "did not read" in failure.value.message
        assert time.monotonic() - start < 5
        eng.close()
        assert none_alive(pids_of(pid_file))
    finally:
        kill_all(pids_of(pid_file))


def test_close_kills_the_group_after_its_leader_exited(tmp_path):
    cmd, pid_file = engine_script(tmp_path, "forking")
    eng = SubprocessEngine(cmd, timeout=1.0)
    try:
        with pytest.raises(EngineFailure):
            eng.new("briscola-2", {}, "x", ["Ad"], {})
        start = time.monotonic()
        eng.close()
        assert time.monotonic() - start < 5
        pids = pids_of(pid_file)
        assert len(pids) == 2 and none_alive(pids)
    finally:
        kill_all(pids_of(pid_file))


def test_the_help_says_the_engine_command_is_not_run_by_a_shell():
    ran = regola("conform", "--help")
    assert ran.status == 0
    assert "not run by a shell" in " ".join(ran.stdout.split())


def test_every_engine_runs_in_a_session_of_its_own(tmp_path):
    cmd, pid_file = engine_script(tmp_path, "hanging")
    eng = SubprocessEngine(cmd, timeout=1.0)
    try:
        pid = eng._proc.pid
        assert os.getsid(pid) == pid != os.getsid(0)
        eng.close()
        assert none_alive([pid])
    finally:
        kill_all(pids_of(pid_file))


@pytest.mark.parametrize("timeout", [float("inf"), float("nan"), -1.0, 0.0])
def test_the_client_refuses_a_timeout_that_bounds_nothing(tmp_path, timeout):
    cmd, pid_file = engine_script(tmp_path, "hanging")
    with pytest.raises(ValueError, match="timeout"):
        SubprocessEngine(cmd, timeout=timeout)
    assert not pid_file.exists()  # refused before anything is started


def test_a_child_that_escapes_the_group_cannot_hang_close(tmp_path):
    """A child that left the group (a session of its own) and outlived its
    parent: close returns at once, without blocking on the stderr pipe the
    child holds, and the child is killed too (regola is its subreaper)."""
    cmd, pid_file = engine_script(tmp_path, "escaping")
    eng = SubprocessEngine(cmd, timeout=1.0)
    try:
        with pytest.raises(EngineFailure):
            eng.new("briscola-2", {}, "x", ["Ad"], {})
        start = time.monotonic()
        eng.close()
        assert time.monotonic() - start < 5
        pids = pids_of(pid_file)
        assert len(pids) == 2, "the engine and its escaped child"
        assert none_alive(pids), f"left alive: {pids}"
    finally:
        kill_all(pids_of(pid_file))
