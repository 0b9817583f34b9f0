"""Requests sent ahead of their turn (`regola.conformance.protocol.pipeline`):
the same verdicts as one request at a time, for protocol 1 and 1.1
engines, right and wrong ones; timeouts kept; what is sent past a stop is
dropped before the next trace."""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from mutants.material import write_playout

from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import LATEST
from regola.conformance.runner.plan import planned_calls
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import read_trace

WIRE = Path(__file__).parent / "mutants" / "wire.py"
SERVE = [sys.executable, "-m", "regola.conformance.protocol.serve"]


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A briscola-2 game of two hands with refused actions among its steps,
    and a plain one."""
    folder = tmp_path_factory.mktemp("traces")
    return [
        write_playout(folder, "briscola-2", 5, max_hands=2, with_mistakes=True, name="mistakes"),
        write_playout(folder, "briscola-2", 6, max_hands=1, name="plain"),
    ]


class OneAtATime:
    """An engine that cannot be told the runner's plan: one request at a time."""

    def __init__(self, engine: SubprocessEngine) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        if name in ("expect_calls", "settle_calls"):
            raise AttributeError(name)
        return getattr(self.engine, name)


class Kept:
    """The engine, left running when a run of traces ends (for the next run)."""

    def __init__(self, engine: SubprocessEngine) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def close(self) -> None:
        pass


def verdicts(results: list[Any]) -> list[tuple[Any, ...]]:
    out = []
    for r in results:
        d = r.divergence
        root = (d.kind, d.step, d.rule, d.message) if d is not None else None
        out.append((r.status, r.error_kind, r.steps, r.replayed, root, len(r.divergences)))
    return out


def served(cmd: list[str], ahead: bool, **kw: Any) -> tuple[list[Any], list[SubprocessEngine]]:
    engines: list[SubprocessEngine] = []

    def factory() -> Any:
        engines.append(SubprocessEngine(cmd, **kw))
        return engines[-1] if ahead else OneAtATime(engines[-1])

    return factory, engines  # type: ignore[return-value]


def run(paths: list[Path], cmd: list[str], ahead: bool, **kw: Any) -> tuple[list[Any], list[SubprocessEngine]]:
    factory, engines = served(cmd, ahead, **kw)
    results, _ = run_traces(paths, factory)  # type: ignore[arg-type]
    return results, engines


def reference_script(tmp_path: Path, protocol: str) -> list[str]:
    path = tmp_path / f"reference_{protocol.replace('.', '_')}.py"
    path.write_text(textwrap.dedent(f"""
        import sys
        from regola.conformance.protocol.engine import ReferenceEngine
        from regola.conformance.protocol.serve import serve
        serve(ReferenceEngine(protocol={protocol!r}), sys.stdin, sys.stdout)
    """))
    return [sys.executable, str(path)]


def test_protocol_1_and_1_1_engines_pass_alike_ahead_or_not(traces, tmp_path):
    seen = {}
    for protocol in ("1", LATEST):
        cmd = reference_script(tmp_path, protocol)
        for ahead in (True, False):
            results, engines = run(traces, cmd, ahead)
            assert engines[0].hello()["protocol"] == protocol
            assert len(engines) == 1  # one engine process for both traces
            seen[protocol, ahead] = verdicts(results)
    assert all(v == seen["1", False] for v in seen.values()), seen
    assert [v[0] for v in seen["1", False]] == ["passed", "passed"]


@pytest.mark.parametrize("mutant", ["accepts-card-not-held", "face-value-strength", "wrong-rule-out-of-turn"])
def test_a_wrong_engine_gets_the_same_verdicts_ahead_or_not(traces, mutant):
    cmd = [sys.executable, str(WIRE), mutant]
    ahead, _ = run(traces, cmd, True)
    one, _ = run(traces, cmd, False)
    assert verdicts(ahead) == verdicts(one)
    assert ahead[0].status == "failed"
    assert [r.report() for r in ahead] == [r.report() for r in one]


def test_a_stop_drops_what_was_sent_past_it_and_the_next_trace_passes(traces):
    # the mutant plays one hand as the match and refuses the second hand's
    # shuffle: the replay stops there, with requests of later steps already
    # sent; they are answered and dropped, and the same engine plays the
    # next trace exactly as a fresh one does
    cmd = [sys.executable, str(WIRE), "single-hand-match"]
    results, engines = run(traces, cmd, True)
    assert results[0].status == "failed"
    assert results[0].divergences[-1].kind == "refused"
    assert results[0].replayed < len(read_trace(traces[0]).items)
    alone, _ = run(traces[1:], cmd, True)
    assert verdicts(results[1:]) == verdicts(alone)
    assert len(engines) == 1


def test_a_forbidden_action_accepted_is_one_cell_and_the_replay_goes_on(traces):
    # the mutant accepts a card the player does not hold: that reject line
    # fails on its own; a fresh engine is brought back to the position
    # (its requests sent ahead too) and every later line gets its verdict
    results, engines = run(traces, [sys.executable, str(WIRE), "accepts-card-not-held"], True)
    assert results[0].status == "failed" and results[0].divergence.kind == "accepted"
    assert results[0].replayed == len(read_trace(traces[0]).items)
    outcomes = {c.outcome for c in results[0].cells}
    assert "accepted" in outcomes and "refused" in outcomes
    assert all(d.kind == "accepted" for d in results[0].divergences)
    assert results[1].status == "passed"
    assert len(engines) == 1 + sum(c.outcome == "accepted" for c in results[0].cells)


def test_requests_are_sent_ahead_of_their_answers(traces, tmp_path):
    # an engine that reads the four requests after `new` before answering
    # any of them: one request at a time, it would wait for ever (and time out)
    path = tmp_path / "greedy.py"
    path.write_text(textwrap.dedent("""
        import json, sys
        from regola.conformance.protocol.engine import ReferenceEngine
        from regola.conformance.protocol.serve import respond
        engine, held, after_new = ReferenceEngine(), [], -1
        for line in sys.stdin:
            held.append(line)
            cmd = json.loads(line).get("cmd")
            after_new = 0 if cmd == "new" else after_new + 1
            if cmd in ("hello", "new", "quit") or not 0 < after_new < 4:
                for request in held:
                    answer, stop = respond(engine, request)
                    sys.stdout.write(json.dumps(answer) + "\\n")
                sys.stdout.flush()
                held = []
                if cmd == "quit":
                    break
    """))
    cmd = [sys.executable, str(path)]
    ahead, _ = run(traces[1:], cmd, True, timeout=5)
    assert ahead[0].status == "passed", ahead[0].report()
    one, _ = run(traces[1:], cmd, False, timeout=0.5)
    assert one[0].status == "errored" and one[0].error_kind == "timeout"


def test_the_timeout_still_fires_with_requests_sent_ahead(traces):
    cmd = [sys.executable, str(WIRE), "reference", "--misbehave", "hang", "--at", "3"]
    start = time.monotonic()
    results, _ = run(traces[1:], cmd, True, timeout=1.0)
    assert results[0].status == "errored" and results[0].error_kind == "timeout"
    assert "no answer to apply within 1 s" in results[0].error
    assert "hanging on purpose" in results[0].error
    assert time.monotonic() - start < 20


def test_an_engine_that_stops_reading_times_out(traces, tmp_path):
    path = tmp_path / "deaf.py"
    path.write_text(textwrap.dedent("""
        import json, sys, time
        from regola.conformance.protocol.engine import ReferenceEngine
        from regola.conformance.protocol.serve import respond
        engine = ReferenceEngine()
        for line in sys.stdin:
            answer, _ = respond(engine, line)
            sys.stdout.write(json.dumps(answer) + "\\n")
            sys.stdout.flush()
            if json.loads(line).get("cmd") == "new":
                time.sleep(3600)  # reads nothing more, answers nothing more
    """))
    results, _ = run(traces[1:], [sys.executable, str(path)], True, timeout=1.0)
    assert results[0].status == "errored" and results[0].error_kind == "timeout"


def test_a_1_1_engine_answers_each_step_in_one_request(traces):
    bundled, engines = run(traces[1:], SERVE, True)
    plain, plain_engines = run(traces[1:], SERVE, True, bundle=False)
    assert verdicts(bundled) == verdicts(plain)
    steps = len(read_trace(traces[1]).steps)
    # unbundled: legal, apply, view, two seat views per step; bundled: apply alone
    assert plain_engines[0].requests_sent - engines[0].requests_sent >= 3 * steps


def test_an_engine_that_ignores_return_is_asked_one_request_at_a_time(traces, tmp_path):
    path = tmp_path / "ignores_return.py"
    path.write_text(textwrap.dedent("""
        import sys
        from regola.conformance.protocol import serve as s
        from regola.conformance.protocol.engine import ReferenceEngine
        s._returned = lambda engine, request: {}
        s.serve(ReferenceEngine(protocol="1.1"), sys.stdin, sys.stdout)
    """))
    results, engines = run(traces, [sys.executable, str(path)], True)
    assert engines[0].hello()["protocol"] == "1.1"
    assert [r.status for r in results] == ["passed", "passed"]


def test_the_plan_mirrors_the_replay(traces):
    trace = read_trace(traces[0])
    hello = {"legal": True, "seat_views": True, "protocol": 1}
    calls = [call for call, _ in planned_calls(trace, hello, 2)]
    assert calls[:3] == [("view", None), ("view", 0), ("view", 1)]
    steps = [i for i in trace.items if i["kind"] == "step"]
    rejects = [i for i in trace.items if i["kind"] == "reject"]
    assert rejects, "the trace has refused actions"
    assert sum(c[0] == "apply" for c in calls) == len(trace.items)
    assert sum(c == ("view", None) for c in calls) == 1 + len(trace.items)
    assert sum(c[0] == "legal" for c in calls) == sum("legal_count" in s for s in steps)
    assert [a for a, ok in planned_calls(trace, hello, 2) if a[0] == "apply" and ok] == [
        ("apply", s["action"], None) for s in steps
    ]


def test_a_failure_past_the_stop_is_not_the_next_traces_fault(traces, tmp_path):
    # after it accepts a card not held, this engine exits at the next apply
    # (until a new match): only requests sent past the stop reach that apply
    path = tmp_path / "fragile.py"
    path.write_text(textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(WIRE.parent.parent)!r})
        from mutants.wrong import AcceptsCardNotHeld
        from regola.conformance.protocol.serve import serve

        class Fragile(AcceptsCardNotHeld):
            broken = False
            def new(self, *args):
                self.broken = False
                super().new(*args)
            def apply(self, action):
                if self.broken:
                    sys.exit(3)
                before = self.state
                super().apply(action)
                self.broken = self.state is before and action.get("type") == "play"

        serve(Fragile(), sys.stdin, sys.stdout)
    """))
    cmd = [sys.executable, str(path)]
    ahead, ahead_engines = run(traces, cmd, True)
    one, one_engines = run(traces, cmd, False)
    assert verdicts(ahead) == verdicts(one)
    assert [r.status for r in ahead] == ["failed", "passed"]
    # each accepted reject line is a cell of its own: a fresh engine is
    # brought back to the position for the next line, ahead or not, and the
    # requests sent past the failure never make the next trace fail
    accepted = sum(c.outcome == "accepted" for c in ahead[0].cells)
    assert accepted and len(one_engines) == len(ahead_engines) == 1 + accepted


@pytest.mark.parametrize("bundle", [True, False])
def test_a_replay_sent_ahead_leaves_nothing_to_the_cycle_collector(traces, bundle):
    # the plan links each bundled apply and the calls it brings both ways: it
    # must be unlinked, or every trace's plan and answers wait for the
    # collector (which then ran at nearly every step)
    import gc

    engine = SubprocessEngine(SERVE, bundle=bundle)
    kept = Kept(engine)
    try:
        run_traces(traces, lambda: kept)  # warm: rulesets loaded, caches filled
        gc.collect()
        gc.disable()
        try:
            results, _ = run_traces(traces * 3, lambda: kept)
            left = gc.collect()
        finally:
            gc.enable()
    finally:
        engine.close()
    assert [r.status for r in results] == ["passed"] * 6
    assert left < 200, f"{left} objects in reference cycles after six traces"
