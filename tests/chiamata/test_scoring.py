"""Whole Chiamata hands played out and paid: the target, the payoff table,
playing alone, cappotto, and the end of the match. Every figure below is
worked out by hand from the rules and the scripted tricks."""

from __future__ import annotations

import pytest
from regola.reference import new_game, view
from regola.reference.tricks.state import MatchScore, replace

from .helpers import (
    HAND_A,
    HAND_A_POINTS,
    HAND_SWEEP,
    act,
    bid,
    call,
    deck_for,
    events,
    hands_of,
    pas,
    play_tricks,
    ruleset,
)

POINTS_AUCTION = {"bidding__kind": "points-auction", "calling__kind": "card", "calling__lowest_not_held": False}


def hand_a(variant: str = "chiamata", **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands_of(HAND_A)))


def seat_1_bids(state, amount: int, card: str):
    """Seat 1 wins a points auction at ``amount`` and calls ``card``."""
    return act(state, bid(1, points=amount), pas(2), pas(3), pas(4), pas(0), call(1, card=card))


@pytest.mark.rule("chiamata.score.target", "chiamata.score.payoff")
def test_hand_a_made_at_61_pays_two_one_and_minus_one():
    state = act(hand_a(), bid(1, "K"), pas(2), pas(3), pas(4), pas(0), call(1, "d"))
    state = play_tricks(state, HAND_A)
    result = view(state)["result"]
    # seats 1 and 3 took 30 + 62 = 92 >= 61: bidder +2, partner +1, each defender -1
    assert result["points"] == HAND_A_POINTS
    assert result["outcome"] == "made"
    assert result["game_points"] == [-1, 2, -1, 1, -1]
    assert result["contract"] == {
        "bidder": 1, "partner": 3, "alone": False, "called": "Kd", "target": 61,
        "side_points": 92, "made": True, "doubled": False,
    }
    assert sum(result["game_points"]) == 0
    assert view(state)["match"]["game_points"] == [-1, 2, -1, 1, -1]
    assert {"chiamata.score.target", "chiamata.score.payoff"} <= set(state.rules)
    # the deal passes to the next seat
    assert state.dealer == 1 and state.phase == "shuffle"


@pytest.mark.rule("chiamata.score.payoff")
@pytest.mark.parametrize(
    ("amount", "payoffs"),
    [
        (71, [-2, 4, -2, 2, -2]),  # 71-80: 4 / 2 / 2
        (81, [-3, 6, -3, 3, -3]),  # 81-90: 6 / 3 / 3
        (91, [-4, 8, -4, 4, -4]),  # 91-100: 8 / 4 / 4, and 92 >= 91 is made
        (95, [4, -8, 4, -4, 4]),  # 92 < 95: the same amounts the other way
        (101, [5, -10, 5, -5, 5]),  # 101+: 10 / 5 / 5, failed
    ],
)
def test_the_payoff_table_rises_with_the_target(amount, payoffs):
    state = play_tricks(seat_1_bids(hand_a(**POINTS_AUCTION), amount, "Kd"), HAND_A)
    result = view(state)["result"]
    assert result["game_points"] == payoffs
    assert result["outcome"] == ("made" if 92 >= amount else "defeated")


@pytest.mark.rule("chiamata.score.payoff")
def test_the_flat_table_pays_the_same_whatever_the_bid():
    state = play_tricks(seat_1_bids(hand_a("chiamata-points"), 91, "Kd"), HAND_A)
    assert view(state)["result"]["game_points"] == [-1, 2, -1, 1, -1]


@pytest.mark.rule("chiamata.score.alone")
def test_a_bidder_alone_pays_four_and_each_other_player_gains_one():
    # seat 1 calls 7d, his own card: alone he took only 30 points
    state = play_tricks(seat_1_bids(hand_a(**POINTS_AUCTION), 61, "7d"), HAND_A)
    result = view(state)["result"]
    assert result["outcome"] == "defeated" and result["contract"]["side_points"] == 30
    assert result["game_points"] == [1, -4, 1, 1, 1]
    assert "chiamata.score.alone" in state.rules


@pytest.mark.rule("chiamata.score.alone")
def test_alone_amounts_rise_with_the_target():
    state = play_tricks(seat_1_bids(hand_a(**POINTS_AUCTION), 81, "7d"), HAND_A)
    # 81-90 alone: the bidder 12, each of the others 3
    assert view(state)["result"]["game_points"] == [3, -12, 3, 3, 3]


def sweep(**options):
    rules = ruleset("chiamata", **options)
    state = new_game(rules, deck_for(rules, hands_of(HAND_SWEEP)))
    # seat 1 bids the Four and calls coins: 4d is in seat 2's hand
    state = act(state, bid(1, "4"), pas(2), pas(3), pas(4), pas(0), call(1, "d"))
    assert state.contract.partner == 2
    return play_tricks(state, HAND_SWEEP)


@pytest.mark.rule("chiamata.score.cappotto")
def test_all_eight_tricks_double_every_payment():
    state = sweep()
    result = view(state)["result"]
    assert result["points"] == [0, 120, 0, 0, 0]
    assert result["contract"]["doubled"] is True
    assert result["game_points"] == [-2, 4, 2, -2, -2]
    assert "chiamata.score.cappotto" in state.rules


@pytest.mark.rule("chiamata.score.cappotto")
@pytest.mark.parametrize(
    ("double_on", "payoffs"),
    [
        ("none", [-1, 2, 1, -1, -1]),
        ("all-points", [-2, 4, 2, -2, -2]),
        ("all-counting-cards", [-2, 4, 2, -2, -2]),
    ],
)
def test_what_counts_as_cappotto_is_an_option(double_on, payoffs):
    state = sweep(hand_scoring__contract__double_on=double_on)
    assert view(state)["result"]["game_points"] == payoffs


@pytest.mark.rule("chiamata.score.cappotto")
def test_hand_a_is_no_cappotto_under_any_rule():
    for double_on in ("all-tricks", "all-points", "all-counting-cards"):
        state = act(hand_a(hand_scoring__contract__double_on=double_on), bid(1, "K"), pas(2), pas(3), pas(4), pas(0))
        state = play_tricks(act(state, call(1, "d")), HAND_A)
        assert view(state)["result"]["game_points"] == [-1, 2, -1, 1, -1]


@pytest.mark.rule("chiamata.score.cappotto", "chiamata.score.target")
def test_a_cappotto_by_the_defenders_doubles_the_loss():
    rules = ruleset("chiamata", **POINTS_AUCTION)
    state = new_game(rules, deck_for(rules, hands_of(HAND_SWEEP)))
    # seat 3 wins at 61 and calls 4d (seat 2's): seat 1, a defender, takes every trick
    state = act(state, pas(1), pas(2), bid(3, points=61), pas(4), pas(0), call(3, card="4d"))
    state = play_tricks(state, HAND_SWEEP)
    result = view(state)["result"]
    assert result["outcome"] == "defeated" and result["contract"]["side_points"] == 0
    assert result["game_points"] == [2, 2, -2, -4, 2]


def played_with_totals(variant: str, totals: tuple[int, ...], hands_played: int = 0):
    """HAND_A (seat 1 bids, calls Kd, payoffs -1 2 -1 1 -1) played with the
    match already standing at ``totals``."""
    state = hand_a(variant)
    zeros = (0,) * 5
    state = replace(state, match=MatchScore(game_points=totals, card_points=zeros, hands_played=hands_played))
    if state.ruleset.bidding.kind == "points-auction":
        state = seat_1_bids(state, 61, "Kd")
    else:
        state = act(state, bid(1, "K"), pas(2), pas(3), pas(4), pas(0), call(1, "d"))
    return play_tricks(state, HAND_A)


@pytest.mark.rule("chiamata.match.end")
def test_the_first_player_to_eleven_wins():
    state = played_with_totals("chiamata-points", (-5, 9, -6, 8, -6))
    assert view(state)["match"]["game_points"] == [-6, 11, -7, 9, -7]
    assert state.is_over and state.match.winner == 1
    assert events(state, "match-over") == [{"type": "match-over", "winner": 1}]


@pytest.mark.rule("chiamata.match.end")
def test_players_level_at_eleven_play_on():
    state = played_with_totals("chiamata-points", (-4, 9, -6, 10, -9))
    assert view(state)["match"]["game_points"] == [-5, 11, -7, 11, -10]
    assert not state.is_over and state.phase == "shuffle"


@pytest.mark.rule("chiamata.match.end")
def test_a_match_of_five_deals_goes_to_the_highest_total():
    state = played_with_totals("chiamata", (3, 0, -1, 0, -2), hands_played=4)
    # after the fifth deal seats 0 and 1 are level at 2: one more deal
    assert view(state)["match"]["game_points"] == [2, 2, -2, 1, -3]
    assert not state.is_over
    state = played_with_totals("chiamata", (4, 0, -1, 0, -3), hands_played=4)
    assert state.is_over and state.match.winner == 0
    state = played_with_totals("chiamata", (4, 0, -1, 0, -3), hands_played=3)
    assert not state.is_over
