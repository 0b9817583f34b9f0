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
    options = {**(header.get("options") or {}), **dict(changes)}
    try:
        ruleset = load_ruleset(header["variant"], options, checked=False)
    except SpecError:
        return False
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
) -> bool:
    match = _matches_part if loose else _matches_engine
    same = (lambda want, got, fields: True) if loose else _same_as
    try:
        state = reference.new_game(ruleset, header["deck"])
        if divergence.step is None and divergence.kind == "view":
            return match(header["view"], reference.view(state), divergence, fields)
        if divergence.step is None and divergence.kind == "seat-view" and seat_view is not None:
            return match(seat_view, reference.view(state, divergence.seat), divergence, fields)
        if not same(header["view"], reference.view(state), fields):
            return False
        for action in setup_actions(header):  # a focused trace's way to its position, not compared
            state = reference.apply(state, action)
        # an engine that lists legal actions (its divergence is a list of
        # them) agreed with the trace's count at every earlier step
        counted = divergence.kind == "legal" and not loose
        for item in items[:-1]:
            if item["kind"] == "step":
                if counted and "legal_count" in item and len(reference.legal_actions(state)) != item["legal_count"]:
                    return False
                state = reference.apply(state, item["action"])
                if not same(item["view"], reference.view(state), fields):
                    return False
            else:
                try:
                    reference.apply(state, item["action"])
                except reference.IllegalAction:
                    continue
                return False
        last = items[-1]
        kind = divergence.kind
        if kind == "accepted":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction:
                return False
            return True
        if kind == "wrong-rule":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                return exc.rule_id == named(divergence)
            return False
        if kind == "refused":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                # an engine that named a rule must be matched on it
                return " under " not in divergence.message or exc.rule_id == divergence.rule
            return False
        if kind == "legal":
            d = divergence.differences[0]
            got = [reference.action_dict(a) for a in reference.legal_actions(state)]
            if d.path == "legal_count":
                # the count, and the very actions the message says the engine
                # left out or added (it lists the first few of each)
                listed = {canon(a) for a in got}
                missing = reach.listed(divergence.message, "missing ")
                extra = reach.listed(divergence.message, "not allowed ")
                return (
                    len(got) == d.actual
                    and not any(canon(a) in listed for a in missing)
                    and all(canon(a) in listed for a in extra)
                )
            return sorted(map(canon, got)) == sorted(map(canon, d.actual))
        state = reference.apply(state, last["action"])
        if kind == "view":
            return match(last["view"], reference.view(state), divergence, fields)
        if kind == "seat-view" and seat_view is not None:
            return match(seat_view, reference.view(state, divergence.seat), divergence, fields)
    except Exception:  # noqa: BLE001 - a misreading may crash: then it is not what the engine did
        return False
    return False


def expected_seat_view(header: dict[str, Any], items: Sequence[dict[str, Any]], seat: int) -> dict[str, Any]:
    """The trace's seat view at the last line, by the (unpatched) reference."""
    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    state = start_state(ruleset, header)
    for item in items:
        if item["kind"] == "step":
            state = reference.apply(state, item["action"])
    return reference.view(state, seat)


def _matches_engine(expected: dict[str, Any], got: dict[str, Any], divergence: Any, fields: list[str]) -> bool:
    diffs = compare_views(expected, got, fields)
    return {d.path: canon(d.actual) for d in diffs} == {d.path: canon(d.actual) for d in divergence.differences}


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)




def _matches_part(expected: dict[str, Any], got: dict[str, Any], divergence: Any, fields: list[str]) -> bool:
    """The engine's values on every path where it differed (a later divergence)."""
    found = {d.path: canon(d.actual) for d in compare_views(expected, got, fields)}
    return bool(divergence.differences) and all(found.get(d.path) == canon(d.actual) for d in divergence.differences)


def named(divergence: Any) -> str | None:
    """The rule an engine cited to refuse a reject line under another rule,
    or to refuse a legal action."""
    pattern = {"wrong-rule": _NAMED, "refused": _REFUSED}.get(divergence.kind)
    found = pattern.search(divergence.message) if pattern is not None else None
    return found.group(1) if found else None


_NAMED = re.compile(r"refused the action under (\S+), but")
_REFUSED = re.compile(r"refused a legal action under (\S+):")
