"""The Tressette spec: its deck in thirds proved against its declared total,
the count invariant, and clear errors for bad counting options."""

from __future__ import annotations

import pytest

from regola.spec import SpecError, load
from regola.spec.invariants import check

from .helpers import THIRDS, pack


def results(ruleset) -> dict[str, object]:
    return {r.name: r for r in check(ruleset)}


@pytest.mark.rule("tressette.deck.points")
@pytest.mark.parametrize("variant", ["tressette-4", "tressette-2"])
def test_the_pack_carries_ten_and_two_thirds_points_in_thirds(variant):
    rules = load(variant)
    assert rules.counting.unit == 3
    by_rank = {r.id: r.points for r in rules.deck.ranks}
    assert {k: v for k, v in by_rank.items() if v} == THIRDS
    assert sum(by_rank[c[:-1]] for c in pack(rules)) == rules.deck.total_points == 32
    proofs = results(rules)
    assert proofs["cards.points-total"].status == "proved"
    assert proofs["scoring.count-whole"].status == "proved"
    assert "always score 11 whole points" in proofs["scoring.count-whole"].note


@pytest.mark.rule("tressette.deck.points")
def test_a_wrong_declared_total_is_refused():
    with pytest.raises(SpecError, match="cards.points-total"):
        load("tressette-4", {"deck.total_points": 35})


@pytest.mark.rule("tressette.score.count")
def test_three_players_do_not_always_score_the_same_whole_points():
    # one player each, 39 cards: the dropped fractions vary from hand to hand
    rules = load(
        "tressette-4",
        {"seating.players": 3, "seating.teams": [], "deck.removed": ["4d"], "deal.hand_size": 13,
         "deal.packets": [13], "deck.total_points": 32},
        checked=False,
    )
    verdict = results(rules)["scoring.count-whole"]
    assert verdict.status == "failed"
    assert "not fixed" in verdict.counterexample


@pytest.mark.rule("tressette.score.last-trick")
def test_the_proof_reads_the_last_trick_bonus_from_the_spec():
    rules = load("tressette-4", {"counting.last_trick": 0})
    note = results(rules)["scoring.count-whole"].note
    assert note.startswith("32 units") and "10 whole points" in note


@pytest.mark.rule("tressette.declare.napoletana")
def test_a_declaration_naming_an_unknown_face_is_refused():
    with pytest.raises(SpecError, match=r"counting\.declarations\.sequence names unknown rank id\(s\) \['Q'\]"):
        load("tressette-4", {"counting.declarations.sequence": ["A", "2", "Q"]})
    with pytest.raises(SpecError, match="sequence needs sequence_points"):
        load("tressette-4", {"counting.declarations.sequence_points": 0})


@pytest.mark.rule("tressette.play.no-trumps")
def test_a_turned_card_is_refused_when_the_whole_pack_is_dealt():
    with pytest.raises(SpecError, match="deal.indicator-available"):
        load("tressette-4", {"deal.indicator": "after-deal"})
