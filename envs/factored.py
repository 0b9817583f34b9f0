"""Factored actions for the fishing games (``actions="factored"``): a move
is chosen in two steps, the card, then the capture among those that card
allows, instead of one index among every capture of the variant (16,200
for Scopa, 100,652 for Cirulla).

- **First step**: one index per card of the pack (the card to play,
  rules ``scopa.play.in-hand``, ``scopa.capture.*``), then one per move that
  plays no card (``claim``, ``scopa.match.claim``).
- **Second step**, only when the chosen card has more than one legal move
  (a choice of captures, ``scopa.capture.free-choice``, ``scopa.capture.optional``): index ``j`` is the
  ``j``-th move of that card in the flat numbering (`regola.envs.encoding`):
  laying it, each set of cards it could take, taking the whole table.

Both steps share one ``Discrete`` space, as large as the longer of the
two; the mask says which indices are legal at each. A card with a single
legal move is played at the first step. The observation adds a card plane,
``pending``: the card chosen at the first step while the second is to come.
The trick games have no such choice and keep the flat space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from regola.spec import Ruleset

from .encoding import ActionSpace, action_space

CARD_MOVES = ("play", "capture", "capture-all")


@dataclass(frozen=True)
class FactoredSpace:
    """The two steps of a fishing variant's moves."""

    flat: ActionSpace
    first: tuple[Any, ...]
    """Index -> a card id, or the flat index of a move that plays no card."""
    moves: dict[str, tuple[int, ...]]
    """Card -> the flat indices of its moves, in flat order."""

    @property
    def size(self) -> int:
        return max(len(self.first), max(len(m) for m in self.moves.values()))

    def label(self, index: int, pending: str | None) -> str:
        if pending is not None:
            return self.flat.label(self.moves[pending][index])
        first = self.first[index]
        return f"card {first}" if isinstance(first, str) else self.flat.label(first)


def factored_space(ruleset: Ruleset) -> FactoredSpace | None:
    """The factored space of a fishing ruleset (None for a trick game)."""
    if ruleset.play.kind != "fishing":
        return None
    flat = action_space(ruleset)
    cards = ruleset.deck.cards()
    moves: dict[str, list[int]] = {c: [] for c in cards}
    others = []
    for i, key in enumerate(flat.keys):
        if key[0] in CARD_MOVES:
            moves[key[1]].append(i)
        else:
            others.append(i)
    return FactoredSpace(flat, tuple(cards) + tuple(others), {c: tuple(m) for c, m in moves.items()})


class Factoring:
    """The two-step choice over one `regola.envs.game.Game`."""

    def __init__(self, game: Any) -> None:
        space = factored_space(game.ruleset)
        if space is None:
            raise ValueError(f"actions: 'factored' is for the fishing games; {game.ruleset.id} keeps the flat space")
        self.game, self.space = game, space
        self.position = {c: {flat: j for j, flat in enumerate(m)} for c, m in space.moves.items()}
        self.first_index = {x: i for i, x in enumerate(space.first)}
        self.pending: str | None = None

    def reset(self) -> None:
        self.pending = None

    def legal(self) -> dict[int, int]:
        """Index of this step -> the flat index it plays (-1: it chooses a card)."""
        flat = self.game.legal()
        if self.pending is not None:
            where = self.position[self.pending]
            return {where[i]: i for i in flat if i in where}
        out: dict[int, int] = {}
        by_card: dict[str, list[int]] = {}
        for i in flat:
            key = self.space.flat.keys[i]
            if key[0] in CARD_MOVES:
                by_card.setdefault(key[1], []).append(i)
            else:
                out[self.first_index[i]] = i
        for card, indices in by_card.items():
            out[self.first_index[card]] = indices[0] if len(indices) == 1 else -1
        return dict(sorted(out.items()))

    def mask(self) -> np.ndarray:
        out = np.zeros(self.space.size, dtype=np.int8)
        out[list(self.legal())] = 1
        return out

    def choose(self, index: int) -> int | None:
        """The flat index ``index`` plays now, or None when it chose a card
        whose capture comes next. An index outside the mask is a
        ValueError naming the step."""
        legal = self.legal()
        index = int(index)
        if index not in legal:
            step = f"the capture of {self.pending}" if self.pending else "the card"
            raise ValueError(f"{self.game.ruleset.id}: index {index} is not a legal choice of {step}")
        flat = legal[index]
        if flat == -1:
            self.pending = self.space.first[index]
            return None
        self.pending = None
        return flat

    def observe(self, tensor: np.ndarray) -> np.ndarray:
        """The observation with the ``pending`` plane added."""
        plane = np.zeros(len(self.game.ruleset.deck.cards()), dtype=np.float32)
        if self.pending is not None:
            plane[self.game.ruleset.deck.cards().index(self.pending)] = 1.0
        return np.concatenate([tensor, plane])
