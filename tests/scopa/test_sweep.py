"""Sweeps and the end of the hand (rules scopa.sweep*, scopa.end.leftovers).

The short hands here are played with a reduced pack (the variant's
``deck.removed`` option) so that every card of the hand is worked by hand.
"""

from __future__ import annotations

import pytest
from regola.reference import view

from .helpers import capture, events, legal, play, small_pack, start


@pytest.mark.rule("scopa.sweep")
def test_clearing_the_table_is_a_scopa(two):
    # A + 2 + 3 + 4 = 10: the King takes the four table cards.
    state = start(two, {1: ["Kd", "5d", "6d"], 0: ["5s", "6s", "7s"]}, ["Ac", "2c", "3c", "4c"])
    assert [a["take"] for a in legal(state) if a["card"] == "Kd"] == [["Ac", "2c", "3c", "4c"]]
    state = capture(state, 1, "Kd", "Ac", "2c", "3c", "4c")
    (event,) = events(state, "capture")
    assert event == {"type": "capture", "seat": 1, "card": "Kd", "take": ["Ac", "2c", "3c", "4c"], "scopa": True}
    v = view(state)
    assert v["table"] == [] and v["scope"] == [0, 1]
    assert "scopa.sweep" in state.rules
    # The next player plays to an empty table: nothing can be captured.
    assert legal(state) == [{"type": "play", "seat": 0, "card": c} for c in ["5s", "6s", "7s"]]


# Ten cards: Scopa for two with no stock. The hand, worked by hand:
#  1. seat 1 Jd takes Jc        table Hc 7c 6c
#  2. seat 0 Hs takes Hc        table 7c 6c
#  3. seat 1 7d takes 7c        table 6c
#  4. seat 0 6s takes 6c        table empty: a scopa for seat 0
#  5. seat 1 lays 2d            table 2d
#  6. seat 0 2s takes 2d        table empty with the last card of the hand
SWEEP_HAND = {1: ["Jd", "7d", "2d"], 0: ["Hs", "6s", "2s"]}
SWEEP_TABLE = ["Jc", "Hc", "7c", "6c"]


def play_sweep_hand(rules):
    state = start(rules, SWEEP_HAND, SWEEP_TABLE)
    state = capture(state, 1, "Jd", "Jc")
    state = capture(state, 0, "Hs", "Hc")
    state = capture(state, 1, "7d", "7c")
    state = capture(state, 0, "6s", "6c")
    assert view(state)["scope"] == [1, 0]
    state = play(state, 1, "2d")
    return capture(state, 0, "2s", "2d")


@pytest.mark.rule("scopa.sweep.last-play")
def test_a_sweep_with_the_last_card_is_no_scopa():
    rules = small_pack("scopa-2", [*SWEEP_HAND[0], *SWEEP_HAND[1], *SWEEP_TABLE])
    state = play_sweep_hand(rules)
    (event,) = events(state, "capture")
    assert event["scopa"] is False
    assert "scopa.sweep.last-play" in state.rules
    assert events(state, "leftovers") == []
    (over,) = events(state, "hand-over")
    assert over["scope"] == [1, 0]


@pytest.mark.rule("scopa.sweep.last-play-counts")
def test_option_the_last_card_sweep_counts():
    rules = small_pack("scopa-2", [*SWEEP_HAND[0], *SWEEP_HAND[1], *SWEEP_TABLE], capture__last_play_scopa=True)
    state = play_sweep_hand(rules)
    (event,) = events(state, "capture")
    assert event["scopa"] is True
    assert "scopa.sweep.last-play-counts" in state.rules
    (over,) = events(state, "hand-over")
    assert over["scope"] == [2, 0]


# Ten cards again: seat 1 captures last, seat 0 lays the last card.
#  1. seat 1 Jd takes Jc        table Hc 7c 6c
#  2. seat 0 lays Ks            table Hc 7c 6c Ks (no King, no set worth 10)
#  3. seat 1 Hd takes Hc        table 7c 6c Ks
#  4. seat 0 lays 5s            table 7c 6c Ks 5s
#  5. seat 1 Kd takes Ks        table 7c 6c 5s
#  6. seat 0 lays 4s            table 6c 7c 4s 5s -> to seat 1, the last capturer
@pytest.mark.rule("scopa.end.leftovers")
def test_the_cards_left_go_to_the_last_capturer():
    hands = {1: ["Jd", "Hd", "Kd"], 0: ["Ks", "5s", "4s"]}
    table = ["Jc", "Hc", "7c", "6c"]
    rules = small_pack("scopa-2", [*hands[0], *hands[1], *table])
    state = start(rules, hands, table)
    state = capture(state, 1, "Jd", "Jc")
    state = play(state, 0, "Ks")
    state = capture(state, 1, "Hd", "Hc")
    state = play(state, 0, "5s")
    state = capture(state, 1, "Kd", "Ks")
    state = play(state, 0, "4s")
    (left,) = events(state, "leftovers")
    assert left == {"type": "leftovers", "seat": 1, "side": 1, "cards": ["6c", "7c", "4s", "5s"]}
    assert "scopa.end.leftovers" in state.rules
    v = view(state)
    assert v["table"] == []
    assert v["captured"] == [[], ["Jd", "Hd", "Kd", "6c", "7c", "Jc", "Hc", "4s", "5s", "Ks"]]
    assert v["scope"] == [0, 0]
    assert events(state, "capture") == []


# Scopa for four with sixteen cards; partners 0 and 2 against 1 and 3.
#  1. s1 lays Kd        2. s2 Ks takes Kd     3. s3 Jd takes Jc     4. s0 lays Kb
#  5. s1 Kc takes Kb    6. s2 Hd takes Hc     7. s3 7d takes 7c     8. s0 lays Js
#  9. s1 lays Hs       10. s2 lays 5s        11. s3 6s takes 6c    12. s0 lays 4s
# Left on the table: 4s 5s Js Hs, to seat 3's side (seats 1 and 3).
@pytest.mark.rule("scopa.end.leftovers")
def test_in_partnership_the_leftovers_go_to_the_capturer_s_side():
    hands = {1: ["Kd", "Kc", "Hs"], 2: ["Ks", "Hd", "5s"], 3: ["Jd", "7d", "6s"], 0: ["Kb", "Js", "4s"]}
    table = ["Jc", "Hc", "7c", "6c"]
    rules = small_pack("scopa-4", [c for h in hands.values() for c in h] + table)
    state = start(rules, hands, table)
    state = play(state, 1, "Kd")
    state = capture(state, 2, "Ks", "Kd")
    state = capture(state, 3, "Jd", "Jc")
    state = play(state, 0, "Kb")
    state = capture(state, 1, "Kc", "Kb")
    state = capture(state, 2, "Hd", "Hc")
    state = capture(state, 3, "7d", "7c")
    state = play(state, 0, "Js")
    state = play(state, 1, "Hs")
    state = play(state, 2, "5s")
    state = capture(state, 3, "6s", "6c")
    state = play(state, 0, "4s")
    (left,) = events(state, "leftovers")
    assert left == {"type": "leftovers", "seat": 3, "side": 1, "cards": ["4s", "5s", "Js", "Hs"]}
    v = view(state)
    assert sorted(v["captured"][0]) == sorted(["Ks", "Kd", "Hd", "Hc"])
    assert len(v["captured"][1]) == 12
    (over,) = events(state, "hand-over")
    assert over["cards"] == [4, 12]
