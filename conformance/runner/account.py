"""What a run checked: each rule of a variant verified, verified only
vacuously, failed or never reached, and each view field checked or not.

A rule is **reached** by a trace line the replay got to that exercises it
(the deal, a step, a reject line about it). It is **verified** there when
the engine reported a view field that shows the rule's outcome (the trick's
winner shows in ``won``, ``last_trick``, ``leader``...; `.explain.fields`
knows which) and agreed, or when the engine refused a reject line about it;
**vacuously** when every line that reached it was compared on no field of
its own (an engine that reports only ``to_move`` passes every scoring
rule vacuously). A refusal is counted by its reason: under the rule, with
no rule stated, or under another rule (a failure). A rule blamed for a
divergence is **failed**.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from typing import Any

from regola.conformance.explain.fields import shown_in
from regola.spec import rule_ids
from regola.conformance.trace.record import load_ruleset

STATES = ("failed", "verified", "vacuous", "never reached")


def _shows(rule: str, reported: frozenset[str]) -> bool:
    """Whether a field the engine reports shows ``rule``'s outcome (any
    field, for a rule no field is tied to)."""
    keys = shown_in(rule)
    if not keys:
        return bool(reported)
    return any(k in reported or k.split(".")[0] in reported for k in keys)


def trace_account(items: Sequence[dict[str, Any]], header: dict[str, Any], replayed: int,
                  fields: Iterable[str]) -> dict[str, str]:
    """Rule -> ``verified`` or ``vacuous``, for the lines of one trace the
    replay got to (``replayed`` of ``items``, after the deal)."""
    reported = frozenset(fields)
    out: dict[str, str] = {}

    def see(rule: str) -> None:
        if out.get(rule) != "verified":
            out[rule] = "verified" if _shows(rule, reported) else "vacuous"

    if not header.get("setup"):
        for rule in header.get("rules") or ():
            see(rule)
    for item in islice(items, replayed):  # lazily: a long trace is read from disk
        if item.get("kind") == "step":
            for rule in item.get("rules") or ():
                see(rule)
    return out


@dataclass
class Account:
    """One variant's account over a run."""

    variant: str
    rules: dict[str, str] = field(default_factory=dict)
    """Every rule of the variant -> one of `STATES`."""
    refusals: dict[str, dict[str, int]] = field(default_factory=dict)
    """Rule -> outcome of its reject lines (`.cells.OUTCOMES`) -> count."""
    fields: dict[str, bool] = field(default_factory=dict)
    """Every field of the variant's view -> whether the engine reports it."""

    def counts(self) -> dict[str, int]:
        return {s: sum(1 for v in self.rules.values() if v == s) for s in STATES}

    def to_json(self) -> dict[str, Any]:
        return {"rules": dict(sorted(self.rules.items())), "counts": self.counts(),
                "refusals": {r: dict(sorted(c.items())) for r, c in sorted(self.refusals.items())},
                "fields": dict(sorted(self.fields.items()))}

    def lines(self) -> list[str]:
        """The account for a person, a few lines."""
        c = self.counts()
        out = [f"{self.variant}: rules {c['verified']} verified, {c['vacuous']} only vacuously, "
               f"{c['never reached']} never reached, {c['failed']} failed (of {len(self.rules)})"]
        for state in ("vacuous", "never reached"):
            names = sorted(r for r, v in self.rules.items() if v == state)
            if names:
                out.append(f"  {state}: {', '.join(names)}")
        unstated = sorted(r for r, c in self.refusals.items() if c.get("refused-no-rule") and not c.get("refused"))
        if unstated:
            out.append(f"  refused only with no rule stated: {', '.join(unstated)}")
        missing = sorted(f for f, on in self.fields.items() if not on)
        if missing:
            out.append(f"  fields not checked: {', '.join(missing)}")
        return out


@cache
def _variant_rules(variant: str) -> tuple[str, ...]:
    return tuple(rule_ids(load_ruleset(variant, None, checked=False)))


@cache
def _variant_fields(variant: str) -> tuple[str, ...]:
    from regola.reference import new_game, shuffled_deck, view
    import random

    rs = load_ruleset(variant, None, checked=False)
    return tuple(view(new_game(rs, shuffled_deck(rs, random.Random(0)))))


def accounts(results: Sequence[Any], hello: dict[str, Any]) -> dict[str, Account]:
    """Per variant, what the run checked (see the module docstring)."""
    reported = set(hello.get("fields") or [])
    out: dict[str, Account] = {}
    for r in results:
        if r.status in ("unsupported",) or r.variant == "?":
            continue
        try:
            acc = out.get(r.variant) or Account(r.variant, {k: "never reached" for k in _variant_rules(r.variant)},
                                                fields={f: f in reported or any(x.startswith(f + ".") for x in reported)
                                                        for f in _variant_fields(r.variant) if f not in ("variant", "seat")})
        except Exception:  # noqa: BLE001 - a variant file this process cannot load: no account for it
            continue
        out[r.variant] = acc
        for rule, state in (getattr(r, "checked_rules", None) or {}).items():
            now = acc.rules.get(rule)
            if now is None or now == "failed":
                continue
            if state == "verified" or now == "never reached":
                acc.rules[rule] = state
        for cell in r.cells:
            counts = acc.refusals.setdefault(cell.rule, {})
            counts[cell.outcome] = counts.get(cell.outcome, 0) + 1
            if cell.rule in acc.rules and acc.rules[cell.rule] != "failed":
                acc.rules[cell.rule] = "verified" if cell.outcome in ("refused", "refused-no-rule") else "failed"
        for d in r.divergences:
            if d.rule in acc.rules:
                acc.rules[d.rule] = "failed"
    return dict(sorted(out.items()))
