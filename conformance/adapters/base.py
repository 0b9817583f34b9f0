"""What every adapter of a third-party engine shares.

A third-party engine plays one hand at a time, in its own terms: its own
card objects, its own player names, its own way of shuffling. An adapter
turns it into an `regola.conformance.protocol.engine.Engine`:

- a `HandDriver` (one per engine) deals one hand from a deck order
  given in regola's card ids, plays cards for seats, and reads the engine's
  state back as a `Snapshot`;
- `HandByHandAdapter` strings hands into a match: the first hand is
  dealt by ``new``, each later ``shuffle`` action starts a fresh engine game
  with the next dealer, and the view is built from the snapshot.

Only the view fields an engine really determines are reported (the
adapter's ``FIELDS``); match bookkeeping the adapter would have to invent
(``phase``, ``hand_number``, ``dealer``, ``match``) and echoes of the
request (``variant``, ``seat``) are left out, so the report's share of
fields checked is the share of the rules the engine was tested on.

When an action cannot even be expressed through the engine's interface
(a player moving out of turn in an engine that always asks the player to
move, a card the player does not hold in an engine that plays by position
in the hand) the driver refuses it with `by_construction`; the
engine documentation pages say which refusals are the engine's own checks
and which come from the shape of its interface.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, ClassVar

from regola.conformance.protocol.engine import PROTOCOL, ActionRejected, EngineFailure
from regola.spec import Ruleset, SpecError, load
from regola.spec import ruleset_hash as hash_of

PATCH_LOCK = threading.RLock()
"""Held while an engine's module globals are patched to inject a deck order
(several adapters may deal at once when the runner uses threads)."""


def by_construction(engine: str, why: str) -> ActionRejected:
    """A refusal that comes from the shape of the engine's interface: the
    action cannot be put to the engine at all."""
    return ActionRejected(None, f"cannot be expressed through {engine}'s interface: {why}")


@dataclass
class Snapshot:
    """One moment of a hand, read from the engine and put in regola's terms
    (seats in order of play, regola card ids)."""

    to_move: int | None
    trump: str | None
    indicator: str | None
    """The face-up trump card while it lies under the stock, else None."""
    stock: list[str]
    """The face-down stock, top card first (the indicator not included)."""
    hands: list[list[str]]
    trick: list[tuple[int, str]]
    leader: int | None
    tricks_played: int
    last_trick: tuple[int, list[tuple[int, str]]] | None
    won: list[list[str]]
    """Cards each seat has taken, in the order they were played."""
    points: list[int]
    """Card points as the engine counts them."""
    finished: bool
    winner: int | None = None
    """At the end: the seat the engine declares the winner, None for a draw."""


@dataclass
class HandContext:
    """What a driver needs to deal one hand."""

    ruleset: Ruleset
    dealer: int
    deck: list[str]

    @property
    def players(self) -> int:
        return self.ruleset.seating.players

    def seat_of(self, position: int) -> int:
        """The seat of the engine's ``position``-th player in order of play
        (position 0 receives first and leads)."""
        return (self.dealer + 1 + position) % self.players

    def position_of(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.players


class HandDriver(ABC):
    """One hand of a third-party engine."""

    engine: ClassVar[str] = "engine"

    def __init__(self, ctx: HandContext) -> None:
        self.ctx = ctx

    @abstractmethod
    def play(self, seat: int, card: str) -> None:
        """Play ``card`` for ``seat``; raise ActionRejected if the engine refuses."""

    def exchange(self, seat: int, card: str) -> None:
        raise ActionRejected(None, f"{self.engine} has no exchange of a trump for the indicator")

    @abstractmethod
    def snapshot(self) -> Snapshot:
        """The hand as it stands."""

    def legal(self) -> list[dict[str, Any]]:
        raise EngineFailure("unsupported", f"{self.engine} does not list legal actions")

    def close(self) -> None:
        """Release what the hand holds (threads, for instance)."""


@dataclass
class CardMap:
    """Two-way mapping between the engine's card keys and regola's card ids."""

    to_id: dict[Any, str]
    to_key: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.to_key = {v: k for k, v in self.to_id.items()}

    def ids(self, keys: Any) -> list[str]:
        return [self.to_id[k] for k in keys]


class HandByHandAdapter:
    """An `regola.conformance.protocol.engine.Engine` made of one engine game
    per hand. Subclasses set ``NAME``, ``DISTRIBUTION`` (the PyPI name whose
    version is reported), ``VARIANTS``, ``LEGAL`` and ``DRIVER``, and
    ``FIELDS`` only if they report fewer than a hand snapshot gives."""

    NAME: ClassVar[str]
    DISTRIBUTION: ClassVar[str]
    VARIANTS: ClassVar[tuple[str, ...]]
    FIELDS: ClassVar[tuple[str, ...]] = (
        "to_move", "trump", "indicator", "stock_size", "stock_top", "hands", "hand_sizes", "trick",
        "leader", "tricks_played", "last_trick", "won", "points", "result", "stock",
    )
    """The view fields a hand snapshot gives (match fields are not reported:
    no adapted engine plays a match)."""
    LEGAL: ClassVar[bool] = False
    DRIVER: ClassVar[Callable[[HandContext], HandDriver]]

    def __init__(self) -> None:
        self.ruleset: Ruleset | None = None
        self.hand: HandDriver | None = None
        self.dealer = 0

    # -- Engine ---------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        try:
            version = metadata.version(self.DISTRIBUTION)
        except metadata.PackageNotFoundError:
            raise EngineFailure(
                "crash",
                f"{self.DISTRIBUTION} is not installed: pip install 'regola[engines]'",
            ) from None
        return {
            "protocol": PROTOCOL,
            "engine": self.NAME,
            "version": version,
            "variants": list(self.VARIANTS),
            "fields": list(self.FIELDS),
            "seat_views": False,
            "legal": self.LEGAL,
        }

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        if variant not in self.VARIANTS:
            raise EngineFailure("unsupported", f"{self.NAME} plays {', '.join(self.VARIANTS)}, not {variant}")
        try:
            ruleset = load(variant, options or None)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        if ruleset_hash and ruleset_hash != hash_of(ruleset):
            raise EngineFailure("unsupported", f"{variant} with {options or {}} is not the ruleset the trace was made from")
        self.close()
        self.ruleset = ruleset
        self.dealer = deal.get("dealer", 0) if isinstance(deal, dict) else 0
        self._deal(list(deck))

    def apply(self, action: dict[str, Any]) -> None:
        hand = self._require()
        kind = action.get("type")
        if kind == "shuffle":
            if not hand.snapshot().finished:
                raise ActionRejected(None, "a shuffle is only possible between hands (the adapter deals each hand)")
            deck = action.get("deck")
            if not isinstance(deck, list) or sorted(map(str, deck)) != sorted(self.ruleset.deck.cards()):
                raise ActionRejected(None, "a shuffle's deck must hold each card of the pack once")
            self.dealer = self._next_dealer(hand.snapshot())
            hand.close()
            self._deal(list(deck))
            return
        seat, card = action.get("seat"), action.get("card")
        if not isinstance(seat, int) or not isinstance(card, str):
            raise ActionRejected(None, f"{self.NAME} cannot read the action {action}")
        if not 0 <= seat < self.ruleset.seating.players:
            # the engine's positions wrap around: a seat past the table would
            # be read as another player's
            raise ActionRejected(None, f"there is no seat {seat} at a table of {self.ruleset.seating.players}")
        if kind == "play":
            hand.play(seat, card)
        elif kind == "exchange":
            hand.exchange(seat, card)
        else:
            raise ActionRejected(None, f"{self.NAME} has no '{kind}' action")

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None:
            raise EngineFailure("unsupported", f"{self.NAME} gives no view for one seat")
        snap = self._require().snapshot()
        full = self._view(snap)
        return {k: v for k, v in full.items() if k in self.FIELDS}

    def legal(self) -> list[dict[str, Any]]:
        return self._require().legal()

    def close(self) -> None:
        if self.hand is not None:
            self.hand.close()
        self.hand = None

    # -- helpers --------------------------------------------------------------

    def _require(self) -> HandDriver:
        if self.hand is None:
            raise EngineFailure("protocol", "no match in progress: send 'new' first")
        return self.hand

    def _deal(self, deck: list[str]) -> None:
        assert self.ruleset is not None
        cards = self.ruleset.deck.cards()
        if sorted(deck) != sorted(cards):
            raise EngineFailure("protocol", f"the deck order must hold each of the {len(cards)} cards once")
        self.hand = self.DRIVER(HandContext(self.ruleset, self.dealer, deck))

    def _next_dealer(self, snap: Snapshot) -> int:
        """``briscola.match.next-dealer``: the next seat, or the winner (the
        same dealer after a tie) where the variant says so."""
        assert self.ruleset is not None
        if self.ruleset.match.next_dealer == "winner":
            return self.dealer if snap.winner is None else snap.winner
        return (self.dealer + 1) % self.ruleset.seating.players

    def _view(self, snap: Snapshot) -> dict[str, Any]:
        """Every field the snapshot can fill, in the reference's shape."""
        assert self.ruleset is not None
        order = {c: i for i, c in enumerate(self.ruleset.deck.cards())}
        hands = [sorted(h, key=lambda c: order.get(c, len(order))) for h in snap.hands]
        last = None
        if snap.last_trick is not None:
            w, cards = snap.last_trick
            last = {"winner": w, "cards": [{"seat": s, "card": c} for s, c in cards]}
        return {
            "to_move": None if snap.finished else snap.to_move,
            "trump": snap.trump,
            "indicator": snap.indicator,
            "stock_size": len(snap.stock),
            "stock_top": snap.stock[0] if snap.stock else None,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "trick": [{"seat": s, "card": c} for s, c in snap.trick],
            "leader": None if snap.finished else snap.leader,
            "tricks_played": snap.tricks_played,
            "last_trick": last,
            "won": [list(w) for w in snap.won],
            "points": list(snap.points),
            "result": self._result(snap) if snap.finished else None,
            "stock": list(snap.stock),
        }

    def _result(self, snap: Snapshot) -> dict[str, Any]:
        """The hand's result in the reference's shape, from the engine's own
        points, pile sizes and verdict. Only the game points are the
        adapter's: the variant's table applied to the engine's winner."""
        assert self.ruleset is not None
        points = list(snap.points)
        cards = [len(w) for w in snap.won]
        game_points = [0] * len(points)
        decided_by = None
        if snap.winner is not None:
            rows = self.ruleset.hand_scoring.game_points
            reached = [t for t in rows if points[snap.winner] >= t.min_points]
            game_points[snap.winner] = (reached[-1] if reached else rows[0]).game_points
            if points.count(max(points)) == 1 and points[snap.winner] == max(points):
                decided_by = "majority"
        return {
            "points": points,
            "cards": cards,
            "outcome": "draw" if snap.winner is None else "win",
            "winner": snap.winner,
            "decided_by": decided_by,
            "game_points": game_points,
        }
