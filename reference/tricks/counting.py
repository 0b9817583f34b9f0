"""Scoring by counting (rules ``tressette.score.*``, ``tressette.deck.points``):
every side scores the whole points it took, with the last trick's bonus and
its declarations (`.declarations`)."""

from __future__ import annotations

from typing import Any

from .state import HandResult, State


def last_trick_bonus(state: State) -> tuple[int | None, int]:
    """``tressette.score.last-trick``: the side that took the last trick,
    and the units its count gains (``counting.last_trick`` whole points)."""
    if state.last_trick is None:
        return None, 0
    counting = state.ruleset.counting
    return state.tables.side_of[state.last_trick[0]], counting.last_trick * counting.unit


def score_count(state: State) -> tuple[HandResult, list[str]]:
    """Count each side's units and score its whole points.

    ``tressette.deck.points``: card points are units (thirds in Tressette);
    the last trick's bonus is added (`last_trick_bonus`). ``tressette.score.count``: a side
    scores the whole points of its count, the fractions dropped, plus its
    declarations; the side with more points wins the hand, equal points
    draw it. ``HandResult.points`` are the card units taken (they add up to
    ``deck.total_points``), ``HandResult.counted`` the same with the bonus.
    """
    tables = state.tables
    counting = state.ruleset.counting
    unit = counting.unit
    last, bonus = last_trick_bonus(state)
    used = ["briscola.score.count", "tressette.deck.points", "tressette.score.count"]
    units = tuple(sum(tables.points[c] for seat in side for c in state.won[seat]) for side in tables.sides)
    counted = tuple(u + (bonus if i == last else 0) for i, u in enumerate(units))
    if counting.last_trick:
        used.append("tressette.score.last-trick")
    declared = state.declared or (0,) * len(tables.sides)
    game_points, winner = whole_points(counted, declared, unit)
    cards = tuple(sum(len(state.won[seat]) for seat in side) for side in tables.sides)
    sweep = every_trick(state)
    if sweep is not None:
        used.append("tressette.score.cappotto")
    result = HandResult(
        points=units,
        cards=cards,
        outcome="win" if winner is not None else "draw",
        winner=winner,
        decided_by="majority" if winner is not None else None,
        game_points=game_points,
        counted=counted,
        cappotto=sweep,
    )
    return result, used


def every_trick(state: State) -> dict[str, Any] | None:
    """``tressette.score.cappotto``, where played: one side took every trick
    (a cappotto), or, in a partnership game where the cappottone is played,
    one player did by himself. What it is, who made it and the games the
    win counts as, or None."""
    tables = state.tables
    counting = state.ruleset.counting
    dealt = sum(len(pile) for pile in state.won)
    if not counting.cappotto:
        return None
    if counting.cappottone and any(len(side) > 1 for side in tables.sides):
        for seat, pile in enumerate(state.won):
            if pile and len(pile) == dealt:
                side = tables.side_of[seat]
                return {"kind": "cappottone", "side": side, "seat": seat, "games": counting.cappottone}
    for i, side in enumerate(tables.sides):
        if dealt and sum(len(state.won[seat]) for seat in side) == dealt:
            return {"kind": "cappotto", "side": i, "games": counting.cappotto}
    return None


def whole_points(counted: tuple[int, ...], declared: tuple[int, ...], unit: int) -> tuple[tuple[int, ...], int | None]:
    """``tressette.score.count``: each side's whole points, its count in
    units divided by the unit with the fraction dropped, plus its
    declarations; and the side with the most, or None if the best are level
    (a drawn hand)."""
    game_points = tuple(c // unit + d for c, d in zip(counted, declared))
    best = max(game_points)
    top = [i for i, p in enumerate(game_points) if p == best]
    return game_points, top[0] if len(top) == 1 else None
