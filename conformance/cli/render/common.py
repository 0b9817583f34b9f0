"""What every family's event printers share: the indent, the generic line,
the match score."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import GameRenderer

Handler = Callable[["GameRenderer", dict[str, Any]], list[str]]
"""An event printer: ``(renderer, event) -> lines``."""
INDENT = "  "
DRAW_EVENTS = ("draw", "take-indicator")


def match_score(r: GameRenderer, match: dict[str, Any]) -> str:
    kind = getattr(r.ruleset.match, "kind", "")
    parts = []
    if kind == "first-to-card-points" and "card_points" in match:
        parts.append(f"{r.per_side(match['card_points'])} card points")
    elif "game_points" in match:
        parts.append(f"{r.per_side(match['game_points'])} game points")
    elif "points" in match:
        parts.append(f"{r.per_side(match['points'])} points")
    target = getattr(r.ruleset.match, "target", None)
    goal = match_goal(kind, target)
    if parts and goal:
        parts.append(f"({goal})")
    return " ".join(parts)


def match_goal(kind: str, target: int | None) -> str:
    """What wins the match, in words: ``best of 3 hands``, ``first to 2
    game points``, ``first to 11 points``, ``5 hands``; "" for one hand."""
    plural = "" if target == 1 else "s"
    return {
        "best-of": f"best of {target} hands",
        "first-to-wins": f"first to {target} game point{plural}",
        "first-to-card-points": f"first to {target} card point{plural}",
        "first-to-points": f"first to {target} point{plural}",
        "deals": f"a match of {target} hand{plural}",
    }.get(kind, "")


def match_so_far(r: GameRenderer) -> list[str]:
    """``match so far: ...`` after a hand, while the match goes on (none if
    the match is over or keeps no score to show)."""
    match = r.view.get("match") or {}
    score = "" if match.get("over") else match_score(r, match)
    return [f"{INDENT}match so far: {score}"] if score else []


def in_points(r: GameRenderer, units: int) -> str:
    """Card points counted in units of 1/`counting.unit` point, as a whole
    number and a fraction: ``3 2/3`` (Tressette's thirds); plain when the
    unit is 1."""
    unit = getattr(getattr(r.ruleset, "counting", None), "unit", 1)
    whole, part = divmod(units, unit)
    if not part:
        return str(whole)
    return f"{whole} {part}/{unit}" if whole else f"{part}/{unit}"


def describe_play(e: dict[str, Any]) -> str:
    return f"seat {e.get('seat')} plays {e.get('card')}"


def generic(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """Any event without its own handler: its type and fields, in one line."""
    fields = ", ".join(f"{k}={short(v)}" for k, v in e.items() if k != "type")
    return [f"{INDENT}{e.get('type', 'event')}: {fields}"]


def short(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "[" + " ".join(value) + "]"
    return str(value)
