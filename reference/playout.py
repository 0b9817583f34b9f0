"""Seeded shuffles and random legal playouts, for tests, the CLI and the corpus."""

from __future__ import annotations

import random
from collections.abc import Iterator

from regola.spec import Ruleset

from .actions import ShuffleAction
from .game import AnyAction, apply, initial_state, legal_actions
from .state import State
from .tables import Tables


def shuffled_deck(ruleset: Ruleset, rng: random.Random) -> tuple[str, ...]:
    """A deck order drawn from ``rng``."""
    cards = list(Tables.of(ruleset).cards)
    rng.shuffle(cards)
    return tuple(cards)


def random_playout(ruleset: Ruleset, seed: int, max_hands: int = 50) -> Iterator[tuple[AnyAction, State]]:
    """Play a whole match with uniformly random legal choices and shuffles
    drawn from ``seed``; yield every (action, state after it)."""
    rng = random.Random(seed)
    state = initial_state(ruleset)
    while not state.is_over and state.hand_number < max_hands:
        if state.is_chance:
            action: AnyAction = ShuffleAction(deck=shuffled_deck(ruleset, rng))
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        yield action, state
