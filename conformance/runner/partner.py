"""The lockstep checker's partner: the implementation of the rules an
engine plays against, step by step.

`regola.conformance.runner.lockstep.play_game` asks its partner for the
header of the game, the legal actions now, each step as a trace line (the
view after it, its events and rules), each refusal with its rule, the
state before a step (to name the rule behind a wrong list of legal
actions) and every seat's view. `ReferencePartner`, the default, is the
reference itself (a `Recorder`); ``regola fuzz --partner fast`` plays the
fast core instead (`regola.conformance.fuzz.fast_partner`), which gives the
same answers, proved by the corpus and by fuzzing, and leaves the events
and rules of its lines empty: a game it finds the engine disagreeing on is
played again with the reference for the report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from regola.conformance.runner.reference_replay import ReferenceReplay
from regola.conformance.trace.format import Trace
from regola.conformance.trace.record import Recorder, legal_dicts


class Partner(Protocol):
    """What the lockstep checker asks of the rules it plays an engine against."""

    header: dict[str, Any]
    items: list[dict[str, Any]]
    steps: int
    ruleset: Any

    @property
    def state(self) -> Any:
        """Something with ``is_over`` and ``is_chance``."""

    def legal(self) -> list[dict[str, Any]]:
        """The legal actions now, as JSON."""

    def step(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` and add its step line to ``items``."""

    def reject(self, action: dict[str, Any]) -> dict[str, Any]:
        """Add the reject line of an action the rules forbid now (ValueError
        if they allow it)."""

    def before(self) -> Callable[[], Any]:
        """How to get the reference state as it is now, later."""

    def views(self) -> ReferenceReplay:
        """Seat views of the state, kept up to date as steps are made."""

    def trace(self) -> Trace:
        """The game so far as a trace."""


PartnerFactory = Callable[..., Partner]
"""Called like `Recorder`: (variant, options, deck, name=, purpose=, description=)."""


class ReferencePartner:
    """The reference as the partner: a `Recorder`."""

    def __init__(self, variant: str, options: dict[str, Any] | None, deck: list[str], **describe: Any) -> None:
        self.rec = Recorder(variant, options, deck, **describe)
        self.header = self.rec.header
        self.items = self.rec.items
        self.ruleset = self.rec.ruleset

    @property
    def steps(self) -> int:
        return self.rec.steps

    @property
    def state(self) -> Any:
        return self.rec.state

    def legal(self) -> list[dict[str, Any]]:
        return legal_dicts(self.rec.state)

    def step(self, action: dict[str, Any]) -> Any:
        return self.rec.step(action)

    def reject(self, action: dict[str, Any]) -> dict[str, Any]:
        return self.rec.reject(action)

    def before(self) -> Callable[[], Any]:
        state = self.rec.state  # immutable: the state before is kept as it is
        return lambda: state

    def views(self) -> ReferenceReplay:
        return _RecorderViews(self.rec)

    def trace(self) -> Trace:
        return self.rec.trace()


class _RecorderViews(ReferenceReplay):
    """Seat views straight from the recorder's state (it is the reference,
    already one step ahead when the views are checked)."""

    def __init__(self, rec: Recorder) -> None:  # noqa: D107 - no second replay
        self.rec = rec
        self.ruleset = rec.ruleset
        self.players = rec.ruleset.seating.players

    @property
    def state(self) -> Any:  # type: ignore[override]
        return self.rec.state

    def advance(self, action: dict[str, Any]) -> None:
        pass
