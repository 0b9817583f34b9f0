"""Values derived once from a ruleset and kept for the few most recently
used rulesets, so a rule reads a plain lookup instead of deriving it anew
at every step or hand."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from regola.spec import Ruleset

T = TypeVar("T")

RECENT_SIZE = 32


def per_ruleset(build: Callable[[Ruleset], T]) -> Callable[[Ruleset], T]:
    """``build``, remembered for the `RECENT_SIZE` most recently built
    rulesets. A ruleset is frozen, so it is looked up by identity; the cache
    holds the ruleset itself, so its id cannot be taken by another. Like a
    `functools.cache` function it has ``cache_clear``, which the mutants
    of `regola.conformance.explain.misreadings` call on the way in and out."""
    recent: dict[int, tuple[Ruleset, T]] = {}

    @wraps(build)
    def cached(ruleset: Ruleset) -> T:
        hit = recent.get(id(ruleset))
        if hit is None:
            hit = (ruleset, build(ruleset))
            if len(recent) >= RECENT_SIZE:
                del recent[next(iter(recent))]
            recent[id(ruleset)] = hit
        return hit[1]

    cached.cache_clear = recent.clear  # type: ignore[attr-defined]  # emptied like functools.cache
    return cached


@per_ruleset
def pack(ruleset: Ruleset) -> tuple[str, ...]:
    """The cards in play, in canonical order (what every shuffle orders)."""
    return ruleset.deck.cards()
