"""Scopa Corse (P-SCO): 36 cards without the Twos, capturing never
compulsory, and the last deal sharing out the rest (rules
scopa.deal.last-deal, scopa.capture.optional, scopa.deck.composition).
"""

from __future__ import annotations

import random

import pytest
from regola.reference import apply, legal_actions, new_game, view

from .helpers import cards_of, capture, captures_of, events, play, ruleset, start


@pytest.fixture
def corse():
    return ruleset("scopa-corse")


@pytest.mark.rule("scopa.deck.composition")
def test_thirty_six_cards_without_twos(corse):
    pack = cards_of(corse)
    assert len(pack) == 36 and not any(c.startswith("2") for c in pack)


@pytest.mark.rule("scopa.deal.last-deal")
@pytest.mark.rule("scopa.deal.refill")
def test_hands_of_three_three_three_three_and_four(corse):
    # 36 - 4 on the table = 32 = 2 x 16; deals of 3 while 12 or more remain
    # (26, 20, 14), then the last 8 shared out: 4 each.
    rng = random.Random(7)
    deck = cards_of(corse)
    rng.shuffle(deck)
    state = new_game(corse, deck)
    sizes = [len(view(state)["hands"][1])]
    stock = [view(state)["stock_size"]]
    last_deal_seen = False
    while view(state)["phase"] == "play":
        state = apply(state, rng.choice(legal_actions(state)))
        for e in events(state, "deal"):
            sizes.append(len(e["hands"][1]))
            stock.append(e["stock_size"])
            assert len(e["hands"][0]) == len(e["hands"][1])
        last_deal_seen = last_deal_seen or "scopa.deal.last-deal" in state.rules
    assert sizes == [3, 3, 3, 3, 4]
    assert stock == [26, 20, 14, 8, 0]
    assert last_deal_seen


@pytest.mark.rule("scopa.capture.optional")
@pytest.mark.rule("scopa.capture.lay")
def test_a_card_that_can_capture_may_be_laid(corse):
    state = start(corse, {1: ["5d", "Ab", "3b"], 0: ["4d", "6c", "Hs"]}, ["5c", "Kd", "Js", "Hb"])
    assert captures_of(state, "5d") == [["5c"]]
    laid = play(state, 1, "5d")
    assert "5d" in view(laid)["table"] and "scopa.capture.optional" in laid.rules
    took = capture(state, 1, "5d", "5c")
    assert "5c" not in view(took)["table"]
