"""Shapes of a fishing game's list of legal actions (``legal``
divergences): the captures of one kind left out of the list, or lays
listed that the rules forbid.

Real code builds the list from a few pieces (the table cards of equal
value, the sums, the card laid when nothing is taken) and a bug drops or
adds one piece whole. Each shape finds the engine's list to be the rules'
with exactly that piece changed:

- every single-card capture (a card taking one of equal value) missing:
  ``scopa.capture.match``;
- every capture of two or more cards missing: ``scopa.capture.sum``;
- a card laid on the table listed although it can capture:
  ``scopa.capture.compulsory``;
- a capture of several cards listed while the card could take one of equal
  value: ``scopa.capture.single-card-first``.
"""

from __future__ import annotations

import json
from typing import Any

from regola.conformance.explain.shapes.base import Finding


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _kind(action: dict[str, Any]) -> str:
    if action.get("type") != "capture":
        return str(action.get("type"))
    return "single" if len(action.get("take") or []) == 1 else "sum"


def _named(rule: str | None, known: frozenset[str]) -> str | None:
    return rule if rule in known else None


def legal_list(family: str, known: frozenset[str], want: list[dict[str, Any]], got: list[dict[str, Any]]) -> list[Finding]:
    """What the engine's list of legal actions (``got``) is, against the
    rules' (``want``), when one piece of it was built wrongly."""
    if family != "scopa" or not isinstance(want, list) or not isinstance(got, list):
        return []
    wants, gots = {_key(a): a for a in want}, {_key(a): a for a in got}
    missing = [a for k, a in wants.items() if k not in gots]
    extra = [a for k, a in gots.items() if k not in wants]
    kinds_missing = {_kind(a) for a in missing}
    capturing = {a.get("card") for a in want if a.get("type") == "capture"}
    singles = {a.get("card") for a in want if _kind(a) == "single"}
    keys = frozenset({"legal"})
    lays = [a for a in extra if a.get("type") == "play"]
    sums = [a for a in extra if _kind(a) == "sum"]
    if missing and kinds_missing == {"single"} and len(lays) == len(extra):
        rule = _named("scopa.capture.match", known)
        left = {a.get("card") for a in missing}
        if rule and all(a.get("card") in left for a in lays):
            shown = ", ".join(f"{a['card']} takes {a['take'][0]}" for a in missing[:3])
            return [Finding(rule, keys, "listing", f"the engine lists no capture of a table card of equal value "
                            f"({shown}){'; it lists laying those cards instead' if lays else ''}")]
    if missing and kinds_missing == {"sum"} and not extra:
        rule = _named("scopa.capture.sum", known)
        if rule:
            shown = ", ".join(f"{a['card']} takes {'+'.join(a['take'])}" for a in missing[:3])
            return [Finding(rule, keys, "listing", f"the engine lists no capture of two or more cards adding up to "
                            f"the card played ({shown})")]
    if not missing and extra and len(lays) == len(extra) and all(a.get("card") in capturing for a in lays):
        rule = _named("scopa.capture.compulsory", known)
        if rule:
            shown = ", ".join(a["card"] for a in lays[:3])
            return [Finding(rule, keys, "listing", f"the engine lists laying {shown} on the table, which can "
                            "capture and so must")]
    if not missing and extra and len(sums) == len(extra) and all(a.get("card") in singles for a in sums):
        rule = _named("scopa.capture.single-card-first", known)
        if rule:
            shown = ", ".join(f"{a['card']} takes {'+'.join(a['take'])}" for a in sums[:3])
            return [Finding(rule, keys, "listing", f"the engine lists captures of several cards ({shown}) by a card "
                            "that can take a single card of equal value, which it must take instead")]
    return []
