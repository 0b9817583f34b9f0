"""Mutation check: every deliberately wrong engine is caught by the corpus,
and the report names the rule it breaks.

Each mutant runs on the corpus traces of its variant that exercise (or
reject under) its rule, at most a few of them to stay fast. The unmutated
reference passes the same traces, so each failure is the mutant's doing.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from mutants import BY_NAME, MUTANTS, Mutant, MutantEngine

from regola.conformance.corpus.generate import trace_rules
from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import read_trace

SUBSET = 4
WIRE = Path(__file__).parent / "mutants" / "wire.py"


def subset(variant: str, rule: str) -> list[Path]:
    """Up to SUBSET corpus traces of ``variant`` that exercise ``rule``:
    those with a line the rule rejects first (a rule that forbids is tested
    by what it refuses), then those whose steps exercise it."""
    rejecting, exercising = [], []
    for path in iter_traces([variant]):
        exercised, rejected = trace_rules(read_trace(path))
        if rule in rejected:
            rejecting.append(path)
        elif rule in exercised:
            exercising.append(path)
    chosen = rejecting + exercising
    assert chosen, f"the corpus has no trace of {variant} exercising {rule}"
    return chosen[:SUBSET]


def test_every_mutation_the_issue_names_is_here():
    assert {m.rule for m in MUTANTS} >= {
        "briscola.trick.winner",
        "briscola.draw.order",
        "briscola.draw.indicator-last",
        "briscola.score.tie",
        "briscola.match.end",
        "briscola.play.in-hand",
        "briscola.play.turn",
        "scopa.capture.single-card-first",
        "scopa.sweep.last-play",
        "chiamata.bid.pass-final",
    }


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_the_mutant_is_caught_and_its_rule_named(mutant: Mutant):
    paths = subset(mutant.variant, mutant.rule)
    results, _ = run_traces(paths, mutant.engine)
    verdicts = [(r.id, r.status, r.rule) for r in results]
    assert all(status in ("passed", "failed", "unchecked") for _, status, _ in verdicts), verdicts
    # a focused trace the mutant cannot be brought to (it refuses a setup
    # action, or its views already differ there) is not checked, and blames no rule
    unreached = [r for r in results if r.status == "unchecked"]
    assert all(r.rule is None or r.divergence is None or r.divergence.setup is None for r in unreached), verdicts
    assert all(r.divergence is None or r.divergence.setup is None or r.divergence.kind == "refused"
               for r in unreached), verdicts
    failed = [v for r, v in zip(results, verdicts) if v[1] == "failed" and r not in unreached]
    assert failed, f"{mutant.name} passed every trace: {verdicts}"
    assert all(rule == mutant.rule for _, _, rule in failed), verdicts
    # blame by explanation agrees, or says it is a guess
    explained = [r.divergence.explained_by for r in results if r.status == "failed" and r not in unreached]
    assert all(e is not None and e.rule == mutant.rule for e in explained), explained

    class Unmutated(MutantEngine):
        variants = mutant.engine.variants

    control, _ = run_traces(paths, Unmutated)
    assert [r.status for r in control] == ["passed"] * len(paths)


def test_a_mutant_behind_the_protocol_is_caught_the_same_way():
    mutant = BY_NAME["face-value-strength"]
    cmd = shlex.join([sys.executable, str(WIRE), mutant.name])
    paths = subset(mutant.variant, mutant.rule)
    over_the_wire, hello = run_traces(paths, lambda: SubprocessEngine(cmd))
    in_process, _ = run_traces(paths, mutant.engine)
    assert hello["engine"] == "face-value-strength"
    assert [(r.status, r.rule) for r in over_the_wire] == [(r.status, r.rule) for r in in_process]
    first = next(r for r in over_the_wire if r.status == "failed")
    assert "rule most likely broken: briscola.trick.winner" in first.report()


def test_a_wrong_rule_id_is_reported_with_both_ids():
    mutant = BY_NAME["wrong-rule-out-of-turn"]
    results, _ = run_traces(subset(mutant.variant, mutant.rule), mutant.engine)
    d = next(r.divergence for r in results if r.status == "failed")
    assert d.kind == "wrong-rule"
    assert d.message == (
        "the engine refused the action under briscola.play.in-hand, "
        "but the rule that forbids it is briscola.play.turn"
    )


def test_an_accepted_illegal_action_is_reported_on_its_reject_line():
    mutant = BY_NAME["accepts-card-not-held"]
    results, _ = run_traces(subset(mutant.variant, mutant.rule), mutant.engine)
    d = next(r.divergence for r in results if r.status == "failed")
    assert d.kind == "accepted"
    assert d.where.startswith("the reject line before step ")
    assert d.rules == ["briscola.play.in-hand"]


def test_a_house_rule_the_spec_knows_is_named_as_the_explanation():
    mutant = BY_NAME["tie-scored-as-win"]
    results, _ = run_traces(subset(mutant.variant, mutant.rule), mutant.engine)
    d = next(r.divergence for r in results if r.status == "failed")
    assert (d.rule, d.explained_by.how) == ("briscola.score.tie", "option")
    assert "behaves as if `hand_scoring.tie = last-trick`" in d.render()


def test_a_misreading_from_the_catalogue_is_named_as_the_explanation():
    mutant = BY_NAME["loser-draws-first"]
    results, _ = run_traces(subset(mutant.variant, mutant.rule), mutant.engine)
    d = next(r.divergence for r in results if r.status == "failed")
    assert (d.rule, d.explained_by.how) == ("briscola.draw.order", "misreading")
    # the misreading names the code of the draw it changes (its wording
    # follows the reference's code: here, who the draw starts from)
    assert d.explained_by.text.startswith("behaves as if briscola.draw.order: ")
    assert "draw_round" in d.explained_by.text


@pytest.mark.parametrize("variant", ["briscola-2", "scopa-2"])
def test_a_deck_read_from_its_other_end_is_blamed_on_the_shuffle_rule(variant: str):
    from mutants.wrong import BottomFirstDeal

    family = variant.split("-")[0]
    results, _ = run_traces(subset(variant, f"{family}.deal.shuffle"), BottomFirstDeal)
    assert results and all(r.status == "failed" for r in results)
    for r in results:
        assert r.divergence.step is None  # at the deal
        assert r.rule == f"{family}.deal.shuffle", r.report()
        assert r.divergence.explained_by.how == "misreading"
        assert "read from its other end" in r.divergence.explained_by.text
