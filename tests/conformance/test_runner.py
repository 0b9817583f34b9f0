"""Replaying traces into engines: verdicts, divergences, parallel runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mutants import MutantEngine
from mutants.material import seed_exercising, write_playout

from regola.conformance.protocol.engine import ActionRejected, EngineFailure
from regola.conformance.runner.run import run_traces
from regola.conformance.runner.verdicts import Divergence
from regola.conformance.trace.format import read_trace, write_trace


class Reference(MutantEngine):
    name = "reference-in-process"
    variants = ("briscola-2", "scopa-2")


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("traces")
    return {
        "full": write_playout(folder, "briscola-2", 1, with_mistakes=True),
        "short": write_playout(folder, "briscola-2", 2, max_hands=1),
        "scopa": write_playout(folder, "scopa-2", seed_exercising("scopa-2", "scopa.capture.single-card-first"), max_hands=1),
    }


def run_one(path: Path, engine) -> object:
    results, _ = run_traces([path], engine)
    return results[0]


def edited(path: Path, tmp_path: Path, change) -> Path:
    """A copy of the trace with ``change(trace)`` applied."""
    trace = read_trace(path)
    change(trace)
    out = tmp_path / path.name
    write_trace(out, trace)
    return out


def test_the_reference_passes_every_trace_with_every_field(traces):
    results, hello = run_traces(list(traces.values()), Reference)
    assert hello["engine"] == "reference-in-process"
    for r in results:
        assert (r.status, r.steps, r.divergence, r.error) == ("passed", r.total_steps, None, None)
        assert r.fields_checked == r.fields_total > 10
    full = read_trace(traces["full"])
    assert results[0].total_steps == len(full.items)
    assert any(i["kind"] == "reject" for i in full.items)


def test_a_wrong_view_is_found_at_its_step_with_the_path_and_both_values(traces, tmp_path):
    trace = read_trace(traces["short"])
    steps = trace.steps
    k = next(i for i, s in enumerate(steps) if s["view"]["tricks_played"] == 1)  # the first trick's end
    right = steps[k]["view"]["points"]

    def change(t):
        t.steps[k]["view"]["points"] = [right[1], right[0] + 1]

    result = run_one(edited(traces["short"], tmp_path, change), Reference)
    assert result.status == "failed"
    d = result.divergence
    assert (d.kind, d.step, d.line) == ("view", k, k + 2)  # no reject lines in this trace
    assert d.action == steps[k]["action"]
    assert d.rules == steps[k]["rules"]
    # only the points differ (the trick went to the right pile): the card points are at fault
    assert d.rule == "briscola.deck.points"
    assert [(x.path, x.expected, x.actual) for x in d.differences] == [("points", [right[1], right[0] + 1], right)]
    assert "! points" in d.side_by_side
    assert result.steps == k  # steps before the divergent one got through


class HidesLastLegalAction(Reference):
    def alter_legal(self, actions):
        return actions[:-1]


def test_a_missing_legal_action_names_the_rule_that_allows_it(traces):
    result = run_one(traces["short"], HidesLastLegalAction)
    d = result.divergence
    assert (result.status, d.kind, d.step) == ("failed", "legal", 0)
    assert "missing" in d.message and d.message.endswith("(before this step)")
    # in Briscola any card may be played: the rule the engine broke
    assert d.rule == "briscola.play.free"


class OffersCardsOfTheOtherHand(Reference):
    def alter_legal(self, actions):
        if not actions or actions[0]["type"] != "play":
            return actions
        other = (actions[0]["seat"] + 1) % 2
        return actions + [{"type": "play", "seat": actions[0]["seat"], "card": c} for c in self.state.hands[other]]


def test_an_action_offered_wrongly_names_the_rule_that_forbids_it(traces):
    d = run_one(traces["short"], OffersCardsOfTheOtherHand).divergence
    assert (d.kind, d.step, d.rule) == ("legal", 0, "briscola.play.in-hand")
    assert "not allowed" in d.message


class RefusesTheFirstPlay(Reference):
    def apply(self, action):
        if action.get("type") == "play" and self.state.tricks_played == 0 and not self.state.trick:
            raise ActionRejected("briscola.play.turn", "not your turn, says the engine")
        super().apply(action)


def test_a_legal_action_refused(traces):
    d = run_one(traces["short"], RefusesTheFirstPlay).divergence
    assert (d.kind, d.step, d.rule) == ("refused", 0, "briscola.play.turn")
    assert "refused a legal action under briscola.play.turn" in d.message


class LosesACardWhenRefusing(Reference):
    def on_illegal(self, before, action, exc):
        from regola.reference.tricks.state import replace

        hands = list(before.hands)
        hands[0] = hands[0][1:]
        self.state = replace(before, hands=tuple(hands))
        raise ActionRejected(exc.rule_id, exc.message)


def test_a_refusal_must_leave_the_view_unchanged(traces):
    d = run_one(traces["full"], LosesACardWhenRefusing).divergence
    assert d.kind == "changed-by-reject"
    assert d.step == 0 and d.line == 2
    assert [x.path for x in d.differences] == ["hand_sizes", "hands[0]"]
    assert d.where == "the reject line before step 0 (line 2)"


class ShowsEveryHand(Reference):
    def view(self, seat=None):
        from regola import reference

        return reference.view(self.state, None) | {"seat": seat, "stock": None} if seat is not None else super().view()


def test_seat_views_are_checked_against_the_reference(traces):
    d = run_one(traces["short"], ShowsEveryHand).divergence
    assert (d.kind, d.step, d.seat) == ("seat-view", None, 0)
    assert d.rule == "briscola.info.hidden"
    assert d.where == "the deal (line 1)"
    assert {x.path for x in d.differences} >= {"hands[1]", "stock_top"}


class OnlyScopa(Reference):
    variants = ("scopa-2",)


class DeclinesOptions(Reference):
    def new(self, variant, options, ruleset_hash, deck, deal):
        raise EngineFailure("unsupported", "no house rules here")


def test_variants_the_engine_does_not_play_are_unsupported_not_failed(traces):
    results, _ = run_traces(list(traces.values()), OnlyScopa)
    assert [r.status for r in results] == ["unsupported", "unsupported", "passed"]
    assert "does not list briscola-2" in results[0].error
    declined = run_one(traces["scopa"], DeclinesOptions)
    assert (declined.status, declined.error) == ("unsupported", "no house rules here")


class BreaksAtStepFive(Reference):
    instances = 0

    def __init__(self):
        super().__init__()
        BreaksAtStepFive.instances += 1
        self.applied = 0

    def apply(self, action):
        self.applied += 1
        if self.applied == 5:
            raise KeyError("oops")
        super().apply(action)


def test_a_python_engine_raising_is_an_error_and_is_replaced(traces):
    BreaksAtStepFive.instances = 0
    paths = [traces["short"], traces["scopa"]]
    results, _ = run_traces(paths, BreaksAtStepFive)
    for r in results:
        assert (r.status, r.error_kind) == ("errored", "crash")
        assert r.error.startswith("the engine raised KeyError: 'oops' (at test_runner.py:")
        assert r.error_step == 4
    assert BreaksAtStepFive.instances == 2  # a fresh engine after the first error


def test_parallel_runs_give_the_same_verdicts_in_the_same_order(traces):
    paths = list(traces.values()) * 2
    one, _ = run_traces(paths, HidesLastLegalAction, jobs=1)
    three, _ = run_traces(paths, HidesLastLegalAction, jobs=3)
    assert [(r.path, r.status, r.rule) for r in one] == [(r.path, r.status, r.rule) for r in three]


def test_a_stale_or_broken_trace_is_an_error_of_the_trace(traces, tmp_path):
    def stale(t):
        t.header["ruleset_hash"] = "sha256:" + "0" * 64

    r = run_one(edited(traces["short"], tmp_path, stale), Reference)
    assert (r.status, r.error_kind) == ("errored", "trace")
    assert "regenerate the corpus" in r.error
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"kind":"header"\n')
    r = run_one(broken, Reference)
    assert (r.status, r.error_kind, r.variant) == ("errored", "trace", "?")
    assert f"{broken}:1" in r.error


def test_an_engine_that_cannot_start_is_not_retried_forever(traces):
    starts = []

    def factory():
        starts.append(1)
        raise EngineFailure("crash", "cannot start the engine 'nothing'")

    results, hello = run_traces([traces["short"]] * 5, factory)
    assert hello == {}
    assert len(starts) == 3
    assert all(r.status == "errored" for r in results)
    assert results[0].error == "the engine did not start: cannot start the engine 'nothing'"
    assert results[4].error.startswith("not tried: the engine could not be started 3 times in a row")


def test_results_render_as_text_and_json(traces, tmp_path):
    def change(t):
        t.steps[3]["view"]["to_move"] = 5

    result = run_one(edited(traces["short"], tmp_path, change), Reference)
    result.replay = "regola conform --trace x.jsonl"
    text = result.report()
    assert text.startswith("briscola-2/seed-2 (")
    assert "first divergence at step 3 (line 5): to_move: expected 5, got" in text
    assert text.endswith("replay just this trace:\n  regola conform --trace x.jsonl")
    data = json.loads(json.dumps(result.to_json()))
    assert data["id"] == "briscola-2/seed-2"
    assert data["divergence"]["differences"][0]["path"] == "to_move"
    assert isinstance(result.divergence, Divergence)
