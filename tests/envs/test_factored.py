"""Factored actions for the fishing games (`regola.envs.factored`): the
card, then the capture among those it allows, through PettingZoo and
Gymnasium, playing the same hands as the flat space."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from regola.envs import IllegalMove, aec_env, gym_env
from regola.envs.factored import factored_space
from regola.spec import load

FISHING = ["scopa-2", "scopa-d-assi", "scopa-fuori", "cirulla", "scopone"]


def test_the_spaces_are_small() -> None:
    # the most moves one card has (a King: lay it, or one of 1,701 sets worth ten), not 16,200
    assert factored_space(load("scopa-2")).size == 1702
    assert factored_space(load("cirulla")).size == 6410  # not 100,652
    assert factored_space(load("briscola-2")) is None
    with pytest.raises(ValueError, match="actions: 'factored' is for the fishing games"):
        aec_env("briscola-2", actions="factored")


@pytest.mark.parametrize("variant", FISHING)
def test_the_apis_pass(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(variant, actions="factored"), num_cycles=60)
        check_env(gym_env(variant, actions="factored"), skip_render_check=True)


@pytest.mark.parametrize("variant", FISHING)
def test_factored_and_flat_play_the_same_hand(variant: str) -> None:
    """Each flat move chosen at random is played in the factored
    environment as its card, then (if the card has a choice) its place
    among the card's moves; both end the hand alike."""
    flat = aec_env(variant, seats="fixed")
    fact = aec_env(variant, seats="fixed", actions="factored")
    flat.reset(seed=9)
    fact.reset(seed=9)
    space = factored_space(flat.game.ruleset)
    rng = random.Random(9)
    two_steps = 0
    while not flat.game.done:
        move = rng.choice(list(flat.game.legal()))
        key = space.flat.keys[move]
        agent = fact.agent_selection
        assert agent == flat.agent_selection
        mask = fact.observe(agent)["action_mask"]
        if key[0] in ("play", "capture", "capture-all"):
            first = space.first.index(key[1])
            assert mask[first] == 1
            fact.step(first)
            if fact.factoring.pending is not None:
                two_steps += 1
                assert fact.agent_selection == agent  # the same agent chooses the capture
                pending = fact.observe(agent)["observation"][-len(space.moves):]
                assert pending.sum() == 1.0
                fact.step(space.moves[key[1]].index(move))
        else:
            fact.step(space.first.index(move))
        flat.step(move)
        assert flat.game.state == fact.game.state
    assert fact.game.done and two_steps >= 0


def test_a_wrong_index_is_refused() -> None:
    env = aec_env("scopa-2", actions="factored")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalMove, match="is not a legal choice of the card"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
