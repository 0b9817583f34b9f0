"""Is a misreading no misreading at all? Random lockstep games between the
reference and the reference with the misreading applied
(`regola.conformance.runner.lockstep.play_game`: every view, seat view,
list of legal actions and refusal of a forbidden probe compared at every
step), for the mutation score (`regola.conformance.explain.mutation_score`).

A misreading the corpus does not kill is either *equivalent* (it changes
nothing an engine reports: a redundant test, a rewrite of code whose result
is the same; no game tells it from the rule) or a *corpus gap* (some game
does: the first disagreement names the situation the corpus lacks). An
equivalent mutant is not a mutant, and is counted apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from regola.conformance.runner.lockstep import LockstepDisagreement, play_game

GAMES = 16
"""Lockstep games per misreading and setting."""
STEPS = 400
"""A game stops after this many steps if the match is not over."""
PROBE_ODDS = 4
"""About one step in this many also tries a forbidden action first."""


class _Seeded:
    """The choices of a lockstep game from a seeded random source."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def deck_seed(self) -> int:
        return self.rng.randrange(2**32)

    def length(self, max_steps: int) -> int:
        return max_steps

    def probe(self) -> bool:
        return self.rng.randrange(PROBE_ODDS) == 0

    def forbidden(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        return actions[self.rng.randrange(len(actions))]

    def choice(self, count: int) -> int:
        return self.rng.randrange(count)


@dataclass
class Verdict:
    games: int
    """Lockstep games played in all."""
    disagreement: str | None = None
    """The first disagreement's first line, with its setting: the
    situation a corpus trace must reach to kill the misreading."""
    error: str | None = None
    """Why the games could not be played (then nothing is shown)."""

    @property
    def equivalent(self) -> bool:
        return self.disagreement is None and self.error is None


def check(engine_for: Any, mutant: Any, settings: Iterable[tuple[str, dict[str, Any]]], games: int = GAMES) -> Verdict:
    """Play ``games`` lockstep games of every (variant, options) setting
    into ``engine_for(mutant)``; the first disagreement, if any."""
    played = 0
    for variant, options in settings:
        for number in range(games):
            engine = engine_for(mutant)
            hello = engine.hello()
            played += 1
            try:
                play_game(engine, hello, _Seeded(number), variant, options, STEPS)
            except LockstepDisagreement as exc:
                first = exc.report.strip().splitlines()[0] if exc.report.strip() else "a disagreement"
                return Verdict(played, f"{variant} {options or ''} game {number}, step line {exc.lines}: {first}")
            except Exception as exc:  # noqa: BLE001 - the game could not be played: nothing is shown either way
                return Verdict(played, error=f"{variant} game {number} could not be played: {exc!r}")
            finally:
                engine.close()
    return Verdict(played)
