"""Canonical views of a fishing game (rule ``scopa.info.hidden``): the same
keys and values as `regola.reference.view`, built from the fast state.
The table, the captured piles and the sweeps are public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..match import copy_json

if TYPE_CHECKING:
    from .match import FishingMatch


def view(m: FishingMatch, seat: int | None) -> dict[str, Any]:
    """The view of ``m``: omniscient if ``seat`` is None, else what that seat
    may see (its own hand only, every hand with open hands)."""
    n = m.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: seats are 0..{n - 1}")
    names = m.cards
    hands = m.hands or [[] for _ in range(n)]
    sides = m.sides
    everything = seat is None or m.t.open_hands
    last = m.last_capture
    out: dict[str, Any] = {
        "variant": m.ruleset.id,
        "seat": seat,
        "phase": m.phase,
        "hand_number": m.hand_number,
        "dealer": m.dealer,
        "to_move": m.to_move,
        "hands": [[names[c] for c in h] if everything or s == seat else None for s, h in enumerate(hands)],
        "hand_sizes": [len(h) for h in hands],
        "table": [names[c] for c in m.table],
        "stock_size": len(m.stock),
        "sides": [list(side) for side in sides],
        "captured": [[names[c] for c in p] for p in (m.captured or [[] for _ in sides])],
        "scope": list(m.scope) if m.scope else [0] * len(sides),
        "last_capture": None if last is None else {
            "seat": last[0], "card": names[last[1]], "take": [names[c] for c in last[2]], "scopa": last[3],
        },
        "result": copy_json(m.result),
        "match": {"points": list(m.totals), "hands_played": m.hands_played, "over": m.over, "winner": m.winner},
    }
    if seat is None:
        out["stock"] = [names[c] for c in reversed(m.stock)]
    return out
