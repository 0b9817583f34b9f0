"""The calls a replay makes when the engine agrees with the trace, in order.

`regola.conformance.runner.replay.replay_trace` tells them to an engine
that can send requests ahead of their turn (`regola.conformance.protocol.
client.SubprocessEngine.expect_calls`), so that a served engine computes
its next answers while the runner compares the last ones, instead of each
side waiting for the other at every request.

The plan mirrors the replay exactly (`check_views`, `check_step`,
`check_reject`): after the first deal (and a focused trace's setup
actions), the omniscient view and each seat's view; then for a step, the legal actions (when the engine lists them and
the trace counts them), the ``apply`` (with the deal of a new hand for an
engine that speaks 1.1), the omniscient view and each seat's view; for a
reject, the ``apply`` and the omniscient view. Where the replay goes
another way (it skips the seat views after a wrong omniscient view, or it
stops) the engine drops what it planned (see the client).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from regola.conformance.protocol.engine import speaks
from regola.conformance.runner.focus import header_steps
from regola.conformance.trace.format import Trace

Call = tuple[tuple[Any, ...], bool]


def planned_calls(trace: Trace, hello: dict[str, Any], seats: int) -> Iterator[Call]:
    """Each call with whether it is an ``apply`` the engine should accept;
    ``seats`` is the number of seat views checked after each step (0 when
    the engine gives none)."""
    views = [("view", None), *(("view", s) for s in range(seats))]
    new_deals = speaks(hello, "1.1")
    if trace.header.get("setup") and not speaks(hello, "1.2"):  # a focused trace's way to its position (`.focus`)
        for step in header_steps(trace.header):
            yield ("apply", step.action, step.deal if new_deals else None), True
    yield from ((v, False) for v in views)
    yield from item_calls(trace.items, hello, seats)


def item_calls(items: Any, hello: dict[str, Any], seats: int) -> Iterator[Call]:
    """The calls of the step and reject lines ``items``."""
    views = [("view", None), *(("view", s) for s in range(seats))]
    legal = bool(hello.get("legal"))
    new_deals = speaks(hello, "1.1")
    for item in items:
        action = item["action"]
        if item["kind"] == "step":
            if legal and "legal_count" in item:
                yield ("legal",), False
            deal = None
            if new_deals and action.get("type") == "shuffle":
                deal = next((e for e in item.get("events", []) if e.get("type") == "deal"), None)
            yield ("apply", action, deal), True
            yield from ((v, False) for v in views)
        else:
            yield ("apply", action, None), False
            yield ("view", None), False


def expect_from(engine: Any, items: Any, hello: dict[str, Any], seats: int) -> None:
    """Tell ``engine`` the calls of the lines ``items``, if it can use them
    (an engine brought back to a position, `regola.conformance.runner.cells`)."""
    tell = getattr(engine, "expect_calls", None)
    if callable(tell):
        tell(list(item_calls(items, hello, seats)))


def expect(engine: Any, trace: Trace, hello: dict[str, Any], seats: int) -> None:
    """Tell ``engine`` the replay's calls, if it can use them."""
    tell = getattr(engine, "expect_calls", None)
    if callable(tell):
        tell(list(planned_calls(trace, hello, seats)))
