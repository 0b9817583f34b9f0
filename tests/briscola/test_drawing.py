"""Drawing from the stock after each trick (rules briscola.draw.*)."""

from __future__ import annotations

import pytest
from regola.reference import new_game, view

from .hands import FOUR_PARTNERS, SLAM, THREE_PLURALITY
from .helpers import (
    events,
    parse_script,
    play,
    plays,
    ruleset,
    script_deck,
    stack,
    start,
)


def draws(state) -> list[tuple[int, str]]:
    return [(e["seat"], e["card"]) for e in state.events if e["type"] in ("draw", "take-indicator")]


@pytest.mark.rule("briscola.draw.order")
def test_two_players_winner_draws_first(two):
    hands = {1: ["Ac", "2d", "3d"], 0: ["2c", "4b", "5d"]}
    # the leader wins: he draws the top card, the loser the next
    state = plays(start(two, hands, "6b", ["Kd", "Hd"]), "1:Ac", "0:2c")
    assert draws(state) == [(1, "Kd"), (0, "Hd")]
    # the follower wins: now he draws first
    state = plays(start(two, hands, "6b", ["Kd", "Hd"]), "1:Ac", "0:4b")
    assert draws(state) == [(0, "Kd"), (1, "Hd")]
    v = view(state)
    assert "Kd" in v["hands"][0] and "Hd" in v["hands"][1]
    assert v["hand_sizes"] == [3, 3] and v["stock_size"] == 31


@pytest.mark.rule("briscola.draw.order")
def test_four_players_draw_from_the_winner_round_the_table(four):
    hands = {1: ["Ad", "2c", "3c"], 2: ["2b", "4c", "5c"], 3: ["Hb", "6c", "7c"], 0: ["Kb", "Jc", "Hc"]}
    stock = ["Ks", "Hs", "Js", "7s"]
    state = plays(start(four, hands, "5b", stock), "1:Ad", "2:2b", "3:Hb", "0:Jc")
    # Hb is the strongest trump: seat 3 wins and draws first, then 0, 1, 2
    assert draws(state) == [(3, "Ks"), (0, "Hs"), (1, "Js"), (2, "7s")]


@pytest.mark.rule("briscola.draw.indicator-last")
@pytest.mark.rule("briscola.draw.exhausted")
def test_two_players_loser_takes_the_indicator_then_play_out(two):
    # SLAM: seat 1 wins every trick, so after trick 17 seat 1 draws the last
    # face-down card (Jb, which it plays in trick 20) and seat 0, the loser,
    # takes the indicator 7b.
    deck = script_deck(two, SLAM)
    assert deck[6] == "7b"
    state = new_game(two, deck)
    tricks = parse_script(SLAM)
    for trick in tricks[:16]:
        for seat, card in trick.moves:
            state = play(state, seat, card)
    v = view(state)
    assert v["stock_size"] == 1 and v["indicator"] == "7b"
    for seat, card in tricks[16].moves:
        state = play(state, seat, card)
    assert draws(state) == [(1, "Jb"), (0, "7b")]
    assert events(state, "take-indicator") == [{"type": "take-indicator", "seat": 0, "card": "7b"}]
    v = view(state)
    assert v["indicator"] is None and v["stock_size"] == 0 and v["trump"] == "b"
    assert v["hand_sizes"] == [3, 3]
    # the last three tricks are played from hand, without drawing
    for number, trick in enumerate(tricks[17:], 18):
        for seat, card in trick.moves:
            state = play(state, seat, card)
        assert draws(state) == []
        if number < 20:
            assert view(state)["hand_sizes"] == [20 - number] * 2
            assert "briscola.draw.exhausted" in state.rules
    assert state.is_over or state.is_chance


@pytest.mark.rule("briscola.draw.indicator-last")
def test_four_players_last_in_drawing_order_takes_the_indicator(four):
    # FOUR_PARTNERS: seat 3 wins trick 7, so seats 3, 0, 1 draw and seat 2
    # takes the indicator Hs (each draws the card it plays in trick 10).
    state = new_game(four, script_deck(four, FOUR_PARTNERS))
    assert view(state)["indicator"] == "Hs"
    for trick in parse_script(FOUR_PARTNERS)[:7]:
        for seat, card in trick.moves:
            state = play(state, seat, card)
    assert draws(state) == [(3, "Ks"), (0, "Hb"), (1, "Kb"), (2, "Hs")]
    assert view(state)["indicator"] is None and view(state)["stock_size"] == 0


@pytest.mark.rule("briscola.draw.indicator-last")
def test_three_players_last_in_drawing_order_takes_the_indicator():
    three = ruleset("briscola-3")
    # THREE_PLURALITY: seat 2 wins trick 10; 2 and 0 draw, seat 1 takes Hb.
    state = new_game(three, script_deck(three, THREE_PLURALITY))
    assert view(state)["indicator"] == "Hb" and view(state)["stock_size"] == 29
    for trick in parse_script(THREE_PLURALITY)[:10]:
        for seat, card in trick.moves:
            state = play(state, seat, card)
    assert draws(state) == [(2, "Jb"), (0, "Kb"), (1, "Hb")]


@pytest.mark.rule("briscola.draw.order")
def test_without_drawing_nobody_draws():
    rules = ruleset("briscola-2", draw__enabled=False, deal__hand_size=20, deal__packets=[20], deal__indicator="none")
    state = new_game(rules, stack(rules))
    v = view(state)
    assert v["hand_sizes"] == [20, 20] and v["stock_size"] == 0
    state = play(state, 1, v["hands"][1][0])
    state = play(state, 0, v["hands"][0][0])
    assert draws(state) == []
    assert view(state)["hand_sizes"] == [19, 19]
