"""Printing the fishing games (Scopa, Scopone) for ``regola play``.

Printers for the events of the fishing games: ``play`` (a card laid on the
table), ``capture``, ``redeal`` (a void deal), ``leftovers``, Cirulla's
``bonus`` and ``table-bonus``, a ``claim`` (chiamarsi fuori) and a Scopa
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


_BONUS_NAMES = {"low-hand": "a hand under 10", "three-of-a-kind": "three of a kind"}


def bonus(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """A hand as dealt scores a bonus (Cirulla)."""
    what = _BONUS_NAMES.get(str(e.get("kind")), str(e.get("kind")))
    cards = " ".join(e.get("cards") or [])
    return [f"{INDENT}{r.seat(e.get('seat'))} shows {cards}: {what}, {e.get('points')} points"]


def table_bonus(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """The dealer takes a table of 15 or 30 (Cirulla)."""
    cards = " ".join(e.get("cards") or [])
    scope = e.get("scope")
    return [
        f"{INDENT}the table {cards} adds up to {15 * int(scope or 0)}: {r.seat(e.get('seat'))} "
        f"takes it, {scope} {'scopa' if scope == 1 else 'scope'}"
    ]


def claim(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """A player claims the match (chiamarsi fuori)."""
    verdict = "right: the claim wins" if e.get("right") else "wrong: the claim loses"
    return [
        f"{INDENT}{r.seat(e.get('seat'))} claims the game: {e.get('secured')} points certain "
        f"of {e.get('target')}, {verdict}"
    ]


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
    if any(e.get("grande") or []):
        won.append("King, Horse and Jack of coins " + r.per_side(e["grande"]))
    if any(e.get("bonus") or []):
        won.append("bonuses " + r.per_side(e["bonus"]))
    lines.append(f"{INDENT}{', '.join(won)}")
    lines.append(f"{INDENT}points this hand: {r.per_side(e.get('points', []))}")
    match = r.view.get("match") or {}
    if not match.get("over") and "points" in match:
        lines.append(f"{INDENT}match so far: {r.per_side(match['points'])}")
    return lines
