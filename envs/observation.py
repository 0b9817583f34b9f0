"""Observations as tensors: a seat's view (`regola.reference.view`) as a
flat vector of float32 in [-1, 1], the same layout for every state of a
variant.

The tensor is built from the seat's view and nothing else, so it shows
exactly what the rules let that seat see (``briscola.info.hidden``,
``chiamata.info.secret-partner``, ``scopa.info.hidden``). Seats are
relative: block ``+k`` is the seat ``k`` places after the observer in seat
order (``+0`` is the observer). A *card plane* has one entry per card of
the pack in canonical order (1 where the card is there).

The layout is versioned (`OBSERVATION_VERSION`, also in each space's
metadata): a change of planes or order bumps it. `layout` lists the blocks
of a variant in order, with their sizes; the docs page ``docs/rl/observations.md``
describes them per family.
"""

from __future__ import annotations

import math
import typing
from dataclasses import dataclass
from typing import Any

import numpy as np

from regola.reference import FishingState, State
from regola.spec import Ruleset

from .encoding import action_space

OBSERVATION_VERSION = 1
"""Version of the observation layout."""



def _phases(state_class: type) -> tuple[str, ...]:
    """The phases a family's state may be in, in the reference's order."""
    return tuple(typing.get_args(typing.get_type_hints(state_class)["phase"]))


TRICK_PHASES = _phases(State)
FISHING_PHASES = _phases(FishingState)


@dataclass(frozen=True)
class Layout:
    """The blocks of one variant's observation, in order: (name, size)."""

    family: str
    blocks: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.blocks)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Block name -> (start, end) in the vector."""
        out, at = {}, 0
        for name, n in self.blocks:
            out[name] = (at, at + n)
            at += n
        return out


def layout(ruleset: Ruleset) -> Layout:
    """The observation layout of ``ruleset``."""
    cards = len(ruleset.deck.cards())
    n = ruleset.seating.players
    if ruleset.play.kind == "fishing":
        sides = len(ruleset.seating.sides())
        blocks = [("hand", cards)] + [(f"hand+{k}", cards) for k in range(1, n)]
        blocks += [("table", cards)] + [(f"captured+{j}", cards) for j in range(sides)]
        blocks += [("last_capture.card", cards), ("last_capture.take", cards)]
        blocks += [("phase", len(FISHING_PHASES)), ("to_move", n), ("dealer", n), ("last_capture.seat", n)]
        blocks += [("hand_sizes", n), ("stock_size", 1), ("scope", sides), ("match", sides)]
        return Layout("fishing", tuple(blocks))
    blocks = [("hand", cards)] + [(f"hand+{k}", cards) for k in range(1, n)]
    blocks += [(f"trick+{k}", cards) for k in range(n)] + [(f"won+{k}", cards) for k in range(n)]
    blocks += [("indicator", cards), ("stock_top", cards), ("last_trick", cards)]
    blocks += [("trump", len(ruleset.deck.suits)), ("phase", len(TRICK_PHASES))]
    blocks += [("to_move", n), ("leader", n), ("dealer", n), ("last_trick.winner", n)]
    blocks += [("hand_sizes", n), ("stock_size", 1), ("tricks_played", 1), ("points", n)]
    blocks += [("match", len(ruleset.seating.sides()))]
    if ruleset.bidding.kind != "none":
        bids = sum(1 for k in action_space(ruleset).keys if k[0] == "bid")
        blocks += [("auction.passed", n), ("auction.high_seat", n), ("auction.high", bids)]
        blocks += [("auction.closed", 1), ("auction.table", cards)]
        if ruleset.hand_scoring.kind == "contract":
            blocks += [("contract.bidder", n), ("contract.partner", n), ("contract.alone", 1)]
            blocks += [("contract.called", cards), ("contract.target", 1)]
    return Layout("tricks", tuple(blocks))


class Observer:
    """Turns one seat's views of a variant into tensors."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.layout = layout(ruleset)
        self.at = self.layout.offsets()
        self.cards = {c: i for i, c in enumerate(ruleset.deck.cards())}
        self.suits = {s.id: i for i, s in enumerate(ruleset.deck.suits)}
        self.players = ruleset.seating.players
        phases = FISHING_PHASES if ruleset.play.kind == "fishing" else TRICK_PHASES
        self.phase_index = {p: i for i, p in enumerate(phases)}  # a phase not named sets no entry
        self.sides = ruleset.seating.sides()
        self.side_of = {s: i for i, side in enumerate(self.sides) for s in side}
        self.total = max(1, len(self.cards))
        self.card_points = max(1, ruleset.deck.total_points)
        space = action_space(ruleset)
        bids = [k for k in space.keys if k[0] == "bid"]
        self.bid_index = {k: i for i, k in enumerate(bids)}
        self.space = space
        self.max_points = max(1, ruleset.bidding.max_points)

    def side_order(self, seat: int) -> list[int]:
        """The sides (indices of ``seating.sides()``) from the observer's on."""
        mine = self.side_of[seat]
        return [(mine + j) % len(self.sides) for j in range(len(self.sides))]

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The tensor of a seat's view (``view["seat"]`` is the observer)."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("observation: a tensor is made from a seat's view, not the omniscient one")
        out = np.zeros(self.layout.size, dtype=np.float32)
        n = self.players
        rel = lambda s: (s - seat) % n  # noqa: E731 - the observer's numbering of seats

        def cards(block: str, ids: Any) -> None:
            start = self.at[block][0]
            for c in ids or ():
                out[start + self.cards[c]] = 1.0

        def one(block: str, i: int | None) -> None:
            if i is not None:
                out[self.at[block][0] + i] = 1.0

        def values(block: str, xs: list[float]) -> None:
            start = self.at[block][0]
            out[start : start + len(xs)] = xs

        for s, hand in enumerate(view["hands"]):
            cards("hand" if s == seat else f"hand+{rel(s)}", hand)
        one("to_move", None if view["to_move"] is None else rel(view["to_move"]))
        one("dealer", None if view["dealer"] is None else rel(view["dealer"]))
        sizes = view["hand_sizes"]
        values("hand_sizes", [sizes[(seat + k) % n] / self.total for k in range(n)] if sizes else [])
        values("stock_size", [view["stock_size"] / self.total])
        if self.layout.family == "fishing":
            self._fishing(view, seat, cards, one, values)
        else:
            self._tricks(view, seat, rel, cards, one, values)
        return out

    def _fishing(self, view, seat, cards, one, values) -> None:  # noqa: ANN001 - helpers of encode
        one("phase", self.phase_index.get(view["phase"]))
        cards("table", view["table"])
        order = self.side_order(seat)
        for j, side in enumerate(order):
            if view["captured"]:
                cards(f"captured+{j}", view["captured"][side])
        values("scope", [math.tanh(view["scope"][side] / 5) for side in order] if view["scope"] else [])
        match = view["match"].get("points") or []
        values("match", [math.tanh(match[side] / 10) for side in order] if match else [])
        last = view["last_capture"]
        if last:
            cards("last_capture.card", [last["card"]])
            cards("last_capture.take", last.get("take"))
            one("last_capture.seat", (last["seat"] - seat) % self.players)

    def _tricks(self, view, seat, rel, cards, one, values) -> None:  # noqa: ANN001 - helpers of encode
        n = self.players
        one("phase", self.phase_index.get(view["phase"]))
        for played in view["trick"]:
            cards(f"trick+{rel(played['seat'])}", [played["card"]])
        for s, pile in enumerate(view["won"] or ()):
            cards(f"won+{rel(s)}", pile)
        cards("indicator", [view["indicator"]] if view["indicator"] else ())
        cards("stock_top", [view["stock_top"]] if view["stock_top"] else ())
        last = view["last_trick"]
        if last:
            cards("last_trick", [p["card"] for p in last["cards"]])
            one("last_trick.winner", None if last["winner"] is None else rel(last["winner"]))
        one("trump", self.suits.get(view["trump"]) if view["trump"] else None)
        one("leader", None if view["leader"] is None else rel(view["leader"]))
        values("tricks_played", [view["tricks_played"] / self.total])
        points = view["points"] or []
        values("points", [min(1.0, points[(seat + k) % n] / self.card_points) for k in range(n)] if points else [])
        match = view["match"].get("game_points") or []
        values("match", [math.tanh(match[side] / 10) for side in self.side_order(seat)] if match else [])
        if "auction.passed" in self.at:
            self._auction(view, rel, cards, one, values)

    def _auction(self, view, rel, cards, one, values) -> None:  # noqa: ANN001 - helpers of encode
        auction = view.get("auction")
        if auction:
            for s in auction["passed"]:
                one("auction.passed", rel(s))
            high = auction.get("high")
            if high:
                one("auction.high_seat", rel(high["seat"]))
                one("auction.high", self.bid_index.get(self.space.key_of(high)))
            values("auction.closed", [1.0 if auction.get("closed") else 0.0])
            cards("auction.table", [t["card"] for t in auction.get("table") or ()])
        contract = view.get("contract")
        if contract and "contract.bidder" in self.at:
            one("contract.bidder", None if contract.get("bidder") is None else rel(contract["bidder"]))
            one("contract.partner", None if contract.get("partner") is None else rel(contract["partner"]))
            values("contract.alone", [1.0 if contract.get("alone") else 0.0])
            cards("contract.called", [contract["called"]] if contract.get("called") else ())
            values("contract.target", [min(1.0, (contract.get("target") or 0) / self.max_points)])
