"""Cirulla (W-SCO): the bonuses of a hand as dealt and of the dealer's
table, the wildcard, the King-Horse-Jack of coins, the Napola capped at the
Six, the 2-Ace redeal by the next dealer, free choice with fifteen and the
Ace sweeping (rules scopa.bonus.*, scopa.score.grande, scopa.deal.redeal,
scopa.capture.*). Totals are counted by hand from the rules text.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.reference import initial_state, view
from regola.reference.fishing.scoring import score_hand

from .helpers import ALL_CARDS, capture, captures_of, deck_for, events, ruleset, shuffle, start


@pytest.fixture
def cirulla():
    return ruleset("cirulla")


PLAIN = {1: ["Kd", "Jc", "6s"], 0: ["Hd", "Hc", "5b"]}  # 24 and 23: no bonus
TABLE = ["4d", "6c", "Js", "7b"]  # 4 + 6 + 8 + 7 = 25: no table bonus


@pytest.mark.rule("scopa.bonus.table")
def test_a_table_of_fifteen_is_the_dealers_scopa(cirulla):
    # Ace 1 + Two 2 + Four 4 + Jack 8 = 15: seat 0 deals and takes them.
    state = start(cirulla, PLAIN, ["2d", "Ac", "4s", "Jb"])
    v = view(state)
    assert v["table"] == [] and v["scope"] == [1, 0]
    assert sorted(v["captured"][0]) == sorted(["2d", "Ac", "4s", "Jb"])
    assert events(state, "table-bonus") == [
        {"type": "table-bonus", "seat": 0, "side": 0, "cards": ["2d", "Ac", "4s", "Jb"], "scope": 1}
    ]
    assert "scopa.bonus.table" in state.rules


@pytest.mark.rule("scopa.bonus.table")
def test_a_table_of_thirty_is_two_scope(cirulla):
    # King 10 + King 10 + Jack 8 + Two 2 = 30.
    state = start(cirulla, {1: ["Hd", "Jc", "6s"], 0: ["Kb", "Hc", "5b"]}, ["Kd", "Kc", "Js", "2b"])
    assert view(state)["scope"] == [2, 0]
    # 25 on the table: nothing happens
    plain = start(cirulla, PLAIN, TABLE)
    assert view(plain)["table"] == TABLE and "scopa.bonus.table" not in plain.rules


@pytest.mark.rule("scopa.bonus.hand")
def test_hand_bonuses_as_dealt(cirulla):
    # Seat 1: Ace, Two, Three = 6, under 10: 3 points. Seat 0: three Fours: 10.
    state = start(cirulla, {1: ["Ad", "2c", "3s"], 0: ["4d", "4c", "4s"]}, ["5d", "6b", "Js", "7c"])
    got = {(e["seat"], e["kind"], e["points"]) for e in events(state, "bonus")}
    assert got == {(1, "low-hand", 3), (0, "three-of-a-kind", 10)}
    assert state.bonus == (10, 3)


@pytest.mark.rule("scopa.bonus.hand")
def test_three_aces_score_the_ten_only(cirulla):
    state = start(cirulla, {1: ["Ad", "Ac", "As"], 0: ["Hd", "Hc", "5b"]}, TABLE)
    assert [(e["kind"], e["points"]) for e in events(state, "bonus")] == [("three-of-a-kind", 10)]


@pytest.mark.rule("scopa.bonus.wildcard")
@pytest.mark.rule("scopa.bonus.hand")
def test_the_seven_of_cups_makes_a_bonus(cirulla):
    # 7c with two Kings: three of a kind. 7c with Ace, Two: 1 + 1 + 2 = 4 < 10
    # (at face value 7 + 1 + 2 = 10, no bonus).
    state = start(cirulla, {1: ["Kd", "Kc", "7c"], 0: ["Ad", "2s", "Hb"]}, TABLE[:3] + ["5b"])
    assert [(e["seat"], e["kind"]) for e in events(state, "bonus")] == [(1, "three-of-a-kind")]
    assert "scopa.bonus.wildcard" in state.rules
    low = start(cirulla, {1: ["Ad", "2s", "7c"], 0: ["Hd", "Hc", "5b"]}, TABLE[:3] + ["6s"])
    assert [(e["seat"], e["kind"], e["points"]) for e in events(low, "bonus")] == [(1, "low-hand", 3)]
    # without a wildcard, Ace Two Seven is exactly 10: no bonus
    plain = start(ruleset("cirulla", hand_scoring__scopa__bonus_wildcard=None),
                  {1: ["Ad", "2s", "7c"], 0: ["Hd", "Hc", "5b"]}, TABLE[:3] + ["6s"])
    assert events(plain, "bonus") == []


@pytest.mark.rule("scopa.deal.redeal")
def test_two_aces_on_the_table_pass_the_deal(cirulla):
    deck = deck_for(cirulla, PLAIN, ["Ad", "Ac", "4s", "Jb"])
    state = shuffle(initial_state(cirulla), deck)
    (event,) = events(state, "redeal")
    assert (event["rank"], event["count"], event["dealer"]) == ("A", 2, 1)
    assert view(state)["dealer"] == 1 and state.is_chance


@pytest.mark.rule("scopa.capture.free-choice")
@pytest.mark.rule("scopa.capture.fifteen")
@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_captures_by_value_sum_fifteen_and_the_ace(cirulla):
    # A Six on 6c 4d Js 7b (table 25): the Six alone, or 4 + ... no pair adds up
    # to 6 but none: only 6c; fifteen needs 9: none of the subsets (4, 6, 8, 7,
    # 10, 11, 12, 13, 14, 15...) adds to 9. A Seven: 7b, or fifteen with Js.
    state = start(cirulla, {1: ["6d", "7s", "Ab"], 0: ["Hd", "Hc", "5b"]}, TABLE)
    assert captures_of(state, "6d") == [["6c"]]
    assert captures_of(state, "7s") == [["Js"], ["7b"]]
    # The Ace takes the whole table as a scopa (no Ace there).
    assert captures_of(state, "Ab") == [["4d", "6c", "Js", "7b"]]
    after = capture(state, 1, "Ab", "4d", "6c", "Js", "7b")
    assert view(after)["scope"] == [0, 1]


def scored(rules, piles, scope=(0, 0), bonus=(0, 0)):
    state = replace(initial_state(rules), captured=tuple(tuple(p) for p in piles), scope=scope, bonus=bonus)
    result, used = score_hand(state)
    return result.to_json(), used


@pytest.mark.rule("scopa.score.grande")
@pytest.mark.rule("scopa.score.napola")
@pytest.mark.rule("scopa.bonus.hand")
def test_the_hand_score(cirulla):
    # Side 0: every coin (10 cards: coins, settebello, King-Horse-Jack 5, run
    # Ace to King capped at 6) plus all Sevens and Sixes (6 more): 16 cards.
    # Side 1: the other 24 cards: most cards. Primiera: side 1 has no coin.
    coins = [r + "d" for r in "A234567JHK"]
    side0 = coins + ["7c", "7s", "7b", "6c", "6s", "6b"]
    side1 = [c for c in ALL_CARDS if c not in side0]
    result, used = scored(cirulla, [side0, side1], scope=(1, 2), bonus=(3, 10))
    assert result["categories"] == {"cards": 1, "coins": 0, "settebello": 0, "primiera": 0}
    assert result["napola"] == [6, 0]
    assert result["grande"] == [5, 0]
    assert result["bonus"] == [3, 10]
    # side 0: coins, settebello, primiera 3 + napola 6 + grande 5 + scopa 1 + bonus 3
    assert result["points"] == [3 + 6 + 5 + 1 + 3, 1 + 2 + 10]
    assert "scopa.score.grande" in used


@pytest.mark.rule("scopa.bonus.hand")
def test_in_partnership_a_bonus_is_the_sides():
    # Cirulla for four: seat 2's three Kings score 10 for seats 0+2 (side 0),
    # seat 3's Ace Two Three 3 for seats 1+3 (side 1).
    rules = ruleset("cirulla-4")
    hands = {1: ["Hd", "Hc", "5b"], 2: ["Kd", "Kc", "Ks"], 3: ["Ad", "2c", "3s"], 0: ["Jd", "Jc", "6s"]}
    state = start(rules, hands, TABLE)
    assert {(e["seat"], e["side"], e["points"]) for e in events(state, "bonus")} == {(2, 0, 10), (3, 1, 3)}
    assert state.bonus == (10, 3)
