"""The immutable state of a fishing game (Scopa, Scopone).

Like the trick games' state, a `FishingState` is a frozen value that
`regola.reference.apply` replaces at every step; ``events`` and
``rules`` describe the step that produced it. The lookup tables a fishing
rule needs (capture values, which card is the settebello...) are built once
per ruleset in `regola.reference.fishing.tables.FishingTables`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from regola.spec import Ruleset

from ..copying import replacer
from .tables import FishingTables

Phase = Literal["shuffle", "play", "over"]


@dataclass(frozen=True)
class CaptureRecord:
    """One capture: who played which card and what it took."""

    seat: int
    card: str
    take: tuple[str, ...]
    scopa: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card, "take": list(self.take), "scopa": self.scopa}


@dataclass(frozen=True)
class FishingResult:
    """The score of a finished hand, category by category (rules ``scopa.score.*``)."""

    cards: tuple[int, ...]
    """Cards captured per side."""
    coins: tuple[int, ...]
    """Coins captured per side."""
    primiera: tuple[Any, ...]
    """Each side's primiera: its total (a number, halves allowed), ``None``
    for a side without every suit where that disqualifies, or with the
    `most-sevens` scale the count of each face from the Seven down."""
    scope: tuple[int, ...]
    """Sweeps per side."""
    categories: dict[str, int | None]
    """Each enabled one-point category -> the side that won it, or None (tie)."""
    napola: tuple[int, ...]
    """Napola points per side (all 0 when not played)."""
    napoleone: int | None
    """The side that captured every coin, where that wins the match."""
    points: tuple[int, ...]
    """Points scored in this hand per side."""
    bonus: tuple[int, ...] = ()
    """Cirulla's hand bonuses per side (``scopa.bonus.hand``); empty when not played."""
    grande: tuple[int, ...] = ()
    """Points for the King, Horse and Jack of coins per side
    (``scopa.score.grande``); empty when not played."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "cards": list(self.cards),
            "coins": list(self.coins),
            "primiera": [list(p) if isinstance(p, tuple) else p for p in self.primiera],
            "scope": list(self.scope),
            "categories": dict(self.categories),
            "napola": list(self.napola),
            "napoleone": self.napoleone,
            "points": list(self.points),
        }
        if self.bonus:
            out["bonus"] = list(self.bonus)
        if self.grande:
            out["grande"] = list(self.grande)
        return out


@dataclass(frozen=True)
class FishingMatch:
    """Running match totals (rule ``scopa.match.end``)."""

    points: tuple[int, ...]
    hands_played: int = 0
    over: bool = False
    winner: int | None = None
    """Index of the winning side."""

    def to_json(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "hands_played": self.hands_played,
            "over": self.over,
            "winner": self.winner,
        }


@dataclass(frozen=True)
class FishingState:
    """Everything about a fishing match in progress."""

    tables: FishingTables
    phase: Phase
    dealer: int
    match: FishingMatch
    hand_number: int = 0
    """Hands dealt so far, less one (a void deal does not count)."""
    hands: tuple[tuple[str, ...], ...] = ()
    table: tuple[str, ...] = ()
    """Face-up table cards, in canonical order."""
    stock: tuple[str, ...] = ()
    """Cards not yet dealt, top card first."""
    to_move: int | None = None
    deals: int = 0
    """Deals made so far in this hand (the first one with the table cards)."""
    played: int = 0
    """Cards played so far in this hand."""
    captured: tuple[tuple[str, ...], ...] = ()
    """Cards captured per side, in canonical order."""
    scope: tuple[int, ...] = ()
    """Sweeps per side."""
    bonus: tuple[int, ...] = ()
    """Cirulla's hand bonuses scored so far in this hand, per side
    (``scopa.bonus.hand``)."""
    last_capture: CaptureRecord | None = None
    result: FishingResult | None = None
    """The result of the hand just finished (until the next shuffle)."""
    events: tuple[dict[str, Any], ...] = ()
    rules: tuple[str, ...] = field(default=())

    @property
    def ruleset(self) -> Ruleset:
        return self.tables.ruleset

    @property
    def is_chance(self) -> bool:
        """True between hands and after a void deal: the next step is a shuffle."""
        return self.phase == "shuffle"

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase == "over"


replace = replacer(FishingState)
"""A copy of a state with some fields changed, fast (`regola.reference.copying`)."""
