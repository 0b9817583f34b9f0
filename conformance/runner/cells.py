"""Reject lines as cells, each checked on its own.

A reject line (an action the rules forbid, and the one rule that forbids
it) is a **cell**: its verdict is how the engine answered it. One cell's
failure must not decide the next ones, so when the engine accepts a
forbidden action (its match is no longer the trace's) or crashes on it,
the runner starts a fresh engine, brings it back to the position before
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
from regola.conformance.runner.focus import header_steps
from regola.conformance.runner.plan import expect_from

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
        engine.new(header["variant"], header.get("options") or {}, header["ruleset_hash"], header["deck"], header["deal"])
        moves: list[tuple[dict[str, Any], dict[str, Any] | None]] = [
            (s.action, s.deal) for s in header_steps(header)
        ] if header.get("setup") else []
        for item in done:
            if item["kind"] != "step":
                continue
            deal = None
            if item["action"].get("type") == "shuffle":
                deal = next((e for e in item.get("events", []) if e.get("type") == "deal"), None)
            moves.append((item["action"], deal))
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
