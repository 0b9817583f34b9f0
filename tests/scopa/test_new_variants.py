"""The lexicographic primiera (scopa.score.primiera-lexicographic), the 7-0
cappotto (scopa.match.cappotto) and Scopa d'Assi as a named variant
(scopa.capture.ace-takes-all), with every outcome counted by hand.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.reference import initial_state, random_playout, view
from regola.reference.fishing.match import update_match
from regola.reference.fishing.scoring import score_hand

from .helpers import capture, captures_of, ruleset, start


def primes(rules, side0, side1):
    state = replace(initial_state(rules), captured=(tuple(side0), tuple(side1)), scope=(0, 0))
    result, used = score_hand(state)
    return result.to_json(), used


@pytest.mark.rule("scopa.score.primiera-lexicographic")
@pytest.mark.rule("scopa.score.primiera")
def test_the_first_difference_decides():
    lex = ruleset("scopa-2", hand_scoring__scopa__primiera__scale="lexicographic")
    # A Seven and three Twos against four Sixes: 7 beats 6 at once, although
    # the usual sum is 21 + 3 * 12 = 57 against 72.
    side0, side1 = ["7d", "2c", "2s", "2b"], ["6d", "6c", "6s", "6b"]
    result, used = primes(lex, side0, side1)
    assert result["primiera"] == [["7", "2", "2", "2"], ["6", "6", "6", "6"]]
    assert result["categories"]["primiera"] == 0
    assert "scopa.score.primiera-lexicographic" in used
    standard, _ = primes(ruleset("scopa-2"), side0, side1)
    assert standard["primiera"] == [57, 72] and standard["categories"]["primiera"] == 1


@pytest.mark.rule("scopa.score.primiera-lexicographic")
@pytest.mark.rule("scopa.score.tie")
def test_pictures_and_ties():
    lex = ruleset("scopa-2", hand_scoring__scopa__primiera__scale="lexicographic")
    # Side 1's best cards: Horse of coins (above its Jack), Jacks of cups and
    # swords, Seven of batons; side 0's Sevens come first.
    result, _ = primes(lex, ["7d", "7c", "7s", "Kb"], ["Jd", "Hd", "Jc", "Js", "7b"])
    assert result["primiera"] == [["7", "7", "7", "K"], ["7", "H", "J", "J"]]
    assert result["categories"]["primiera"] == 0
    tie, _ = primes(lex, ["7d", "7c", "Hs", "Ab"], ["Ad", "7s", "7b", "Hc"])
    assert tie["primiera"] == [["7", "7", "A", "H"], ["7", "7", "A", "H"]]
    assert tie["categories"]["primiera"] is None
    # a missing suit: no primiera
    short, _ = primes(lex, ["7d", "7c", "7s"], ["2d", "2c", "2s", "2b"])
    assert short["primiera"][0] is None and short["categories"]["primiera"] == 1


@pytest.mark.rule("scopa.match.cappotto")
def test_seven_to_nothing_ends_the_match():
    rules = ruleset("scopa-cappotto")
    state = initial_state(rules)
    result = score_hand(replace(state, captured=((), ()), scope=(0, 0)))[0]
    for before, hand, over, winner in (
        ((0, 0), (7, 0), True, 0),
        ((3, 0), (0, 4), False, None),  # 3-4: nobody at 7
        ((0, 6), (0, 1), True, 1),
        ((0, 1), (7, 0), False, None),  # 7-1 is no cappotto
        ((0, 0), (6, 0), False, None),
    ):
        now = replace(state, match=replace(state.match, points=before))
        got = update_match(now, replace(result, points=hand))
        assert (got.over, got.winner) == (over, winner), (before, hand)
    assert update_match(replace(state, match=replace(state.match, points=(0, 0))),
                        replace(result, points=(7, 0))).over
    plain = initial_state(ruleset("scopa-2"))
    assert not update_match(plain, replace(result, points=(7, 0))).over


@pytest.mark.rule("scopa.match.cappotto")
def test_a_played_match_ends_by_cappotto():
    rules = ruleset("scopa-cappotto")
    ended = 0
    for seed in range(60):
        *_, (_, last) = list(random_playout(rules, seed))
        points = view(last)["match"]["points"]
        if "scopa.match.cappotto" in last.rules:
            ended += 1
            assert max(points) >= 7 and min(points) == 0 and max(points) < 11 + 7
            assert view(last)["match"]["winner"] == points.index(max(points))
        else:
            assert max(points) >= 11
    assert ended >= 1


@pytest.mark.rule("scopa.capture.ace-takes-all")
@pytest.mark.rule("scopa.sweep")
def test_scopa_d_assi_sweeps_without_a_scopa():
    rules = ruleset("scopa-d-assi")
    state = start(rules, {1: ["Ad", "2b", "3b"], 0: ["4d", "6c", "Hs"]}, ["5d", "Kc", "Js", "7b"])
    assert captures_of(state, "Ad") == [["5d", "Kc", "Js", "7b"]]
    after = capture(state, 1, "Ad", "5d", "Kc", "Js", "7b")
    assert view(after)["table"] == [] and view(after)["scope"] == [0, 0]
    assert "scopa.capture.ace-takes-all" in after.rules
