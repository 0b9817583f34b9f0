"""The catalogue of misreadings, blame by explanation, and a sample of the
mutation score (``python benchmarks/bench_mutants.py`` runs all of it).

The sample takes one rule per family and phase (``briscola.trick``,
``scopa.capture``...): the first misreading of it that a corpus trace
fails must be caught, and the report must blame that very rule.
"""

from __future__ import annotations

import importlib

from regola.conformance.explain import mutation_score
from regola.conformance.explain.causes import explain
from regola.conformance.explain.misreadings import by_rule, catalogue, compiled, known_rules, patched
from regola.conformance.runner.verdicts import Divergence

SEARCH = 4
"""Misreadings tried per rule in the sample."""
TRACES = 1
"""Corpus traces per sampled mutant."""


def test_the_catalogue_reads_the_rules_from_the_reference():
    found = catalogue()
    assert len(found) > 500
    assert set(by_rule()) <= known_rules()
    assert len(by_rule()) >= 0.9 * len(known_rules())
    kinds = {m.kind for m in found}
    assert kinds == {"negate", "drop-condition", "compare", "order", "no-reset", "skip", "off-by-one", "swap", "refuse"}
    winner = [m for m in by_rule()["briscola.trick.winner"] if m.qualname == "trick_winner"]
    assert any("`>` read as `<`" in m.describe() for m in winner)
    assert all(m.describe().startswith("briscola.trick.winner: ") for m in winner)
    assert all(" in reference/tricks/trick.py:trick_winner line " in m.describe() for m in winner)


def test_a_rule_recorded_under_a_condition_adopts_the_changes_to_what_it_names():
    # `if not takes_indicator and ...: rules.append("albastini.draw.indicator-stays")`
    stays = by_rule()["albastini.draw.indicator-stays"]
    assert stays and all("takes_indicator" in m.what for m in stays), [m.describe() for m in stays]


def test_a_test_of_an_action_s_type_is_no_misreading():
    assert not [m for m in catalogue() if m.kind in ("negate", "drop-condition") and "`isinstance(" in m.what]


def test_a_misreading_is_patched_everywhere_and_then_restored():
    m = next(
        m for m in by_rule()["briscola.trick.winner"] if m.qualname == "trick_winner" and "`>` read as `<`" in m.what
    )
    trick = importlib.import_module("regola.reference.tricks.trick")
    game = importlib.import_module("regola.reference.tricks.game")
    original = trick.trick_winner
    assert game.trick_winner is original  # bound by ``from .trick import trick_winner``
    with patched(m):
        assert trick.trick_winner is compiled(m) and game.trick_winner is compiled(m)
    assert trick.trick_winner is original and game.trick_winner is original


def test_a_divergence_no_alternative_reproduces_is_a_labelled_guess():
    divergence = Divergence(
        kind="wrong-rule",
        step=0,
        line=2,
        action=None,
        rules=["briscola.play.turn"],
        rule="briscola.play.turn",
        message="the engine refused the action under x, but ...",
    )
    # an empty deck: nothing replays, so no alternative can reproduce anything
    header = {"variant": "briscola-2", "options": {}, "deck": [], "view": {}, "rules": []}
    found = explain(header, [{"kind": "reject", "action": {}, "rule": "briscola.play.turn"}], divergence, [])
    assert (found.rule, found.how) == ("briscola.play.turn", "guess")
    assert found.text.startswith("a guess: nothing tried reproduces the engine")


def _sample() -> list[str]:
    """One rule per family and phase, in order."""
    phases: dict[tuple[str, str], list[str]] = {}
    for rule in sorted(by_rule()):
        family, phase = rule.split(".")[:2]
        phases.setdefault((family, phase), []).append(rule)
    return [rules for rules in phases.values()]


def test_a_sample_of_misreadings_is_caught_and_blamed_on_its_rule():
    results, missing = [], []
    for rules in _sample():
        for rule in rules[:3]:
            m, paths, _ = mutation_score.pick(rule, SEARCH, TRACES)
            if m is not None:
                results.append(mutation_score.run_mutant(m, paths))
                break
        else:
            missing.append(rules[0])
    assert len(results) >= 0.8 * len(_sample()), f"no misreading killed for {missing}"
    assert all(r.caught for r in results), [r.misreading.describe() for r in results if not r.caught]
    # the rule blamed is the one the catalogue files the misreading under for
    # at least three in four: the catalogue files a change under the rule
    # its code names, while an explanation is filed under the rule that owns
    # the fields the change shows in (``1`` read as ``2`` in ``state.dealer +
    # 1`` where a hand is dealt is the catalogue's fresh hand, and the first
    # player's rule, which is the one blamed); the real engines' score, not
    # this one, is the measure (benchmarks/bench_real_engines.py)
    wrong = [(r.misreading.describe(), r.blamed, r.how) for r in results if not r.right]
    assert len(wrong) <= len(results) // 4, wrong
    assert all(r.how in ("option", "misreading", "shape") for r in results if r.right)


def test_an_option_mutant_plays_the_rule_under_another_value():
    from regola.conformance.explain.option_mutants import OptionEngine, OptionMutant
    from regola.spec import load

    m = OptionMutant("briscola.score.tie", (("hand_scoring.tie", "last-trick"),))
    assert m.describe() == (
        "briscola.score.tie: played as `hand_scoring.tie = last-trick` (another option value the spec knows)"
    )
    engine = OptionEngine(m)
    deck = list(load("briscola-2").deck.cards())
    engine.new("briscola-2", {}, "", deck, {"dealer": 0})
    assert engine.state.ruleset.hand_scoring.tie == "last-trick"
    assert engine.legal() and engine.view()["phase"] == "play"
    assert mutation_score.engine_for(m).__class__ is OptionEngine
