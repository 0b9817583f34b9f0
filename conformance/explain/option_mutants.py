"""Mutants that play a rule under another of its option values: an engine
whose author read the rule as a house rule the spec knows (``play.follow_suit
= must-follow`` where the variant plays free), for the mutation score
(`regola.conformance.explain.mutation_score`) of rules whose misreadings the
corpus cannot tell from the rule."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from typing import Any

from regola import reference
from regola.conformance.protocol.engine import ActionRejected, EngineFailure, view_fields
from regola.conformance.trace.record import load_ruleset
from regola.spec import SpecError, variant_ids


@dataclass(frozen=True)
class OptionMutant:
    """The reference, playing ``rule`` under other option values."""

    rule: str
    changes: tuple[tuple[str, Any], ...]
    kind: str = "option"
    bears_on: tuple[str, ...] = ()
    """Every rule the changed fields bear on: the value is a reading of
    each of them, so a blame on any of them names the mutant's rule."""

    @property
    def shown(self) -> str:
        return ", ".join(f"{p} = {str(v).lower() if isinstance(v, bool) else v}" for p, v in self.changes)

    @property
    def name(self) -> str:
        return f"option:{self.shown}"

    def describe(self) -> str:
        return f"{self.rule}: played as `{self.shown}` (another option value the spec knows)"


class AlteredReference:
    """The reference in-process as an `Engine`, altered for a mutant: its
    variants loaded with ``changes`` on top of each trace's options, and
    every call made within `within` (a misreading patched in, for
    `regola.conformance.explain.mutation_score.MisreadingEngine`)."""

    def __init__(self, name: str, changes: tuple[tuple[str, Any], ...] = ()) -> None:
        self.name = name
        self.changes = changes
        self.state: Any = None

    def within(self) -> AbstractContextManager[Any]:
        return nullcontext()

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": 1,
            "engine": self.name,
            "version": "0",
            "variants": variant_ids(),
            "fields": _fields(),
            "seat_views": True,
            "legal": True,
        }

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        try:
            ruleset = load_ruleset(variant, {**(options or {}), **dict(self.changes)} or None, checked=False)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        with self.within():
            self.state = reference.new_game(ruleset, list(deck))

    def apply(self, action: dict[str, Any]) -> None:
        with self.within():
            try:
                self.state = reference.apply(self.state, action)
            except reference.IllegalAction as exc:
                raise ActionRejected(exc.rule_id, exc.message) from None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        with self.within():
            return reference.view(self.state, seat)

    def legal(self) -> list[dict[str, Any]]:
        with self.within():
            return [reference.action_dict(a) for a in reference.legal_actions(self.state)]

    def close(self) -> None:
        self.state = None


@cache
def _fields() -> list[str]:
    return view_fields()


class OptionEngine(AlteredReference):
    """An `OptionMutant` as an in-process `Engine`."""

    def __init__(self, mutant: OptionMutant) -> None:
        super().__init__(f"option mutant {mutant.name}", tuple(mutant.changes))
        self.mutant = mutant
