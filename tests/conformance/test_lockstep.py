"""The lockstep checker: games made up by hypothesis, played by the reference
and an engine side by side; a disagreement shrinks to a small trace file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mutants import BY_NAME, MutantEngine

from regola.conformance.runner.lockstep import (
    LockstepDisagreement,
    check_engine,
    play_lockstep,
)
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import read_trace


class Unmutated(MutantEngine):
    variants = ("briscola-2", "scopa-2")


@pytest.mark.parametrize("variant", ["briscola-2", "scopa-2"])
def test_the_reference_agrees_with_itself(variant, tmp_path):
    out = tmp_path / "none.jsonl"
    check_engine(Unmutated, variant, max_examples=6, max_steps=80, out=out)
    assert not out.exists()


def test_a_wrong_draw_order_shrinks_to_the_first_trick(tmp_path):
    out = tmp_path / "minimal.jsonl"
    mutant = BY_NAME["loser-draws-first"]
    with pytest.raises(LockstepDisagreement) as found:
        check_engine(mutant.engine, "briscola-2", max_examples=20, out=out, shrink_seconds=60)
    assert found.value.trace_path == out
    assert found.value.divergence.rule == "briscola.draw.order"
    assert f"regola conform --trace {out}" in str(found.value) and "CMD" not in str(found.value)
    trace = read_trace(out)
    # the first trick is two plays, and the draw after it is where they part
    assert [i["kind"] for i in trace.items] == ["step", "step"]
    assert trace.header["name"] == "minimal" and trace.end["steps"] == 2
    replayed, _ = run_traces([out], mutant.engine)
    assert (replayed[0].status, replayed[0].rule, replayed[0].divergence.step) == ("failed", "briscola.draw.order", 1)
    assert run_traces([out], Unmutated)[0][0].status == "passed"


def test_an_accepted_illegal_action_shrinks_to_one_reject_line(tmp_path):
    out = tmp_path / "minimal.jsonl"
    with pytest.raises(LockstepDisagreement) as found:
        check_engine(BY_NAME["accepts-card-not-held"].engine, "briscola-2", max_examples=30, out=out, shrink_seconds=60)
    assert found.value.divergence.kind == "accepted"
    assert found.value.divergence.rule == "briscola.play.in-hand"
    trace = read_trace(out)
    assert [i["kind"] for i in trace.items] == ["reject"]
    assert trace.items[0]["rule"] == "briscola.play.in-hand"


class CrashesOnTheSecondTrick(Unmutated):
    def apply(self, action):
        if self.state.tricks_played == 1 and action.get("type") == "play":
            raise RuntimeError("engine bug")
        super().apply(action)


def test_an_engine_that_raises_is_a_disagreement_too(tmp_path):
    out = tmp_path / "crash.jsonl"
    with pytest.raises(LockstepDisagreement) as found:
        check_engine(CrashesOnTheSecondTrick, "briscola-2", max_examples=10, out=out, shrink_seconds=60)
    assert found.value.divergence is None
    assert str(found.value).startswith("engine error (crash) at step 2: the engine raised RuntimeError: engine bug (at test_lockstep.py:")
    assert [i["kind"] for i in read_trace(out).items] == ["step", "step", "step"]


def test_an_engine_must_list_the_variant(tmp_path):
    with pytest.raises(ValueError, match=r"does not list chiamata among its variants \(briscola-2, scopa-2\)"):
        check_engine(Unmutated, "chiamata", max_examples=2, out=tmp_path / "x.jsonl")


@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_play_lockstep_inside_a_hand_written_hypothesis_test(data):
    engine = Unmutated()
    steps = play_lockstep(engine, engine.hello(), data, "briscola-2", max_steps=30)
    assert 1 <= steps <= 30
