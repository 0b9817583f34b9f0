"""Reject lines as cells, each checked on its own.

A reject line (an action the rules forbid, and the one rule that forbids
it) is a **cell**: its verdict is how the engine answered it. One cell's
failure must not decide the next ones, so when the engine accepts a
forbidden action (its match is no longer the trace's), crashes on it, or
refuses it but changes its view doing so (a card lost), the runner starts a fresh engine, brings it back to the position before
the cell (the trace's deal and every step so far, sent unchecked: a
fast-forward), and goes on with the next line.

Outcomes of a cell:

- ``refused``: refused under the cell's rule;
- ``refused-no-rule``: refused with no rule stated (an ``illegal`` answer
  without ``rule``, or ``bad-request``): a refusal, but not evidence that
  the engine refused for the right reason;
- ``refused-other-rule``: refused under another rule (a ``wrong-rule``
  divergence);
- ``accepted``: the engine let it through (a divergence);
- ``crashed``: the engine failed on it (a divergence).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from regola.conformance.protocol.engine import ActionRejected, Engine, EngineFailure, speaks
from regola.conformance.runner.compare import compare_views, describe, side_by_side
from regola.conformance.runner.focus import header_steps, position_view
from regola.conformance.runner.plan import expect_from
from regola.conformance.runner.verdicts import Divergence, DivergenceFound, Recorder, diverge

OUTCOMES = ("refused", "refused-no-rule", "refused-other-rule", "accepted", "crashed")
BROKEN = ("accepted", "crashed")
"""Outcomes after which the engine must be brought back to the position."""


@dataclass
class Cell:
    """The verdict on one reject line."""

    line: int
    step: int | None
    rule: str
    outcome: str
    engine_rule: str | None = None
    """The rule the engine cited, if any."""
    spoiled: bool = False
    """The engine refused, but its view changed: its match is no longer the
    trace's, so it too is brought back to the position."""
    introduced: tuple[str, ...] = ()
    """The view's paths the refusal changed (forgotten once a fresh engine stands there)."""

    @property
    def needs_restore(self) -> bool:
        return self.outcome in BROKEN or self.spoiled

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


Restart = Callable[[], Engine]
"""Gives a fresh engine (the old one closed); raises `EngineFailure` if none starts."""


class CannotRestore(Exception):
    """A fresh engine could not be brought back to the position."""


def restore(
    restart: Restart,
    hello: dict[str, Any],
    header: dict[str, Any],
    done: Sequence[dict[str, Any]],
    rest: Sequence[dict[str, Any]],
    seats: int,
) -> Engine:
    """A fresh engine at the position after the lines ``done`` (the header's
    setup actions first, then the steps among ``done``), told the calls of
    the lines ``rest`` that follow (requests sent ahead)."""
    engine = restart()
    new_deals = speaks(hello, "1.1")
    try:
        moves: list[tuple[dict[str, Any], dict[str, Any] | None]] = [
            (s.action, s.deal) for s in header_steps(header)
        ] if header.get("setup") else []
        steps = [item for item in done if item["kind"] == "step"]
        for item in steps:
            deal = None
            if item["action"].get("type") == "shuffle":
                deal = next((e for e in item.get("events", []) if e.get("type") == "deal"), None)
            moves.append((item["action"], deal))
        args = (header["variant"], header.get("options") or {}, header["ruleset_hash"], header["deck"], header["deal"])
        if speaks(hello, "1.2") and moves:  # set at the position, not led there
            view = steps[-1]["view"] if steps else position_view(header, None)
            engine.new(*args, position={"view": view, "setup": [a for a, _ in moves]})  # type: ignore[call-arg]
            moves = []
        else:
            engine.new(*args)
        for action, deal in moves:
            if new_deals and deal is not None:
                engine.apply(action, deal=deal)  # type: ignore[call-arg]
            else:
                engine.apply(action)
    except ActionRejected as exc:
        raise CannotRestore(
            f"a fresh engine refused {exc.message!r} on its way back to the position the trace had reached"
        ) from None
    except EngineFailure as exc:
        raise CannotRestore(f"a fresh engine failed on its way back to the position: {exc.kind}: {exc.message}") from None
    expect_from(engine, rest, hello, seats)
    return engine


def per_rule(cells: Sequence[Cell]) -> dict[str, dict[str, int]]:
    """Rule -> outcome -> how many cells."""
    out: dict[str, dict[str, int]] = {}
    for c in cells:
        counts = out.setdefault(c.rule, {})
        counts[c.outcome] = counts.get(c.outcome, 0) + 1
    return out


def apply_action(engine: Engine, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
    """``engine.apply``; an in-process engine's ``bad-request`` (an action
    it cannot even read, such as a seat that does not exist) is a refusal
    with no rule stated, as it is over the protocol."""
    try:
        if deal is None:
            engine.apply(action)
        else:
            engine.apply(action, deal=deal)  # type: ignore[call-arg]
    except EngineFailure as exc:
        if exc.kind != "bad-request":
            raise
        raise ActionRejected(None, f"bad-request: {exc.message}") from None


def check_reject(
    engine: Engine,
    fields: list[str],
    item: dict[str, Any],
    line: int,
    expected_view: dict[str, Any],
    record: Recorder | None = None,
    isolated: bool = False,
) -> Cell:
    """Check one reject line, a cell (`regola.conformance.runner.cells`):
    the engine must refuse the action, under its rule if it names one, and
    leave its view unchanged. With ``isolated`` (and a ``record``), an
    action accepted or a crash is recorded and the cell's outcome returned,
    for the caller to bring a fresh engine back to the position; without,
    they stop the replay (`DivergenceFound`, or the engine's failure)."""
    action, rule = item["action"], item["rule"]
    base = dict(step=item.get("index"), line=line, action=action, rules=[rule], rule=rule)
    cell = Cell(line, item.get("index"), rule, "refused")
    try:
        apply_action(engine, action)
    except ActionRejected as exc:
        cell.engine_rule = exc.rule
        if exc.rule is None:
            cell.outcome = "refused-no-rule"
        elif exc.rule != rule:
            cell.outcome = "refused-other-rule"
            diverge(
                Divergence(
                    kind="wrong-rule",
                    message=f"the engine refused the action under {exc.rule}, but the rule that forbids it is {rule}",
                    **base,  # type: ignore[arg-type]
                ),
                record,
            )
    except EngineFailure as exc:
        if not (isolated and record is not None) or exc.kind == "unsupported":
            raise
        cell.outcome = "crashed"
        record(Divergence(
            kind="crashed",
            message=f"the engine failed on an action {rule} forbids, instead of refusing it: {exc.kind}: {exc.message}",
            **base,  # type: ignore[arg-type]
        ))
        return cell
    else:
        cell.outcome = "accepted"
        accepted = Divergence(
            kind="accepted",
            message=f"the engine accepted an action that {rule} forbids ({item.get('message', '')})",
            **base,  # type: ignore[arg-type]
        )
        _what_it_did(engine, fields, expected_view, accepted)
        if not (isolated and record is not None):
            raise DivergenceFound(accepted)
        record(accepted)
        return cell
    actual = engine.view(None)
    diffs = compare_views(expected_view, actual, fields)
    if record is not None:
        diffs = record.fresh("view", diffs)  # a difference already there is not the reject's doing
    if diffs:
        cell.spoiled, cell.introduced = True, tuple(d.path for d in diffs)
        diverge(
            Divergence(
                kind="changed-by-reject",
                message=f"refusing the action changed the engine's view: {describe(diffs)}",
                differences=diffs,
                side_by_side=side_by_side(expected_view, actual, diffs, fields),
                **base,  # type: ignore[arg-type]
            ),
            record,
        )
    return cell


def _what_it_did(engine: Engine, fields: list[str], before: dict[str, Any], accepted: Divergence) -> None:
    """The evidence of a forbidden action accepted: how the engine's view
    changed (the card it put on the table in its place, say)."""
    try:
        after = engine.view(None)
    except (EngineFailure, ActionRejected):
        return
    diffs = compare_views(before, after, fields)
    if diffs:
        accepted.differences = diffs
        accepted.side_by_side = side_by_side(before, after, diffs, fields)
        accepted.message += f"; then the engine's view changed: {describe(diffs)}"
