"""A short example game on a variant page, rendered from a corpus trace.

The corpus lives in ``conformance/data/corpus/<variant>/*.jsonl.gz`` (trace
format version 1, compressed; plain ``.jsonl`` files are read too). The
example is the first hand of the variant's first playout trace (by name):
the deal, a table of the steps, and the result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from regola.conformance.trace.files import CORPUS_DIR, trace_files
from regola.conformance.trace.storage import first_line, read_text
from regola.spec.schema import Ruleset

from .md import indent, table

SHOWN_STEPS = 12


def corpus_traces(variant: str) -> list[Path]:
    """The corpus traces of a variant, by name."""
    folder = CORPUS_DIR / variant
    return trace_files(folder) if folder.is_dir() else []


def pick_trace(variant: str) -> tuple[Path, list[dict[str, Any]]] | None:
    """The trace to show: the first playout by name, else the first trace."""
    paths = corpus_traces(variant)
    chosen = next((p for p in paths if _header(p).get("purpose") == "playout"), None)
    for path in [chosen] if chosen else paths:
        lines = _read(path)
        if lines and lines[0].get("kind") == "header":
            return path, lines
    return None


def _header(path: Path) -> dict[str, Any]:
    try:
        first = json.loads(first_line(path))
    except (OSError, ValueError):
        return {}
    return first if isinstance(first, dict) else {}


def example_section(ruleset: Ruleset, page: str) -> str:
    """Markdown for the example game, or "" when the corpus has no trace."""
    picked = pick_trace(ruleset.id)
    if picked is None:
        return ""
    path, lines = picked
    header = lines[0]
    steps = [line for line in lines[1:] if line.get("kind") == "step"]
    first_hand = []
    for step in steps:
        if step["action"].get("type") == "shuffle":
            break
        first_hand.append(step)
    end = next((line for line in lines if line.get("kind") == "end"), {})
    rel_path = f"conformance/data/corpus/{ruleset.id}/{path.name}"
    seed = header.get("seed")
    parts = [
        f"The first hand of the corpus trace `{rel_path}`"
        + (f" (a random playout from seed {seed})" if seed is not None else "")
        + ". Seat 0 deals; seat 1 receives first. The last column gives the "
        "rules each step exercised for the first time in the hand.\n",
        _deal_text(header),
    ]
    seen: set[str] = set()
    rows = [_row(s, seen) for s in first_hand]
    headers = ["#", "Seat", "Action", "What happened", "New rules"]
    parts.append(table(headers, rows[:SHOWN_STEPS]))
    rest = rows[SHOWN_STEPS:]
    if rest:
        more = table(headers, rest)
        parts.append(f'??? example "The other {len(rest)} steps of the hand"\n\n' + indent(more) + "\n")
    result = _result_text(first_hand, end)
    if result:
        parts.append(result)
    return "\n".join(parts) + "\n"


def _read(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in read_text(path).splitlines() if line.strip()]
    except (OSError, ValueError):
        return []


def _cards(cards: list[str] | None) -> str:
    if not cards:
        return "—"
    return " ".join(f"`{c}`" for c in cards)


def _deal_text(header: dict[str, Any]) -> str:
    deal = header.get("deal") or {}
    view = header.get("view") or {}
    hands = deal.get("hands") or view.get("hands") or []
    rows = [(f"Seat {s}", _cards(h)) for s, h in enumerate(hands)]
    if view.get("table"):
        rows.append(("Table", _cards(view["table"])))
    if deal.get("indicator"):
        rows.append(("Trump indicator", f"`{deal['indicator']}`"))
    if "stock_size" in deal:
        rows.append(("Stock", f"{deal['stock_size']} cards"))
    return "After the shuffle and the deal:\n\n" + table(["", "Cards"], rows) if rows else ""


def describe_action(action: dict[str, Any]) -> str:
    """An action in a few words."""
    kind = action.get("type")
    card = action.get("card")
    if kind == "play":
        return f"plays `{card}`"
    if kind == "capture":
        return f"plays `{card}`, takes {_cards(action.get('take'))}"
    if kind == "exchange":
        return f"exchanges `{card}` for the indicator"
    if kind == "pass":
        return "passes"
    if kind == "shuffle":
        return "shuffles for a new hand"
    extra = ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("type", "seat"))
    return f"{kind} {extra}".strip()


def describe_event(event: dict[str, Any]) -> str | None:
    """An event in a few words (None for events the action already says)."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind in ("play", "draw", "bid", "pass", "exchange"):
        return None
    if kind == "capture":
        return "a scopa (the table is swept)" if event.get("scopa") else None
    texts = {
        "trick": lambda: f"trick {event.get('number')} to seat {event.get('winner')} ({event.get('points', 0)} pts)",
        "take-indicator": lambda: f"seat {seat} takes the indicator `{event.get('card')}`",
        "turn-indicator": lambda: f"indicator `{event.get('card')}` turned",
        "deal": lambda: "new hands dealt",
        "redeal": lambda: "the deal is void and dealt again",
        "leftovers": lambda: f"seat {seat} takes the {len(event.get('cards', []))} cards left on the table",
        "auction-won": lambda: f"auction won by seat {seat} (target {event.get('target')})",
        "all-passed": lambda: "everyone passed",
        "call": lambda: f"seat {seat} calls `{event.get('card')}`",
        "partner-revealed": lambda: f"seat {seat} holds the called card" + (" (alone)" if event.get("alone") else ""),
        "hand-over": lambda: f"hand over: points {event.get('points')}",
        "match-over": lambda: f"match won by {event.get('winner')}",
    }
    return texts[kind]() if kind in texts else str(kind)


def _row(step: dict[str, Any], seen: set[str]) -> list[str]:
    events = [e for e in (describe_event(ev) for ev in step.get("events", [])) if e]
    draws = [ev for ev in step.get("events", []) if ev.get("type") == "draw"]
    if draws:
        events.append("draws: " + ", ".join(f"seat {d.get('seat')}" for d in draws))
    new = [r for r in step.get("rules", []) if r not in seen]
    seen.update(new)
    rules = " ".join(f"`{r}`" for r in new)
    seat = step.get("seat")
    return [
        str(step.get("index")),
        "—" if seat is None else str(seat),
        describe_action(step.get("action", {})),
        "; ".join(events),
        f'<span class="rule-list">{rules}</span>' if rules else "",
    ]


def _result_text(first_hand: list[dict[str, Any]], end: dict[str, Any]) -> str:
    for step in reversed(first_hand):
        for ev in step.get("events", []):
            if ev.get("type") == "hand-over":
                return hand_result(ev)
    if end.get("result"):
        return f"**Result:** `{json.dumps(end['result'])}`\n"
    return ""


def hand_result(event: dict[str, Any]) -> str:
    """The hand-over event: per-side figures as a table, the rest in words."""
    lists = {k: v for k, v in event.items() if isinstance(v, list) and v and all(not isinstance(x, (dict, list)) for x in v)}
    sides = max((len(v) for v in lists.values()), default=0)
    out = ["**End of the hand.**\n"]
    if lists:
        rows = [(k.replace("_", " "), *(v + [""] * (sides - len(v)))) for k, v in lists.items()]
        out.append(table(["", *(f"Side {i}" for i in range(sides))], rows))
    words = []
    for key, value in event.items():
        if key == "type" or key in lists or value is None or value == []:
            continue
        if isinstance(value, dict):
            inner = ", ".join(f"{k.replace('_', ' ')} {_who(k, v, key)}" for k, v in value.items() if v is not None)
            if inner:
                words.append(f"{key.replace('_', ' ')}: {inner}")
        else:
            words.append(f"{key.replace('_', ' ')} {_who(key, value)}")
    if words:
        out.append("; ".join(words).capitalize() + ".\n")
    return "\n".join(out)


def _who(key: str, value: Any, within: str = "") -> str:
    """A value in words: sides and seats named as such."""
    if within == "categories" and isinstance(value, int):
        return f"to side {value}"
    if key in ("winner",) and isinstance(value, int) and not isinstance(value, bool):
        return f"side {value}"
    if key in ("bidder", "partner") and isinstance(value, int) and not isinstance(value, bool):
        return f"seat {value}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
