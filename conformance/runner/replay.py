"""Replaying one trace into an engine and checking every step.

The engine starts the match with ``new`` (variant, options, ruleset hash,
deck order and deal from the header); its omniscient view must equal the
header's. Then, line by line:

- a **step**: if the engine reports ``legal``, the actions it lists before
  the step must be those of the trace (as a set; when the trace holds only
  the count, the reference's list); the action must be accepted; the
  engine's omniscient view after it must equal the trace's on every field
  the engine reports; if the engine gives seat views, each seat's view must
  equal the reference's, computed by replaying the trace through it;
- a **reject**: the engine must refuse the action; if it names a rule, it
  must be the trace's; and its view must not change.

Each disagreement is a `regola.conformance.runner.verdicts.Divergence`
naming the rule most likely broken (`.blame`). The replay goes on after a
wrong view, seat view, list of legal actions or rule of a refusal: the
first divergence is the trace's root, the later ones its possible
consequences. It stops where it cannot go on: the engine refuses an action
the trace plays (`STOP_KINDS`), accepts one it must reject, or fails.

The checks are public so that the lockstep checker can run them on steps
it records as it goes; without a ``record`` callback they raise
`DivergenceFound` at the first disagreement, as before.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from regola.conformance.protocol.engine import ActionRejected, Engine, EngineFailure, speaks
from regola.conformance.explain import attach, guess
from regola.conformance.runner import cells, focus
from regola.conformance.runner.account import trace_account
from regola.conformance.runner.cells import apply_action, check_reject  # noqa: F401 - check_reject: for the lockstep checker
from regola.conformance.runner.compare import compare_views, describe, field_share, side_by_side
from regola.conformance.runner.legal_check import check_legal
from regola.conformance.runner.plan import expect
from regola.conformance.runner.reference_replay import (  # noqa: F401 - re-exported for the lockstep checker
    ReferenceReplay,
    check_header,
    ruleset_for,
    state_before,
)
from regola.conformance.runner.verdicts import STOP_KINDS, Divergence, DivergenceFound, Recorder, TraceResult, diverge
from regola.conformance.trace.format import Trace



def replay_trace(
    engine: Engine,
    hello: dict[str, Any],
    trace: Trace,
    replay: str = "",
    states: Sequence[Any] | None = None,
    restart: cells.Restart | None = None,
) -> TraceResult:
    """Replay one trace into ``engine`` (whose hello answer is ``hello``);
    ``states``: the reference's, kept by the trace check (`.reference_replay`);
    ``restart``: a fresh engine, to check each reject line on its own
    (`regola.conformance.runner.cells`).

    Never raises for the engine's sake: an `EngineFailure`, or any
    other exception a Python engine raises, makes the trace ``errored`` at
    the step reached (``error_step``); the caller should then replace the
    engine.
    """
    h = trace.header
    result = TraceResult(
        path=str(trace.path or h.get("name")),
        variant=h["variant"],
        name=h.get("name", "?"),
        status="passed",
        total_steps=len(trace.items),
        replay=replay,
    )
    if h["variant"] not in hello["variants"]:
        result.status, result.error = "unsupported", f"the engine does not list {h['variant']}"
        return result
    fields = list(hello["fields"])
    result.fields_checked, result.fields_total = field_share(h["view"], fields)
    problem = check_header(trace)
    if problem:
        result.status, result.error_kind, result.error = "errored", "trace", problem
        return result
    ref = ReferenceReplay(h, states) if hello.get("seat_views") else None
    try:
        try:
            position = focus.position_of(h, ref) if h.get("setup") and speaks(hello, "1.2") else None
            if position is None:
                engine.new(h["variant"], h.get("options") or {}, h["ruleset_hash"], h["deck"], h["deal"])
            else:  # protocol 1.2: the engine is set at the focused trace's position, not led there
                engine.new(h["variant"], h.get("options") or {}, h["ruleset_hash"], h["deck"], h["deal"],
                           position=position)  # type: ignore[call-arg]
        except EngineFailure as exc:
            if exc.kind != "unsupported":
                raise
            result.status, result.error = "unsupported", exc.message
            return result
        expect(engine, trace, hello, ref.players if ref else 0)  # requests sent ahead (`.plan`)
        record = Recorder(result)
        if h.get("setup"):  # a focused trace: to its position unchecked, then a baseline (`.focus`)
            refused = focus.reach_position(engine, hello, fields, h, ref, record, result)
            if refused is not None:
                raise DivergenceFound(refused)

        else:
            check_views(
                engine, fields, h["view"], ref, None, 1, None,
                lambda: h.get("rules") or ReferenceReplay(h).state.rules, record,
            )
        expected_view = focus.position_view(h, ref) if h.get("setup") else h["view"]
        for pos, item in enumerate(trace.items):
            result.error_step = item.get("index")
            if item["kind"] == "step":
                check_step(
                    engine, hello, fields, item, pos + 2, ref,
                    lambda pos=pos: state_before(h, trace.items[:pos]), record,
                )
                expected_view = item["view"]
            else:
                cell = check_reject(engine, fields, item, pos + 2, expected_view, record, restart is not None)
                result.cells.append(cell)
                if cell.needs_restore and restart is not None:
                    try:
                        engine = cells.restore(
                            restart, hello, h, trace.items[:pos], trace.items[pos + 1:], ref.players if ref else 0
                        )
                        record.forget(cell.introduced)
                    except cells.CannotRestore as exc:
                        result.error_kind, result.error = "restart", str(exc)
                        break
            result.replayed += 1
            if result.divergence is None:
                result.steps += 1
        result.error_step = None
    except DivergenceFound as stop:
        result.add_divergence(stop.divergence)
    except EngineFailure as exc:
        if exc.kind == "unsupported" and result.divergence is None:
            result.status, result.error = "unsupported", exc.message
            return result
        result.status, result.error_kind, result.error = "errored", exc.kind, exc.message
    except Exception as exc:  # noqa: BLE001 - a Python engine's own bug is a verdict too
        result.status, result.error_kind, result.error = "errored", "crash", f"the engine raised {describe_exception(exc)}"
    if result.divergence is not None:
        # a trace with any divergence fails; an engine error after it is kept as
        # the reason the replay stopped
        result.status = "failed"
        if result.unchecked and result.divergence.kind not in ("view", "seat-view"):
            # at a focused trace's position the engine's views already differed: a
            # list of actions or a refusal there follows from that, not from the rule
            result.status = "unchecked"
            result.error = (f"not checked: at this focused trace's position the engine's views already differ "
                            f"({', '.join(result.unchecked[:6])}), and what it then got wrong ({result.divergence.kind} "
                            f"at line {result.divergence.line}) may follow from that")
            return result
        if result.divergence.setup is not None:
            # a focused trace the engine could not be brought to: nothing of it was checked
            result.status = "unchecked"
            result.error = (f"not checked: the engine refused setup action {result.divergence.setup} on the way "
                            "to the position (the traces that start at the deal show where it left the game)")
            return result
        if result.divergence.setup is None:  # a refused setup action is blamed on no rule (`.focus`)
            attach.attach_all(result, h, trace.items, fields)  # blame by explanation, root and later
            if _state_differed(result.unchecked):
                for d in result.divergences:
                    d.explained_by = attach.uncertain(d.explained_by, result.unchecked)
    if result.status in ("passed", "failed", "errored"):
        result.checked_rules = trace_account(trace.items, h, result.replayed, fields)
    if result.status == "passed":
        result.status, result.error = _unchecked(result, h, hello) or ("passed", None)
    return result


GAME_STATE = ("hands", "hand_sizes", "table", "stock", "stock_size", "to_move", "trick", "captured", "won",
              "phase", "leader", "indicator", "contract", "auction")
"""Fields of the play itself: a focused trace whose position already
differs in one of them cannot say what causes what it gets wrong next."""


def _state_differed(unchecked: list[str]) -> bool:
    return any(p.split("[")[0].split(".")[0] in GAME_STATE for p in unchecked if not p.startswith("seat "))


def _unchecked(result: TraceResult, header: dict[str, Any], hello: dict[str, Any]) -> tuple[str, str] | None:
    """A trace that passed without checking what it is for is not a pass:
    a focused trace whose position already differed, or a trace on which
    nothing was compared at all."""
    if header.get("setup") and result.unchecked:
        return "unchecked", (
            "not checked: at this focused trace's position the engine's views already differ ("
            + ", ".join(result.unchecked[:6]) + (", ..." if len(result.unchecked) > 6 else "")
            + "), so it does not stand where the trace is about"
        )
    if not result.fields_checked and not hello.get("legal") and not result.cells:
        return "unchecked", "not checked: the engine reports no view field and no legal actions"
    return None


def evidence(item: dict[str, Any] | None) -> str:
    """What the step just decided, as the rules have it: the cards that met
    in the trick and who took them, the capture made, the cards left on the
    table, the hand's result (empty for a step that decided none)."""
    lines = []
    for e in (item or {}).get("events", ()):
        kind = e.get("type")
        if kind == "trick":
            cards = ", ".join(str(c) for c in e.get("cards", []))
            lines.append(f"  the trick just decided (by the rules): {cards}: taken by seat {e.get('winner')}"
                         f" ({e.get('points')} card points)")
        elif kind == "capture":
            took = ", ".join(e.get("take") or []) or "nothing"
            lines.append(f"  the capture just made (by the rules): seat {e.get('seat')} plays {e.get('card')} and "
                         f"takes {took}" + (" (a scopa)" if e.get("scopa") else ""))
        elif kind == "leftovers":
            lines.append(f"  left on the table at the end (by the rules): {', '.join(e.get('cards') or [])} to side "
                         f"{e.get('side')}")
        elif kind == "hand-over":
            lines.append(f"  the hand's result (by the rules): points {e.get('points')}, winner {e.get('winner')}")
    return "\n".join(lines) + "\n\n" if lines else ""


def describe_exception(exc: BaseException) -> str:
    """``Type: message (file:line in function)``, pointing at the innermost frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    at = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    return f"{type(exc).__name__}: {exc}{at}"


def check_views(
    engine: Engine,
    fields: list[str],
    expected: dict[str, Any],
    ref: ReferenceReplay | None,
    item: dict[str, Any] | None,
    line: int,
    action: dict[str, Any] | None,
    step_rules: Callable[[], Sequence[str]],
    record: Recorder | None = None,
) -> None:
    """Compare the engine's omniscient view, then each seat's, with the
    expected ones; at most one divergence per step is recorded."""
    step = None if item is None else item.get("index")
    actual = engine.view(None)
    diffs = compare_views(expected, actual, fields)
    known = {d.path for d in diffs}  # a seat's view is not blamed again for these
    if record is not None:
        diffs = record.fresh("view", diffs)
    if diffs:
        rules = list(step_rules())
        diverge(
            Divergence(
                kind="view",
                step=step,
                line=line,
                action=action,
                rules=rules,
                rule=guess.for_view(diffs, rules),
                message=describe(diffs),
                differences=diffs,
                side_by_side=evidence(item) + side_by_side(expected, actual, diffs, fields),
                engine_view=actual,
            ),
            record,
        )
        return
    if ref is None:
        return
    for seat in range(ref.players):
        want = ref.view(seat)
        got = engine.view(seat)
        diffs = compare_views(want, got, fields)
        if record is not None:
            diffs = record.fresh(f"seat {seat}", [d for d in diffs if d.path not in known])
        if diffs:
            rules = list(step_rules())
            diverge(
                Divergence(
                    kind="seat-view",
                    step=step,
                    line=line,
                    action=action,
                    rules=rules,
                    rule=guess.for_seat_view(diffs, seat, ref.rule_ids, ref.partners(seat))
                    or guess.for_view(diffs, rules),
                    message=f"seat {seat} sees: {describe(diffs)}",
                    seat=seat,
                    differences=diffs,
                    side_by_side=side_by_side(want, got, diffs, fields),
                    engine_view=got,
                ),
                record,
            )
            return


def check_step(
    engine: Engine,
    hello: dict[str, Any],
    fields: list[str],
    item: dict[str, Any],
    line: int,
    ref: ReferenceReplay | None,
    state_before: Callable[[], Any] | None = None,
    record: Recorder | None = None,
) -> None:
    """Check one step line: the legal actions before it (if the engine lists
    them), the action accepted, the views after it. ``state_before`` gives
    the reference state before the step, to name the rule behind a wrong
    list of legal actions. An engine that speaks protocol 1.1 gets the deal
    of a new hand with its shuffle."""
    action = item["action"]
    rules = list(item.get("rules", []))
    if hello.get("legal") and "legal_count" in item:
        check_legal(engine, item, line, rules, state_before, record)
    try:
        apply_action(engine, action, _new_deal(hello, item))
    except ActionRejected as exc:
        named = f" under {exc.rule}" if exc.rule else ""
        raise DivergenceFound(
            Divergence(
                kind="refused",
                step=item.get("index"),
                line=line,
                action=action,
                rules=rules,
                rule=exc.rule if exc.rule else guess.specific(rules),
                message=f"the engine refused a legal action{named}: {exc.message}",
            )
        ) from None
    if ref is not None:
        ref.advance(action)
    check_views(engine, fields, item["view"], ref, item, line, action, lambda: rules, record)


def _new_deal(hello: dict[str, Any], item: dict[str, Any]) -> dict[str, Any] | None:
    """The deal a shuffle step makes, for an engine that speaks protocol 1.1."""
    if item["action"].get("type") != "shuffle" or not speaks(hello, "1.1"):
        return None
    return next((e for e in item.get("events", []) if e.get("type") == "deal"), None)
