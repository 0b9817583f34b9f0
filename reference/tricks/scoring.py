"""Scoring a finished hand (rules ``briscola.score.*``)."""

from __future__ import annotations

from .bidding.scoring import score_contract
from .counting import score_count
from .state import HandResult, State
from .tables import Tables


def side_totals(tables: Tables, won: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``briscola.score.count``: the card points (``briscola.deck.points``)
    and the number of cards each side took, adding up its seats' piles.

    For speed each pile is counted once, in one ``map`` over its cards,
    and the sides add up their seats' counts (list comprehensions, which
    run faster than generators): the same sums."""
    value = tables.points.__getitem__
    seat_points = [sum(map(value, cards)) for cards in won]
    seat_cards = [len(cards) for cards in won]
    sides = tables.sides
    return (
        tuple([sum([seat_points[seat] for seat in side]) for side in sides]),
        tuple([sum([seat_cards[seat] for seat in side]) for side in sides]),
    )


def score_hand(state: State) -> tuple[HandResult, list[str]]:
    """Count each side's card points and decide the hand.

    ``briscola.score.count``, ``briscola.score.majority`` (strictly most
    points wins), ``briscola.score.tie`` (the variant's tiebreak),
    ``briscola.score.game-points`` (the winner's tier).
    """
    tables = state.tables
    rules = state.ruleset.hand_scoring
    if rules.kind == "contract":
        return score_contract(state)
    if rules.kind == "count":
        return score_count(state)
    points, cards = side_totals(tables, state.won)
    best = max(points)
    top = [i for i, p in enumerate(points) if p == best]
    used = ["briscola.score.count", "briscola.deck.points", "briscola.score.majority"]
    winner: int | None = None
    decided_by = None
    outcome = "draw"
    if len(top) == 1:
        winner, decided_by, outcome = top[0], "majority", "win"
    else:
        used.append("briscola.score.tie")
        if rules.tie == "replay":
            outcome = "void"
        elif rules.tie == "last-trick" and state.last_trick is not None:
            side = tables.side_of[state.last_trick[0]]
            if side in top:
                winner, decided_by, outcome = side, "last-trick", "win"
        elif rules.tie == "more-cards":
            most = max(cards[i] for i in top)
            leaders = [i for i in top if cards[i] == most]
            if len(leaders) == 1:
                winner, decided_by, outcome = leaders[0], "more-cards", "win"
    game_points = [0] * len(points)
    if winner is not None:
        used.append("briscola.score.game-points")
        # a winner below every row (a plurality or a tiebreak under the first
        # row's minimum) still wins the hand: he scores the first row
        reached = [t for t in rules.game_points if points[winner] >= t.min_points]
        tier = reached[-1] if reached else rules.game_points[0]
        game_points[winner] = tier.game_points
        if rules.double_below and any(p < rules.double_below for i, p in enumerate(points) if i != winner):
            game_points[winner] *= 2  # albastini.score.victory-points: a loser under the mrithi
    if rules.double_below:
        used.append("albastini.score.victory-points")
    result = HandResult(
        points=points,
        cards=cards,
        outcome=outcome,
        winner=winner,
        decided_by=decided_by,
        game_points=tuple(game_points),
    )
    return result, used
