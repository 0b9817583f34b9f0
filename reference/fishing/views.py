"""Canonical views of a fishing game: what the omniscient observer, or one
seat, can see (rule ``scopa.info.hidden``).

A view is plain JSON data with a fixed set of keys: ``variant``, ``seat``,
``phase``, ``hand_number``, ``dealer``, ``to_move``, ``hands`` (``null`` for
a hand the seat may not see), ``hand_sizes``, ``table``, ``stock_size``,
``sides`` (the seats of each side), ``captured`` and ``scope`` (per side),
``last_capture``, ``result``, ``match``; the omniscient view adds ``stock``
(top card first).
"""

from __future__ import annotations

from typing import Any

from .state import FishingState


def visible_hands(state: FishingState, seat: int | None) -> list[bool]:
    """``scopa.info.hidden``: a seat sees its own hand only (every hand where
    the variant plays with open hands); the observer sees them all."""
    n = state.tables.players
    if seat is None or state.ruleset.information.open_hands:
        return [True] * n
    return [s == seat for s in range(n)]


def view(state: FishingState, seat: int | None = None) -> dict[str, Any]:
    """The canonical view of ``state``: omniscient if ``seat`` is None,
    otherwise what that seat may see. The table, the captured piles and the
    sweeps are public (every capture is made in the open)."""
    tables = state.tables
    n = tables.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: seats are 0..{n - 1}")
    seen = visible_hands(state, seat)
    hands = state.hands or tuple(() for _ in range(n))
    no_side = tuple(() for _ in tables.sides)
    out: dict[str, Any] = {
        "variant": state.ruleset.id,
        "seat": seat,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "hands": [list(h) if seen[s] else None for s, h in enumerate(hands)],
        "hand_sizes": [len(h) for h in hands],
        "table": list(state.table),
        "stock_size": len(state.stock),
        "sides": [list(side) for side in tables.sides],
        "captured": [list(p) for p in (state.captured or no_side)],
        "scope": list(state.scope or tuple(0 for _ in tables.sides)),
        "last_capture": state.last_capture.to_json() if state.last_capture else None,
        "result": state.result.to_json() if state.result else None,
        "match": state.match.to_json(),
    }
    if seat is None:
        out["stock"] = list(state.stock)
    return out
