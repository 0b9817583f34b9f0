"""Schembil's captain view (P-BRI): once the stock is exhausted each team's
captain, and only he, sees the hand of his next partner in play order.
Seats 0, 2, 4 play against 1, 3, 5; the captains are seats 0 and 1, who see
seats 2 and 3."""

from __future__ import annotations

import random

import pytest
from regola.reference import apply, legal_actions, new_game, shuffled_deck, view
from regola.spec import SpecError, load


def play_until_stock_is_out(seed: int):
    ruleset = load("schembil")
    rng = random.Random(seed)
    state = new_game(ruleset, shuffled_deck(ruleset, rng))
    before = []
    while state.stock or state.indicator is not None:
        before.append(state)
        state = apply(state, legal_actions(state)[0])
    return before, state


def seen(state, seat: int) -> list[int]:
    return [s for s, hand in enumerate(view(state, seat)["hands"]) if hand is not None]


@pytest.mark.rule("briscola.info.captain-view")
def test_only_the_captains_see_one_partner_once_the_stock_is_out():
    before, state = play_until_stock_is_out(7)
    assert "briscola.info.captain-view" in state.rules
    assert "briscola.info.partner-view" not in state.rules
    # the stock ran out at the end of the third trick: 36 - 18 dealt = 18 = 3 rounds of 6
    assert state.tricks_played == 3 and all(len(h) == 3 for h in state.hands)
    assert [seen(state, s) for s in range(6)] == [[0, 2], [1, 3], [2], [3], [4], [5]]
    # the hands seen are the partners' real hands
    assert view(state, 0)["hands"][2] == list(state.hands[2])
    # until then nobody saw anything but his own hand
    for earlier in before:
        if earlier.phase == "play":
            assert all(seen(earlier, s) == [s] for s in range(6))


@pytest.mark.rule("briscola.info.captain-view")
def test_the_captain_keeps_the_view_to_the_end_of_the_hand():
    _, state = play_until_stock_is_out(11)
    while state.phase == "play" and any(state.hands):
        assert seen(state, 0) == [0, 2] and seen(state, 4) == [4]
        state = apply(state, legal_actions(state)[0])


@pytest.mark.rule("briscola.info.captain-view")
def test_briscola_for_six_lets_nobody_see_a_partner():
    ruleset = load("briscola-6")
    assert ruleset.information.partner_view == "never"
    state = new_game(ruleset, shuffled_deck(ruleset, random.Random(7)))
    while state.stock or state.indicator is not None:
        state = apply(state, legal_actions(state)[0])
    assert all(seen(state, s) == [s] for s in range(6))


@pytest.mark.rule("briscola.info.captain-view")
def test_a_captain_needs_teams():
    with pytest.raises(SpecError, match="information.partner_view needs partnerships"):
        load("briscola-3", {"information.partner_view": "captain-stock-exhausted"})
