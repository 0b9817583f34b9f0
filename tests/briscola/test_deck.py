"""The pack and its card points (rules briscola.deck.*)."""

from __future__ import annotations

import pytest
from regola.reference import new_game, view
from regola.spec import load, variant_ids

from .helpers import cards_of, plays, ruleset, stack, start

ITALIAN_FACES = "A 2 3 4 5 6 7 J H K".split()


def in_play(state) -> list[str]:
    """Every card somewhere in the omniscient view after a deal."""
    v = view(state)
    return [c for h in v["hands"] for c in h] + [v["indicator"]] + v["stock"]


@pytest.mark.rule("briscola.deck.composition")
def test_two_player_pack_is_forty_italian_cards(two):
    expected = {f + s for f in ITALIAN_FACES for s in "dcsb"}
    assert len(expected) == 40
    state = new_game(two, stack(two))
    assert sorted(in_play(state)) == sorted(expected)


@pytest.mark.rule("briscola.deck.composition")
def test_three_players_take_out_one_two():
    three = ruleset("briscola-3")
    state = new_game(three, stack(three))
    cards = in_play(state)
    assert len(cards) == 39 and "2b" not in cards
    other = ruleset("briscola-3", deck__removed=["2c"])
    cards = in_play(new_game(other, stack(other)))
    assert len(cards) == 39 and "2c" not in cards and "2b" in cards


@pytest.mark.rule("briscola.deck.composition")
def test_six_players_take_out_every_two():
    six = ruleset("briscola-6")
    cards = in_play(new_game(six, stack(six)))
    assert len(cards) == 36
    assert not [c for c in cards if c.startswith("2")]


@pytest.mark.rule("briscola.deck.composition")
def test_spanish_and_french_packs_use_their_own_ids():
    brisca = ruleset("brisca-2")
    assert set(cards_of(brisca)) == {f + s for f in "A234567SCR" for s in "oceb"}
    bisca = ruleset("bisca-2")
    assert set(cards_of(bisca)) == {f + s for f in "A234567JQK" for s in "hdsc"}


@pytest.mark.rule("briscola.deck.points")
@pytest.mark.parametrize(
    # Tressette counts in thirds instead (tressette.deck.points, tests/tressette)
    "variant", [v for v in variant_ids() if load(v).play.kind == "tricks" and load(v).hand_scoring.kind != "count"]
)
def test_every_trick_pack_is_worth_120(variant):
    rules = load(variant)
    points = {r.id: r.points for r in rules.deck.ranks}
    assert sum(points[c[:-1]] for c in cards_of(rules)) == 120


@pytest.mark.rule("briscola.deck.points")
def test_italian_face_values_show_in_a_trick(two):
    # Ace 11 + Three 10 = 21; King 4 + Horse 3 = 7; Jack 2 + Seven 0 = 2.
    state = start(two, {1: ["Ad", "Kc", "Js"], 0: ["3d", "Hc", "7s"]}, "5b", ["4b", "6b"])
    state = plays(state, "1:Ad", "0:3d")
    assert [e["points"] for e in state.events if e["type"] == "trick"] == [21]
    assert view(state)["points"] == [0, 21]
    state = plays(state, "1:Kc", "0:Hc")
    assert view(state)["points"] == [0, 28]
    state = plays(state, "1:Js", "0:7s")
    assert view(state)["points"] == [0, 30]


@pytest.mark.rule("briscola.deck.points")
def test_bisca_seven_is_worth_ten_and_three_nothing():
    bisca = ruleset("bisca-2")
    # packets of three: seat 1 takes the top three, seat 0 the next three
    state = new_game(bisca, stack(bisca, ["7h", "3h", "Jh", "Kh", "Qh", "2h", "4c"]))
    state = plays(state, "1:7h", "0:Kh")  # 10 + 4
    assert view(state)["points"] == [0, 14]
    state = plays(state, "1:3h", "0:Qh")  # 0 + 2, the Queen is stronger than a Three
    assert view(state)["points"] == [2, 14]


@pytest.mark.rule("briscola.deck.points")
def test_bixkla_jack_is_worth_three_and_queen_two():
    bixkla = ruleset("bixkla")
    points = {r.id: r.points for r in bixkla.deck.ranks}
    assert (points["A"], points["3"], points["K"], points["J"], points["Q"]) == (11, 10, 4, 3, 2)
    assert points["7"] == points["2"] == 0
