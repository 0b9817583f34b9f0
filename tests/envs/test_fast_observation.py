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


@pytest.mark.parametrize("variant", VARIANTS)
def test_seats_observed_in_any_order_and_any_match_get_the_view_tensor(variant: str) -> None:
    """Each seat's tensor is kept from one call to the next and rewritten
    where the match differs: seats skipped for many steps, asked twice, or
    handed other matches (earlier copies, another hand; OpenSpiel's states
    share one observer) still get the tensor of their view."""
    game = Game(variant, episode="match", max_hands=3)
    rng = random.Random(11)
    game.reset(seed=11)
    snapshots = []
    while not game.done:
        snapshots.append(game.match.copy())
        for seat in rng.sample(range(game.players), rng.randrange(game.players + 1)):
            assert np.array_equal(game.observe(seat), game.observer.encode(game.view(seat))), variant
        game.step(rng.choice(list(game.legal())))
    rng.shuffle(snapshots)
    for match in snapshots[:60]:
        for seat in rng.choices(range(game.players), k=2):
            tensor = game.fast_observer.encode(match, seat)
            assert np.array_equal(tensor, game.observer.encode(match.view(seat))), variant


def test_a_tensor_handed_out_is_never_changed_afterwards() -> None:
    game = Game("briscola-2")
    game.reset(seed=2)
    kept = [(game.observe(0), game.observe(0).copy())]
    rng = random.Random(2)
    while not game.done:
        game.step(rng.choice(list(game.legal())))
        kept.append((game.observe(0), game.observe(0).copy()))
    assert all(np.array_equal(tensor, copy) for tensor, copy in kept)
    assert len({tensor.tobytes() for tensor, _ in kept}) > 1
