"""The match (rules scopa.match.*)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.reference import initial_state, view
from regola.reference.fishing.match import update_match
from regola.reference.fishing.state import FishingMatch, FishingResult

from .helpers import (
    capture,
    deck_for,
    events,
    play,
    rejects,
    shuffle,
    small_pack,
    start,
)


def hand_result(points):
    n = len(points)
    zeros = tuple(0 for _ in range(n))
    return FishingResult(
        cards=zeros, coins=zeros, primiera=(None,) * n, scope=zeros,
        categories={}, napola=zeros, napoleone=None, points=tuple(points),
    )


def after_hand(rules, before, points):
    state = replace(initial_state(rules), match=FishingMatch(points=tuple(before)))
    return update_match(state, hand_result(points))


@pytest.mark.rule("scopa.match.end")
@pytest.mark.parametrize(
    "before, points, total, over, winner",
    [
        ((9, 3), (1, 1), (10, 4), False, None),  # nobody at 11
        ((10, 9), (1, 1), (11, 10), True, 0),  # 11 and ahead
        ((10, 10), (1, 1), (11, 11), False, None),  # both at 11, tied: play on
        ((11, 11), (1, 0), (12, 11), True, 0),  # the tie is broken
        ((10, 8), (3, 4), (13, 12), True, 0),  # both reach 11: the higher wins
        ((10, 8), (1, 4), (11, 12), True, 1),
    ],
)
def test_first_to_eleven_ahead_of_everyone(two, before, points, total, over, winner):
    match = after_hand(two, before, points)
    assert match.points == total and match.over is over and match.winner == winner


@pytest.mark.rule("scopa.match.end")
def test_three_players_a_tie_at_the_top_plays_on(three):
    match = after_hand(three, (10, 10, 12), (2, 2, 0))
    assert match.points == (12, 12, 12) and not match.over
    match = after_hand(three, (10, 10, 5), (3, 2, 7))
    assert match.points == (13, 12, 12) and match.winner == 0


# Ten cards; the first hand is the one of test_sweep: seat 0 takes 6 cards
# and a scopa (2 points), seat 1 the coins 2-1 and the settebello (2 points);
# neither holds all four suits, so nobody has a primiera.
PACK = ["Jd", "7d", "2d", "Hs", "6s", "2s", "Jc", "Hc", "7c", "6c"]
TABLE = ["Jc", "Hc", "7c", "6c"]


@pytest.mark.rule("scopa.match.end")
@pytest.mark.rule("scopa.match.next-dealer")
def test_the_match_goes_on_past_eleven_while_tied():
    rules = small_pack("scopa-2", PACK)
    state = start(rules, {1: ["Jd", "7d", "2d"], 0: ["Hs", "6s", "2s"]}, TABLE)
    state = replace(state, match=FishingMatch(points=(10, 10)))
    state = capture(state, 1, "Jd", "Jc")
    state = capture(state, 0, "Hs", "Hc")
    state = capture(state, 1, "7d", "7c")
    state = capture(state, 0, "6s", "6c")
    state = play(state, 1, "2d")
    state = capture(state, 0, "2s", "2d")
    (over,) = events(state, "hand-over")
    assert over["points"] == [2, 2]
    v = view(state)
    assert v["match"] == {"points": [12, 12], "hands_played": 1, "over": False, "winner": None}
    assert v["phase"] == "shuffle" and v["dealer"] == 1 and v["hand_number"] == 1
    assert events(state, "match-over") == []
    # Second hand, dealt by seat 1, so seat 0 plays first and, worked by
    # hand, takes six cards, two coins and the settebello: 3 points to 0.
    hands = {0: ["Jd", "7d", "6s"], 1: ["2d", "Hs", "2s"]}
    state = shuffle(state, deck_for(rules, hands, TABLE, dealer=1))
    assert view(state)["to_move"] == 0
    state = capture(state, 0, "Jd", "Jc")
    state = play(state, 1, "2d")
    state = capture(state, 0, "7d", "7c")
    state = capture(state, 1, "2s", "2d")
    state = capture(state, 0, "6s", "6c")
    state = capture(state, 1, "Hs", "Hc")
    (over,) = events(state, "hand-over")
    assert over["points"] == [3, 0]
    (end,) = events(state, "match-over")
    assert end["winner"] == 0
    v = view(state)
    assert v["match"] == {"points": [15, 12], "hands_played": 2, "over": True, "winner": 0}
    assert v["phase"] == "over" and state.is_over
    assert rejects(state, {"type": "shuffle", "deck": PACK}) == "scopa.match.end"


@pytest.mark.rule("scopa.match.end")
def test_option_a_single_hand():
    rules = small_pack("scopa-2", PACK, match__kind="single")
    state = start(rules, {1: ["Jd", "7d", "2d"], 0: ["Hs", "6s", "2s"]}, TABLE)
    for move in (("Jd", "Jc"), ("Hs", "Hc"), ("7d", "7c"), ("6s", "6c")):
        state = capture(state, view(state)["to_move"], *move)
    state = play(state, 1, "2d")
    state = capture(state, 0, "2s", "2d")
    assert state.is_over and view(state)["match"]["winner"] is None  # 2 points each


@pytest.mark.rule("scopa.deal.fresh-hand")
def test_a_new_hand_starts_with_nothing_of_the_last():
    # the first hand of the ten-card pack: seat 0 takes six cards and a scopa
    rules = small_pack("scopa-2", PACK)
    state = start(rules, {1: ["Jd", "7d", "2d"], 0: ["Hs", "6s", "2s"]}, TABLE)
    state = capture(state, 1, "Jd", "Jc")
    state = capture(state, 0, "Hs", "Hc")
    state = capture(state, 1, "7d", "7c")
    state = capture(state, 0, "6s", "6c")
    state = play(state, 1, "2d")
    state = capture(state, 0, "2s", "2d")
    ended = view(state)
    assert ended["scope"] == [1, 0] and all(ended["captured"])
    # the second hand is dealt: no pile, scopa or last capture is left of the first
    state = shuffle(state, deck_for(rules, {0: ["Jd", "7d", "6s"], 1: ["2d", "Hs", "2s"]}, TABLE, dealer=1))
    dealt = view(state)
    assert "scopa.deal.fresh-hand" in state.rules
    assert dealt["captured"] == [[], []] and dealt["scope"] == [0, 0] and dealt["last_capture"] is None
    assert dealt["match"]["points"] == list(ended["match"]["points"])
