"""Counting a hand and deciding it (rules briscola.score.*).

The hands are in ``hands.py``, each trick and total worked out by hand.
"""

from __future__ import annotations

import pytest
from regola.reference import view

from .hands import (
    FOUR_PARTNERS,
    SLAM,
    THREE_PLURALITY,
    THREE_TIE,
    TIE_EVEN,
    TIE_MORE_CARDS_1,
    WIN_61,
    WIN_91,
    to_spanish,
)
from .helpers import play_script, result, ruleset

TIERS = [
    {"min_points": 0, "game_points": 1},
    {"min_points": 91, "game_points": 2},
    {"min_points": 120, "game_points": 3},
]


def single(variant: str = "briscola-2", **options):
    return ruleset(variant, match__kind="single", **options)


@pytest.mark.rule("briscola.score.count")
def test_two_players_count_their_tricks():
    state = play_script(single(), WIN_61)
    assert result(state)["points"] == [59, 61]
    assert result(state)["cards"] == [20, 20]
    assert "briscola.score.count" in state.rules


@pytest.mark.rule("briscola.score.count")
def test_partners_add_up_their_tricks():
    state = play_script(ruleset("briscola-4"), FOUR_PARTNERS)
    v = view(state)
    # per seat 0, 30, 30, 60 (see hands.FOUR_PARTNERS); per side (0, 2) and (1, 3)
    assert v["points"] == [0, 30, 30, 60]
    assert v["result"]["points"] == [30, 90]
    assert v["result"]["cards"] == [8, 32]
    assert v["result"]["winner"] == 1


@pytest.mark.rule("briscola.score.majority")
def test_sixty_one_wins():
    r = result(play_script(single(), WIN_61))
    assert (r["outcome"], r["winner"], r["decided_by"]) == ("win", 1, "majority")
    assert r["game_points"] == [0, 1]


@pytest.mark.rule("briscola.score.majority")
def test_three_players_most_points_wins_below_61():
    state = play_script(ruleset("briscola-3"), THREE_PLURALITY)
    r = result(state)
    assert r["points"] == [30, 48, 42]
    assert (r["outcome"], r["winner"]) == ("win", 1)
    assert r["game_points"] == [0, 1, 0]


@pytest.mark.rule("briscola.score.tie")
def test_sixty_all_is_a_draw_by_default():
    state = play_script(single(), TIE_EVEN)
    r = result(state)
    assert r["points"] == [60, 60]
    assert (r["outcome"], r["winner"], r["game_points"]) == ("draw", None, [0, 0])
    assert "briscola.score.tie" in state.rules


@pytest.mark.rule("briscola.score.tie")
def test_tie_replay_voids_the_hand():
    r = result(play_script(single(hand_scoring__tie="replay"), TIE_EVEN))
    assert (r["outcome"], r["winner"], r["game_points"]) == ("void", None, [0, 0])


@pytest.mark.rule("briscola.score.tie")
def test_tie_last_trick():
    # seat 0 takes the last trick in both hands
    r = result(play_script(single(hand_scoring__tie="last-trick"), TIE_EVEN))
    assert (r["outcome"], r["winner"], r["decided_by"]) == ("win", 0, "last-trick")
    r = result(play_script(single(hand_scoring__tie="last-trick"), TIE_MORE_CARDS_1))
    assert (r["outcome"], r["winner"]) == ("win", 0)


@pytest.mark.rule("briscola.score.tie")
def test_tie_more_cards():
    r = result(play_script(single(hand_scoring__tie="more-cards"), TIE_MORE_CARDS_1))
    assert r["cards"] == [18, 22]
    assert (r["outcome"], r["winner"], r["decided_by"]) == ("win", 1, "more-cards")
    # 20 cards each: the tiebreak does not separate them, so it is a draw
    r = result(play_script(single(hand_scoring__tie="more-cards"), TIE_EVEN))
    assert (r["outcome"], r["winner"]) == ("draw", None)


@pytest.mark.rule("briscola.score.tie")
def test_brisca_breaks_ties_by_cards():
    brisca = ruleset("brisca-2")
    r = result(play_script(brisca, to_spanish(TIE_MORE_CARDS_1)))
    assert (r["outcome"], r["winner"], r["decided_by"]) == ("win", 1, "more-cards")


@pytest.mark.rule("briscola.score.tie")
def test_three_players_tie_between_two():
    # seats 1 and 2 tie at 45; seat 0 (30) took the last trick
    r = result(play_script(single("briscola-3"), THREE_TIE))
    assert r["points"] == [30, 45, 45]
    assert (r["outcome"], r["winner"]) == ("draw", None)
    # the last trick went to a player outside the tie: still a draw
    r = result(play_script(single("briscola-3", hand_scoring__tie="last-trick"), THREE_TIE))
    assert (r["outcome"], r["winner"]) == ("draw", None)
    # seat 1 took 18 cards, seat 2 twelve
    r = result(play_script(single("briscola-3", hand_scoring__tie="more-cards"), THREE_TIE))
    assert (r["outcome"], r["winner"], r["game_points"]) == ("win", 1, [0, 1, 0])


@pytest.mark.rule("briscola.score.game-points")
@pytest.mark.parametrize(
    ("script", "points", "game_points"),
    [(WIN_61, 61, 1), (WIN_91, 91, 2), (SLAM, 120, 3)],
)
def test_game_point_tiers(script, points, game_points):
    r = result(play_script(single(hand_scoring__game_points=TIERS), script))
    assert r["points"][1] == points
    assert r["game_points"] == [0, game_points]


@pytest.mark.rule("briscola.score.game-points")
def test_plain_game_scores_one_and_a_draw_nothing():
    assert result(play_script(single(), SLAM))["game_points"] == [0, 1]
    assert result(play_script(single(hand_scoring__game_points=TIERS), TIE_EVEN))["game_points"] == [0, 0]


@pytest.mark.rule("briscola.score.game-points")
def test_a_winner_below_the_first_tier_scores_the_first_row():
    # A table that starts at 61: a 60-60 hand won on the last trick, or a
    # three-player hand won with 48, still scores the lowest row.
    tiers = [{"min_points": 61, "game_points": 1}, {"min_points": 91, "game_points": 2}]
    r = result(play_script(single(hand_scoring__tie="last-trick", hand_scoring__game_points=tiers), TIE_EVEN))
    assert (r["winner"], r["game_points"]) == (0, [1, 0])
    r = result(play_script(single("briscola-3", hand_scoring__game_points=tiers), THREE_PLURALITY))
    assert (r["winner"], r["game_points"]) == (1, [0, 1, 0])
