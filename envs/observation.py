"""Observations as tensors: a seat's view (`regola.reference.view`) as a
flat vector of float32 in [-1, 1], the same layout for every state of a
variant.

The tensor is built from the seat's view and nothing else, so it shows
exactly what the rules let that seat see (``briscola.info.hidden``,
``chiamata.info.secret-partner``, ``chiamata.call.monte``,
``scopa.info.hidden``), and it holds the whole of that view: two views
that differ give two tensors that differ (``tests/envs/test_no_leak.py``
proves both over whole games of every variant). Piles are sets: the order
in which a pile grew is history, which the information state holds
(`regola.envs.history`). The only parts of a view left out are those no
other part of it can differ in: the variant, the observer's seat, the
seats of each side, and the result of a finished hand (it follows from the
piles and the match score).

Seats are relative: block ``+k`` is the seat ``k`` places after the
observer in seat order (``+0`` is the observer); sides likewise start with
the observer's. A *card plane* has one entry per card of the pack in
canonical order (1 where the card is there). Counts are ``k / (k + c)``
and signed scores ``x / (|x| + c)`` for a constant ``c`` per block, so
every whole number has its own value.

The layout is versioned (`OBSERVATION_VERSION`, also in each space's
metadata): a change of planes or order bumps it. `layout` lists the blocks
of a variant in order, with their sizes; ``docs/rl/observations.md``
describes them per family and what each version changed.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

import numpy as np

from regola.reference import FishingState, State
from regola.spec import Ruleset

from .encoding import action_space

OBSERVATION_VERSION = 2
"""Version of the observation layout (2: the whole view; see
``docs/rl/observations.md``)."""

PASS_SLOTS = 3
"""Passes of one seat counted in a deal's length bound (`regola.envs.history`)."""


def _phases(state_class: type) -> tuple[str, ...]:
    """The phases a family's state may be in, in the reference's order."""
    return tuple(typing.get_args(typing.get_type_hints(state_class)["phase"]))


TRICK_PHASES = _phases(State)
FISHING_PHASES = _phases(FishingState)


def count(k: float, scale: float) -> float:
    """A count of 0 or more as a value in [0, 1), one value per number."""
    return k / (k + scale)


def signed(x: float, scale: float) -> float:
    """A score of any sign as a value in (-1, 1), one value per number."""
    return x / (abs(x) + scale)


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


def _seats(name: str, n: int, size: int) -> list[tuple[str, int]]:
    return [(f"{name}+{k}", size) for k in range(n)]


def _match_blocks(n: int, sides: int, trick_games: bool) -> list[tuple[str, int]]:
    blocks = [("to_move", n), ("dealer", n), ("hand_sizes", n), ("stock_size", 1), ("hand_number", 1)]
    blocks += [("match.game_points" if trick_games else "match.points", sides)]
    if trick_games:
        blocks += [("match.card_points", sides)]
    return blocks + [("match.hands_played", 1), ("match.over", 1), ("match.winner", sides)]


def layout(ruleset: Ruleset) -> Layout:
    """The observation layout of ``ruleset``."""
    cards = len(ruleset.deck.cards())
    n = ruleset.seating.players
    sides = len(ruleset.seating.sides())
    if ruleset.play.kind == "fishing":
        blocks = [("hand", cards)] + _seats("hand", n, cards)[1:] + [("table", cards)]
        blocks += _seats("captured", sides, cards)
        blocks += [("last_capture.card", cards), ("last_capture.take", cards), ("last_capture.seat", n)]
        blocks += [("last_capture.scopa", 1), ("phase", len(FISHING_PHASES)), ("scope", sides)]
        blocks += _match_blocks(n, sides, False)
        return Layout("fishing", tuple(blocks))
    blocks = [("hand", cards)] + _seats("hand", n, cards)[1:]
    blocks += _seats("trick", n, cards) + _seats("won", n, cards) + _seats("last_trick", n, cards)
    blocks += [("indicator", cards), ("stock_top", cards), ("trump", len(ruleset.deck.suits))]
    blocks += [("phase", len(TRICK_PHASES)), ("leader", n), ("last_trick.winner", n)]
    blocks += [("tricks_played", 1), ("points", n)] + _match_blocks(n, sides, True)
    if ruleset.draw.shown:  # tressette.draw.shown
        blocks += _seats("shown", n, cards)
    if ruleset.hand_scoring.kind == "count":  # tressette.declare.*
        blocks += [("declared.made", 1), ("declared", sides)]
    if ruleset.bidding.kind != "none":
        blocks += _auction_blocks(ruleset, n, cards)
    return Layout("tricks", tuple(blocks))


def _auction_blocks(ruleset: Ruleset, n: int, cards: int) -> list[tuple[str, int]]:
    bids = sum(1 for k in action_space(ruleset).keys if k[0] == "bid")
    blocks = [("auction.first", n), ("auction.passed", n), ("auction.high_seat", n), ("auction.high", bids)]
    blocks += [("auction.closed", 1), ("auction.reopening", 1)]
    blocks += _seats("auction.bids", n, bids) + [("auction.length", 1)]
    blocks += _seats("auction.table", n, cards)
    blocks += [("auction.exchange.seat", n), ("auction.exchange.bid", cards), ("auction.exchange.indicator", cards)]
    if ruleset.hand_scoring.kind == "contract":
        blocks += [("contract.bidder", n), ("contract.rank", len(ruleset.deck.ranks)), ("contract.target", 1)]
        blocks += [("contract.called", cards), ("contract.partner", n), ("contract.alone", 2), ("contract.revealed", 1)]
        if getattr(ruleset.calling, "two_cards_at", None) is not None:  # chiamata.call.two-cards
            blocks += [("contract.second", cards), ("contract.second_partner", n), ("contract.second_revealed", 1)]
        if getattr(ruleset.calling, "monte", False):  # chiamata.call.monte
            blocks += [("contract.monte", 1), ("contract.discards", cards), ("contract.discarded", 1)]
            blocks += [("contract.own_call", 2)]
    return blocks


class Observer:
    """Turns one seat's views of a variant into tensors."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.layout = layout(ruleset)
        self.at = {name: start for name, (start, _) in self.layout.offsets().items()}
        self.cards = {c: i for i, c in enumerate(ruleset.deck.cards())}
        self.suits = {s.id: i for i, s in enumerate(ruleset.deck.suits)}
        self.ranks = {r.id: i for i, r in enumerate(ruleset.deck.ranks)}
        self.players = ruleset.seating.players
        self.fishing = ruleset.play.kind == "fishing"
        phases = FISHING_PHASES if self.fishing else TRICK_PHASES
        self.phase_index = {p: i for i, p in enumerate(phases)}  # a phase not named sets no entry
        self.sides = ruleset.seating.sides()
        self.side_of = {s: i for i, side in enumerate(self.sides) for s in side}
        self.total = max(1, len(self.cards))
        self.card_points = max(1, ruleset.deck.total_points)
        self.space = action_space(ruleset)
        self.bid_index = {k: i for i, k in enumerate(k for k in self.space.keys if k[0] == "bid")}
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
        _Writer(self, out, seat).view(view)
        return out


class _Writer:
    """Writes one view into one tensor (the blocks of `layout`)."""

    def __init__(self, observer: Observer, out: np.ndarray, seat: int) -> None:
        self.o, self.out, self.seat = observer, out, seat
        self.at, self.n = observer.at, observer.players

    # --- kinds of block --------------------------------------------------------

    def cards(self, block: str, ids: Any) -> None:
        if ids:
            start, index = self.at[block], self.o.cards
            for c in ids:
                self.out[start + index[c]] = 1.0

    def one(self, block: str, i: int | None) -> None:
        if i is not None:
            self.out[self.at[block] + i] = 1.0

    def seat_of(self, block: str, s: int | None) -> None:
        """A seat, one-hot, relative to the observer."""
        if s is not None:
            self.out[self.at[block] + (s - self.seat) % self.n] = 1.0

    def value(self, block: str, x: float, offset: int = 0) -> None:
        self.out[self.at[block] + offset] = x

    def per_side(self, block: str, xs: list[Any] | None, scale: float, sign: bool = True) -> None:
        if xs:
            f = signed if sign else count
            for j, side in enumerate(self.o.side_order(self.seat)):
                self.out[self.at[block] + j] = f(xs[side], scale)

    def side(self, block: str, side: int | None) -> None:
        if side is not None:
            self.out[self.at[block] + self.o.side_order(self.seat).index(side)] = 1.0

    # --- the view ------------------------------------------------------------

    def view(self, v: dict[str, Any]) -> None:
        seat, n = self.seat, self.n
        for s, hand in enumerate(v["hands"]):
            self.cards("hand" if s == seat else f"hand+{(s - seat) % n}", hand)
        self.seat_of("to_move", v["to_move"])
        self.seat_of("dealer", v["dealer"])
        for k in range(n):
            self.value("hand_sizes", v["hand_sizes"][(seat + k) % n] / self.o.total if v["hand_sizes"] else 0.0, k)
        self.value("stock_size", v["stock_size"] / self.o.total)
        self.value("hand_number", count(v["hand_number"], 10))
        self.one("phase", self.o.phase_index.get(v["phase"]))
        match = v["match"]
        self.value("match.hands_played", count(match["hands_played"], 10))
        self.value("match.over", 1.0 if match["over"] else 0.0)
        self.side("match.winner", match["winner"])
        if self.o.fishing:
            self.per_side("match.points", match.get("points"), 10)
            self.fishing(v)
        else:
            self.per_side("match.game_points", match.get("game_points"), 10)
            self.per_side("match.card_points", match.get("card_points"), self.o.card_points)
            self.tricks(v)

    def fishing(self, v: dict[str, Any]) -> None:
        self.cards("table", v["table"])
        for j, side in enumerate(self.o.side_order(self.seat)):
            if v["captured"]:
                self.cards(f"captured+{j}", v["captured"][side])
        self.per_side("scope", v["scope"], 5, sign=False)
        last = v["last_capture"]
        if last:
            self.cards("last_capture.card", [last["card"]])
            self.cards("last_capture.take", last.get("take"))
            self.seat_of("last_capture.seat", last["seat"])
            self.value("last_capture.scopa", 1.0 if last.get("scopa") else 0.0)

    def tricks(self, v: dict[str, Any]) -> None:
        seat, n = self.seat, self.n
        for played in v["trick"]:
            self.cards(f"trick+{(played['seat'] - seat) % n}", [played["card"]])
        for s, pile in enumerate(v["won"] or ()):
            self.cards(f"won+{(s - seat) % n}", pile)
        self.cards("indicator", [v["indicator"]] if v["indicator"] else ())
        self.cards("stock_top", [v["stock_top"]] if v["stock_top"] else ())
        last = v["last_trick"]
        if last:
            for played in last["cards"]:
                self.cards(f"last_trick+{(played['seat'] - seat) % n}", [played["card"]])
            self.seat_of("last_trick.winner", last["winner"])
        self.one("trump", self.o.suits.get(v["trump"]) if v["trump"] else None)
        self.seat_of("leader", v["leader"])
        self.value("tricks_played", v["tricks_played"] / self.o.total)
        for k, points in enumerate(v["points"] or ()):
            self.value("points", count(v["points"][(seat + k) % n], self.o.card_points), k)
        for s, drawn in enumerate(v.get("shown") or ()):  # tressette.draw.shown
            self.cards(f"shown+{(s - seat) % n}", drawn)
        if "declared" in self.at:  # tressette.declare.*
            declared = v.get("declared")
            self.value("declared.made", 1.0 if declared is not None else 0.0)
            self.per_side("declared", declared, 3, sign=False)
        if "auction.first" in self.at:
            self.auction(v.get("auction"))
            contract = v.get("contract")
            if contract and "contract.bidder" in self.at:
                self.contract(contract)

    def auction(self, auction: dict[str, Any] | None) -> None:
        if not auction:
            return
        n = self.n
        self.seat_of("auction.first", auction["first"])
        for s in auction["passed"]:
            self.seat_of("auction.passed", s)
        high = auction.get("high")
        if high:
            self.seat_of("auction.high_seat", high["seat"])
            self.one("auction.high", self.o.bid_index.get(self.o.space.key_of(high)))
        self.value("auction.closed", 1.0 if auction.get("closed") else 0.0)
        self.value("auction.reopening", 1.0 if auction.get("reopening") else 0.0)
        # each bid at its place in the history, and the history's length: the turns follow from the
        # rules (chiamata.bid.*), so the passes are the places left
        history = auction["history"]
        self.value("auction.length", count(len(history), 8))
        for k, made in enumerate(history):
            if made["type"] != "pass":
                rel = (made["seat"] - self.seat) % n
                self.value(f"auction.bids+{rel}", count(k + 1, 8), self.o.bid_index[self.o.space.key_of(made)])
        for laid in auction.get("table") or ():
            self.cards(f"auction.table+{(laid['seat'] - self.seat) % n}", [laid["card"]])
        exchange = auction.get("exchange")
        if exchange:  # albastini.bid.*: the bid card taken back for the indicator, in the open
            self.seat_of("auction.exchange.seat", exchange["seat"])
            self.cards("auction.exchange.bid", [exchange["bid"]])
            self.cards("auction.exchange.indicator", [exchange["indicator"]])

    def contract(self, c: dict[str, Any]) -> None:
        self.seat_of("contract.bidder", c["bidder"])
        self.one("contract.rank", self.o.ranks.get(c["rank"]) if c.get("rank") else None)
        self.value("contract.target", count(c.get("target") or 0, self.o.max_points))
        self.cards("contract.called", [c["called"]] if c.get("called") else ())
        self.seat_of("contract.partner", c.get("partner"))
        alone = c.get("alone")
        if alone is not None:  # chiamata.info.secret-partner: known (entry 0), and its value (entry 1)
            self.value("contract.alone", 1.0)
            self.value("contract.alone", 1.0 if alone else 0.0, 1)
        self.value("contract.revealed", 1.0 if c.get("revealed") else 0.0)
        if "contract.second" in self.at and c.get("second"):
            self.cards("contract.second", [c["second"]])
            self.seat_of("contract.second_partner", c.get("second_partner"))
            self.value("contract.second_revealed", 1.0 if c.get("second_revealed") else 0.0)
        if "contract.monte" in self.at and c.get("monte"):  # chiamata.call.monte: the bidder's alone
            self.value("contract.monte", count(c["monte"], 4))
            self.cards("contract.discards", c.get("discards"))
            self.value("contract.discarded", count(c.get("discarded") or 0, 4))
            own = c.get("own_call")
            self.one("contract.own_call", {"alone": 0, "show": 1}.get(own) if own else None)
