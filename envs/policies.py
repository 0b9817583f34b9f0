"""Built-in opponents: ``random`` (a uniformly random legal action) and
``greedy`` (the action that gains its side the most right away).

A policy is called with the game and the seat to move and returns an
action index of the variant's action space. Both choose among the legal
actions only (`regola.envs.game.Game.legal`) and draw their randomness from
the generator they are given, so a seeded episode replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from regola.reference import apply, view

from .game import Game

Policy = Callable[[Game, int, random.Random], int]


def random_policy(game: Game, seat: int, rng: random.Random) -> int:
    """A uniformly random legal action."""
    return rng.choice(list(game.legal()))


def _gain(game: Game, seat: int, after: dict[str, Any], before: dict[str, Any]) -> float:
    """What ``seat``'s side gains between two omniscient-free public
    readings: card points won (trick games, ``briscola.score.*``), cards
    and sweeps captured (fishing games, ``scopa.score.*``)."""
    if game.fishing:
        side = next(i for i, s in enumerate(after["sides"]) if seat in s)
        both = after["captured"] and before["captured"]
        cards = len(after["captured"][side]) - len(before["captured"][side]) if both else 0
        sweeps = after["scope"][side] - before["scope"][side] if after["scope"] and before["scope"] else 0
        return cards + 5.0 * sweeps
    points = after["points"][seat] - before["points"][seat] if after["points"] and before["points"] else 0
    others = sum(after["points"]) - sum(before["points"]) - points if after["points"] and before["points"] else 0
    return points - others


def greedy_policy(game: Game, seat: int, rng: random.Random) -> int:
    """The legal action that gains the most for ``seat`` on this very step
    (by its public effect: the points or cards it wins), ties broken by
    giving away the least (the card of fewest points, ``briscola.score.points``),
    then at random."""
    before = view(game.state, seat)
    points = game.state.tables.points if not game.fishing else {}
    best: list[int] = []
    best_score = None
    for index, action in game.legal().items():
        after = view(apply(game.state, action), seat)
        card = getattr(action, "card", None)
        score = (_gain(game, seat, after, before), -points.get(card, 0) if card else 0)
        if best_score is None or score > best_score:
            best, best_score = [index], score
        elif score == best_score:
            best.append(index)
    return rng.choice(best)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def policy_named(name: str | Policy) -> Policy:
    """A built-in policy by name, or a callable as it is."""
    if callable(name):
        return name
    if name not in POLICIES:
        raise ValueError(f"opponent: expected one of {sorted(POLICIES)} or a callable, got {name!r}")
    return POLICIES[name]
