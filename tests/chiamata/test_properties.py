"""Properties of random legal playouts of every Chiamata variant: the auction
always ends, payoffs sum to zero, card points sum to 120, the rules each
step cites hold in the variant, and no seat's view shows what it may not
know."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regola.reference import random_playout, view
from regola.spec import load, rule_ids

VARIANTS = [
    "chiamata", "chiamata-points", "chiamata-low-card", "briscalone", "chiamata-subito-al-due", "chiamata-al-buio",
    "chiamata-6", "chiamata-opening-two", "chiamata-col-monte", "chiamata-col-monte-6", "chiamata-col-monte-7",
]
PROPERTY_RULES = ["chiamata.bid.end", "chiamata.score.payoff", "chiamata.info.secret-partner"]


def auction_bound(rules) -> int:
    """More turns than any auction can take: every player passing between
    any two of the possible bids, and a reopening round."""
    b = rules.bidding
    bids = len(rules.deck.strength) + (b.max_points - b.min_points + 1)
    return rules.seating.players * (bids + 2)


def check_views(state) -> None:
    """chiamata.info.secret-partner: a seat sees its own hand only, and the
    partnership only when it holds the called card or the card is out."""
    contract = state.contract
    for seat in range(state.tables.players):
        v = view(state, seat)
        assert [h is not None for h in v["hands"]] == [s == seat for s in range(state.tables.players)]
        c = v["contract"]
        if contract is None or contract.called is None:
            assert c is None or (c["partner"] is None and c["alone"] is None)
            continue
        knows = contract.revealed or seat == contract.partner
        if knows:
            assert c["alone"] == contract.alone
            assert c["partner"] == (None if contract.alone else contract.partner)
        else:
            assert c["partner"] is None
            assert c["alone"] is (False if seat == contract.bidder else None)


@pytest.mark.rule(*PROPERTY_RULES)
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_keep_the_invariants(variant, seed):
    rules = load(variant)
    holding = set(rule_ids(rules))
    bound = auction_bound(rules)
    bidding_steps = 0
    for step, (_, state) in enumerate(random_playout(rules, seed, max_hands=3)):
        assert set(state.rules) <= holding, set(state.rules) - holding
        if state.phase == "bid":
            bidding_steps += 1
            assert bidding_steps <= bound, "the auction did not end"
        else:
            bidding_steps = 0
        if step % 7 == 0 or state.phase == "call":
            check_views(state)
        for event in state.events:
            if event["type"] == "hand-over":
                assert sum(event["game_points"]) == 0
                assert sum(event["points"]) == 120
                assert event["outcome"] in ("made", "defeated")
                side = [event["contract"]["bidder"]] + (
                    [] if event["contract"]["alone"] else [event["contract"]["partner"]]
                )
                assert event["contract"]["side_points"] == sum(event["points"][s] for s in side)
    assert state.is_over or state.hand_number >= 3
