"""Reaching a focused trace's position in the engine.

A focused trace (`regola.conformance.trace.setup`) is about the rules of
its first line. Its setup actions are sent to the engine one by one and
only their acceptance is checked: a legal action the engine refuses is a
divergence (``refused``, at that setup action), since the engine cannot
be brought to the position at all. Once there, the engine's views are
compared with the reference's once, and what differs already is not
reported: it becomes the baseline of the `Recorder`, so that the step lines
report only what goes wrong in other fields from the position on. The
trace that starts at the deal finds the difference and blames it. With a
baseline the trace is **not checked** (status ``unchecked``, the fields
listed in ``unchecked``) when it would otherwise pass, or when what it
finds is a list of legal actions or a refusal (which follow from the
fields that already differ), never passed.

A refused setup action is not blamed on any rule: the views were not
compared on the way, so the engine's state may have left the trace's at
any earlier action (a misread draw leaves another card in hand, and the
refusal cites the card in hand). The traces that start at the deal find
that first difference and blame it.
"""

from __future__ import annotations

import json
from typing import Any

from regola import reference
from regola.conformance.protocol.engine import ActionRejected, Engine, speaks
from regola.conformance.runner.compare import compare_views
from regola.conformance.runner.reference_replay import ReferenceReplay, ruleset_for
from regola.conformance.runner.verdicts import Divergence, Recorder, TraceResult
from regola.conformance.trace.setup import SetupStep, setup_steps, start_state


def header_steps(header: dict[str, Any]) -> list[SetupStep]:
    """The setup actions of ``header`` with their deals and rule ids."""
    ruleset = ruleset_for(header["variant"], json.dumps(header.get("options") or {}, sort_keys=True))
    return setup_steps(ruleset, header)


def reach_position(
    engine: Engine,
    hello: dict[str, Any],
    fields: list[str],
    header: dict[str, Any],
    ref: ReferenceReplay | None,
    record: Recorder,
    result: TraceResult,
) -> Divergence | None:
    """Play the setup into ``engine`` and take the differences at the
    position as the baseline; returns the divergence if the engine
    refuses a setup action (the replay cannot go on)."""
    new_deals = speaks(hello, "1.1")
    loaded = speaks(hello, "1.2")  # set at the position by ``new``: nothing to play
    for n, step in enumerate([] if loaded else header_steps(header)):
        try:
            if new_deals and step.deal is not None:
                engine.apply(step.action, deal=step.deal)  # type: ignore[call-arg]
            else:
                engine.apply(step.action)
        except ActionRejected as exc:
            named = f" under {exc.rule}" if exc.rule else ""
            return Divergence(
                kind="refused",
                step=None,
                line=1,
                action=step.action,
                rules=list(step.rules),
                rule=None,  # where the engine left the trace's game is for the whole traces to find
                message=(f"the engine refused a legal action{named} on the way to this focused trace's "
                         f"position, so its state differs before the position (not compared here; the "
                         f"traces that start at the deal show where): {exc.message}"),
                setup=n,
            )
    diffs = compare_views(position_view(header, ref), engine.view(None), fields)
    record.fresh("view", diffs)  # the baseline: only what changes from here on is reported
    unchecked = [d.path for d in diffs]
    known = set(unchecked)
    for seat in range(ref.players if ref is not None else 0):
        seat_diffs = [d for d in compare_views(ref.view(seat), engine.view(seat), fields) if d.path not in known]
        record.fresh(f"seat {seat}", seat_diffs)
        unchecked += [f"seat {seat}: {d.path}" for d in seat_diffs]
    result.unchecked = unchecked
    return None


def position_of(header: dict[str, Any], ref: ReferenceReplay | None) -> dict[str, Any]:
    """The position a focused trace starts from, as protocol 1.2's ``new``
    carries it: the omniscient view there (every hand, the stock in order,
    the trick or table, the piles, the scores, whose turn), and the setup
    actions that lead there from the deal, for an engine that would rather
    play them."""
    return {"view": position_view(header, ref), "setup": list(header.get("setup") or ())}


def position_view(header: dict[str, Any], ref: ReferenceReplay | None) -> dict[str, Any]:
    """The omniscient view at a focused trace's position (where ``ref``, if
    given, stands before the first line): what a reject line there must
    leave unchanged."""
    if ref is not None:
        return ref.view(None)
    ruleset = ruleset_for(header["variant"], json.dumps(header.get("options") or {}, sort_keys=True))
    return reference.view(start_state(ruleset, header))
