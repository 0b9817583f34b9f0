"""The observation written straight from the fast core's match
(`regola.envs.fast_observation`) is the one written from the seat's view
(`regola.envs.observation`), value for value, for every seat at every step
of random hands of every variant."""

from __future__ import annotations

import random

import numpy as np
import pytest

from regola.envs import Game

from .conftest import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_fast_tensor_is_the_view_tensor(variant: str) -> None:
    game = Game(variant, episode="match", max_hands=3)
    assert game.fast_observer is not None
    rng = random.Random(5)
    game.reset(seed=5)
    steps = 0
    while not game.done:
        for seat in range(game.players):
            fast = game.observe(seat)
            slow = game.observer.encode(game.view(seat))
            assert np.array_equal(fast, slow), f"{variant} step {steps} seat {seat}"
        game.step(rng.choice(list(game.legal())))
        steps += 1
    assert steps > 0
