"""Albastini's victory points, the five-player hand that never draws the
trump card, and the winner dealing next, worked by hand."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, new_game
from regola.reference.actions import action_dict
from regola.reference.tricks.match import next_dealer
from regola.reference.tricks.scoring import score_hand
from regola.reference.tricks.state import HandResult, replace

from .helpers import act, events, pack, pas, ruleset, start

VALUE = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def points(cards: list[str]) -> int:
    return sum(VALUE.get(c[:-1], 0) for c in cards)


def scored(variant: str, given: dict[int, list[str]], rest: int):
    """Score a finished hand of ``variant`` in which the tricks gave each
    seat the cards in ``given`` and seat ``rest`` every other card."""
    rules = ruleset(variant)
    state = new_game(rules, pack(rules))
    named = [c for cards in given.values() for c in cards]
    won = [list(given.get(s, [])) for s in range(rules.seating.players)]
    won[rest] += [c for c in pack(rules) if c not in named]
    return score_hand(replace(state, won=tuple(map(tuple, won))))


NINETEEN = ["7h", "Kh", "Jh", "Qh"]  # 10 + 4 + 3 + 2
TWENTY = ["Ah", "Kh", "Jh", "Qh"]  # 11 + 4 + 3 + 2
FORTY = ["As", "7s", "7d", "Kd", "Jd", "Qd"]  # 11 + 10 + 10 + 4 + 3 + 2
NINE = ["Jc", "Qc", "Kc"]  # 3 + 2 + 4


@pytest.mark.rule("albastini.score.victory-points")
def test_the_hand_worked_piles_are_what_they_say():
    assert [points(p) for p in (NINETEEN, TWENTY, FORTY, NINE)] == [19, 20, 40, 9]


@pytest.mark.rule("albastini.score.victory-points")
def test_individual_winner_scores_two_when_someone_took_under_ten():
    result, used = scored("albastini-3", {1: FORTY, 2: NINE}, rest=0)
    assert result.points == (71, 40, 9)
    assert result.winner == 0 and result.game_points == (2, 0, 0)
    assert "albastini.score.victory-points" in used


@pytest.mark.rule("albastini.score.victory-points")
def test_individual_winner_scores_one_when_everyone_took_ten():
    result, _ = scored("albastini-3", {1: FORTY, 2: TWENTY}, rest=0)
    assert result.points == (60, 40, 20) and result.game_points == (1, 0, 0)


@pytest.mark.rule("albastini.score.victory-points")
def test_a_tie_for_the_most_scores_nothing():
    fifty = ["Ah", "7h", "Ad", "7d", "Kh", "Kd"]  # 11 + 10 + 11 + 10 + 4 + 4
    result, _ = scored("albastini-3", {1: fifty, 2: ["As", "Ks", "Js", "Qs"]}, rest=0)
    assert result.points == (50, 50, 20)
    assert result.outcome == "draw" and result.game_points == (0, 0, 0)


@pytest.mark.rule("albastini.score.victory-points")
@pytest.mark.parametrize(
    ("variant", "given", "expected_points", "victory_points"),
    [
        # teams of two: two when a team took under 20
        ("albastini-4-teams", {1: NINETEEN}, (101, 19), (2, 0)),
        ("albastini-4-teams", {1: TWENTY}, (100, 20), (1, 0)),
        ("albastini-6-teams-of-2", {1: FORTY, 2: NINETEEN}, (61, 40, 19), (2, 0, 0)),
        ("albastini-6-teams-of-2", {1: FORTY, 2: TWENTY}, (60, 40, 20), (1, 0, 0)),
        # teams of three: two when the losing team took under 30
        ("albastini-6-teams-of-3", {1: ["Ah", "7h", "Kh", "Kd"]}, (91, 29), (2, 0)),
        ("albastini-6-teams-of-3", {1: ["Ah", "7h", "Kh", "Jh", "Qh"]}, (90, 30), (1, 0)),
    ],
)
def test_team_thresholds(variant, given, expected_points, victory_points):
    result, _ = scored(variant, given, rest=0)
    assert result.points == expected_points
    assert result.game_points == victory_points


@pytest.mark.rule("albastini.draw.indicator-stays")
def test_five_players_never_draw_the_trump_card():
    rules = ruleset("albastini-5")
    hands = {s: [] for s in range(5)}
    cards = [c for c in pack(rules) if c != "7h"]
    for i in range(25):
        hands[(i % 5 + 1) % 5].append(cards[i])
    state = start("albastini-5", hands, turned="7h")
    state = act(state, pas(1), pas(2), pas(3), pas(4))
    assert state.indicator == "7h" and len(state.stock) == 10
    tricks = 0
    while state.phase == "play":
        state = act(state, action_dict(legal_actions(state)[0]))
        if events(state, "trick"):
            tricks += 1
            assert not events(state, "take-indicator")
            if tricks == 2:
                # the ten face-down cards are gone after two rounds of drawing
                assert len(state.stock) == 0 and state.indicator == "7h"
                assert "albastini.draw.indicator-stays" in state.rules
    assert tricks == 7
    hand_over = events(state, "hand-over")[0]
    # the 7 of hearts (10 points) lies on the table: 110 points were taken
    assert sum(hand_over["points"]) == 110
    assert state.indicator == "7h"


def result(winner: int | None, sides: int) -> HandResult:
    zeros = (0,) * sides
    return HandResult(
        points=zeros, cards=zeros, outcome="win" if winner is not None else "draw",
        winner=winner, decided_by="majority" if winner is not None else None, game_points=zeros,
    )


def dealer_state(variant: str, dealer: int):
    rules = ruleset(variant)
    return replace(new_game(rules, pack(rules)), dealer=dealer)


@pytest.mark.rule("albastini.match.winner-deals")
def test_the_winner_deals_next_and_a_tie_keeps_the_dealer():
    assert next_dealer(dealer_state("albastini-3", 0), result(2, 3)) == 2
    assert next_dealer(dealer_state("albastini-3", 1), result(1, 3)) == 1
    assert next_dealer(dealer_state("albastini-3", 1), result(None, 3)) == 1


@pytest.mark.rule("albastini.match.winner-deals")
def test_a_winning_team_takes_turns_to_deal():
    # teams 0+2 and 1+3: after seat 0 dealt, his team's next dealer is seat 2
    assert next_dealer(dealer_state("albastini-4-teams", 0), result(0, 2)) == 2
    assert next_dealer(dealer_state("albastini-4-teams", 2), result(0, 2)) == 0
    assert next_dealer(dealer_state("albastini-4-teams", 0), result(1, 2)) == 1
    assert next_dealer(dealer_state("albastini-4-teams", 3), result(1, 2)) == 1
    # three teams of two (0+3, 1+4, 2+5)
    assert next_dealer(dealer_state("albastini-6-teams-of-2", 0), result(0, 3)) == 3
    assert next_dealer(dealer_state("albastini-6-teams-of-2", 4), result(2, 3)) == 5


@pytest.mark.rule("albastini.match.winner-deals")
def test_after_a_played_hand_the_winner_is_the_dealer():
    rules = ruleset("albastini-2")
    state = new_game(rules, pack(rules))
    state = act(state, pas(1))
    while state.phase == "play":
        state = act(state, action_dict(legal_actions(state)[0]))
    over = events(state, "hand-over")[0]
    assert over["winner"] is not None
    assert state.dealer == over["winner"]
    assert "albastini.match.winner-deals" in state.rules
