"""The shape of an action on the wire, checked before the rules see it.

An action is a JSON object tagged by ``type`` whose fields are those of
``docs/protocol.md``. One that lacks a field, has a field of the wrong JSON
type, or a field its kind does not have is malformed: the protocol answers
``bad-request`` naming the field. Only a well-formed action reaches the
rules, which may refuse it as ``illegal`` with the id of the rule it breaks.
"""

from __future__ import annotations

import json
from typing import Any

REQUIRED: dict[str, tuple[str, ...]] = {
    "shuffle": ("deck",),
    "play": ("seat", "card"),
    "exchange": ("seat", "card"),
    "capture": ("seat", "card", "take"),
    "bid": ("seat",),
    "pass": ("seat",),
    "call": ("seat",),
    "discard": ("seat", "card"),
    "own-call": ("seat", "show"),
    "show-hand": ("seat",),
    "claim": ("seat",),
}
"""Action type -> the fields it must have."""

OPTIONAL: dict[str, tuple[str, ...]] = {
    "bid": ("rank", "points", "card"),
    "call": ("suit", "card", "second"),
}
"""Action type -> the fields it may have besides those."""

FIELD_TYPES: dict[str, str] = {
    "seat": "a seat number",
    "card": "a card id",
    "rank": "a rank id",
    "suit": "a suit id",
    "points": "a whole number",
    "deck": "a list of card ids",
    "take": "a list of card ids",
    "second": "a card id",
    "show": "true or false",
}
"""Field -> what its value must be, in words."""


def _fits(name: str, value: Any) -> bool:
    if name in ("seat", "points"):
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "show":
        return isinstance(value, bool)
    if name in ("deck", "take"):
        return isinstance(value, list) and all(isinstance(c, str) for c in value)
    return isinstance(value, str)


def malformed(action: Any) -> str | None:
    """Why ``action`` is not a well-formed action, naming the field; None if it is."""
    if not isinstance(action, dict):
        return f"the action must be a JSON object, got {json.dumps(action)[:80]}"
    kind = action.get("type")
    if not isinstance(kind, str):
        return "the action needs a 'type' (one of " + ", ".join(REQUIRED) + ")"
    if kind not in REQUIRED:
        return f"unknown action type {kind!r}; known types: {', '.join(REQUIRED)}"
    required, optional = REQUIRED[kind], OPTIONAL.get(kind, ())
    for name in required:
        if name not in action:
            return f"a {kind} action needs the field '{name}' ({FIELD_TYPES[name]})"
    for name, value in action.items():
        if name == "type":
            continue
        if name not in required and name not in optional:
            fields = ", ".join(("type", *required, *optional))
            return f"a {kind} action has no field '{name}' (its fields: {fields})"
        if not (_fits(name, value) or (name in optional and value is None)):
            return f"field '{name}' of a {kind} action must be {FIELD_TYPES[name]}, got {json.dumps(value)[:80]}"
    return None
