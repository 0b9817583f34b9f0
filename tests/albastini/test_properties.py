"""Properties of random legal playouts of every Albastini variant: the bids
always end, only the dealer's opponents bid and each in a new suit, the
card points add up to 120 (less the trump card left on the table with five
players), victory points follow the thresholds, the winner deals next, and
the rules each step cites hold in the variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regola.reference import random_playout
from regola.spec import load, rule_ids

VARIANTS = [
    "albastini-2", "albastini-3", "albastini-4", "albastini-4-teams",
    "albastini-5", "albastini-6-teams-of-2", "albastini-6-teams-of-3",
]
PROPERTY_RULES = ["albastini.bid.dealer-side", "albastini.bid.distinct-suit", "albastini.score.victory-points"]


def expected_victory_points(points: list[int], threshold: int) -> list[int]:
    """From the rules text: the sole highest side scores 1, or 2 if any
    other side took under the threshold; a tie for the highest scores 0."""
    best = max(points)
    if points.count(best) > 1:
        return [0] * len(points)
    winner = points.index(best)
    low = any(p < threshold for i, p in enumerate(points) if i != winner)
    return [(2 if low else 1) if i == winner else 0 for i in range(len(points))]


@pytest.mark.rule(*PROPERTY_RULES)
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_keep_the_invariants(variant, seed):
    rules = load(variant)
    holding = set(rule_ids(rules))
    tables_points = {r.id: r.points for r in rules.deck.ranks}
    sides = rules.seating.sides()
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    previous = None
    bid_steps = 0
    for _, state in random_playout(rules, seed, max_hands=4):
        assert set(state.rules) <= holding, set(state.rules) - holding
        bid_steps = bid_steps + 1 if state.phase == "bid" else 0
        assert bid_steps <= rules.seating.players, "the bids did not end"
        if state.auction is not None and state.phase == "bid":
            history = state.auction.history
            assert all(side_of[b.seat] != side_of[state.dealer] for b in history)
            suits = [b.card[-1] for b in history if b.kind == "bid"]
            assert len(suits) == len(set(suits))
        for event in state.events:
            if event["type"] != "hand-over":
                continue
            left = tables_points[state.indicator[:-1]] if state.indicator else 0
            assert sum(event["points"]) == 120 - left
            assert left == 0 or not rules.draw.take_indicator
            assert event["game_points"] == expected_victory_points(event["points"], rules.hand_scoring.double_below)
            if not state.is_over:
                winner = event["winner"]
                dealer = previous.dealer
                if winner is None:
                    assert state.dealer == dealer
                else:
                    assert state.dealer in sides[winner]
        previous = state
