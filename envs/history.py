"""Information states: what one seat has seen since the hand began, made
from that seat's views alone (`regola.reference.view`), so it can hold
nothing the seat may not see (``briscola.info.hidden``,
``chiamata.info.secret-partner``, ``chiamata.call.monte``,
``scopa.info.hidden``) and nothing it saw is lost.

A hand is a chain of `Step` nodes, one per state: the start (the view
before the shuffle), each deal, each player action. For a seat, a step
gives

- a **line**: the start and each deal as the seat's whole view in JSON,
  each action as the parts of the view it changed (``{}`` when the seat
  saw nothing change: it still saw a move being made). The information
  state string is the lines in order, so two different sequences of views
  never give the same string;
- a **history tensor** (`HistoryLayout`), added to the observation tensor
  for OpenSpiel's information-state tensor: when each card was first seen
  in each seat's hand, played by each seat, turned up as indicator or
  stock top, shown on drawing, laid out or captured (fishing games),
  discarded into the monte (the bidder's own view), and who made each move
  of the deal. A time is the move's number in the deal, ``(k + 1) / (L + 1)``
  for a deal of at most ``L`` moves; 0 means never. The tensor starts
  again at each deal (a hand dealt again, ``scopa.deal.redeal``,
  ``chiamata.bid.all-pass``) and counts the deals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from regola.spec import Ruleset

from .encoding import action_space


def deal_length(ruleset: Ruleset) -> int:
    """A bound on the player moves of one deal: every card played, given
    in exchange, discarded or called once, every bid and every pass."""
    cards = len(ruleset.deck.cards())
    n = ruleset.seating.players
    bids = sum(1 for k in action_space(ruleset).keys if k[0] == "bid")
    return 4 * cards + bids + n * (bids + 1) + 8


@dataclass(frozen=True)
class HistoryLayout:
    """The blocks of the history tensor: (name, size)."""

    blocks: tuple[tuple[str, int], ...]
    length: int
    """The most moves of one deal (`deal_length`)."""

    @property
    def size(self) -> int:
        return sum(n for _, n in self.blocks)

    def offsets(self) -> dict[str, int]:
        out, at = {}, 0
        for name, n in self.blocks:
            out[name] = at
            at += n
        return out


def history_layout(ruleset: Ruleset) -> HistoryLayout:
    cards = len(ruleset.deck.cards())
    n = ruleset.seating.players
    blocks = [(f"held+{k}", cards) for k in range(n)] + [(f"played+{k}", cards) for k in range(n)]
    if ruleset.play.kind == "fishing":
        blocks += [("table", cards), ("taken", cards)]
    else:
        blocks += [("indicator", cards), ("stock_top", cards)]
        if ruleset.draw.shown:  # tressette.draw.shown
            blocks += [(f"shown+{k}", cards) for k in range(n)]
        if getattr(ruleset.calling, "monte", False):  # chiamata.call.monte
            blocks += [("discards", cards)]
    length = deal_length(ruleset)
    return HistoryLayout(tuple(blocks + [("movers", length), ("deals", 1)]), length)


class _Kept:
    """Shared, never copied: OpenSpiel clones a Python state by deep-copying it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return self


class Step(_Kept):
    """One state of a hand (a match of `regola.envs.core`, never changed
    once here) and how it was reached: ``kind`` is ``start``, ``deal`` or
    ``move`` (by ``mover``)."""

    def __init__(self, state: Any, parent: Step | None, kind: str, mover: int | None = None) -> None:
        self.state = state
        self.parent = parent
        self.kind = kind
        self.mover = mover
        self.deals = (parent.deals if parent else 0) + (kind == "deal")
        self.moves = 0 if kind != "move" else parent.moves + 1  # type: ignore[union-attr]
        self._records: dict[int, SeatRecord] = {}

    def then(self, state: Any, kind: str, mover: int | None = None) -> Step:
        return Step(state, self, kind, mover)

    def record(self, seat: int, shape: Any) -> SeatRecord:
        """What ``seat`` has seen up to this step (made once, from the
        parent's record)."""
        found = self._records.get(seat)
        if found is None:
            chain, node = [], self
            while node is not None and seat not in node._records:
                chain.append(node)
                node = node.parent
            record = node._records[seat] if node is not None else None
            for step in reversed(chain):
                record = step._records[seat] = SeatRecord.after(record, step, seat, shape)
            found = record
        return found  # type: ignore[return-value]

    def lines(self, seat: int, shape: Any) -> list[str]:
        out, node = [], self
        self.record(seat, shape)
        while node is not None:
            out.append(node._records[seat].line)
            node = node.parent
        return out[::-1]


class SeatRecord:
    """One seat's record at one step: its view, the line the step adds and
    the history tensor so far."""

    __slots__ = ("view", "line", "tensor")

    def __init__(self, view: dict[str, Any], line: str, tensor: np.ndarray) -> None:
        self.view, self.line, self.tensor = view, line, tensor

    @staticmethod
    def after(before: SeatRecord | None, step: Step, seat: int, shape: Any) -> SeatRecord:
        now = step.state.view(seat)
        layout: HistoryLayout = shape.history
        if step.kind != "move" or before is None:
            line = f"{step.kind} {step.deals}: {json.dumps(now, sort_keys=True)}" if step.kind == "deal" else (
                f"start: {json.dumps(now, sort_keys=True)}"
            )
            tensor = np.zeros(layout.size, np.float32)
            tensor[shape.history_at["deals"]] = step.deals / (step.deals + 1)
        else:
            changed = {k: v for k, v in now.items() if before.view.get(k) != v}
            line = f"{step.moves}: {json.dumps(changed, sort_keys=True)}"
            tensor = before.tensor.copy()
            if step.moves > layout.length:
                raise ValueError(f"information state: more than {layout.length} moves in one deal")
            rel = (step.mover - seat) % shape.players  # type: ignore[operator]
            tensor[shape.history_at["movers"] + step.moves - 1] = (rel + 1) / shape.players
        if step.kind != "start":
            _stamp(tensor, now, seat, shape, (step.moves + 1) / (layout.length + 1))
        return SeatRecord(now, line, tensor)


def _stamp(tensor: np.ndarray, v: dict[str, Any], seat: int, shape: Any, when: float) -> None:
    """Mark each card the view shows in a place where it was not seen
    before with the time ``when``."""
    at, index, n = shape.history_at, shape.card_index, shape.players

    def mark(block: str, cards: Any) -> None:
        start = at[block]
        for c in cards or ():
            i = start + index[c]
            if tensor[i] == 0.0:
                tensor[i] = when

    for s, hand in enumerate(v["hands"]):
        mark(f"held+{(s - seat) % n}", hand)
    if shape.fishing:
        mark("table", v["table"])
        for pile in v["captured"] or ():
            mark("taken", pile)
        last = v["last_capture"]
        if last:
            mark(f"played+{(last['seat'] - seat) % n}", [last["card"]])
        return
    plays = list(v["trick"]) + (list(v["last_trick"]["cards"]) if v["last_trick"] else [])
    for played in plays:
        mark(f"played+{(played['seat'] - seat) % n}", [played["card"]])
    mark("indicator", [v["indicator"]] if v["indicator"] else ())
    mark("stock_top", [v["stock_top"]] if v["stock_top"] else ())
    for s, drawn in enumerate(v.get("shown") or ()):
        mark(f"shown+{(s - seat) % n}", drawn)
    if "discards" in at:
        contract = v.get("contract") or {}
        mark("discards", contract.get("discards"))
