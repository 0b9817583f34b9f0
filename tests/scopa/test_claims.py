"""Chiamarsi fuori: claiming the match mid-hand (rules scopa.match.claim,
scopa.match.claim-right, scopa.match.claim-wrong), and its action on the
wire. P-SCO's thresholds for two players: 21 cards, 6 coins, a prime that
cannot be beaten.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.conformance.protocol.actions import malformed
from regola.reference import apply, initial_state, view
from regola.reference.fishing.claims import secured_points

from .helpers import ALL_CARDS, capture, events, legal, play, rejects, ruleset, start

HANDS = {1: ["7s", "2b", "3b"], 0: ["4d", "6c", "Hs"]}
TABLE = ["7d", "Kc", "Js", "5b"]


@pytest.fixture
def fuori():
    return ruleset("scopa-fuori")


def with_points(state, points):
    return replace(state, match=replace(state.match, points=tuple(points)))


def settebello_taken(rules, points):
    """Seat 1 takes the Seven of coins with his Seven; seat 0 lays a card."""
    state = with_points(start(rules, HANDS, TABLE), points)
    state = capture(state, 1, "7s", "7d")
    return play(state, 0, "4d")


@pytest.mark.rule("scopa.match.claim")
@pytest.mark.rule("scopa.match.claim-right")
def test_a_right_claim_wins(fuori):
    # 10 points from earlier hands + the settebello, certain: 11.
    state = settebello_taken(fuori, [0, 10])
    assert legal(state)[-1] == {"type": "claim", "seat": 1}
    over = apply(state, {"type": "claim", "seat": 1})
    (claim,) = events(over, "claim")
    assert (claim["secured"], claim["target"], claim["right"]) == (11, 11, True)
    assert over.is_over and view(over)["match"]["winner"] == 1
    assert "scopa.match.claim-right" in over.rules


@pytest.mark.rule("scopa.match.claim")
@pytest.mark.rule("scopa.match.claim-wrong")
def test_a_wrong_claim_loses(fuori):
    state = settebello_taken(fuori, [0, 9])
    over = apply(state, {"type": "claim", "seat": 1})
    (claim,) = events(over, "claim")
    assert (claim["secured"], claim["right"]) == (10, False)
    assert view(over)["match"]["winner"] == 0
    assert "scopa.match.claim-wrong" in over.rules
    assert rejects(over, {"type": "claim", "seat": 0}) == "scopa.match.end"


@pytest.mark.rule("scopa.match.claim")
@pytest.mark.rule("scopa.play.turn")
@pytest.mark.rule("scopa.play.phase")
def test_a_claim_is_made_on_ones_turn_in_a_variant_that_plays_it(fuori):
    state = start(fuori, HANDS, TABLE)
    assert rejects(state, {"type": "claim", "seat": 0}) == "scopa.play.turn"
    assert rejects(initial_state(fuori), {"type": "claim", "seat": 1}) == "scopa.play.phase"
    plain = start(ruleset("scopa-2"), HANDS, TABLE)
    assert all(a["type"] != "claim" for a in legal(plain))
    assert rejects(plain, {"type": "claim", "seat": 1}) == "scopa.play.phase"


def piles_state(rules, side0, side1):
    state = start(rules, HANDS, TABLE)
    return replace(state, captured=(tuple(side0), tuple(side1)), scope=(0, 0))


NO_COINS = [c for c in ALL_CARDS if not c.endswith("d")]


@pytest.mark.rule("scopa.match.claim")
def test_most_cards_is_certain_from_21(fuori):
    # 21 cards against 5, 14 still in play: 21 > 5 + 14. With 20, 20 = 5 + 15.
    side0 = NO_COINS[21:26]
    assert secured_points(piles_state(fuori, side0, NO_COINS[:21]), 1) == 1
    assert secured_points(piles_state(fuori, side0, NO_COINS[:20]), 1) == 0


@pytest.mark.rule("scopa.match.claim")
def test_most_coins_is_certain_from_6(fuori):
    # Ace to Six of coins (no Seven) against none: 6 > 0 + 4.
    coins = ["Ad", "2d", "3d", "4d", "5d", "6d"]
    assert secured_points(piles_state(fuori, [], coins), 1) == 1
    assert secured_points(piles_state(fuori, [], coins[:5]), 1) == 0


@pytest.mark.rule("scopa.match.claim")
def test_an_unbeatable_prime_is_certain(fuori):
    # Every Seven (84): nobody else can make more than four Sixes (72). The
    # settebello and the coins point do not come with it (1 coin of 10).
    sevens = ["7d", "7c", "7s", "7b"]
    assert secured_points(piles_state(fuori, [], sevens), 1) == 1 + 1  # primiera, settebello
    # Three Sevens and no batons: no primiera yet, and batons remain in play.
    assert secured_points(piles_state(fuori, [], sevens[1:]), 1) == 0


@pytest.mark.rule("scopa.match.claim")
def test_the_claim_action_on_the_wire():
    assert malformed({"type": "claim", "seat": 1}) is None
    assert "needs the field 'seat'" in malformed({"type": "claim"})
    assert "has no field 'card'" in malformed({"type": "claim", "seat": 1, "card": "7d"})
