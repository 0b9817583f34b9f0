"""Cirulla (W-SCO, P-CIR, PARLETT): the bonuses of a hand as dealt and of
the dealer's table, the wildcard, the King-Horse-Jack of coins, the Napola
capped at the Six, the 2-Ace redeal by the same dealer (by the next one in
W-SCO), free choice with fifteen, the Ace sweeping and an Ace on an Ace
(rules scopa.bonus.*, scopa.score.grande, scopa.deal.redeal,
scopa.capture.*). Totals are counted by hand from the rules text.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.reference import initial_state, view
from regola.spec import load
from regola.reference.fishing.scoring import score_hand

from .helpers import ALL_CARDS, capture, captures_of, deck_for, events, rejects, ruleset, shuffle, start


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
def test_two_aces_on_the_table_are_dealt_again_by_the_same_dealer(cirulla):
    # P-CIR, PARLETT, IT-regoledelgioco: seat 0 dealt Ace of coins and Ace of
    # cups to the table, so seat 0 shuffles and deals again.
    deck = deck_for(cirulla, PLAIN, ["Ad", "Ac", "4s", "Jb"])
    state = shuffle(initial_state(cirulla), deck)
    (event,) = events(state, "redeal")
    assert (event["rank"], event["count"], event["dealer"]) == ("A", 2, 0)
    assert view(state)["dealer"] == 0 and state.is_chance
    # one Ace is no reason to deal again
    one = shuffle(initial_state(cirulla), deck_for(cirulla, PLAIN, ["Ad", "5c", "4s", "Jb"]))
    assert events(one, "redeal") == [] and not one.is_chance


@pytest.mark.rule("scopa.deal.redeal")
def test_in_w_sco_the_next_player_deals_after_two_aces():
    wiki = ruleset("cirulla", deal__redeal=[{"rank": "A", "at_least": 2, "dealer": "next"}])
    assert wiki == load("cirulla", profile="wikipedia")
    state = shuffle(initial_state(wiki), deck_for(wiki, PLAIN, ["Ad", "Ac", "As", "Jb"]))
    (event,) = events(state, "redeal")
    assert (event["count"], event["dealer"]) == (3, 1)
    assert view(state)["dealer"] == 1


@pytest.mark.rule("scopa.capture.ace-on-ace")
@pytest.mark.rule("scopa.capture.fifteen")
def test_an_ace_on_an_ace_takes_it_or_makes_fifteen(cirulla):
    # Table: King of coins 10, Three of cups 3, Ace of swords 1, Five of
    # batons 5 (19: no table bonus). Seat 1 plays the Ace of cups (1): an Ace
    # lies on the table, so it does not take all. By value it takes the Ace
    # of swords; by fifteen it needs 14 from the table: King + Three + Ace
    # (10 + 3 + 1); the Five needs 9 more, which no other cards make. Two
    # captures, as the player likes.
    table = ["Kd", "3c", "As", "5b"]
    state = start(cirulla, {1: ["Ac", "6d", "Hs"], 0: ["Hd", "Hc", "2b"]}, table)
    assert sorted(map(sorted, captures_of(state, "Ac"))) == [["3c", "As", "Kd"], ["As"]]
    # taking the whole table is not open to it
    assert rejects(state, {"type": "capture", "seat": 1, "card": "Ac", "take": table}) == "scopa.capture.ace-on-ace"
    # nor may it lie on the table: it can capture
    assert rejects(state, {"type": "play", "seat": 1, "card": "Ac"}) == "scopa.capture.compulsory"
    after = capture(state, 1, "Ac", "Kd", "3c", "As")
    assert "scopa.capture.ace-on-ace" in after.rules and "scopa.capture.fifteen" in after.rules
    assert view(after)["table"] == ["5b"] and view(after)["scope"] == [0, 0]
    alone = capture(state, 1, "Ac", "As")
    assert sorted(view(alone)["table"]) == sorted(["Kd", "3c", "5b"])
    assert "scopa.capture.ace-on-ace" in alone.rules and "scopa.capture.match" in alone.rules


@pytest.mark.rule("scopa.capture.ace-takes-all")
@pytest.mark.rule("scopa.sweep")
def test_an_ace_takes_all_where_no_ace_lies(cirulla):
    # Seat 1's Six takes the Six of cups (4d Js 7b left); seat 0's Ace of
    # swords, no Ace on the table, takes all three as a scopa; seat 1's Horse
    # lies on the empty table and seat 0's Ace of batons takes it, a second
    # scopa; seat 1's Ace of cups then meets an empty table and stays there.
    state = start(cirulla, {1: ["6d", "Ac", "Hs"], 0: ["As", "Ab", "2b"]}, TABLE)
    state = capture(state, 1, "6d", "6c")
    state = capture(state, 0, "As", "4d", "Js", "7b")  # takes all: a scopa
    assert view(state)["scope"] == [1, 0] and view(state)["table"] == []
    state = apply_play(state, 1, "Hs")  # the Horse to the empty table
    state = capture(state, 0, "Ab", "Hs")  # no Ace there: the Ace takes all, a scopa
    assert view(state)["scope"] == [2, 0]
    state = apply_play(state, 1, "Ac")
    assert view(state)["table"] == ["Ac"]


@pytest.mark.rule("scopa.capture.ace-on-ace")
@pytest.mark.rule("scopa.sweep")
def test_an_ace_taking_the_only_ace_sweeps(cirulla):
    # Table Ace of swords, Four of coins, Jack of swords, Seven of batons (20).
    # Seat 1's Jack of cups takes the Jack of swords (As 4d 7b left); seat 0's
    # Four of cups makes 15 with the Four and the Seven (4 + 4 + 7), leaving
    # the Ace alone; seat 1's Ace of cups may only take it (fifteen would
    # need 14 more), which clears the table: a scopa.
    state = start(cirulla, {1: ["Jc", "Ac", "Hs"], 0: ["4c", "Hd", "2b"]}, ["As", "4d", "Js", "7b"])
    state = capture(state, 1, "Jc", "Js")
    state = capture(state, 0, "4c", "4d", "7b")
    assert view(state)["table"] == ["As"]
    assert captures_of(state, "Ac") == [["As"]]
    state = capture(state, 1, "Ac", "As")
    assert view(state)["table"] == [] and view(state)["scope"] == [0, 1]
    assert "scopa.capture.ace-on-ace" in state.rules and "scopa.sweep" in state.rules


@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_scopa_d_assi_still_takes_only_the_ace():
    rules = ruleset("scopa-d-assi")
    assert rules.capture.ace_on_ace == "only-ace"
    state = start(rules, {1: ["Ac", "6d", "Hs"], 0: ["Hd", "Hc", "2b"]}, ["Kd", "3c", "As", "5b"])
    assert captures_of(state, "Ac") == [["As"]]
    assert rejects(state, {"type": "capture", "seat": 1, "card": "Ac", "take": ["Kd", "3c", "As", "5b"]}) \
        == "scopa.capture.ace-takes-all"


@pytest.mark.rule("scopa.bonus.table-wildcard")
@pytest.mark.rule("scopa.bonus.table")
def test_parletts_wild_seven_on_the_dealers_table():
    rules = load("cirulla", profile="parlett")
    hands = {1: ["Hd", "Jc", "6s"], 0: ["Hb", "Hc", "5b"]}
    # King 10 + Two 2 + Ace 1 = 13, and the Seven of cups: 20 at face value,
    # no bonus; as a Two it makes 15, so the dealer takes one scopa.
    state = start(rules, hands, ["Kd", "2s", "Ab", "7c"])
    (bonus,) = events(state, "table-bonus")
    assert bonus["scope"] == 1 and bonus["wildcard"] == {"card": "7c", "value": 2}
    assert "scopa.bonus.table-wildcard" in state.rules and view(state)["table"] == []
    # King, King, Horse (29) and the Seven standing for an Ace: 30, two scope
    two = start(rules, hands, ["Ks", "Kb", "Hs", "7c"])
    assert events(two, "table-bonus")[0]["scope"] == 2
    # the same table without the wild Seven (W-SCO, P-CIR): 20, no bonus
    plain = start(ruleset("cirulla"), hands, ["Kd", "2s", "Ab", "7c"])
    assert events(plain, "table-bonus") == [] and "scopa.bonus.table-wildcard" not in plain.rules
    # a table making 15 at face value (4 + 2 + 2 + 7) needs no wildcard
    face = start(rules, hands, ["4s", "2b", "2d", "7c"])
    assert "wildcard" not in events(face, "table-bonus")[0]
    assert "scopa.bonus.table-wildcard" not in face.rules
    # King, King, King, Horse (39): no value of the Seven helps
    none = start(rules, {1: ["Hd", "Jc", "6s"], 0: ["Jb", "Hc", "5b"]}, ["Kd", "Ks", "Kb", "7c"])
    assert events(none, "table-bonus") == []


def apply_play(state, seat, card):
    from regola.reference import apply

    return apply(state, {"type": "play", "seat": seat, "card": card})


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
