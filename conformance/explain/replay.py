"""Replaying a trace's lines in the reference under one alternative reading
of the rules (option values, a misreading), to see whether it does what the
engine did at a divergence (`regola.conformance.explain.search`)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from regola import reference
from regola.conformance.explain import misreadings, reach
from regola.conformance.explain.fields import key_of
from regola.conformance.runner.compare import compare_views
from regola.conformance.trace.record import load_ruleset
from regola.conformance.trace.setup import setup_actions, start_state
from regola.spec import Ruleset, SpecError


def reproduces(
    changes: tuple[tuple[str, Any], ...],
    misreading: misreadings.Misreading | None,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None = None,
    loose: bool = False,
) -> bool:
    """Whether the reference, under option ``changes`` and ``misreading``,
    does what the engine did at the last of ``items``. Strictly (the root):
    agreeing with the trace at every earlier line and reporting exactly the
    engine's differences. ``loose`` (a later divergence, after which the
    engine's earlier views are not the trace's): the engine's values where it
    differs, whatever came before. An engine whose divergence is a list of
    legal actions lists them at every step: an alternative must agree with
    the trace's counts before, and leave out and add the very actions the
    engine did."""
    keys = matched_keys(changes, misreading, header, items, divergence, fields, seat_view, loose)
    return keys is not None and keys == ALL


ALL = frozenset({"*"})
"""`matched_keys`' answer for an alternative that reproduces the whole divergence."""


def matched_keys(
    changes: tuple[tuple[str, Any], ...],
    misreading: misreadings.Misreading | None,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None = None,
    loose: bool = False,
) -> frozenset[str] | None:
    """What an alternative reproduces of the engine at the divergence: `ALL`
    (everything, as `reproduces`), the keys of the fields (`.fields.key_of`)
    whose engine values it gives while it adds no difference where the
    engine agreed with the trace, or None (nothing: it parts from the trace
    earlier, or crashes)."""
    options = {**(header.get("options") or {}), **dict(changes)}
    try:
        ruleset = load_ruleset(header["variant"], options, checked=False)
    except SpecError:
        return None
    if misreading is None:
        return _replay(ruleset, header, items, divergence, fields, seat_view, loose)
    with misreadings.patched(misreading):
        return _replay(ruleset, header, items, divergence, fields, seat_view, loose)


def _same_as(want: dict[str, Any], got: dict[str, Any], fields: list[str]) -> bool:
    return not compare_views(want, got, fields)


def _replay(
    ruleset: Ruleset,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None,
    loose: bool,
) -> frozenset[str] | None:
    match = _keys_part if loose else _keys_engine
    same = (lambda want, got, fields: True) if loose else _same_as
    try:
        state = reference.new_game(ruleset, header["deck"])
        if divergence.step is None and divergence.kind == "view":
            return match(header["view"], reference.view(state), divergence, fields)
        if divergence.step is None and divergence.kind == "seat-view" and seat_view is not None:
            return match(seat_view, reference.view(state, divergence.seat), divergence, fields)
        if not same(header["view"], reference.view(state), fields):
            return None
        for action in setup_actions(header):  # a focused trace's way to its position, not compared
            state = reference.apply(state, action)
        # an engine that lists legal actions (its divergence is a list of
        # them) agreed with the trace's count at every earlier step
        counted = divergence.kind == "legal" and not loose
        for item in items[:-1]:
            if item["kind"] == "step":
                if counted and "legal_count" in item and len(reference.legal_actions(state)) != item["legal_count"]:
                    return None
                state = reference.apply(state, item["action"])
                if not same(item["view"], reference.view(state), fields):
                    return None
            else:
                try:
                    reference.apply(state, item["action"])
                except reference.IllegalAction:
                    continue
                return None
        last = items[-1]
        kind = divergence.kind
        if kind == "accepted":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction:
                return None
            return ALL
        if kind == "wrong-rule":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                return ALL if exc.rule_id == named(divergence) else None
            return None
        if kind == "refused":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                # an engine that named a rule must be matched on it
                return ALL if " under " not in divergence.message or exc.rule_id == divergence.rule else None
            return None
        if kind == "legal":
            d = divergence.differences[0]
            got = [reference.action_dict(a) for a in reference.legal_actions(state)]
            if d.path == "legal_count":
                # the count, and the very actions the message says the engine
                # left out or added (it lists the first few of each)
                listed = {canon(a) for a in got}
                missing = reach.listed(divergence.message, "missing ")
                extra = reach.listed(divergence.message, "not allowed ")
                fits = (
                    len(got) == d.actual
                    and not any(canon(a) in listed for a in missing)
                    and all(canon(a) in listed for a in extra)
                )
                return ALL if fits else None
            return ALL if sorted(map(canon, got)) == sorted(map(canon, d.actual)) else None
        state = reference.apply(state, last["action"])
        if kind == "view":
            return match(last["view"], reference.view(state), divergence, fields)
        if kind == "seat-view" and seat_view is not None:
            return match(seat_view, reference.view(state, divergence.seat), divergence, fields)
    except Exception:  # noqa: BLE001 - a misreading may crash: then it is not what the engine did
        return None
    return None


def expected_seat_view(header: dict[str, Any], items: Sequence[dict[str, Any]], seat: int) -> dict[str, Any]:
    """The trace's seat view at the last line, by the (unpatched) reference."""
    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    state = start_state(ruleset, header)
    for item in items:
        if item["kind"] == "step":
            state = reference.apply(state, item["action"])
    return reference.view(state, seat)


def _by_key(diffs: Any) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for d in diffs:
        out.setdefault(key_of(d.path), {})[d.path] = canon(d.actual)
    return out


def _keys_engine(expected: dict[str, Any], got: dict[str, Any], divergence: Any, fields: list[str]) -> frozenset[str] | None:
    """`ALL` if the alternative's view differs from the trace's exactly where
    and as the engine's does; else the keys it reproduces, provided it adds
    no difference in a field where the engine agreed."""
    mine = _by_key(compare_views(expected, got, fields))
    theirs = _by_key(divergence.differences)
    if mine == theirs:
        return ALL
    if any(k not in theirs for k in mine):
        return None
    found = frozenset(k for k, paths in theirs.items() if mine.get(k) == paths)
    return found or None


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _keys_part(expected: dict[str, Any], got: dict[str, Any], divergence: Any, fields: list[str]) -> frozenset[str] | None:
    """The keys whose every differing path the alternative gives the engine's
    value (a later divergence); `ALL` when that is every key."""
    found = {d.path: canon(d.actual) for d in compare_views(expected, got, fields)}
    theirs = _by_key(divergence.differences)
    keys = frozenset(k for k, paths in theirs.items() if all(found.get(p) == v for p, v in paths.items()))
    if theirs and len(keys) == len(theirs):
        return ALL
    return keys or None


def named(divergence: Any) -> str | None:
    """The rule an engine cited to refuse a reject line under another rule,
    or to refuse a legal action."""
    pattern = {"wrong-rule": _NAMED, "refused": _REFUSED}.get(divergence.kind)
    found = pattern.search(divergence.message) if pattern is not None else None
    return found.group(1) if found else None


_NAMED = re.compile(r"refused the action under (\S+), but")
_REFUSED = re.compile(r"refused a legal action under (\S+):")
