"""The frame of a deliberately wrong engine: the reference with one behaviour changed.

A :class:`MutantEngine` plays through :mod:`regola.reference` and offers
four ways to go wrong, each a small override:

- ``overrides``: options merged into the ruleset it plays (a different
  strength order, another tie rule...), as if the engine's author had
  misread one rule;
- ``alter``: rewrite the state after an action (who draws first...);
- ``on_illegal``: what to do when the reference refuses an action (accept
  it anyway, cite another rule...);
- ``alter_legal``: change the list of legal actions it reports.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from regola import reference
from regola.conformance.protocol.engine import ActionRejected, EngineFailure
from regola.spec import SpecError, load


@lru_cache(maxsize=64)
def _load(variant: str, options_json: str) -> Any:
    # unchecked: a wrong engine has no use for the invariant proofs
    return load(variant, json.loads(options_json) or None, checked=False)


@lru_cache(maxsize=16)
def reference_fields(variants: tuple[str, ...]) -> list[str]:
    """Every key of the reference's views of these variants."""
    keys: set[str] = set()
    for variant in variants:
        ruleset = _load(variant, "{}")
        keys |= reference.view(reference.new_game(ruleset, ruleset.deck.cards())).keys()
    return sorted(keys)


class MutantEngine:
    """The reference, wrong in one way (see the subclasses)."""

    name = "mutant"
    variants: tuple[str, ...] = ("briscola-2",)
    """The variants the mutant claims to play."""
    overrides: dict[str, Any] = {}

    def __init__(self) -> None:
        self.state: Any = None

    # --- the Engine interface ---------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": 1,
            "engine": self.name,
            "version": "0",
            "variants": list(self.variants),
            "fields": reference_fields(self.variants),
            "seat_views": True,
            "legal": True,
        }

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]) -> None:
        try:
            ruleset = _load(variant, json.dumps({**(options or {}), **self.overrides}, sort_keys=True))
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        self.state = reference.new_game(ruleset, list(deck))

    def apply(self, action: dict[str, Any]) -> None:
        before = self.state
        try:
            after = reference.apply(before, action)
        except reference.IllegalAction as exc:
            after = self.on_illegal(before, action, exc)
        self.state = self.alter(before, action, after)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return reference.view(self.state, seat)

    def legal(self) -> list[dict[str, Any]]:
        return self.alter_legal([reference.action_dict(a) for a in reference.legal_actions(self.state)])

    def close(self) -> None:
        self.state = None

    # --- where a mutant goes wrong ----------------------------------------

    def alter(self, before: Any, action: dict[str, Any], after: Any) -> Any:
        return after

    def on_illegal(self, before: Any, action: dict[str, Any], exc: reference.IllegalAction) -> Any:
        raise ActionRejected(exc.rule_id, exc.message)

    def alter_legal(self, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return actions
