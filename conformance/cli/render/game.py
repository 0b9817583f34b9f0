"""A game as text a person can follow: the deal, each trick, the scores.

`GameRenderer` turns the steps of a game (each action with the state
after it) into lines of plain text, one handler per event type. A handler is
a function ``(renderer, event) -> list[str]`` found in the one table of
`.handlers`; an event type without a handler is printed generically
(``type: key=value, ...``), so a new kind of event shows up readably before
anyone writes a handler for it.

Cards are printed by id (rank id + suit id, e.g. ``Ad``); `GameRenderer.legend`
says what the ids stand for.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from regola.reference import view
from regola.spec import Ruleset, ruleset_hash

from .common import DRAW_EVENTS, INDENT, describe_play, generic
from .handlers import HANDLERS


class GameRenderer:
    """Turns a game's steps into text, one step at a time."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.sides: tuple[tuple[int, ...], ...] = ruleset.seating.sides()
        self.suit_names = {s.id: s.name for s in ruleset.deck.suits}
        self.in_tricks = getattr(ruleset.play, "kind", "tricks") == "tricks"
        self.pending_plays: list[dict[str, Any]] = []
        """Plays of the trick in progress, printed when the trick is complete."""
        self.pending_draws: list[str] = []
        """Draws after a trick, printed together on one line."""
        self.view: dict[str, Any] = {}
        """The omniscient view after the step being printed."""

    # --- whole game ------------------------------------------------------

    def header(self, seed: int | None, options: dict[str, Any] | None = None) -> list[str]:
        r = self.ruleset
        lines = [f"{r.name} ({r.id})" + (f", seed {seed}" if seed is not None else "")]
        if options:
            shown = (f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())
            lines.append("options: " + ", ".join(shown))
        lines.append(f"ruleset {ruleset_hash(r)}")
        lines.append(self.legend())
        order = ", ".join(self.side(i) for i in range(len(self.sides)))
        lines.append(f"scores are listed in the order {order}")
        return lines

    def legend(self) -> str:
        """What the card ids mean, e.g. ``A Ace, 2 Two, ...; d coins, ...``."""
        deck = self.ruleset.deck
        ranks = ", ".join(f"{k.id} {k.name}" for k in deck.ranks)
        suits = ", ".join(f"{s.id} {s.name}" for s in deck.suits)
        return f"cards are rank + suit: {ranks}; {suits}"

    def step(self, action: Any, state: Any) -> list[str]:
        """Lines for one step: every event the step produced."""
        self.view = view(state)
        lines: list[str] = []
        for event in state.events:
            kind = event.get("type", "")
            if kind not in DRAW_EVENTS:
                lines += self.flush_draws()
            lines += HANDLERS.get(kind, generic)(self, event)
        lines += self.flush_draws()
        if self.pending_plays and not self.in_tricks:
            lines += [INDENT + describe_play(p) for p in self.pending_plays]
            self.pending_plays.clear()
        return lines

    def game(self, steps: Iterable[tuple[Any, Any]]) -> Iterable[str]:
        """Every line of a whole game, lazily, ending with the final state's summary."""
        state = None
        for action, state in steps:
            yield from self.step(action, state)
        if state is not None and not state.is_over:
            hands = self.view.get("match", {}).get("hands_played", "?")
            yield f"stopped after {hands} hands without a match winner"

    # --- helpers for handlers --------------------------------------------

    def flush_draws(self) -> list[str]:
        if not self.pending_draws:
            return []
        line = f"{INDENT * 3}draw: {', '.join(self.pending_draws)}"
        self.pending_draws.clear()
        return [line]

    def seat(self, seat: int | None) -> str:
        return "nobody" if seat is None else f"seat {seat}"

    def side(self, index: int | None) -> str:
        """A side by index: ``seat 1``, or ``seats 0+2`` in a partnership."""
        if index is None:
            return "nobody"
        seats = self.sides[index]
        if len(seats) == 1:
            return f"seat {seats[0]}"
        return "seats " + "+".join(str(s) for s in seats)

    def wins(self, index: int | None) -> str:
        """``seat 1 wins`` or ``seats 0+2 win``."""
        label = self.side(index)
        return f"{label} {'win' if label.startswith('seats') else 'wins'}"

    def per_side(self, values: Iterable[Any]) -> str:
        """``seat 0 70, seat 1 50`` for a list with one value per side."""
        return ", ".join(f"{self.side(i)} {v}" for i, v in enumerate(values))

    def per_seat(self, values: Iterable[Any]) -> str:
        return ", ".join(f"seat {i} {v}" for i, v in enumerate(values))

    def side_points_now(self) -> list[int] | None:
        """Card points taken so far by each side, from the current view."""
        points = self.view.get("points")
        if not isinstance(points, list) or len(points) != len(self.view.get("hands") or points):
            return None
        return [sum(points[s] for s in side) for side in self.sides]

    def suit(self, suit_id: str | None) -> str:
        return self.suit_names.get(suit_id or "", str(suit_id))
