"""Albastini's trump guess worked by hand: who may bid, in what order, one
suit per bid, turning trumps, the forced exchange, and the team look."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, view
from regola.reference.actions import action_dict

from .helpers import act, bid, events, pas, play, rejects, start

# Four in two teams (0 and 2 against 1 and 3), seat 0 deals: seats 1 and 3
# may bid. Seat 1 holds the Ace of hearts; the card to be turned is 5h.
TEAM_HANDS = {
    1: ["Ah", "4s", "5d", "Kc", "6c"],
    2: ["3h", "5s", "6d", "Jc", "Qc"],
    3: ["Kh", "4h", "7s", "6s", "Ad"],
    0: ["7h", "Qh", "As", "3d", "4d"],
}


def teams():
    return start("albastini-4-teams", TEAM_HANDS, turned="5h")


def legal(state) -> list[dict]:
    return [action_dict(a) for a in legal_actions(state)]


@pytest.mark.rule("albastini.bid.dealer-side")
def test_neither_the_dealer_nor_his_partner_may_bid():
    state = teams()
    assert state.phase == "bid" and state.to_move == 1
    assert rejects(state, bid(2, "3h")) == "albastini.bid.dealer-side"
    assert rejects(state, pas(2)) == "albastini.bid.dealer-side"
    assert rejects(state, bid(0, "7h")) == "albastini.bid.dealer-side"
    state = act(state, pas(1))
    # seat 2 is passed over: the dealer's other opponent speaks
    assert state.to_move == 3
    assert rejects(state, bid(2, "3h")) == "albastini.bid.dealer-side"


@pytest.mark.rule("albastini.bid.dealer-side")
def test_each_for_himself_every_other_player_may_bid():
    hands = {1: ["Ah", "3h", "4h", "5h", "6h"], 2: ["Ad", "3d", "4d", "5d", "6d"],
             3: ["As", "3s", "4s", "5s", "6s"], 0: ["Ac", "3c", "4c", "5c", "6c"]}
    state = start("albastini-4", hands, turned="7h")
    state = act(state, pas(1), bid(2, "3d"))
    assert state.to_move == 3
    state = act(state, pas(3))
    assert state.phase == "play" and [b["seat"] for b in view(state)["auction"]["history"]] == [1, 2, 3]


@pytest.mark.rule("albastini.bid.turn")
def test_bids_go_in_turn_from_the_dealers_right_before_any_card_is_played():
    state = teams()
    assert rejects(state, bid(3, "7s")) == "albastini.bid.turn"
    assert rejects(state, play(1, "Ah")) == "albastini.bid.turn"
    assert rejects(state, {"type": "bid", "seat": 1, "rank": "A"}) == "albastini.bid.turn"
    assert rejects(state, {"type": "call", "seat": 1, "suit": "h"}) == "albastini.bid.turn"
    # seat 1's options: each of his cards, in card order, or a pass
    assert legal(state) == [bid(1, c) for c in ["Ah", "5d", "4s", "6c", "Kc"]] + [pas(1)]
    state = act(state, bid(1, "Ah"))
    # the bid card lies face up for everyone to see
    assert view(state, 3)["auction"]["table"] == [{"seat": 1, "card": "Ah"}]
    assert view(state, 3)["hand_sizes"][1] == 4
    state = act(state, pas(3))
    assert state.phase == "play"
    assert rejects(state, bid(3, "7s")) == "albastini.bid.turn"


@pytest.mark.rule("albastini.bid.distinct-suit")
def test_each_bid_in_a_suit_not_yet_bid():
    state = act(teams(), bid(1, "Ah"))
    assert legal(state) == [bid(3, c) for c in ["Ad", "6s", "7s"]] + [pas(3)]
    assert rejects(state, bid(3, "Kh")) == "albastini.bid.distinct-suit"
    assert rejects(state, bid(3, "3c")) == "briscola.play.in-hand"


@pytest.mark.rule("albastini.bid.turn-indicator")
def test_when_the_bids_are_over_the_next_card_is_turned_for_trumps():
    state = teams()
    assert view(state)["indicator"] is None and view(state)["trump"] is None
    assert view(state)["stock_size"] == 16  # 36 - 20, the card to be turned included
    state = act(state, pas(1), pas(3))
    assert events(state, "turn-indicator") == [{"type": "turn-indicator", "card": "5h", "trump": "h"}]
    assert state.indicator == "5h" and state.trump == "h"
    assert view(state)["stock_size"] == 15
    # the dealer's right leads
    assert state.phase == "play" and state.to_move == 1
    assert "albastini.bid.turn-indicator" in state.rules


@pytest.mark.rule("albastini.bid.exchange")
def test_a_bid_of_the_trump_suit_is_exchanged_even_for_a_weaker_card():
    state = act(teams(), bid(1, "Ah"), bid(3, "6s"))
    # hearts are trumps: seat 1 must take the 5h and leave his Ace face up
    assert [e["type"] for e in state.events] == ["bid", "turn-indicator", "bid-exchange", "bid-returned"]
    assert events(state, "bid-exchange") == [{"type": "bid-exchange", "seat": 1, "card": "Ah", "indicator": "5h"}]
    assert state.indicator == "Ah"
    assert set(state.hands[1]) == {"5h", "4s", "5d", "Kc", "6c"}
    # seat 3's spade goes back to his hand
    assert set(state.hands[3]) == {"Kh", "4h", "7s", "6s", "Ad"}
    assert view(state, 0)["auction"]["exchange"] == {"seat": 1, "bid": "Ah", "indicator": "5h"}
    assert "albastini.bid.exchange" in state.rules


@pytest.mark.rule("albastini.bid.exchange")
def test_the_exchanged_bid_card_is_the_last_card_drawn():
    hands = {1: ["Ah", "4s", "5d", "Kc", "6c"], 0: ["7h", "Qh", "As", "3d", "4d"]}
    state = act(start("albastini-2", hands, turned="5h"), bid(1, "Ah"))
    assert state.indicator == "Ah"
    taken = []
    while state.phase == "play":
        state = act(state, action_dict(legal_actions(state)[0]))
        taken += events(state, "take-indicator")
        trick = events(state, "trick")
        if events(state, "take-indicator"):
            # two players: the loser of the trick draws last and takes it
            assert taken[0]["seat"] != trick[0]["winner"]
    assert [e["card"] for e in taken] == ["Ah"]


@pytest.mark.rule("albastini.info.team-look")
def test_partners_see_each_others_hands_once_before_the_first_lead():
    state = teams()
    assert view(state, 0)["hands"][2] is None  # not during the bids
    state = act(state, pas(1), pas(3))
    assert "albastini.info.team-look" in state.rules
    assert [h is not None for h in view(state, 0)["hands"]] == [True, False, True, False]
    assert [h is not None for h in view(state, 3)["hands"]] == [False, True, False, True]
    state = act(state, play(1, "4s"))
    assert [h is not None for h in view(state, 0)["hands"]] == [True, False, False, False]


@pytest.mark.rule("albastini.info.team-look")
def test_no_look_when_each_plays_for_himself():
    hands = {1: ["Ah", "3h", "4h", "5h", "6h"], 2: ["Ad", "3d", "4d", "5d", "6d"],
             3: ["As", "3s", "4s", "5s", "6s"], 0: ["Ac", "3c", "4c", "5c", "6c"]}
    state = act(start("albastini-4", hands, turned="7h"), pas(1), pas(2), pas(3))
    assert [h is not None for h in view(state, 0)["hands"]] == [True, False, False, False]
    assert "albastini.info.team-look" not in state.rules
