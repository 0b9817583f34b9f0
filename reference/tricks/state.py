"""The immutable game state.

A state is a frozen value: `regola.reference.apply` builds a new one
for every step. ``events`` and ``rules`` describe the step that produced it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..copying import replacer

from .bidding.bids import Auction, Contract
from .tables import Tables

Phase = Literal["shuffle", "bid", "call", "play", "over"]


@dataclass(frozen=True)
class HandResult:
    """How a hand ended (rules ``briscola.score.*``)."""

    points: tuple[int, ...]
    """Card points per side."""
    cards: tuple[int, ...]
    """Cards taken per side."""
    outcome: Literal["win", "draw", "void", "made", "defeated"]
    """`made` / `defeated`: a contract hand (rules ``chiamata.score.*``)."""
    winner: int | None
    """Index of the winning side, or None."""
    decided_by: Literal["majority", "last-trick", "more-cards"] | None
    game_points: tuple[int, ...]
    """Game points scored per side (a contract hand's payoffs, per seat)."""
    contract: dict[str, Any] | None = None
    """A contract hand's details (bidder, partner, target, side points...)."""
    counted: tuple[int, ...] | None = None
    """A counting hand's units per side with the last-trick bonus, before the
    fractions are dropped (Tressette; rules ``tressette.score.*``)."""
    cappotto: dict[str, Any] | None = None
    """Every trick taken by one side (``tressette.score.cappotto``) or one
    player (``tressette.score.cappottone``), where played: its kind, the
    side, the seat for a cappottone, and the games the win counts as."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "points": list(self.points),
            "cards": list(self.cards),
            "outcome": self.outcome,
            "winner": self.winner,
            "decided_by": self.decided_by,
            "game_points": list(self.game_points),
        }
        if self.contract is not None:
            out["contract"] = self.contract
        if self.counted is not None:
            out["counted"] = list(self.counted)
        if self.cappotto is not None:
            out["cappotto"] = self.cappotto
        return out


@dataclass(frozen=True)
class MatchScore:
    """Running match totals (rule ``briscola.match.end``)."""

    game_points: tuple[int, ...]
    card_points: tuple[int, ...]
    hands_played: int = 0
    over: bool = False
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game_points": list(self.game_points),
            "card_points": list(self.card_points),
            "hands_played": self.hands_played,
            "over": self.over,
            "winner": self.winner,
        }


@dataclass(frozen=True)
class State:
    """Everything about a match in progress."""

    tables: Tables
    phase: Phase
    dealer: int
    match: MatchScore
    hand_number: int = 0
    """Hands dealt so far, less one (0 during the first hand)."""
    hands: tuple[tuple[str, ...], ...] = ()
    stock: tuple[str, ...] = ()
    """Face-down stock, top card first (the indicator is not in it)."""
    indicator: str | None = None
    """The face-up trump card still lying under the stock."""
    trump: str | None = None
    trick: tuple[tuple[int, str], ...] = ()
    """Cards on the current trick: (seat, card) in play order."""
    leader: int | None = None
    to_move: int | None = None
    won: tuple[tuple[str, ...], ...] = ()
    """Cards taken in tricks, per seat."""
    tricks_won: tuple[int, ...] = ()
    """Tricks taken, per seat."""
    tricks_played: int = 0
    last_trick: tuple[int, tuple[tuple[int, str], ...]] | None = None
    """(winner, cards) of the last completed trick."""
    result: HandResult | None = None
    """The result of the hand just finished (until the next shuffle)."""
    events: tuple[dict[str, Any], ...] = ()
    rules: tuple[str, ...] = field(default=())
    auction: Auction | None = None
    """The auction of the hand (bidding games; rules ``chiamata.bid.*``,
    ``albastini.bid.*``)."""
    contract: Contract | None = None
    """The contract and the call (Chiamata; rules ``chiamata.call.*``)."""
    declared: tuple[int, ...] = ()
    """Whole points declared per side at the first trick of the hand
    (Tressette; rules ``tressette.declare.*``)."""
    shown: tuple[tuple[str, ...], ...] = ()
    """Per seat, the cards drawn face up and not yet played (``draw.shown``;
    rule ``tressette.draw.shown``)."""

    @property
    def ruleset(self):  # noqa: ANN201 - the Ruleset
        return self.tables.ruleset

    @property
    def is_chance(self) -> bool:
        """True between hands: the next step is a shuffle."""
        return self.phase == "shuffle"

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase == "over"


replace = replacer(State)
"""A copy of a state with some fields changed, fast (`regola.reference.copying`)."""
