"""The games of a campaign: each fixed by its number alone.

Game ``n`` of a campaign with seed ``s`` has its variant, option set and
seed drawn from ``random.Random(f"{s}:{n}")``, so any worker anywhere plays
the same game for the same number, and a campaign's verdicts do not depend
on how its games are spread over processes or machines. The variants and
option sets are those the engine plays, learnt before the first game
(`regola.conformance.fuzz.learn`): the option sets it refused are not in
the space a game draws from.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from regola.conformance.corpus.scenarios import option_sets
from regola.spec import SpecError, load

DEFAULT_SHARE = 0.5
"""The share of games played under the variant's default options; the rest
sample the option sets the spec knows for it."""


@dataclass(frozen=True)
class Game:
    """One game of a campaign."""

    number: int
    variant: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict, hash=False)


def option_key(variant: str, options: dict[str, Any]) -> str:
    """A variant's option set as one string (for the sets an engine refused)."""
    return f"{variant} {json.dumps(options, sort_keys=True)}"


@lru_cache(maxsize=None)
def option_space(variant: str) -> tuple[dict[str, Any], ...]:
    """The option sets of ``variant`` that load and prove, sorted by their
    JSON text: the same order in every process, whatever its hash seed."""
    usable = {}
    for option_set in option_sets(variant):
        try:
            load(variant, option_set.options)
        except SpecError:
            continue
        usable[json.dumps(option_set.options, sort_keys=True)] = dict(option_set.options)
    return tuple(usable[key] for key in sorted(usable))


def game(
    campaign_seed: int,
    number: int,
    variants: tuple[str, ...],
    sample_options: bool = True,
    refused: frozenset[str] = frozenset(),
) -> Game:
    """Game ``number`` of the campaign (see the module docstring); the
    option sets of ``refused`` (`option_key`) are never drawn."""
    rng = random.Random(f"{campaign_seed}:{number}")
    variant = variants[rng.randrange(len(variants))]
    seed = rng.randrange(2**32)
    options: dict[str, Any] = {}
    if sample_options and rng.random() >= DEFAULT_SHARE:
        space = [o for o in option_space(variant) if option_key(variant, o) not in refused]
        if space:
            options = dict(space[rng.randrange(len(space))])
    return Game(number, variant, seed, options)
