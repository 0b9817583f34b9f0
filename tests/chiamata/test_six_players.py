"""Briscola Chiamata for six (P-CHI): the dealer sits each hand out. The deal
HAND_A of the five-player tests is played by seats 1 to 5 (its seat 0
becomes seat 5) while seat 0 deals and sits out."""

from __future__ import annotations

import random

import pytest
from regola.reference import apply, legal_actions, new_game, shuffled_deck, view

from .helpers import HAND_A, HAND_A_POINTS, act, bid, call, events, pas, play_tricks, rejects, ruleset

MOVED = {0: 5}


def moved(script: list[str]) -> list[str]:
    """HAND_A with its seat 0 seated at 5."""
    def seat(s: str) -> str:
        return str(MOVED.get(int(s), int(s)))

    out = []
    for line in script:
        body, _, win = line.partition(">")
        moves = [seat(m.split(":")[0]) + ":" + m.split(":")[1] for m in body.split()]
        out.append(" ".join(moves) + " > " + seat(win.strip()))
    return out


SCRIPT = moved(HAND_A)


def deck_sitting_out(script: list[str]) -> list[str]:
    """The deck order that deals the scripted hands to seats 1-5 in packets
    of four, seat 1 first, the dealer (seat 0) getting nothing."""
    hands: dict[int, list[str]] = {}
    for line in script:
        for m in line.partition(">")[0].split():
            s, c = m.split(":")
            hands.setdefault(int(s), []).append(c)
    return [c for start in (0, 4) for s in range(1, 6) for c in hands[s][start : start + 4]]


def fresh():
    return new_game(ruleset("chiamata-6"), deck_sitting_out(SCRIPT))


@pytest.mark.rule("chiamata.seat.dealer-sits-out", "chiamata.deal.whole-pack")
def test_the_dealer_is_dealt_nothing_and_five_get_eight_each():
    state = fresh()
    v = view(state)
    assert v["hand_sizes"] == [0, 8, 8, 8, 8, 8]
    assert "chiamata.seat.dealer-sits-out" in state.rules
    assert state.to_move == 1


@pytest.mark.rule("chiamata.seat.dealer-sits-out", "chiamata.bid.turn")
def test_the_auction_passes_over_the_dealer():
    state = act(fresh(), bid(1, "A"), pas(2), pas(3), pas(4))
    # after seat 5 the turn goes back to seat 1, never to the dealer
    state = act(state, bid(5, "3"))
    assert state.to_move == 1
    assert rejects(state, bid(0, "K")) == "chiamata.bid.turn"
    # four of the five passing ends the auction
    state = act(state, pas(1))
    assert events(state, "auction-won")[0]["seat"] == 5


@pytest.mark.rule("chiamata.seat.dealer-sits-out", "chiamata.score.alone")
def test_five_play_the_hand_and_the_dealer_neither_wins_nor_pays():
    # seat 3 wins with the Ace and calls coins: the Ace of coins is his own
    state = act(fresh(), pas(1), pas(2), bid(3, "A"), pas(4), pas(5), call(3, "d"))
    assert state.contract.alone and state.to_move == 1
    state = play_tricks(state, SCRIPT)  # each trick is complete after five cards
    result = events(state, "hand-over")[0]
    assert result["points"] == [0, *HAND_A_POINTS[1:], HAND_A_POINTS[0]]
    # 62 made alone: +4 for seat 3, -1 for each of the four others in the hand, 0 for the dealer
    assert result["game_points"] == [0, -1, -1, 4, -1, -1]
    # the next hand is dealt by seat 1, who sits it out; seat 2 speaks first
    assert state.dealer == 1


@pytest.mark.rule("chiamata.seat.dealer-sits-out")
def test_everyone_sits_out_in_turn_over_random_matches():
    rules = ruleset("chiamata-6")
    rng = random.Random(3)
    state = new_game(rules, shuffled_deck(rules, rng))
    sat_out = []
    while not state.is_over:
        if state.is_chance:
            state = apply(state, {"type": "shuffle", "deck": list(shuffled_deck(rules, rng))})
            continue
        if state.phase == "bid" and not state.auction.history:
            sat_out.append(state.dealer)
            assert len(state.hands[state.dealer]) == 0
        legal = legal_actions(state)
        assert legal and all(a.seat != state.dealer for a in legal)
        state = apply(state, legal[rng.randrange(len(legal))])
        for hand_over in events(state, "hand-over"):
            if hand_over["outcome"] != "void":
                assert sum(hand_over["game_points"]) == 0
    # six deals that count, one per dealer (void deals are dealt again by the same dealer)
    assert set(sat_out) == set(range(6))


@pytest.mark.rule("chiamata.seat.dealer-sits-out")
def test_sitting_out_needs_a_contract_game_without_teams():
    from regola.spec import SpecError, load

    with pytest.raises(SpecError, match="seating.sits_out = dealer needs an auction"):
        load("briscola-2", {"seating.sits_out": "dealer", "seating.players": 3, "deck.removed": ["2d"]})
    with pytest.raises(SpecError, match="seating.sits_out = dealer needs seating.teams to be empty"):
        load("briscola-4", {"seating.sits_out": "dealer"})
