"""Explaining a divergence field by field.

A divergence is explained as a whole when one alternative of the rules
reproduces every field the engine got wrong there (one bug). When none
does, each field (its key: `regola.conformance.explain.fields.key_of`) is
explained on its own, so that an engine with two bugs at one step has both
named: the alternatives that reproduce the most fields are taken first,
then the rest.

Where a cause comes from, in the order it is preferred when two explain the
same fields:

1. a **house rule** the spec knows (an option value), reproducing them all;
2. a **shape** real bugs take (`regola.conformance.explain.shapes`), which
   says what the engine did, in words;
3. a **misreading** of the reference's code, filed under the rule that
   owns the fields it reproduces when the misread function implements
   several (`fields.refine`);
4. a shape that finds the engine's fields cannot tell several rules apart:
   all of them are listed (``ambiguous``), none is picked as certain; a
   house rule or misreading that reproduces such fields is then given as
   one reading that fits, the rules it cannot be told from listed with it;
5. a **guess**: nothing reproduces the field; the rule behind the field at
   that kind of step (`fields.owner`) is named, and no cause is given.

Only rules that hold in the variant are named; options the engine declared
it plays are not tried (`regola.conformance.runner.declared`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regola import reference
from regola.conformance.explain import shapes
from regola.conformance.explain.shapes import listing
from regola.conformance.explain.fields import StepKind, keys_of, owner, owners, priority, refine
from regola.conformance.explain.search import (
    EXPLAINED_KINDS,
    MAX_ALTERNATIVES,
    Explanation,
    canon,
    prefer,
    search,
)
from regola.conformance.trace.record import load_ruleset
from regola.conformance.trace.setup import start_state
from regola.spec import rule_ids

RANK = {"option": 0, "shape": 1, "misreading": 2, "ambiguous": 3, "guess": 4}
"""How strongly each kind of cause is preferred (lower first)."""


@dataclass(frozen=True)
class Cause:
    """One reason for some of the fields that differ at a divergence."""

    keys: tuple[str, ...]
    rule: str | None
    how: str
    """``option``, ``shape``, ``misreading``, ``ambiguous`` or ``guess``."""
    text: str
    candidates: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"keys": list(self.keys), "rule": self.rule, "how": self.how, "text": self.text,
                "candidates": list(self.candidates)}


_CACHE: dict[str, Explanation] = {}
_CACHE_LOCK = threading.Lock()


def explain(
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: Sequence[str],
    max_alternatives: int = MAX_ALTERNATIVES,
    loose: bool = False,
    first: Sequence[str] = (),
) -> Explanation:
    """Explain ``divergence`` at the last of ``items`` (the trace's lines up
    to and including the divergent one; none for the deal), for an engine
    that reports ``fields``; remembered per trace and divergence."""
    if divergence.kind not in EXPLAINED_KINDS or (not items and divergence.step is not None):
        return Explanation(divergence.rule, "guess", guess_text(divergence))
    key = canon([header.get("variant"), header.get("options"), header.get("deck"), header.get("setup"),
                 len(items), divergence.to_json(), sorted(fields), loose, list(first)])
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    result = explain_fields(header, items, divergence, list(fields), max_alternatives, loose, first)
    with _CACHE_LOCK:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = result
    return result


def guess_text(divergence: Any, keys: Sequence[str] = ()) -> str:
    where = ", ".join(keys) if keys else "the fields that differ"
    return f"a guess: nothing tried reproduces the engine; {divergence.rule or 'no rule'} is the rule behind {where}"


def explain_fields(
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    budget: int,
    loose: bool,
    first: Sequence[str],
) -> Explanation:
    known = _known(header)
    ctx = context(header, items, divergence, fields, known) if divergence.kind in ("view", "seat-view") else None
    found_shapes = shapes.findings(ctx) if ctx is not None else _listing(header, divergence, known)
    keys = list(ctx.keys) if ctx is not None else [divergence.kind]
    certain = [f for f in found_shapes if f.shape not in ("guess", "ambiguous")]
    covered = set().union(*(f.keys for f in certain)) if certain else set()
    # a shape that accounts for every field leaves the search its house rules only
    spent = budget if covered < set(keys) else min(budget, 80)
    found = search(header, items, divergence, fields, spent, loose, first, known)
    if found.at_odds:
        return Explanation(divergence.rule, "guess",
                           "the reference itself does what the engine did here: the trace is at odds with it", 0)
    whole = found.whole
    if whole is not None and (whole.how == "option" or not certain or _covers_all(certain, keys) is None):
        refined = _refined(whole, found, keys, ctx, known)
        return _still_ambiguous(refined, found_shapes, keys) or refined
    causes = _cover(keys, found, found_shapes, divergence, header, items, ctx, known)
    head = causes[0]
    return Explanation(head.rule, head.how if head.how != "shape" else "shape", _text(causes), found.tried,
                       max(0, len(head.candidates) - 1), head.candidates, tuple(causes))


def _listing(header: dict[str, Any], divergence: Any, known: frozenset[str]) -> list[shapes.Finding]:
    """For a list of legal actions that differs: the listing shapes
    (`regola.conformance.explain.shapes.listing`)."""
    if divergence.kind != "legal":
        return []
    diff = next((d for d in divergence.differences if d.path == "legal"), None)
    if diff is None:
        return []
    family = load_ruleset(header["variant"], header.get("options") or {}, checked=False).family
    return listing.legal_list(family, known, diff.expected, diff.actual)


def _still_ambiguous(whole: Explanation, found_shapes: list[shapes.Finding], keys: list[str]) -> Explanation | None:
    """An alternative that reproduces every field, where the engine's fields
    cannot tell its rule from others (a total made of parts): the report
    lists them all and gives the alternative as one reading that fits, not
    as the cause. A shape that reproduces the same fields with a reading of
    its own (`shapes.Finding.reading`, or a certain one) is put first."""
    ambs = [f for f in sorted(found_shapes, key=lambda f: not f.reading)
            if f.shape == "ambiguous" and set(keys) <= f.keys]
    if not ambs:
        return None
    reading = next((f for f in found_shapes if set(keys) <= f.keys
                    and (f.reading or f.shape not in ("guess", "ambiguous"))), None)
    if reading is not None and reading.rule != whole.rule:
        # the shape's own reading first, the alternative as another that fits
        candidates = tuple(dict.fromkeys((reading.rule, *reading.candidates, whole.rule,
                                          *(c for a in ambs for c in a.candidates))))
        text = f"{reading.text}; another reading that fits this step: {whole.text}"
        if not reading.candidates:
            text += f"; {ambs[0].text}"
        cause = Cause(tuple(keys), reading.rule, "ambiguous", text, candidates)
        return Explanation(reading.rule, "ambiguous", text, whole.tried, len(candidates) - 1, candidates, (cause,))
    amb = next((f for f in ambs if whole.rule in f.candidates), None)
    if amb is None:
        return None
    candidates = (whole.rule, *(c for c in amb.candidates if c != whole.rule))
    text = f"{amb.text}; one reading that fits this step: {whole.text}"
    cause = Cause(tuple(keys), whole.rule, "ambiguous", text, candidates)
    return Explanation(whole.rule, "ambiguous", text, whole.tried, len(candidates) - 1, candidates, (cause,))


def _covers_all(certain: list[shapes.Finding], keys: list[str]) -> shapes.Finding | None:
    return next((f for f in certain if set(keys) <= f.keys), None)


def _refined(whole: Explanation, found: Any, keys: list[str], ctx: Any, known: frozenset[str]) -> Explanation:
    """A whole explanation by a misreading, filed under the rule that owns the
    fields it reproduces when the misread function implements that rule."""
    alt = getattr(found, "whole_alt", None)
    rule = whole.rule
    if alt is not None and alt.misreading is not None and ctx is not None:
        rule = refine(whole.rule, alt.misreading.rules, keys, ctx.kind, known)
    cause = Cause(tuple(keys), rule, whole.how, whole.text, whole.candidates)
    return Explanation(rule, whole.how, whole.text, whole.tried, whole.rivals, whole.candidates, (cause,),
                       whole.options, whole.misreading)


def _cover(
    keys: list[str], found: Any, found_shapes: list[shapes.Finding], divergence: Any,
    header: dict[str, Any], items: Sequence[dict[str, Any]], ctx: Any, known: frozenset[str],
) -> list[Cause]:
    """Causes that together account for every key (greedy: most keys first)."""
    pool: list[tuple[frozenset[str], int, Cause]] = []
    for f in found_shapes:
        how = "shape" if f.shape not in ("guess", "ambiguous") else f.shape
        pool.append((f.keys, RANK[how], Cause(tuple(k for k in keys if k in f.keys), f.rule, how, f.text, f.candidates)))
    by_keys: dict[frozenset[str], list[Any]] = {}
    for alt, ks in found.parts:
        by_keys.setdefault(ks, []).append(alt)
    for ks, alts in by_keys.items():
        best = prefer(alts, divergence, header, items)
        rule = best.rule
        if best.misreading is not None and ctx is not None:
            rule = refine(rule, best.misreading.rules, sorted(ks), ctx.kind, known)
        pool.append((ks, RANK[best.how], Cause(tuple(k for k in keys if k in ks), rule, best.how, best.text)))
    left = set(keys)
    out: list[Cause] = []
    while left:
        usable = [(ks & left, rank, c) for ks, rank, c in pool if ks & left]
        if not usable:
            break
        ks, _, cause = min(usable, key=lambda u: (-len(u[0]), u[1]))
        out.append(Cause(tuple(k for k in keys if k in ks), cause.rule, cause.how, cause.text, cause.candidates))
        left -= ks
    for k in [k for k in keys if k in left]:
        rule = owner(k, ctx.kind, known) if ctx is not None else None
        rule = rule or divergence.rule
        alike = tuple(owners(k, ctx.kind, known)[:4]) if ctx is not None else ()
        out.append(Cause((k,), rule, "guess", guess_text(_Named(rule), (k,)), alike if len(alike) > 1 else ()))
    certain = [c for c in _merge(out) if c.how != "guess"]
    guesses = sorted((c for c in _merge(out) if c.how == "guess"), key=lambda c: min(map(priority, c.keys)))
    return certain + guesses


def _merge(causes: list[Cause]) -> list[Cause]:
    """Guesses for several fields under one rule become one cause."""
    out: list[Cause] = []
    for c in causes:
        twin = next((o for o in out if o.how == "guess" and c.how == "guess" and o.rule == c.rule), None)
        if twin is None:
            out.append(c)
            continue
        keys = twin.keys + c.keys
        out[out.index(twin)] = Cause(keys, c.rule, "guess", guess_text(_Named(c.rule), keys), twin.candidates)
    return out


@dataclass(frozen=True)
class _Named:
    rule: str | None


def _text(causes: list[Cause]) -> str:
    if len(causes) == 1:
        return causes[0].text
    return "; ".join(f"[{', '.join(c.keys)}] {c.rule} ({c.how}): {c.text}" for c in causes)


def _known(header: dict[str, Any]) -> frozenset[str]:
    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    return frozenset(rule_ids(ruleset))


def context(
    header: dict[str, Any], items: Sequence[dict[str, Any]], divergence: Any, fields: list[str], known: frozenset[str]
) -> shapes.Context | None:
    """The divergent step as the reference played it, for the shapes."""
    engine = getattr(divergence, "engine_view", None)
    if not isinstance(engine, dict) or divergence.kind not in ("view", "seat-view"):
        return None
    if fields:  # what the engine reports (a field, or some of its sub-fields), and nothing it sent beside
        heads = {f.split(".")[0].split("[")[0] for f in fields}
        engine = {k: v for k, v in engine.items() if k in heads}
    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    steps = [i for i in items if i.get("kind") == "step"]
    if divergence.step is None or not steps:
        before, after, action, events = {}, header["view"], None, tuple(header.get("deal") and [header["deal"]] or [])
    else:
        last = steps[-1]
        after, action, events = last["view"], last["action"], tuple(last.get("events") or ())
        before = steps[-2]["view"] if len(steps) > 1 else _position(ruleset, header)
    if divergence.kind == "seat-view":
        return None  # a seat's view: what it may see, the information rules (`.guess.for_seat_view`)
    previous = None
    shuffles = [n for n, i in enumerate(steps) if i["action"].get("type") == "shuffle"]
    if shuffles:
        n = shuffles[-1]
        previous = steps[n - 1]["view"] if n > 0 else header["view"]
    return shapes.Context(
        family=ruleset.family,
        ruleset=ruleset,
        action=action,
        kind=StepKind.of(divergence.step, action, events),
        events=events,
        before=before,
        after=after,
        engine=engine,
        keys=tuple(keys_of(divergence.differences)),
        known=known,
        previous_hand=previous,
    )


def _position(ruleset: Any, header: dict[str, Any]) -> dict[str, Any]:
    """The view where a trace's lines start: after its deal and any setup."""
    if not header.get("setup"):
        return header["view"]
    return reference.view(start_state(ruleset, header))
