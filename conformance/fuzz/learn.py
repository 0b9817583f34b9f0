"""What an engine plays, learnt before any game is spent on it.

A campaign samples variants and, for half its games, an option set of the
variant (`.plan`). An engine that lists only some variants, or answers
``unsupported`` to some option sets, would spend those games for nothing.
A `Learner` asks the engine, in the campaign's own process: its ``hello``
once (the variants it lists: the others are left out of the campaign), and
for each variant, before the first game of it is handed to a worker, a
match under each option set the plan may draw (``new``, on the first deal
of seed 0). The option sets it refuses are left out of the space the
variant's games draw from (`.plan.game`).

What is learnt depends on the engine's answers alone, and a variant's
answers are all known before any game of it is drawn, so every worker and
every executor (the local pool, a Dask cluster) plays the same games for
the same numbers. An engine that fails otherwise on ``new`` (a crash, a
timeout) is started again and the option set kept: its games will show the
failure. The reference, in-process, is asked nothing: it plays every option
set that proves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from regola.conformance.fuzz.plan import option_key, option_space
from regola.conformance.protocol.engine import EngineFailure
from regola.conformance.runner.run import EngineHost
from regola.conformance.trace.record import load_ruleset
from regola.reference import new_game, shuffled_deck
from regola.spec import ruleset_hash


class Learner:
    """Asks one engine (started when first needed, kept until `close`)
    which variants and option sets it plays, each question once."""

    def __init__(self, factory: Callable[[], Any], ask_options: bool = True) -> None:
        self.host = EngineHost(factory)
        self.ask_options = ask_options
        self.refused: set[str] = set()
        """The option sets refused so far (`.plan.option_key`)."""
        self.by_variant: dict[str, int] = {}
        """Variant -> how many of its option sets were refused."""
        self.unlisted: tuple[str, ...] = ()
        """The campaign's variants the engine does not list."""
        self._asked: set[str] = set()

    def listed(self, variants: tuple[str, ...]) -> tuple[str, ...]:
        """The ones of ``variants`` the engine lists (all of them if it does
        not start: its games will say so)."""
        try:
            self.host.start()
        except EngineFailure:
            return variants
        names = set(self.host.hello.get("variants", []))
        self.unlisted = tuple(v for v in variants if v not in names)
        return tuple(v for v in variants if v in names)

    def learn(self, variant: str) -> bool:
        """Ask about ``variant``'s option sets, if not done yet; whether
        anything new was asked."""
        if variant in self._asked:
            return False
        self._asked.add(variant)
        if not self.ask_options:
            return False
        for options in option_space(variant):
            if self._refuses(variant, options):
                self.refused.add(option_key(variant, options))
                self.by_variant[variant] = self.by_variant.get(variant, 0) + 1
        return True

    def _refuses(self, variant: str, options: dict[str, Any]) -> bool:
        ruleset = load_ruleset(variant, options)
        deck = list(shuffled_deck(ruleset, random.Random(0)))
        deal = new_game(ruleset, deck).events[0]
        try:
            self.host.start().new(variant, options, ruleset_hash(ruleset), deck, deal)
        except EngineFailure as exc:
            if exc.kind == "unsupported":
                return True
            self.host.discard()  # a fresh engine for the next question; the games will show this failure
        except Exception:  # noqa: BLE001 - a Python engine's own bug: its games will show it
            self.host.discard()
        return False

    def close(self) -> None:
        self.host.discard()
