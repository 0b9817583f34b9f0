"""The trace check's reference states are shared with the replay's seat
views: the reference plays a trace held in memory once, not twice; a
streamed trace keeps no states (bounded memory) and is played again."""

from __future__ import annotations

import pytest
from mutants import MutantEngine
from mutants.material import write_playout

from regola import reference
from regola.conformance.runner import run as run_module
from regola.conformance.runner.reference_replay import ReferenceReplay
from regola.conformance.runner.run import run_traces
from regola.conformance.runner.trace_check import check_trace, trace_problem
from regola.conformance.trace import format as fmt
from regola.conformance.trace.format import read_trace


class Reference(MutantEngine):
    name = "reference-in-process"
    variants = ("briscola-2", "scopa-2")


@pytest.fixture(scope="module")
def playout(tmp_path_factory: pytest.TempPathFactory):
    return write_playout(tmp_path_factory.mktemp("shared"), "briscola-2", 1, with_mistakes=True)


def unshared_views(trace) -> list[list[dict]]:
    """Every seat's view after the deal and after each step, replayed anew."""
    ref = ReferenceReplay(trace.header)
    seats = range(ref.players)
    views = [[ref.view(s) for s in seats]]
    for item in trace.items:
        if item["kind"] == "step":
            ref.advance(item["action"])
            views.append([ref.view(s) for s in seats])
    return views


def test_the_check_keeps_one_state_per_step_and_the_deal(playout):
    trace = read_trace(playout)
    assert any(i["kind"] == "reject" for i in trace.items)  # rejects add no state
    checked = check_trace(trace)
    assert checked.problem is None
    assert len(checked.states) == 1 + sum(1 for i in trace.items if i["kind"] == "step")
    assert trace_problem(trace) is None


def test_kept_states_give_the_same_seat_views_without_applying_again(playout, monkeypatch):
    trace = read_trace(playout)
    want = unshared_views(trace)
    states = check_trace(trace).states

    def no_apply(state, action):
        raise AssertionError("the reference played a step the check had already played")

    monkeypatch.setattr(reference, "apply", no_apply)
    monkeypatch.setattr(reference, "new_game", no_apply)
    ref = ReferenceReplay(trace.header, states)
    got = [[ref.view(s) for s in range(ref.players)]]
    for item in trace.items:
        if item["kind"] == "step":
            ref.advance(item["action"])
            got.append([ref.view(s) for s in range(ref.players)])
    assert got == want


def test_past_the_kept_states_the_replay_applies_again(playout):
    trace = read_trace(playout)
    steps = [i for i in trace.items if i["kind"] == "step"]
    states = check_trace(trace).states
    ref = ReferenceReplay(trace.header, states[:3])  # the deal and two steps only
    for item in steps[:5]:
        ref.advance(item["action"])
    assert reference.view(ref.state, None) == reference.view(states[5], None)


def test_a_streamed_or_bad_trace_keeps_no_states(playout, monkeypatch):
    monkeypatch.setattr(fmt, "STREAM_BYTES", 1)  # every file is "large"
    streamed = read_trace(playout)
    assert isinstance(streamed.items, fmt.LinesOnDisk)
    assert check_trace(streamed) == check_trace(streamed, keep=False)
    assert check_trace(streamed).states is None
    monkeypatch.undo()
    bad = read_trace(playout)
    first = next(n for n, i in enumerate(bad.items) if i["kind"] == "step")
    bad.items[first] = {**bad.items[first], "action": {"type": "play", "card": "no-such-card"}}
    checked = check_trace(bad)
    assert checked.problem and checked.states is None


@pytest.mark.parametrize("stream", [False, True])
def test_the_runner_hands_the_kept_states_to_the_replay(playout, monkeypatch, stream):
    if stream:
        monkeypatch.setattr(fmt, "STREAM_BYTES", 1)
    handed = []
    real = run_module.replay_trace

    def spy(engine, hello, trace, replay="", states=None, **kw):
        handed.append(states)
        return real(engine, hello, trace, replay, states, **kw)

    monkeypatch.setattr(run_module, "replay_trace", spy)
    results, _ = run_traces([playout], Reference)
    assert (results[0].status, results[0].divergence) == ("passed", None)
    assert (handed[0] is None) == stream
    if not stream:
        assert len(handed[0]) == 1 + len(read_trace(playout).steps)


class ShowsEveryHand(Reference):
    """Seat views that show every hand: a seat-view divergence."""

    def view(self, seat=None):
        return reference.view(self.state, None) | {"seat": seat, "stock": None} if seat is not None else super().view()


def test_a_seat_view_divergence_is_still_found_with_shared_states(playout):
    results, _ = run_traces([playout], ShowsEveryHand)
    d = results[0].divergence
    assert (results[0].status, d.kind, d.seat) == ("failed", "seat-view", 0)
    assert d.rule == "briscola.info.hidden"
