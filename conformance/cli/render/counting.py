"""Printing the counting trick games (Tressette) for ``regola play``: the
declarations at the first trick and a hand's points counted in fractions
(rules ``tressette.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import INDENT, in_points, match_so_far

if TYPE_CHECKING:
    from .game import GameRenderer


def declare(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """``seat 1 declares three-of-a-kind Ad Ac As: 3 points``."""
    points = e.get("points", 0)
    cards = " ".join(e.get("cards") or [])
    plural = "s" if points != 1 else ""
    return [f"{INDENT}{r.seat(e.get('seat'))} declares {e.get('combination')} {cards}: {points} point{plural}"]


def hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """What each side counted (cards and last trick, in fractions), what it
    scores (whole points and declarations), who scored more."""
    counted = [in_points(r, u) for u in e.get("counted") or e.get("points", [])]
    lines = [f"{INDENT}hand over: {r.per_side(counted)} points counted, with the last trick"]
    lines.append(f"{INDENT}scored (whole points and declarations): {r.per_side(e.get('game_points', []))}")
    if e.get("outcome") == "win":
        lines.append(f"{INDENT}{r.wins(e.get('winner'))} the hand")
    else:
        lines.append(f"{INDENT}the sides scored the same")
    sweep = e.get("cappotto")
    if sweep:
        who = r.seat(sweep.get("seat")) if sweep.get("kind") == "cappottone" else r.side(sweep.get("side"))
        lines.append(f"{INDENT}{sweep.get('kind')}: {who} took every trick; "
                     f"{r.wins(sweep.get('side'))} the match, as {sweep.get('games')} games")
    return lines + match_so_far(r)
