"""An opening Two closes the auction (IT-blackjack-baccarat), worked by hand
on the deal HAND_A: seat 1 speaks first, then seats 2, 3, 4 and the dealer 0."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, new_game, view

from .helpers import HAND_A, act, bid, call, deck_for, events, hands_of, pas, rejects, ruleset


def fresh(variant: str = "chiamata-opening-two", **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands_of(HAND_A)))


@pytest.mark.rule("chiamata.bid.opening-two")
def test_a_two_as_the_first_bid_wins_the_auction_at_once():
    state = act(fresh(), bid(1, "2"))
    won = events(state, "auction-won")
    assert won == [{"type": "auction-won", "seat": 1, "rank": "2", "points": None, "target": 61}]
    assert "chiamata.bid.opening-two" in state.rules
    # nobody else speaks: the opener calls next, and nobody may bid
    assert state.phase == "call" and state.to_move == 1
    assert view(state)["contract"]["target"] == 61
    assert rejects(state, bid(2, "2", 62)) == "chiamata.bid.end"
    assert all(a.type == "call" for a in legal_actions(state))
    # and the hand goes on as usual: the called Two of cups is seat 2's
    called = act(state, call(1, "c"))
    assert called.contract.called == "2c" and called.contract.partner == 2


@pytest.mark.rule("chiamata.bid.opening-two")
def test_a_pass_before_the_two_still_leaves_it_the_opening_bid():
    # seat 1 passes, seat 2 makes the first bid of the auction: a Two
    state = act(fresh(), pas(1), bid(2, "2"))
    assert state.phase == "call" and state.contract.bidder == 2


@pytest.mark.rule("chiamata.bid.opening-two")
def test_a_two_over_another_opening_bid_does_not_close_the_auction():
    state = act(fresh(), bid(1, "A"), bid(2, "2"))
    assert state.phase == "bid" and state.to_move == 3
    assert "chiamata.bid.opening-two" not in state.rules
    # the raises go on as in the base game
    state = act(state, bid(3, "2", 65))
    assert state.auction.high.points == 65


@pytest.mark.rule("chiamata.bid.opening-two", "chiamata.bid.after-two")
def test_without_the_option_an_opening_two_is_raised_like_any_two():
    state = act(fresh("chiamata"), bid(1, "2"))
    assert state.phase == "bid" and state.to_move == 2
    state = act(state, bid(2, "2", 62))
    assert state.auction.high.seat == 2 and state.auction.high.points == 62


@pytest.mark.rule("chiamata.bid.opening-two")
def test_the_option_needs_an_auction_on_faces():
    from regola.spec import SpecError, load

    with pytest.raises(SpecError, match="bidding.opening_two_ends needs bidding.kind = rank-auction"):
        load("chiamata-points", {"bidding.opening_two_ends": True})
