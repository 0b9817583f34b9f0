"""Is the trace itself possible? Checked before an engine sees it.

A trace whose own content the rules cannot play (a deck that is not the
pack, a card that does not exist or is not held, a variant nobody knows)
is a **bad trace**: reported as such, with its file and line, never blamed
on the engine, and it does not stop the run for the other traces. The
reference replays the trace's deck, setup actions (a focused trace's,
`regola.conformance.trace.setup`) and lines; every setup action and
``step`` must be legal, every ``reject`` line must be refused.

The states that replay reaches are kept (`TraceCheck.states`) for a trace
held in memory, so that the replay's seat views need not play it again
(`regola.conformance.runner.reference_replay.ReferenceReplay`); a streamed
trace (`regola.conformance.trace.format.LinesOnDisk`) keeps none, so that
memory stays bounded however long it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from regola import reference
from regola.conformance.runner.reference_replay import ruleset_for
from regola.conformance.trace.format import Trace
from regola.conformance.trace.setup import setup_actions
from regola.spec import SpecError, is_variant_file, ruleset_hash

BAD_TRACE = "bad-trace"
"""The ``error_kind`` of a trace that is wrong in itself."""


@dataclass
class TraceCheck:
    """What checking a trace found: ``problem`` (None if the reference can
    replay it) and the reference's ``states`` after the deal and after each
    step line, kept only for a trace held in memory whose check passed."""

    problem: str | None = None
    states: list[Any] | None = field(default=None, repr=False)


def trace_problem(trace: Trace) -> str | None:
    """Why ``trace`` cannot be a true record of the rules (``FILE:LINE:
    what``), or None if the reference can replay it."""
    return check_trace(trace, keep=False).problem


def check_trace(trace: Trace, keep: bool = True) -> TraceCheck:
    """`trace_problem`'s check, keeping the states it reaches (if ``keep``
    and the trace's lines are a list, not streamed from disk)."""
    kept: list[Any] | None = [] if keep and isinstance(trace.items, list) else None
    problem = _problem(trace, kept)
    return TraceCheck(problem, kept if problem is None and kept else None)


def _problem(trace: Trace, kept: list[Any] | None) -> str | None:
    h = trace.header
    path = trace.path or h.get("name", "?")
    if is_variant_file(h["variant"]):
        return f"{path}:1: the trace names its variant by a file path, {_clip(h['variant'])}: a trace names a variant id"
    try:
        ruleset = ruleset_for(h["variant"], json.dumps(h.get("options") or {}, sort_keys=True))
    except SpecError as exc:
        return f"{path}:1: the trace's variant {_clip(h['variant'])} with its options cannot be loaded: {exc}"
    except (TypeError, ValueError, RecursionError) as exc:
        return f"{path}:1: the trace's options cannot be used: {_clip(str(exc))}"
    if h.get("ruleset_hash") != ruleset_hash(ruleset):
        return None  # recorded under other rules: the replay says "regenerate the corpus"
    try:
        state = reference.new_game(ruleset, h["deck"])
    except reference.IllegalAction as exc:
        return f"{path}:1: the header's deck cannot be dealt: {_clip(exc.message)} (rule {exc.rule_id})"
    except Exception as exc:  # noqa: BLE001 - any deck the reference cannot take is the trace's fault
        return f"{path}:1: the header's deck cannot be dealt: {type(exc).__name__}: {_clip(str(exc))}"
    for n, action in enumerate(setup_actions(h)):
        try:
            state = reference.apply(state, action)
        except reference.IllegalAction as exc:
            return (
                f"{path}:1: setup action {n} of the header, {_clip(action)}: the rules forbid it: "
                f"{_clip(exc.message)} (rule {exc.rule_id})"
            )
        except Exception as exc:  # noqa: BLE001 - an action the reference cannot read is the trace's fault
            return f"{path}:1: setup action {n} of the header, {_clip(action)}, cannot be read: {type(exc).__name__}: {_clip(str(exc))}"
    if kept is not None:
        kept.append(state)  # the first state kept is the position the step lines start from
    for line, item in enumerate(trace.items, start=2):
        action = item["action"]
        try:
            after = reference.apply(state, action)
        except reference.IllegalAction as exc:
            if item["kind"] == "reject":
                continue
            return (
                f"{path}:{line}: step {item['index']}: the rules forbid its action {_clip(action)}: "
                f"{_clip(exc.message)} (rule {exc.rule_id})"
            )
        except Exception as exc:  # noqa: BLE001 - an action the reference cannot read is the trace's fault
            return f"{path}:{line}: {item['kind']} {item['index']}: the action {_clip(action)} cannot be read: {type(exc).__name__}: {_clip(str(exc))}"
        if item["kind"] == "reject":
            return f"{path}:{line}: reject line: the rules allow its action {_clip(action)}, which it says they forbid"
        state = after
        if kept is not None:
            kept.append(state)
    return None


def _clip(value: Any, width: int = 160) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"
