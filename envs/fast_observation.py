"""The observation tensor (`regola.envs.observation`) written straight from
the fast core's match (`regola.fast`), without building the view first:
the same tensor, value for value (``tests/envs/test_fast_observation.py``
checks it against `Observer.encode` of the view at every step of every
variant, and with seats observed in any order).

Each seat's tensor is kept from one call to the next (`SeatTensor`), with
a copy of what each of its parts was written from: a call compares the
match with those copies and rewrites only the parts that differ (a card
played, a trick taken), then returns a copy of the tensor. The copies
are compared, never trusted, so any match may be passed in any order
(OpenSpiel's states share one observer); only two threads at once may
not.

A seat sees its own hand (``briscola.info.hidden``, ``scopa.info.hidden``)
or every hand (``briscola.info.open-hands``). The variants where partners
look at each other's hands (``briscola.info.partner-view``), the bidding
games' auction and contract, and any phase the core hands to the
reference are written from the view (`Observer.encode`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

import numpy as np

from .observation import Observer, count, signed

NONE = -1
"""A one-hot block with no entry set."""

MATCH_FIELDS = attrgetter("dealer", "phase", "over", "winner", "hand_number", "hands_played")
"""Fields of every family's match that change once a hand at most."""
TRUMP_FIELDS = attrgetter("indicator", "trump")
"""...and of a trick game's."""


class Table(dict):
    """Values of a function of one argument, each computed once."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        super().__init__()
        self.function = function

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.function(key)
        return value


class SeatTensor:
    """One seat's tensor as last written, and what each part was written
    from: the cards of each card plane, the key and entries of each block of
    (seat, card) pairs, the entry of each one-hot block and the numbers a
    step changes, and the key of the part a hand changes (`FastObserver`)."""

    __slots__ = ("out", "cells", "planes", "pairs", "flags", "counts", "hand", "hand_flags", "seat_entries",
                 "counts_at")

    def __init__(self, size: int, planes: int, flags: int, hand_flags: int,
                 seat_entries: dict[str, dict[int | None, int]], counts_at: list[int]) -> None:
        self.out = np.zeros(size, dtype=np.float32)
        self.cells = memoryview(self.out)  # the same entries, quicker to write one at a time
        self.planes: list[list[int]] = [[] for _ in range(planes)]
        self.pairs: list[tuple[Any, list[int]]] = [([], []), ((), [])]  # the trick, the last trick
        self.flags = [NONE] * flags
        self.counts = [0] * len(counts_at)  # whole numbers: sizes, tricks, card points
        self.hand: tuple[Any, ...] = ()
        self.hand_flags = [NONE] * hand_flags
        self.seat_entries = seat_entries  # block -> seat (None: none) -> its entry
        self.counts_at = counts_at  # the entries of `counts`


def rewrite_plane(cells: memoryview, start: int, old: list[int], new: list[int]) -> list[int]:
    """Turn the card plane at ``start`` from ``old`` cards to ``new`` ones;
    return a copy of ``new`` (the plane's record)."""
    kept = len(old)
    if new[:kept] == old:  # a pile that grew
        for c in new[kept:]:
            cells[start + c] = 1.0
    elif kept + len(new) > 16:  # a pile that changed: only the difference
        came = set(new).difference(old)
        if kept + len(came) != len(new):  # some went (a pile holds each card once)
            for c in set(old).difference(new):
                cells[start + c] = 0.0
        for c in came:
            cells[start + c] = 1.0
    else:
        for c in old:
            cells[start + c] = 0.0
        for c in new:
            cells[start + c] = 1.0
    return list(new)


def rewrite_pairs(cells: memoryview, starts: list[int], seat: int, old: list[int], pairs: Any) -> list[int]:
    """Turn the (seat, card) planes (``starts``, by seat from ``seat`` on)
    from the entries ``old`` to ``pairs``; return the entries now set."""
    n = len(starts)
    for i in old:
        cells[i] = 0.0
    new = []
    for s, c in pairs:
        i = starts[(s - seat) % n] + c
        cells[i] = 1.0
        new.append(i)
    return new


def write_counts(cells: memoryview, entries: list[int], values: list[Table], old: list[int], new: list[int]) -> None:
    """Write the counts ``new`` into ``entries``, as ``values`` map them,
    where they differ from ``old``."""
    for i, value, was, now in zip(entries, values, old, new):
        if was != now:
            cells[i] = value[now]


def switch_flags(cells: memoryview, old: list[int], new: list[int]) -> None:
    """Move each one-hot block's entry from ``old[j]`` to ``new[j]`` (`NONE`:
    no entry)."""
    for was, now in zip(old, new):
        if was != now:
            if was != NONE:
                cells[was] = 0.0
            if now != NONE:
                cells[now] = 1.0


class FastObserver:
    """Writes the seats' observation tensors from a fast match."""

    def __init__(self, observer: Observer) -> None:
        self.o = observer
        at = observer.at
        self.size = observer.layout.size
        self.n = n = observer.players
        self.sides = sides = len(observer.sides)
        self.card_points = observer.card_points
        self.total = observer.total
        ruleset = observer.ruleset
        self.fishing = observer.fishing
        self.open_hands = ruleset.information.open_hands
        bidding = ruleset.bidding.kind != "none"
        self.from_view = bidding or (not self.fishing and ruleset.information.partner_view != "never")
        self.suits = observer.suits
        self.phase_index = observer.phase_index
        blocks = lambda name, k: [at.get(f"{name}+{j}") for j in range(k)]  # noqa: E731
        self.hand_blocks = [at["hand"]] + blocks("hand", n)[1:]
        self.trick, self.won, self.last = blocks("trick", n), blocks("won", n), blocks("last_trick", n)
        self.shown, self.captured = blocks("shown", n), blocks("captured", sides)
        self.has_shown = self.shown[0] is not None  # tressette.draw.shown
        self.has_declared = "declared" in at  # tressette.declare.*
        self.stock_top_visible = ruleset.information.stock_top_visible
        self.orders = [
            [(observer.side_of[s] + j) % sides for j in range(sides)] for s in range(n)
        ]  # the sides from each seat's own on
        self.from_seat = [[(s + k) % n for k in range(n)] for s in range(n)]  # the seats from each one on
        self.at = {name: at.get(name) for name in (
            "to_move", "dealer", "phase", "match.over", "match.winner", "table", "last_capture.card",
            "last_capture.take", "last_capture.seat", "last_capture.scopa", "indicator", "stock_top",
            "last_trick.winner", "trump", "leader", "declared.made")}
        self.scores_at = np.array(self._score_entries(at), dtype=np.intp)
        fractions = Table(lambda k: k / self.total)
        point_counts = Table(lambda points: count(points, self.card_points))
        self.counts_as = [fractions] * (n + 1) if self.fishing else [fractions] * (n + 2) + [point_counts] * n
        self.tensors = [self._blank(at, seat) for seat in range(n)]

    def _blank(self, at: dict[str, int], seat: int) -> SeatTensor:
        """A tensor of zeros for ``seat``: the hands' planes, then the
        family's (`_tricks`, `_fishing`); four one-hot blocks a step
        changes, four or seven a hand changes (`_hand_part`)."""
        n, sides = self.n, self.sides
        planes = n + (1 + sides + 1 if self.fishing else n + (n if self.has_shown else 0))
        hand_flags = 4 if self.fishing else 7
        return SeatTensor(self.size, planes, 4, hand_flags, self._seat_entries(at, seat), self._count_entries(at, seat))

    def _seat_entries(self, at: dict[str, int], seat: int) -> dict[str, dict[int | None, int]]:
        """For each block with one entry per seat (from ``seat``'s on): the
        entry of each seat, `NONE` for no seat."""
        names = ("dealer", "to_move", "leader", "last_trick.winner", "last_capture.seat")
        return {
            name: {None: NONE, **{s: at[name] + (s - seat) % self.n for s in range(self.n)}}
            for name in names if name in at
        }

    def _count_entries(self, at: dict[str, int], seat: int) -> list[int]:
        """The entries of the numbers a step changes, for ``seat``, in the
        order `_sizes` and `_tricks` list them (seats from 0)."""
        n = self.n
        by_seat = lambda name: [at[name] + (s - seat) % n for s in range(n)]  # noqa: E731
        counts = by_seat("hand_sizes") + [at["stock_size"]]
        if not self.fishing:
            counts += [at["tricks_played"], *by_seat("points")]
        return counts

    def _score_entries(self, at: dict[str, int]) -> list[int]:
        """The entries of the numbers a hand changes, in `_hand_part`'s order."""
        sides = self.sides
        span = lambda name, k: list(range(at[name], at[name] + k))  # noqa: E731
        scores = span("hand_number", 1) + span("match.hands_played", 1)
        scores += span("match.points" if self.fishing else "match.game_points", sides)
        if self.fishing:
            return scores + span("scope", sides)
        scores += span("match.card_points", sides)
        if self.has_declared:
            scores += span("declared", sides)
        return scores

    # --- a call ---------------------------------------------------------------

    def encode(self, m: Any, seat: int) -> np.ndarray:
        """The tensor of ``seat`` in match ``m`` (a new array)."""
        if self.from_view or m.delegate is not None:
            return self.o.encode(m.view(seat))
        t = self.tensors[seat]
        cells = t.cells
        self._hands(m, seat, t, cells)
        if self.fishing:
            flags, counts, hand = self._fishing(m, seat, t, cells)
        else:
            flags, counts, hand = self._tricks(m, seat, t, cells)
        if flags != t.flags:
            switch_flags(cells, t.flags, flags)
            t.flags = flags
        if counts != t.counts:
            write_counts(cells, t.counts_at, self.counts_as, t.counts, counts)
            t.counts = counts
        if hand != t.hand:
            self._hand_part(m, seat, t, cells)
            t.hand = hand
        return t.out.copy()

    def _hands(self, m: Any, seat: int, t: SeatTensor, cells: memoryview) -> None:
        """The hand planes: the seat's own, or every seat's with open hands."""
        hands, planes, starts = m.hands, t.planes, self.hand_blocks
        if not self.open_hands:
            cards = hands[seat] if hands else []
            if cards != planes[0]:
                planes[0] = rewrite_plane(cells, starts[0], planes[0], cards)
            return
        for k, s in enumerate(self.from_seat[seat]):
            cards = hands[s] if hands else []
            if cards != planes[k]:
                planes[k] = rewrite_plane(cells, starts[k], planes[k], cards)

    def _sizes(self, m: Any) -> list[int]:
        """The hand sizes and the stock's."""
        hands = m.hands
        sizes = list(map(len, hands)) if hands else [0] * self.n
        sizes.append(len(m.stock))
        return sizes

    def _hand_part(self, m: Any, seat: int, t: SeatTensor, cells: memoryview) -> None:
        """What changes once a hand at most (or at a sweep): the dealer, the
        phase, the match's end and score; trump; the numbers that count
        hands and points."""
        at, n, sides, order = self.at, self.n, self.sides, self.orders[seat]
        phase = self.phase_index.get(m.phase)
        flags = [
            t.seat_entries["dealer"][m.dealer],
            NONE if phase is None else at["phase"] + phase,
            at["match.over"] if m.over else NONE,
            NONE if m.winner is None else at["match.winner"] + order.index(m.winner),
        ]
        values = [count(m.hand_number, 10), count(m.hands_played, 10)]
        values += [signed(m.totals[side], 10) for side in order]
        if self.fishing:
            scope = m.scope
            values += [count(scope[side], 5) for side in order] if scope else [0.0] * sides
        else:
            flags += (
                NONE if m.indicator is None else at["indicator"] + m.indicator,
                NONE if m.trump is None else at["trump"] + self.suits[m.trump],
                at["declared.made"] if self.has_declared and m.declared else NONE,
            )
            values += [signed(m.card_totals[side], self.card_points) for side in order]
            if self.has_declared:  # tressette.declare.*
                declared = m.declared
                values += [count(declared[side], 3) for side in order] if declared else [0.0] * sides
        switch_flags(cells, t.hand_flags, flags)
        t.hand_flags = flags
        t.out[self.scores_at] = values

    def _fishing(self, m: Any, seat: int, t: SeatTensor, cells: memoryview) -> tuple[list[int], list[int], tuple]:
        """The table, the piles and the last capture; the one-hot entries and
        numbers a step changes, and the key of the part a hand changes."""
        n, planes, at = self.n, t.planes, self.at
        table = m.table
        if table != planes[n]:
            planes[n] = rewrite_plane(cells, at["table"], planes[n], table)
        captured = m.captured
        for j, side in enumerate(self.orders[seat]):
            pile = captured[side] if captured else []
            if pile != planes[n + 1 + j]:
                planes[n + 1 + j] = rewrite_plane(cells, self.captured[j], planes[n + 1 + j], pile)
        last = m.last_capture
        take: list[int] = []
        if last is None:
            flags = [NONE, NONE, NONE]
        else:
            who, card, take_cards, scopa = last
            take = list(take_cards)
            flags = [at["last_capture.card"] + card, t.seat_entries["last_capture.seat"][who],
                     at["last_capture.scopa"] if scopa else NONE]
        k = len(planes) - 1
        if take != planes[k]:
            planes[k] = rewrite_plane(cells, at["last_capture.take"], planes[k], take)
        flags.append(t.seat_entries["to_move"][m.to_move])
        hand = (*MATCH_FIELDS(m), *m.totals, *m.scope)
        return flags, self._sizes(m), hand

    def _tricks(self, m: Any, seat: int, t: SeatTensor, cells: memoryview) -> tuple[list[int], list[int], tuple]:
        """The trick, the last trick, the piles and the cards shown; the
        one-hot entries and numbers a step changes, and the key of the part
        a hand changes."""
        n, planes, pairs, at = self.n, t.planes, t.pairs, self.at
        trick = m.trick
        if trick != pairs[0][0]:
            pairs[0] = (trick[:], rewrite_pairs(cells, self.trick, seat, pairs[0][1], trick))
        last = m.last_trick
        cards = last[1] if last is not None else ()
        if cards != pairs[1][0]:
            pairs[1] = (cards, rewrite_pairs(cells, self.last, seat, pairs[1][1], cards))
        won = m.won
        for k, s in enumerate(self.from_seat[seat]):
            pile = won[s] if won else []
            if pile != planes[n + k]:
                planes[n + k] = rewrite_plane(cells, self.won[k], planes[n + k], pile)
        if self.has_shown:  # tressette.draw.shown
            shown = m.shown
            for k, s in enumerate(self.from_seat[seat]):
                seen = shown[s] if shown else []
                if seen != planes[2 * n + k]:
                    planes[2 * n + k] = rewrite_plane(cells, self.shown[k], planes[2 * n + k], seen)
        winner = last[0] if last is not None else None
        entries = t.seat_entries
        stock = m.stock
        flags = [
            entries["to_move"][m.to_move],
            entries["leader"][m.leader],
            entries["last_trick.winner"][winner],
            at["stock_top"] + stock[-1] if stock and self.stock_top_visible else NONE,
        ]
        counts = self._sizes(m)
        counts.append(m.tricks_played)
        counts += m.points or [0] * n
        declared = m.declared
        hand = (*MATCH_FIELDS(m), *m.totals, *TRUMP_FIELDS(m), *m.card_totals,
                declared if declared is None else tuple(declared))
        return flags, counts, hand
