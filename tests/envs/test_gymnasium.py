"""Gymnasium: one seat of every variant against the built-in opponents
passes Gymnasium's ``check_env``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from regola.envs import IllegalMove, gym_env

from .conftest import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_check_env_passes(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gym_env(variant), skip_render_check=True)


def episode_total(env, seed: int, policy: str = "random") -> float:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done = 0.0, False
    while not done:
        if policy == "greedy":
            from regola.envs.policies import greedy_policy
            import random

            action = greedy_policy(env.game, env.seat, random.Random(seed))
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    return total


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_an_episode_against_each_opponent(opponent: str) -> None:
    env = gym_env("briscola-2", opponent=opponent, seat=1)
    total = episode_total(env, 5)
    assert env.game.done
    assert total == env.game.view()["match"]["game_points"][1]


def test_greedy_beats_random_at_briscola() -> None:
    """The greedy policy is a real opponent: over 40 seeded hands it wins
    more game points than random play does in the same seat."""
    greedy = sum(episode_total(gym_env("briscola-2"), seed, "greedy") for seed in range(40))
    rand = sum(episode_total(gym_env("briscola-2"), seed, "random") for seed in range(40))
    assert greedy > rand


def test_illegal_actions_end_the_episode_or_raise() -> None:
    env = gym_env("briscola-2")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "briscola.play.in-hand" in info["illegal"]
    strict = gym_env("briscola-2", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalMove):
        strict.step(illegal)


def test_action_masks_for_maskable_learners() -> None:
    env = gym_env("scopone")
    obs, _ = env.reset(seed=2)
    assert env.action_masks().dtype == bool
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match=r"seat: expected a seat 0..1, 'rotate' or 'random', got 2"):
        gym_env("briscola-2", seat=2)
    with pytest.raises(ValueError, match="opponent: expected one of"):
        gym_env("briscola-2", opponent="clever")
