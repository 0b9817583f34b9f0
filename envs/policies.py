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


def _card_points(game: Game) -> dict[str, int]:
    deck = game.ruleset.deck
    return {f"{r.id}{s.id}": r.points for r in deck.ranks for s in deck.suits}


def greedy_policy(game: Game, seat: int, rng: random.Random) -> int:
    """The legal action that gains the most for ``seat`` on this very step
    (by its public effect: the points or cards it wins), ties broken by
    giving away the least (the card of fewest points, ``briscola.score.points``),
    then at random."""
    before = game.match.view(seat)
    points = {} if game.fishing else _card_points(game)
    best: list[int] = []
    best_score = None
    for index, move in game.legal().items():
        trial = game.match.copy()
        trial.apply(move)
        after = trial.view(seat)
        key = game.space.keys[index]
        card = key[1] if key[0] in ("play", "exchange") else None
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
