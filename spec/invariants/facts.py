"""Plain numbers and names read from a ruleset, shared by the invariant modules.

The invariants encode the spec's parameters, never the interpreter: this
module is the one place that reads the ruleset's fields (with ``getattr`` for
fields that only some families have), so each invariant module stays a
statement of its claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..schema import Ruleset


def option(ruleset: Ruleset, path: str, default: Any = None) -> Any:
    """The value at a dotted path (``deal.indicator``), or ``default`` when the
    ruleset's family has no such field."""
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part, None)
        if node is None:
            return default
    return node


@dataclass(frozen=True)
class Card:
    """One card in play, with the indices z3 works with."""

    id: str
    rank: int
    """Index into `Pack.ranks`."""
    suit: int
    """Index into `Pack.suits`."""
    points: int


class Pack:
    """The deck of a ruleset as numbers: ranks, suits and the cards in play."""

    def __init__(self, ruleset: Ruleset) -> None:
        deck = ruleset.deck
        self.deck = deck
        self.ranks = [r.id for r in deck.ranks]
        self.rank_names = [r.name for r in deck.ranks]
        self.suits = [s.id for s in deck.suits]
        self.suit_names = [s.name for s in deck.suits]
        removed = set(deck.removed)
        self.cards = [
            Card(r.id + s.id, ri, si, r.points)
            for si, s in enumerate(deck.suits)
            for ri, r in enumerate(deck.ranks)
            if r.id + s.id not in removed
        ]
        self.removed = [c for c in deck.removed]

    @property
    def size(self) -> int:
        return len(self.cards)

    @cached_property
    def total(self) -> int:
        """The card points the cards in play actually carry."""
        return sum(c.points for c in self.cards)

    @cached_property
    def max_points(self) -> int:
        return max((c.points for c in self.cards), default=0)

    def card_id(self, rank: int, suit: int) -> str:
        return self.ranks[rank] + self.suits[suit]

    def rank_phrase(self, rank: int) -> str:
        """``the 7 (Seven)``."""
        return f"{self.ranks[rank]} ({self.rank_names[rank]})"


def faces(name: str) -> str:
    """The plural of a face's name: ``Kings``, ``Sixes``."""
    return name + ("es" if name.endswith(("x", "s")) else "s")


def players(ruleset: Ruleset) -> int:
    """The players taking part in a hand (``seating.sits_out``: the dealer
    may sit out, rule ``chiamata.seat.dealer-sits-out``)."""
    return ruleset.seating.in_hand


def trick_sizes(ruleset: Ruleset) -> list[int]:
    """The numbers of cards a trick of this variant can hold: one per player
    taking part in the hand."""
    return [ruleset.seating.in_hand]


def sides(ruleset: Ruleset) -> tuple[tuple[int, ...], ...]:
    return ruleset.seating.sides()


def plays_tricks(ruleset: Ruleset) -> bool:
    return option(ruleset, "play.kind", "tricks") == "tricks"


def has_indicator(ruleset: Ruleset) -> bool:
    return option(ruleset, "deal.indicator", "none") != "none"


def draws(ruleset: Ruleset) -> bool:
    return bool(option(ruleset, "draw.enabled", False))


def indicator_taken(ruleset: Ruleset) -> bool:
    """Whether the face-up indicator is drawn as the last card of the stock
    (``draw.take_indicator``; Albastini for five leaves it on the table)."""
    return bool(option(ruleset, "draw.take_indicator", True))


def fishing(ruleset: Ruleset) -> bool:
    return option(ruleset, "play.kind", "tricks") == "fishing"


def table_cards(ruleset: Ruleset) -> int:
    """Cards dealt face up to the table at the first deal (fishing games)."""
    return sum(option(ruleset, "deal.table_packets", ()) or ())


def refills(ruleset: Ruleset) -> bool:
    """Fishing games: new hands are dealt from the stock when all are empty."""
    return bool(option(ruleset, "deal.refill", False))


def bidding_kind(ruleset: Ruleset) -> str:
    return option(ruleset, "bidding.kind", "none")


def scoring_kind(ruleset: Ruleset) -> str:
    return option(ruleset, "hand_scoring.kind", "card-points")


def side_names(ruleset: Ruleset) -> list[str]:
    """``seats 0 and 2``, or ``seat 1`` when each plays for himself."""
    out = []
    for side in sides(ruleset):
        if len(side) == 1:
            out.append(f"seat {side[0]}")
        else:
            out.append("seats " + ", ".join(map(str, side[:-1])) + f" and {side[-1]}")
    return out
