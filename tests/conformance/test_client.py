"""The subprocess engine client against engines that misbehave on purpose.

``mutants/wire.py`` serves the reference over the protocol and, when told,
crashes, hangs, prints garbage or an oversized line, answers with the wrong
id, or claims another protocol version at its N-th ``apply``.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest
from mutants.material import write_playout

from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import ActionRejected, EngineFailure
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import read_trace

WIRE = Path(__file__).parent / "mutants" / "wire.py"


def command(*args: str) -> str:
    return shlex.join([sys.executable, str(WIRE), "reference", *args])


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("traces")
    return [write_playout(folder, "briscola-2", seed, max_hands=1) for seed in (1, 2, 3)]


def start(path: Path, *args: str, timeout: float = 10.0) -> SubprocessEngine:
    """An engine with the trace's match started."""
    h = read_trace(path).header
    eng = SubprocessEngine(command(*args), timeout=timeout)
    eng.new(h["variant"], h["options"], h["ruleset_hash"], h["deck"], h["deal"])
    return eng


def first_actions(path: Path, n: int) -> list[dict]:
    return [s["action"] for s in read_trace(path).steps[:n]]


def test_a_well_behaved_engine_round_trip(paths):
    trace = read_trace(paths[0])
    with start(paths[0]) as eng:
        hello = eng.hello()
        assert hello["engine"] == "reference-over-the-wire"
        assert hello["variants"] == ["briscola-2", "scopa-2"]
        assert eng.view() == trace.header["view"]
        assert eng.legal() == trace.steps[0]["legal"]
        eng.apply(trace.steps[0]["action"])
        assert eng.view() == trace.steps[0]["view"]
        assert eng.view(0)["hands"][1] is None
        with pytest.raises(ActionRejected) as refused:
            eng.apply({"type": "play", "seat": trace.steps[0]["seat"], "card": trace.steps[0]["action"]["card"]})
        assert refused.value.rule == "briscola.play.turn"
        proc = eng._proc
    assert proc.poll() == 0  # it quit when asked


@pytest.mark.parametrize(
    ("misbehave", "kind", "words"),
    [
        ("crash", "crash", "the engine exited with status 3"),
        ("garbage", "garbage", "the answer to apply is not JSON: this is not JSON {"),
        ("oversized", "oversized", "longer than the limit of 1000000 bytes"),
        ("wrong-id", "protocol", "but the answer has id -1"),
    ],
)
def test_each_misbehaviour_is_a_failure_of_its_kind(paths, misbehave, kind, words):
    eng = start(paths[0], "--misbehave", misbehave, "--at", "3")
    actions = first_actions(paths[0], 3)
    eng.apply(actions[0])
    eng.apply(actions[1])
    with pytest.raises(EngineFailure) as failed:
        eng.apply(actions[2])
    assert failed.value.kind == kind
    assert words in failed.value.message
    assert eng._proc.poll() is not None  # killed (or gone) after the failure
    with pytest.raises(EngineFailure, match="the engine already failed"):
        eng.view()
    eng.close()


def test_a_crash_report_ends_with_the_tail_of_stderr(paths):
    eng = start(paths[0], "--misbehave", "crash", "--at", "1")
    with pytest.raises(EngineFailure) as failed:
        eng.apply(first_actions(paths[0], 1)[0])
    assert failed.value.message.endswith("--- engine stderr (last lines) ---\nwire.py: giving up on purpose")


def test_a_hang_times_out_and_the_process_is_killed(paths):
    eng = start(paths[0], "--misbehave", "hang", "--at", "1", timeout=0.5)
    began = time.monotonic()
    with pytest.raises(EngineFailure) as failed:
        eng.apply(first_actions(paths[0], 1)[0])
    assert time.monotonic() - began < 3
    assert failed.value.kind == "timeout"
    assert failed.value.message.startswith("no answer to apply within 0.5 s")
    assert "wire.py: hanging on purpose" in failed.value.message
    assert eng._proc.poll() is not None
    eng.close()


def test_a_wrong_protocol_version_fails_at_start():
    with pytest.raises(EngineFailure) as failed:
        SubprocessEngine(command("--misbehave", "protocol"))
    assert failed.value.kind == "protocol"
    assert "the engine speaks protocol version 99; this suite speaks version 1" in failed.value.message


def test_a_command_that_cannot_start():
    with pytest.raises(EngineFailure) as failed:
        SubprocessEngine("/nonexistent/engine")
    assert failed.value.kind == "crash"
    assert "cannot start the engine '/nonexistent/engine'" in failed.value.message


def test_an_engine_that_exits_before_hello():
    with pytest.raises(EngineFailure) as failed:
        SubprocessEngine([sys.executable, "-c", "import sys; sys.stderr.write('no protocol here'); sys.exit(4)"])
    assert failed.value.kind == "crash"
    assert "the engine exited with status 4" in failed.value.message
    assert failed.value.message.endswith("no protocol here")


def test_close_kills_a_hung_engine_and_its_children(tmp_path):
    pidfile = tmp_path / "child.pid"
    # a wrapper shell that starts a child which would outlive it, then hangs
    script = f"sleep 300 & echo $! > {shlex.quote(str(pidfile))}; sleep 300"
    with pytest.raises(EngineFailure) as failed:
        SubprocessEngine(["sh", "-c", script], timeout=0.5, startup_timeout=0.5)
    assert failed.value.kind == "timeout"
    child = int(pidfile.read_text())
    for _ in range(100):
        if not running(child):
            break
        time.sleep(0.05)
    else:
        pytest.fail("the engine's child process is still running")


def running(pid: int) -> bool:
    """Whether ``pid`` is alive (a killed process waiting to be reaped is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("misbehave", ["crash", "hang", "garbage", "oversized", "wrong-id"])
def test_the_run_goes_on_with_a_fresh_engine(paths, tmp_path, misbehave):
    once = tmp_path / "failed-once"
    cmd = command("--misbehave", misbehave, "--at", "5", "--once", str(once))
    results, hello = run_traces(paths, lambda: SubprocessEngine(cmd, timeout=1.0))
    kinds = {"crash": "crash", "hang": "timeout", "garbage": "garbage", "oversized": "oversized", "wrong-id": "protocol"}
    assert (results[0].status, results[0].error_kind, results[0].error_step) == ("errored", kinds[misbehave], 4)
    assert [r.status for r in results[1:]] == ["passed", "passed"]
    assert hello["engine"] == "reference-over-the-wire"


def test_every_trace_gets_its_own_verdict_when_the_engine_always_fails(paths):
    cmd = command("--misbehave", "garbage", "--at", "2")
    results, _ = run_traces(paths, lambda: SubprocessEngine(cmd))
    assert [(r.status, r.error_kind, r.error_step) for r in results] == [("errored", "garbage", 1)] * 3


def test_a_wrong_protocol_version_is_a_verdict_for_each_trace(paths):
    results, hello = run_traces(paths, lambda: SubprocessEngine(command("--misbehave", "protocol")))
    assert hello == {}
    assert [(r.status, r.error_kind) for r in results] == [("errored", "protocol")] * 3
    assert "protocol version 99" in results[0].error
