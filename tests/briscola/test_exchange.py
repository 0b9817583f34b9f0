"""Exchanging a trump for the face-up indicator (rules briscola.exchange.*).

Brisca (brisca-2, W-BCA): the Seven of trumps for an indicator stronger than
a Seven, the Two otherwise; only a player who has won a trick; only while
face-down cards remain in the stock. Spanish ids: faces A 2-7 S C R, suits
o (oros) c e b; strength A 3 R C S 7 6 5 4 2.
"""

from __future__ import annotations

import pytest
from regola.reference import ExchangeAction, legal_actions, new_game, view

from .hands import SLAM
from .helpers import (
    exchange,
    parse_script,
    play,
    plays,
    rejects,
    ruleset,
    script_deck,
    start,
)


def exchanges(state) -> list[str]:
    return [a.card for a in legal_actions(state) if isinstance(a, ExchangeAction)]


def ask(seat: int, card: str) -> dict:
    return {"type": "exchange", "seat": seat, "card": card}


@pytest.mark.rule("briscola.exchange.card")
@pytest.mark.rule("briscola.exchange.after-win")
def test_seven_for_a_high_indicator_after_winning_a_trick(brisca):
    state = start(brisca, {1: ["7o", "Ac", "4e"], 0: ["2c", "5b", "6b"]}, "Ro", ["Sc", "Cc"])
    assert view(state)["trump"] == "o"
    # no trick won yet: no exchange
    assert exchanges(state) == []
    assert rejects(state, ask(1, "7o")) == "briscola.exchange.after-win"
    state = plays(state, "1:Ac", "0:2c")  # seat 1 wins and draws Sc
    assert exchanges(state) == ["7o"]
    assert rejects(state, ask(1, "2o")) == "briscola.exchange.card"
    state = exchange(state, 1, "7o")
    v = view(state)
    assert sorted(v["hands"][1]) == sorted(["Ro", "4e", "Sc"])
    assert v["indicator"] == "7o" and v["trump"] == "o"
    assert v["to_move"] == 1  # he still has to play
    assert state.events[0]["type"] == "exchange"
    assert {"briscola.exchange.card", "briscola.exchange.window", "briscola.exchange.after-win"} <= set(
        state.rules
    )


@pytest.mark.rule("briscola.exchange.card")
def test_two_for_an_indicator_of_seven_or_lower(brisca):
    for indicator in ("5o", "7o"):
        state = start(brisca, {1: ["2o", "Ac", "4e"], 0: ["2c", "5b", "6b"]}, indicator, ["Sc", "Cc"])
        state = plays(state, "1:Ac", "0:2c")
        assert exchanges(state) == ["2o"]
        state = exchange(state, 1, "2o")
        assert view(state)["indicator"] == "2o"
        assert indicator in view(state)["hands"][1]
    # the Sota ranks above the Seven in Brisca, so the Seven is wanted
    state = start(brisca, {1: ["2o", "Ac", "7o"], 0: ["2c", "5b", "6b"]}, "So", ["Sc", "Cc"])
    state = plays(state, "1:Ac", "0:2c")
    assert exchanges(state) == ["7o"]
    assert rejects(state, ask(1, "2o")) == "briscola.exchange.card"


@pytest.mark.rule("briscola.exchange.after-win")
@pytest.mark.rule("briscola.exchange.window")
def test_exchange_during_a_trick_by_a_player_who_won_earlier(brisca):
    state = start(
        brisca, {1: ["4e", "Ac", "5e"], 0: ["6e", "2c", "7o"]}, "Ro", ["Sc", "Cc", "Rc", "3b"]
    )
    state = play(state, 1, "4e")
    assert exchanges(state) == []
    assert rejects(state, ask(0, "7o")) == "briscola.exchange.after-win"
    state = plays(state, "0:6e")  # seat 0 wins trick 1
    state = plays(state, "0:2c", "1:Ac")  # seat 1 wins trick 2
    state = play(state, 1, "5e")
    # seat 0 follows; he has won a trick and the stock lasts
    assert exchanges(state) == ["7o"]
    assert rejects(state, ask(1, "7o")) == "briscola.play.turn"
    state = exchange(state, 0, "7o")
    assert "Ro" in view(state)["hands"][0]
    state = play(state, 0, "Ro")  # the trump he took wins the trick
    assert [e["winner"] for e in state.events if e["type"] == "trick"] == [0]


@pytest.mark.rule("briscola.exchange.card")
def test_the_exchange_card_must_be_held(brisca):
    state = start(brisca, {1: ["3o", "Ac", "4e"], 0: ["7o", "5b", "6b"]}, "Ro", ["Sc", "Cc"])
    state = plays(state, "1:Ac", "0:5b")
    assert exchanges(state) == []
    assert rejects(state, ask(1, "7o")) == "briscola.play.in-hand"


@pytest.mark.rule("briscola.exchange.card")
def test_no_exchange_in_plain_briscola(two):
    state = start(two, {1: ["2d", "Ac", "4s"], 0: ["2c", "5b", "6b"]}, "Kd")
    assert exchanges(state) == []
    assert rejects(state, ask(1, "2d")) == "briscola.exchange.card"


@pytest.mark.rule("briscola.exchange.card")
def test_seven_option_ignores_the_indicator_rank():
    rules = ruleset("briscola-2", exchange__card="seven")
    state = start(rules, {1: ["7d", "2d", "4s"], 0: ["2c", "5b", "6b"]}, "4d")
    assert exchanges(state) == ["7d"]
    assert rejects(state, ask(1, "2d")) == "briscola.exchange.card"
    state = exchange(state, 1, "7d")
    assert view(state)["indicator"] == "7d"


# SLAM with tricks 16 and 19 swapped, so seat 0 holds the 2 of trumps (2b)
# from trick 17 until trick 19, across the end of the stock.
LATE_TWO = SLAM[:15] + [SLAM[18], SLAM[16], SLAM[17], SLAM[15], SLAM[19]]


@pytest.mark.rule("briscola.exchange.window")
def test_no_exchange_once_the_stock_is_exhausted():
    rules = ruleset("briscola-2", exchange__card="two")
    assert LATE_TWO[15] == "1:Hb 0:6b > 1" and LATE_TWO[18] == "1:Ab 0:2b > 1"
    state = new_game(rules, script_deck(rules, LATE_TWO))
    tricks = parse_script(LATE_TWO)
    for trick in tricks[:16]:
        for seat, card in trick.moves:
            state = play(state, seat, card)
    state = play(state, 1, "3b")
    # trick 17: seat 0 holds 2b and face-down cards remain
    assert "2b" in view(state)["hands"][0] and view(state)["stock_size"] == 1
    assert exchanges(state) == ["2b"]
    state = play(state, 0, "4b")  # the indicator is taken after this trick
    state = play(state, 1, "Kb")
    assert "2b" in view(state)["hands"][0] and view(state)["indicator"] is None
    assert exchanges(state) == []
    assert rejects(state, ask(0, "2b")) == "briscola.exchange.window"


@pytest.mark.rule("briscola.exchange.window")
def test_two_before_the_first_trick_option():
    rules = ruleset("briscola-2", exchange__card="two", exchange__window="before-first-trick")
    # the leader may exchange before he leads
    state = start(rules, {1: ["2d", "Ac", "4s"], 0: ["2c", "5b", "6b"]}, "Kd")
    assert exchanges(state) == ["2d"]
    state = exchange(state, 1, "2d")
    assert "Kd" in view(state)["hands"][1] and view(state)["indicator"] == "2d"
    # the follower may exchange on his turn in the first trick
    state = start(rules, {1: ["Ac", "3c", "4s"], 0: ["2d", "5b", "6b"]}, "Kd")
    state = play(state, 1, "Ac")
    assert exchanges(state) == ["2d"]
    state = exchange(state, 0, "2d")
    assert "Kd" in view(state)["hands"][0]
    # after the first trick the window is shut
    state = start(rules, {1: ["2d", "Ac", "4s"], 0: ["2c", "5b", "6b"]}, "Kd")
    state = plays(state, "1:Ac", "0:2c")
    assert "2d" in view(state)["hands"][1]
    assert exchanges(state) == []
    assert rejects(state, ask(1, "2d")) == "briscola.exchange.window"
