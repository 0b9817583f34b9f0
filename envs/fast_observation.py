"""The observation tensor (`regola.envs.observation`) written straight from
the fast core's match (`regola.fast`), without building the view first:
the same tensor, value for value (``tests/envs/test_fast_observation.py``
checks it against `Observer.encode` of the view at every step of every
variant), several times quicker, which is most of an environment step.

A seat sees its own hand (``briscola.info.hidden``, ``scopa.info.hidden``)
or every hand (``briscola.info.open-hands``). The variants where partners
look at each other's hands (``briscola.info.partner-view``), the bidding
games' auction and contract, and any phase the core hands to the
reference are written from the view (`Observer.encode`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .observation import Observer, count, signed


class FastObserver:
    """Writes one seat's observation tensor from a fast match."""

    def __init__(self, observer: Observer) -> None:
        self.o = observer
        at = observer.at
        self.at = at
        self.size = observer.layout.size
        self.n = observer.players
        self.sides = len(observer.sides)
        self.card_points = observer.card_points
        self.total = observer.total
        self.hand_blocks = [at["hand"]] + [at[f"hand+{k}"] for k in range(1, self.n)]
        self.phase_index = observer.phase_index
        ruleset = observer.ruleset
        self.bidding = ruleset.bidding.kind != "none"
        self.fishing = observer.fishing
        self.open_hands = ruleset.information.open_hands
        self.from_view = self.bidding or (not self.fishing and ruleset.information.partner_view != "never")
        self.suits = observer.suits
        n, sides = self.n, self.sides
        blocks = lambda name, k: [at.get(f"{name}+{j}") for j in range(k)]  # noqa: E731
        self.trick, self.won, self.last = blocks("trick", n), blocks("won", n), blocks("last_trick", n)
        self.shown, self.captured = blocks("shown", n), blocks("captured", sides)
        self.orders = [
            [(observer.side_of[s] + j) % sides for j in range(sides)] for s in range(n)
        ]  # the sides from each seat's own on
        names = ("hand_sizes", "to_move", "dealer", "stock_size", "hand_number", "phase", "match.hands_played",
                 "match.over", "match.winner", "table", "scope", "last_capture.card", "last_capture.take",
                 "last_capture.seat", "last_capture.scopa", "indicator", "stock_top", "last_trick.winner",
                 "trump", "leader", "tricks_played", "points", "match.card_points", "declared.made", "declared")
        self.a = {name: at.get(name) for name in names}
        self.totals_at = at["match.points" if self.fishing else "match.game_points"]

    def encode(self, m: Any, seat: int) -> np.ndarray:
        if self.from_view or m.delegate is not None:
            return self.o.encode(m.view(seat))
        out = np.zeros(self.size, dtype=np.float32)
        a, n, total = self.a, self.n, self.total
        ones: list[int] = []
        at: list[int] = []  # entries set to a value other than 1
        values: list[float] = []
        hands = m.hands
        if hands:
            for s in range(n) if self.open_hands else (seat,):
                start = self.hand_blocks[(s - seat) % n]
                ones += [start + c for c in hands[s]]
            sizes = a["hand_sizes"]
            at += range(sizes, sizes + n)
            values += [len(hands[(seat + k) % n]) / total for k in range(n)]
        if m.to_move is not None:
            ones.append(a["to_move"] + (m.to_move - seat) % n)
        ones.append(a["dealer"] + (m.dealer - seat) % n)
        at += (a["stock_size"], a["hand_number"], a["match.hands_played"])
        values += (len(m.stock) / total, count(m.hand_number, 10), count(m.hands_played, 10))
        phase = self.phase_index.get(m.phase)
        if phase is not None:
            ones.append(a["phase"] + phase)
        order = self.orders[seat]
        if m.over:
            ones.append(a["match.over"])
        if m.winner is not None:
            ones.append(a["match.winner"] + order.index(m.winner))
        totals = self.totals_at
        at += range(totals, totals + self.sides)
        values += [signed(m.totals[side], 10) for side in order]
        if self.fishing:
            self._fishing(m, seat, ones, at, values, order)
        else:
            self._tricks(m, seat, ones, at, values, order)
        out[ones] = 1.0
        out[at] = values
        return out

    def _fishing(self, m: Any, seat: int, ones: list[int], at: list[int], values: list[float], order: list[int]) -> None:
        a = self.a
        table = a["table"]
        ones += [table + c for c in m.table]
        if m.captured:
            for j, side in enumerate(order):
                start = self.captured[j]
                ones += [start + c for c in m.captured[side]]
        if m.scope:
            at += range(a["scope"], a["scope"] + self.sides)
            values += [count(m.scope[side], 5) for side in order]
        last = m.last_capture
        if last is not None:
            who, card, take, scopa = last
            ones.append(a["last_capture.card"] + card)
            start = a["last_capture.take"]
            ones += [start + c for c in take]
            ones.append(a["last_capture.seat"] + (who - seat) % self.n)
            if scopa:
                ones.append(a["last_capture.scopa"])

    def _tricks(self, m: Any, seat: int, ones: list[int], at: list[int], values: list[float], order: list[int]) -> None:
        a, n = self.a, self.n
        trick, won, last = self.trick, self.won, self.last
        ones += [trick[(s - seat) % n] + c for s, c in m.trick]
        for s, pile in enumerate(m.won or ()):
            start = won[(s - seat) % n]
            ones += [start + c for c in pile]
        if m.indicator is not None:
            ones.append(a["indicator"] + m.indicator)
        if m.stock and m.t.stock_top_visible:
            ones.append(a["stock_top"] + m.stock[-1])
        if m.last_trick is not None:
            winner, cards = m.last_trick
            ones += [last[(s - seat) % n] + c for s, c in cards]
            if winner is not None:
                ones.append(a["last_trick.winner"] + (winner - seat) % n)
        if m.trump is not None:
            ones.append(a["trump"] + self.suits[m.trump])
        if m.leader is not None:
            ones.append(a["leader"] + (m.leader - seat) % n)
        points, card_points = m.points or [0] * n, self.card_points
        at.append(a["tricks_played"])
        values.append(m.tricks_played / self.total)
        at += range(a["points"], a["points"] + n)
        values += [count(points[(seat + k) % n], card_points) for k in range(n)]
        at += range(a["match.card_points"], a["match.card_points"] + self.sides)
        values += [signed(m.card_totals[side], card_points) for side in order]
        if self.shown[0] is not None:  # tressette.draw.shown
            for s, cards in enumerate(m.shown or ()):
                start = self.shown[(s - seat) % n]
                ones += [start + c for c in cards]
        if a["declared"] is not None and m.declared:  # tressette.declare.*
            ones.append(a["declared.made"])
            at += range(a["declared"], a["declared"] + self.sides)
            values += [count(m.declared[side], 3) for side in order]
