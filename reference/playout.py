"""Seeded shuffles and random legal playouts, for tests, the CLI and the corpus."""

from __future__ import annotations

import random
from collections.abc import Iterator

from regola.spec import Ruleset

from .actions import ActionModel, ShuffleAction
from .cache import pack
from .families import AnyState, family_of


def shuffled_deck(ruleset: Ruleset, rng: random.Random) -> tuple[str, ...]:
    """A deck order drawn from ``rng``."""
    cards = list(pack(ruleset))
    rng.shuffle(cards)
    return tuple(cards)


def random_playout(ruleset: Ruleset, seed: int, max_hands: int = 50) -> Iterator[tuple[ActionModel, AnyState]]:
    """Play a whole match with uniformly random legal choices and shuffles
    drawn from ``seed``; yield every (action, state after it)."""
    family = family_of(ruleset)
    rng = random.Random(seed)
    state = family.initial_state(ruleset)
    while not state.is_over and state.hand_number < max_hands:
        if state.is_chance:
            action: ActionModel = ShuffleAction(deck=shuffled_deck(ruleset, rng))
        else:
            action = rng.choice(family.legal_actions(state))
        state = family.apply(state, action)
        yield action, state
