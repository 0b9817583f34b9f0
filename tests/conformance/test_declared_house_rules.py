"""House rules declared by an engine: every other rule is still checked.

An engine that plays one deal as the whole game (``match.kind = single``)
fails every full match when it is judged by the variant's rules. Declared
(in its hello, or with ``regola conform --option``), each trace is replayed
under that house rule: the same deals and actions, what the rules make of
them recomputed, the trace cut where its next action is no longer legal.
"""

from __future__ import annotations

from typing import Any

import pytest

from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner import declared
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import read_trace
from regola.spec import load
from regola.spec import ruleset_hash as hash_of


class OneHandEngine(ReferenceEngine):
    """The reference, except that a match is one hand (a house rule), and a
    trick's winner is wrong when asked (`bug`): whatever options it is sent."""

    name = "one-hand"

    def __init__(self, declare: bool = True, bug: bool = False) -> None:
        super().__init__()
        self.declare = declare
        self.bug = bug

    def hello(self) -> dict[str, Any]:
        out = super().hello()
        if self.declare:
            out["options"] = {"match.kind": "single"}
        return out

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]) -> None:
        options = {**(options or {}), "match.kind": "single", "match.target": 1}
        if self.bug:
            options["hand_scoring.tie"] = "last-trick"
        rs = load(variant, options)
        super().new(variant, options, hash_of(rs), deck, deal)


def _run(engine_factory, variants: list[str]) -> list:
    paths = list(iter_traces(variants))
    results, _ = run_traces(paths, engine_factory)
    return results


def test_an_undeclared_one_hand_engine_fails_every_trace_that_plays_on() -> None:
    results = _run(lambda: OneHandEngine(declare=False), ["briscola-2"])
    failed = [r for r in results if r.status == "failed"]
    assert failed, "a one-hand engine judged by the variant's rules must fail the traces that play a second hand"


@pytest.mark.parametrize("variant", ["briscola-2", "briscola-4", "scopa-2", "tressette-2", "chiamata"])
def test_a_declared_one_hand_engine_passes_everything_else(variant: str) -> None:
    results = _run(OneHandEngine, [variant])
    assert results
    bad = [f"{r.id}: {r.status} {r.rule} {r.error}" for r in results if r.status not in ("passed", "unsupported")]
    assert not bad, bad
    assert sum(r.status == "passed" for r in results) >= len(results) // 2
    # every trace was replayed under the house rule; the full matches were cut
    assert all(r.house_rules == {"match.kind": "single"} for r in results if r.status == "passed")


def test_a_bug_besides_the_house_rule_is_still_found_and_named() -> None:
    # the engine breaks the tie rule too: the traces with a tied hand fail,
    # blamed on the tie rule, never on the match's length it declared
    results = _run(lambda: OneHandEngine(bug=True), ["briscola-2"])
    failed = [r for r in results if r.status == "failed"]
    assert failed
    assert {r.rule for r in failed} == {"briscola.score.tie"}
    for r in failed:
        assert "match.kind" not in (r.divergence.explained_by.text if r.divergence.explained_by else "")


def test_a_trace_is_cut_where_its_next_action_is_illegal_under_the_house_rules() -> None:
    path = next(p for p in iter_traces(["briscola-2"]) if "match" in p.name)
    trace = read_trace(path)
    out = declared.rewrite(trace, {"match.kind": "single"})
    assert out.trace is not None
    shuffles = [i for i in trace.items if i["kind"] == "step" and i["action"]["type"] == "shuffle"]
    assert shuffles, "a full match deals a second hand"
    assert out.cut_at == shuffles[0]["index"]
    assert out.trace.end["match"]["over"] is True
    assert len(out.trace.items) < len(trace.items)


def test_an_unknown_declared_option_is_refused_by_name() -> None:
    with pytest.raises(declared.DeclaredOptionError, match="match.kindx"):
        declared.check_declared(["briscola-2"], {"match.kindx": "single"})


def test_a_house_rule_that_deals_otherwise_gets_the_same_hands():
    # the bottom card turned for trumps, three cards at a time: each deck is
    # restacked so the house rule deals the trace's hands, trump and stock,
    # and the first hand is played out, not cut at its first play
    for house in ({"deal.indicator": "bottom"}, {"deal.packets": [3]}):
        for path in iter_traces(["briscola-2"]):
            trace = read_trace(path)
            out = declared.rewrite(trace, {**house, "match.kind": "single"})
            assert out.trace is not None
            assert out.trace.header["view"]["hands"] == trace.header["view"]["hands"]
            assert out.trace.header["view"]["stock"] == trace.header["view"]["stock"]
            first_shuffle = next((i["index"] for i in trace.items if i["kind"] == "step"
                                  and i["action"]["type"] == "shuffle"), None)
            assert out.cut_at == first_shuffle, (path.name, house, out.cut_at)
