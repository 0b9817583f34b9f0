"""Seeded, recorded choices for a lockstep game, and their replay.

`regola.conformance.runner.lockstep.play_game` asks its choices for deck
seeds, the game's length, whether to probe with a forbidden action, which
one, and which legal action to play. `SeededChoices` answers from a seeded
random source and records each answer; `ScriptedChoices` answers from such a
record (the shrinker edits the record and replays it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

PROBE_ODDS = 8
"""About one step in this many also tries a forbidden action first."""

Script = list[tuple[str, int]]
"""The answers of one game, in order: (what was asked, the answer)."""


@dataclass
class SeededChoices:
    """Answers from ``random.Random(seed)``, each recorded in ``script``."""

    seed: int
    script: Script = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _keep(self, kind: str, value: int) -> int:
        self.script.append((kind, value))
        return value

    def deck_seed(self) -> int:
        return self._keep("deck", self.rng.randrange(2**32))

    def length(self, max_steps: int) -> int:
        return self._keep("length", max_steps)

    def probe(self) -> bool:
        return bool(self._keep("probe", int(self.rng.randrange(PROBE_ODDS) == 0)))

    def forbidden(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        return actions[self._keep("forbidden", self.rng.randrange(len(actions)))]

    def choice(self, count: int) -> int:
        return self._keep("choice", self.rng.randrange(count))


@dataclass
class ScriptedChoices:
    """Answers read from a script; past its end, or where an answer no longer
    fits (fewer actions than recorded), the simplest answer: index 0, no
    probe. ``used`` records the answers actually given."""

    script: Script
    used: Script = field(default_factory=list)

    def _next(self, kind: str, default: int) -> int:
        i = len(self.used)
        value = self.script[i][1] if i < len(self.script) and self.script[i][0] == kind else default
        self.used.append((kind, value))
        return value

    def deck_seed(self) -> int:
        return self._next("deck", 0)

    def length(self, max_steps: int) -> int:
        return min(self._next("length", max_steps), max_steps)

    def probe(self) -> bool:
        return bool(self._next("probe", 0))

    def forbidden(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        index = self._next("forbidden", 0)
        return actions[index if index < len(actions) else 0]

    def choice(self, count: int) -> int:
        index = self._next("choice", 0)
        if index >= count:
            index = 0
            self.used[-1] = ("choice", 0)
        return index
