"""Printing the fishing games (Scopa, Scopone) for ``regola play``.

Registers handlers with `.render` for the events of the fishing games:
``play`` (a card laid on the table), ``capture``, ``redeal``, ``leftovers``
and a Scopa ``hand-over``. The ``play`` and ``hand-over`` handlers of the
trick games stay in charge of the trick games: the ones here hand those
events back to them.
"""

from __future__ import annotations

from typing import Any

from .render import HANDLERS, INDENT, GameRenderer, renders

_trick_play = HANDLERS["play"]
_trick_hand_over = HANDLERS["hand-over"]
_CATEGORY_NAMES = {
    "cards": "most cards",
    "coins": "most coins",
    "settebello": "settebello",
    "primiera": "primiera",
    "re_bello": "re bello",
}


def _fishing(r: GameRenderer) -> bool:
    return getattr(r.ruleset.play, "kind", "tricks") == "fishing"


def _table_now(r: GameRenderer) -> str:
    """The table after the step, while the hand goes on."""
    if r.view.get("phase") != "play":
        return ""
    table = r.view.get("table") or []
    return f"   [table: {' '.join(table) if table else 'empty'}]"


@renders("play")
def _play(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if not _fishing(r):
        return _trick_play(r, e)
    return [f"{INDENT}seat {e.get('seat')} plays {e.get('card')} to the table{_table_now(r)}"]


@renders("capture")
def _capture(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    take = e.get("take") or []
    what = " ".join(take) if take else "itself"
    sweep = "  SCOPA!" if e.get("scopa") else ""
    return [f"{INDENT}seat {e.get('seat')} plays {e.get('card')} and takes {what}{sweep}{_table_now(r)}"]


@renders("redeal")
def _redeal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}{e.get('count')} cards of rank {e.get('rank')} on the table: the deal is void, "
        f"{r.seat(e.get('dealer'))} deals again"
    ]


@renders("leftovers")
def _leftovers(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    cards = " ".join(e.get("cards") or [])
    if e.get("seat") is None:
        return [f"{INDENT}left on the table: {cards}, for nobody (nobody captured)"]
    return [f"{INDENT}left on the table: {cards}, to {r.seat(e['seat'])}, the last to capture"]


@renders("hand-over")
def _hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if "categories" not in e:
        return _trick_hand_over(r, e)

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
