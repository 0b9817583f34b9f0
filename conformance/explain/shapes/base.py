"""What every shape looks at (`Context`) and says (`Finding`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from regola.conformance.explain.fields import StepKind


@dataclass(frozen=True)
class Context:
    """What a shape may look at: the divergent step as the reference played
    it, and the engine's view after it."""

    family: str
    """``briscola`` (every trick game) or ``scopa``."""
    ruleset: Any
    action: dict[str, Any] | None
    kind: StepKind
    events: tuple[dict[str, Any], ...]
    before: dict[str, Any]
    """The reference's omniscient view before the step (the deal's for the deal)."""
    after: dict[str, Any]
    """The reference's omniscient view after the step (the trace's)."""
    engine: dict[str, Any]
    """The engine's omniscient view after the step (only the fields it reports)."""
    keys: tuple[str, ...]
    """The keys of the fields that differ (`regola.conformance.explain.fields.key_of`)."""
    known: frozenset[str]
    """The rule ids that hold in the variant."""
    previous_hand: dict[str, Any] | None = None
    """The reference's view at the end of the previous hand, when the step is in a later hand."""

    def rule(self, suffix: str) -> str | None:
        """The variant's rule ending with ``suffix`` (None if none holds); a
        variant's own family's rule (``tressette.deck.points``,
        ``chiamata.match.end``) before the one it shares with Briscola or Scopa."""
        for r in specific_first(self.known):
            if r.endswith("." + suffix):
                return r
        return None

    def reports(self, name: str) -> bool:
        return name in self.engine


@dataclass(frozen=True)
class Finding:
    """A shape that reproduces the engine's values on ``keys``."""

    rule: str
    keys: frozenset[str]
    shape: str
    text: str
    candidates: tuple[str, ...] = field(default=())
    """When the engine's fields cannot tell several rules apart: all of them
    (``rule`` among them)."""
    reading: bool = False
    """For an ambiguous finding: ``rule`` is a reading that reproduces the
    engine's values (not merely one of the rules that could), so it stays
    first when another alternative fits too."""


Shape = Callable[[Context], list[Finding]]


def specific_first(rules: Any) -> list[str]:
    """Rule ids sorted with the base families' (``briscola.*``, ``scopa.*``) last."""
    return sorted(rules, key=lambda r: (r.split(".")[0] in ("briscola", "scopa"), r))


def seat_name(seat: Any) -> str:
    return f"seat {seat}" if isinstance(seat, int) else "nobody"
