"""Declarations worked by hand: the Napoletana, three and four of a kind,
made for every player at the end of the first trick from the cards dealt."""

from __future__ import annotations

import pytest

from regola.reference import view
from regola.reference.tricks.declarations import combinations
from regola.reference.tricks.tables import Tables

from .helpers import FOUR, act, events, play, ruleset, start

FIRST_TRICK = (play(1, "4d"), play(2, "Kd"), play(3, "3s"), play(0, "Kb"))


@pytest.mark.rule("tressette.declare.napoletana")
@pytest.mark.rule("tressette.declare.of-a-kind")
def test_declarations_are_made_when_the_first_trick_is_complete():
    state = start("tressette-4", FOUR)
    assert view(state)["declared"] is None
    state = act(state, *FIRST_TRICK[:3])
    assert events(state, "declare") == [] and view(state)["declared"] is None
    state = act(state, FIRST_TRICK[3])
    declared = [(e["seat"], e["combination"], e["cards"], e["points"]) for e in events(state, "declare")]
    assert declared == [
        (1, "napoletana", ["Ad", "2d", "3d"], 3),
        (1, "three-of-a-kind", ["Ad", "Ac", "As"], 3),
        # the Three of swords was played to this trick: it was dealt, so it counts
        (3, "three-of-a-kind", ["3c", "3s", "3b"], 3),
    ]
    # seats 1 and 3 are one side: 3 + 3 + 3 points
    assert view(state)["declared"] == [0, 9]
    assert {"tressette.declare.napoletana", "tressette.declare.of-a-kind"} <= set(state.rules)


@pytest.mark.rule("tressette.declare.of-a-kind")
def test_no_declaration_after_the_first_trick():
    state = act(start("tressette-4", FOUR), *FIRST_TRICK)
    # seat 2 won and leads the second trick
    state = act(state, play(2, "4c"), play(3, "3c"), play(0, "Ab"), play(1, "Ac"))
    assert events(state, "declare") == []
    assert view(state)["declared"] == [0, 9]


@pytest.mark.rule("tressette.declare.of-a-kind")
def test_four_of_a_kind_is_worth_four_and_is_not_also_three():
    tables = Tables.of(ruleset("tressette-2"))
    found = combinations(tables, ["2d", "2c", "2s", "2b", "Ad", "Ac", "4s", "5s", "6s", "7s"])
    assert [(f["combination"], f["points"]) for f in found] == [("four-of-a-kind", 4)]


@pytest.mark.rule("tressette.declare.napoletana")
def test_a_napoletana_in_each_of_two_suits_is_two_declarations():
    tables = Tables.of(ruleset("tressette-2"))
    found = combinations(tables, ["Ad", "2d", "3d", "Ab", "2b", "3b", "4s", "5s", "6s", "7s"])
    assert [(f["combination"], f["cards"]) for f in found] == [
        ("napoletana", ["Ad", "2d", "3d"]),
        ("napoletana", ["Ab", "2b", "3b"]),
    ]
    assert combinations(tables, ["Ad", "2d", "3c", "4s"]) == []


@pytest.mark.rule("tressette.declare.napoletana")
def test_declarations_can_be_switched_off():
    rules = ruleset("tressette-4", counting__declarations={})
    state = act(start("tressette-4", FOUR, counting__declarations={}), *FIRST_TRICK)
    assert rules.counting.declarations.sequence == ()
    assert events(state, "declare") == [] and view(state)["declared"] == [0, 0]
