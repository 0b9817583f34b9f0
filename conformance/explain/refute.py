"""An explanation must agree with everything else the engine did.

A house rule (an option value) or a misreading of the reference's code that
reproduces one divergence may be a coincidence: ``re_bello = true`` gives
one more point to a side that happens to hold the King of coins. If the
engine played that house rule, or had that misreading in its code, it would
have shown it in its other games too; so each such explanation of a run is
checked against the traces the engine passed: replayed under it, the
reference must give the same views as the trace on every field the engine
reports. One that does not is refuted: the divergence keeps the rule behind
the fields it lies in, as a guess, and says which game refuted it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from regola import reference
from regola.conformance.explain.fields import StepKind, keys_of, owner, priority
from regola.conformance.runner.compare import compare_views
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.record import load_ruleset
from regola.spec import SpecError, rule_ids

CHECKED = 8
"""Passed traces an option explanation is checked against, at most."""


def _differs(path: str, options: dict[str, Any], house: dict[str, Any], fields: list[str],
             misreading: Any = None) -> bool:
    """Whether the trace, replayed under ``options`` (and ``misreading``),
    gives other views than its own on the engine's fields (or cannot be
    played)."""
    if misreading is not None:
        from regola.conformance.explain.misreadings import patched

        with patched(misreading):
            return _differs(path, options, house, fields)
    from regola.conformance.runner import declared

    trace = read_trace(path)
    if house:
        trace = declared.rewrite(trace, house).trace or trace
    h = trace.header
    try:
        rs = load_ruleset(h["variant"], {**(h.get("options") or {}), **options}, checked=False)
        state = reference.new_game(rs, h["deck"])
        if compare_views(h["view"], reference.view(state), fields):
            return True
        for action in h.get("setup") or ():
            state = reference.apply(state, action)
        for item in trace.items:
            if item["kind"] != "step":
                continue
            state = reference.apply(state, item["action"])
            if compare_views(item["view"], reference.view(state), fields):
                return True
    except (SpecError, reference.IllegalAction, ValueError, KeyError):
        return True
    return False


def refute_options(results: Sequence[Any], hello: dict[str, Any]) -> None:
    """Downgrade, in place, every option or misreading explanation that a
    trace the engine passed refutes (see the module docstring). Misreadings
    patch the reference, so this runs on the main thread, after the run."""
    fields = list(hello.get("fields") or [])
    passed: dict[str, list[Any]] = {}
    for r in results:
        if r.status == "passed":
            passed.setdefault(r.variant, []).append(r)
    verdicts: dict[str, str | None] = {}
    for r in results:
        for d in r.divergences:
            why = d.explained_by
            if why is None or why.how not in ("option", "misreading"):
                continue
            options = dict(getattr(why, "options", ()) or ())
            misreading = getattr(why, "misreading", None)
            if not options and misreading is None:
                continue
            key = json.dumps([r.variant, options, misreading.describe() if misreading else None, r.house_rules],
                             sort_keys=True, default=str)
            if key not in verdicts:
                verdicts[key] = next(
                    (p.id for p in passed.get(r.variant, [])[:CHECKED]
                     if _differs(p.path, options, r.house_rules, fields, misreading)),
                    None,
                )
            if verdicts[key] is not None:
                _downgrade(d, r, verdicts[key])


FIXED = ("accepted", "crashed", "wrong-rule", "changed-by-reject")
"""A reject line's divergences keep its rule (it breaks that one alone)."""


def _downgrade(d: Any, result: Any, witness: str) -> None:
    from regola.conformance.explain.causes import Cause

    why = d.explained_by
    shown = (", ".join(f"{p} = {v}" for p, v in why.options) if why.options
             else why.misreading.describe() if getattr(why, "misreading", None) is not None else why.text)
    keys = sorted(keys_of(d.differences) or [d.kind], key=priority)
    try:
        known = frozenset(rule_ids(load_ruleset(result.variant, None, checked=False)))
    except SpecError:
        known = frozenset()
    events: tuple = ()
    try:
        item = read_trace(result.path).items[d.line - 2] if d.line >= 2 else None
        events = tuple(item.get("events") or ()) if item else ()
    except (OSError, ValueError, IndexError, TypeError):
        pass
    rule = d.rule if d.kind in FIXED else owner(keys[0], StepKind.of(d.step, d.action, events), known) or d.rule
    what = "the house rule" if why.how == "option" else "the misreading"
    text = (f"a guess: {what} `{shown}` reproduces this divergence, but not the engine's game {witness}, "
            f"which it passed; {rule} is the rule behind {', '.join(keys)}")
    d.rule = rule
    d.explained_by = replace(d.explained_by, rule=rule, how="guess", text=text, options=(), misreading=None,
                             causes=(Cause(tuple(keys), rule, "guess", text),))
