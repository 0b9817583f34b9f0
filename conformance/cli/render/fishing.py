"""Printing the fishing games (Scopa, Scopone) for ``regola play``.

Printers for the events of the fishing games: ``play`` (a card laid on the
table), ``capture``, ``redeal`` (a void deal), ``leftovers`` and a Scopa
``hand-over``. `.handlers` picks them for fishing games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import INDENT

if TYPE_CHECKING:
    from .game import GameRenderer

_CATEGORY_NAMES = {
    "cards": "most cards",
    "coins": "most coins",
    "settebello": "settebello",
    "primiera": "primiera",
    "re_bello": "re bello",
}


def _table_now(r: GameRenderer) -> str:
    """The table after the step, while the hand goes on."""
    if r.view.get("phase") != "play":
        return ""
    table = r.view.get("table") or []
    return f"   [table: {' '.join(table) if table else 'empty'}]"


def play(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} plays {e.get('card')} to the table{_table_now(r)}"]


def capture(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    take = e.get("take") or []
    what = " ".join(take) if take else "itself"
    sweep = "  SCOPA!" if e.get("scopa") else ""
    return [f"{INDENT}seat {e.get('seat')} plays {e.get('card')} and takes {what}{sweep}{_table_now(r)}"]


def redeal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}{e.get('count')} cards of rank {e.get('rank')} on the table: the deal is void, "
        f"{r.seat(e.get('dealer'))} deals again"
    ]


def leftovers(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    cards = " ".join(e.get("cards") or [])
    if e.get("seat") is None:
        return [f"{INDENT}left on the table: {cards}, for nobody (nobody captured)"]
    return [f"{INDENT}left on the table: {cards}, to {r.seat(e['seat'])}, the last to capture"]


def hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    def dash(values: list[Any]) -> str:
        return "-".join("none" if v is None else str(v) for v in values)

    lines = [
        f"{INDENT}hand over: cards {dash(e.get('cards', []))}, coins {dash(e.get('coins', []))}, "
        f"primiera {dash(e.get('primiera', []))}, scope {dash(e.get('scope', []))}"
    ]
    won = [
        f"{_CATEGORY_NAMES.get(name, name)} {r.side(side) if side is not None else 'nobody'}"
        for name, side in (e.get("categories") or {}).items()
    ]
    if any(e.get("napola") or []):
        won.append("napola " + r.per_side(e["napola"]))
    lines.append(f"{INDENT}{', '.join(won)}")
    lines.append(f"{INDENT}points this hand: {r.per_side(e.get('points', []))}")
    match = r.view.get("match") or {}
    if not match.get("over") and "points" in match:
        lines.append(f"{INDENT}match so far: {r.per_side(match['points'])}")
    return lines
