"""Scoring a hand (rules scopa.score.*).

Each test hands the scorer the captured piles of a finished hand and checks
the categories against values counted by hand from the rules text.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from regola.reference import initial_state
from regola.reference.fishing.scoring import score_hand

from .helpers import ALL_CARDS, ruleset


def scored(rules, piles, scope=None):
    state = initial_state(rules)
    state = replace(
        state,
        captured=tuple(tuple(p) for p in piles),
        scope=tuple(scope or [0] * len(piles)),
    )
    result, rules_used = score_hand(state)
    return result.to_json(), rules_used


def rest(*piles):
    """The cards of the pack in none of ``piles``."""
    taken = {c for p in piles for c in p}
    return [c for c in ALL_CARDS if c not in taken]


COINS = [r + "d" for r in "A234567JHK"]


@pytest.mark.rule("scopa.score.cards")
@pytest.mark.rule("scopa.score.coins")
@pytest.mark.rule("scopa.score.settebello")
@pytest.mark.rule("scopa.score.primiera")
@pytest.mark.rule("scopa.score.scopas")
def test_every_category_to_one_side(two):
    # Side 0: all ten coins, the other three 7s and 6s, Aces and 5s: 22 cards,
    # primiera 7+7+7+7 = 84. Side 1: the rest, 18 cards, no coins at all, so
    # no primiera. Sweeps 2 and 1.
    side0 = COINS + ["7c", "7s", "7b", "6c", "6s", "6b", "Ac", "As", "Ab", "5c", "5s", "5b"]
    side1 = rest(side0)
    result, used = scored(two, [side0, side1], scope=[2, 1])
    assert result["cards"] == [22, 18]
    assert result["coins"] == [10, 0]
    assert result["primiera"] == [84, None]
    assert result["categories"] == {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0}
    assert result["scope"] == [2, 1]
    assert result["points"] == [4 + 2, 1]
    for rule in ("scopa.score.cards", "scopa.score.coins", "scopa.score.settebello",
                 "scopa.score.primiera", "scopa.score.scopas"):
        assert rule in used
    assert "scopa.score.tie" not in used


@pytest.mark.rule("scopa.score.tie")
def test_tied_categories_score_nothing(two):
    # Side 0 takes A-5 of coins and cups and 6-K of swords and batons; side 1
    # the other halves. 20 cards and 5 coins each; primiera 16+16+21+21 = 74
    # against 21+21+16+16 = 74. Only the settebello (side 1) scores.
    low, high = "A2345", "67JHK"
    side0 = [r + s for s in "dc" for r in low] + [r + s for s in "sb" for r in high]
    side1 = rest(side0)
    result, used = scored(two, [side0, side1])
    assert result["cards"] == [20, 20] and result["coins"] == [5, 5]
    assert result["primiera"] == [74, 74]
    assert result["categories"] == {"cards": None, "coins": None, "settebello": 1, "primiera": None}
    assert result["points"] == [0, 1]
    assert "scopa.score.tie" in used


@pytest.mark.rule("scopa.score.tie")
def test_with_three_players_a_shared_best_scores_nothing(three):
    # 14, 14 and 12 cards: the two best tie, so nobody scores the cards.
    side0 = COINS[:4] + [r + "c" for r in "A234567JHK"]  # 4 coins, 14 cards
    side1 = COINS[4:7] + [r + "s" for r in "A234567JHK"][:10] + ["Ab"]  # 3 coins, 14 cards
    side2 = rest(side0, side1)  # 3 coins, 12 cards
    result, _ = scored(three, [side0, side1, side2])
    assert result["cards"] == [14, 14, 12]
    assert result["coins"] == [4, 3, 3]
    assert result["categories"]["cards"] is None
    assert result["categories"]["coins"] == 0
    assert result["categories"]["settebello"] == 1  # 7d is the 7th coin: side 1


def _one_card_primiera(five_or_four: str):
    # Side 0's best cards: 7d 7c 6s and, in batons, the given card;
    # side 1's: 6d 4c 7s 7b. Side 0 holds no 7s, 7b, 6b or Ab; side 1 no
    # 7d, or cups above the 4.
    side1 = ["6d", "4c", "3c", "2c", "Jc", "7s", "As", "Js", "7b", "6b", "Ab", "Kb", "Hb"]
    other = "4b" if five_or_four == "5b" else "5b"
    side1.append(other)
    side0 = rest(side1)
    return side0, side1


@pytest.mark.rule("scopa.score.primiera")
def test_a_primiera_decided_by_one_card(two):
    # 21 + 21 + 18 + 15 = 75 against 18 + 14 + 21 + 21 = 74.
    result, _ = scored(two, _one_card_primiera("5b"))
    assert result["primiera"] == [75, 74]
    assert result["categories"]["primiera"] == 0
    # With the 4 of batons instead of the 5 it is 74 all: nobody scores.
    result, _ = scored(two, _one_card_primiera("4b"))
    assert result["primiera"] == [74, 74]
    assert result["categories"]["primiera"] is None


@pytest.mark.rule("scopa.score.primiera")
@pytest.mark.parametrize(
    "scale, pile, expected",
    [
        ("standard", ["Kd", "Hc", "Js", "Ab"], 10 + 10 + 10 + 16),
        ("pictures-graded", ["Kd", "Hc", "Js", "Ab"], 10 + 9 + 8 + 16),
        ("pictures-zero", ["Kd", "Hc", "Js", "Ab"], 0 + 0 + 0 + 16),
        ("ace-five-and-a-half", ["Kd", "Hc", "Js", "Ab"], 7),  # ½ + ½ + ½ + 5½
        ("ace-five-and-a-half", ["Kd", "Hc", "Js", "2b"], 3.5),  # ½ + ½ + ½ + 2
        ("standard", ["Kd", "2d", "Hc", "3c", "Js", "As", "Ab", "7b"], 12 + 13 + 16 + 21),
    ],
)
def test_primiera_scales(scale, pile, expected):
    rules = ruleset("scopa-2", hand_scoring__scopa__primiera__scale=scale)
    result, _ = scored(rules, [pile, rest(pile)])
    assert result["primiera"][0] == expected


@pytest.mark.rule("scopa.score.primiera")
def test_a_side_short_of_a_suit_has_no_primiera(two):
    # 7d 7c 7s (no batons) against the four Aces: only the Aces count.
    result, _ = scored(two, [["7d", "7c", "7s"], ["Ad", "Ac", "As", "Ab"]])
    assert result["primiera"] == [None, 64]
    assert result["categories"]["primiera"] == 1
    # Both short of a suit: nobody.
    result, _ = scored(two, [["7d", "7c", "7s"], ["Kd", "Kc", "Ks"]])
    assert result["primiera"] == [None, None]
    assert result["categories"]["primiera"] is None


@pytest.mark.rule("scopa.score.primiera")
def test_option_more_suits_win():
    rules = ruleset("scopa-2", hand_scoring__scopa__primiera__missing_suit="more-suits-win")
    # Four suits of Jacks (40) beat three Sevens (63).
    result, _ = scored(rules, [["7d", "7c", "7s"], ["Jd", "Jc", "Js", "Jb"]])
    assert result["primiera"] == [63, 40]
    assert result["categories"]["primiera"] == 1
    # Three suits each: the higher total wins.
    result, _ = scored(rules, [["7d", "7c", "7s"], ["Kd", "Kc", "Ks"]])
    assert result["categories"]["primiera"] == 0


@pytest.mark.rule("scopa.score.primiera")
def test_option_most_sevens():
    rules = ruleset("scopa-2", hand_scoring__scopa__primiera__scale="most-sevens")
    # Two Sevens each; one Six against two.
    result, _ = scored(rules, [["7d", "7c", "6d", "Kd"], ["7s", "7b", "6s", "6b"]])
    assert result["primiera"] == [[2, 1, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0, 0]]
    assert result["categories"]["primiera"] == 1


@pytest.mark.rule("scopa.score.re-bello")
def test_option_the_king_of_coins_scores():
    rules = ruleset("scopa-2", hand_scoring__scopa__re_bello=True)
    side1 = ["Kd"] + [r + "b" for r in "A234567JHK"]
    result, used = scored(rules, [rest(side1), side1])
    assert result["categories"]["re_bello"] == 1
    assert "scopa.score.re-bello" in used
    # Side 0: 29 cards, 9 coins and the settebello; no primiera for either
    # side (side 0 holds no batons, side 1 no cups).
    assert result["primiera"] == [None, None]
    assert result["points"] == [3, 1]


@pytest.mark.rule("scopa.score.napola")
@pytest.mark.parametrize(
    "coins, cap, points",
    [
        (["Ad", "2d", "3d"], 10, 3),
        (["Ad", "2d", "3d", "4d", "5d", "7d"], 10, 5),  # the run stops at the missing 6
        (["Ad", "2d", "3d", "4d", "5d", "6d", "7d", "Jd"], 6, 6),  # capped at the Six
        (["Ad", "2d", "4d", "5d"], 10, 0),  # no Three: no Napola
    ],
)
def test_option_napola(coins, cap, points):
    rules = ruleset("scopa-2", hand_scoring__scopa__napola=True, hand_scoring__scopa__napola_max=cap)
    result, used = scored(rules, [coins, rest(coins)])
    assert result["napola"] == [points, 0]
    assert "scopa.score.napola" in used


@pytest.mark.rule("scopa.score.napoleone")
def test_option_all_ten_coins_win_the_match():
    from regola.reference.fishing.match import update_match
    from regola.reference.fishing.scoring import score_hand as score

    rules = ruleset("scopa-2", hand_scoring__scopa__napola=True, hand_scoring__scopa__napoleone=True)
    state = replace(initial_state(rules), captured=(tuple(COINS), tuple(rest(COINS))), scope=(0, 0))
    result, used = score(state)
    assert result.napoleone == 0 and result.napola == (10, 0)
    assert "scopa.score.napoleone" in used
    match = update_match(state, result)
    assert match.over and match.winner == 0


@pytest.mark.rule("scopa.score.napoleone")
def test_all_ten_coins_win_only_where_the_option_is_played(two):
    from regola.reference.fishing.match import update_match

    state = replace(initial_state(two), captured=(tuple(COINS), tuple(rest(COINS))), scope=(0, 0))
    result, _ = score_hand(state)
    assert result.napoleone is None
    assert not update_match(state, result).over  # 2 points to 1, far from 11
    alone = ruleset("scopa-2", hand_scoring__scopa__napoleone=True)
    state = replace(initial_state(alone), captured=(tuple(rest(COINS)), tuple(COINS)), scope=(0, 0))
    result, _ = score_hand(state)
    assert result.napoleone == 1
    assert update_match(state, result).winner == 1
