"""PettingZoo: the AEC environment of every variant passes PettingZoo's own
API and seed tests, and plays by the reference's rules."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from regola.envs import IllegalMove, OBSERVATION_VERSION, aec_env

from .conftest import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_and_seed_tests_pass(variant: str) -> None:
    with warnings.catch_warnings():
        # a dict observation (tensor and action mask) is PettingZoo's own
        # convention for masked actions, yet api_test warns about it
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec_env(variant), num_cycles=60)
        seed_test(lambda: aec_env(variant), num_cycles=60)


def play_out(env, seed: int) -> dict[str, float]:
    """Play one episode with random legal actions; return each agent's total."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_a_hand_episode_pays_what_the_hand_scores() -> None:
    env = aec_env("briscola-2", seats="fixed")
    totals = play_out(env, 3)
    result = env.game.view()["match"]["game_points"]
    assert totals == {"player_0": float(result[0]), "player_1": float(result[1])}
    assert sorted(totals.values()) == [0.0, 1.0]  # one hand: the winner's game point


def test_a_match_episode_runs_to_the_end_of_the_match() -> None:
    env = aec_env("scopa-2", episode="match", max_hands=40, seats="fixed")
    totals = play_out(env, 1)
    match = env.game.view()["match"]
    assert match["over"] or env.game.hands_played == 40
    assert [totals["player_0"], totals["player_1"]] == [float(p) for p in match["points"]]


@pytest.mark.parametrize("variant", ["briscola-2", "briscola-4", "scopa-2", "chiamata", "tressette-2"])
def test_each_reward(variant: str) -> None:
    """``win`` pays the match score, ``points`` the card points taken (all
    of the pack's, in a trick game), ``diff`` adds up to zero at every step."""
    from regola.spec import load

    ruleset = load(variant)
    for seed in range(3):
        win = play_out(aec_env(variant, seats="fixed"), seed)
        points = play_out(aec_env(variant, reward="points", seats="fixed"), seed)
        diff_env = aec_env(variant, reward="diff", seats="fixed")
        diff = play_out(diff_env, seed)
        assert sum(diff.values()) == pytest.approx(0.0)
        mean = sum(win.values()) / len(win)
        assert diff == pytest.approx({a: w - mean for a, w in win.items()})
        if ruleset.play.kind == "fishing":
            assert points == win
        else:
            sides = ruleset.seating.sides()
            per_side = sum(points[f"player_{side[0]}"] for side in sides)
            assert per_side == ruleset.deck.total_points or ruleset.hand_scoring.kind != "card-points"


def test_legacy_episode_names_still_work() -> None:
    env = aec_env("briscola-2", reward="match")
    assert (env.game.episode, env.game.reward) == ("match", "win")


def test_only_the_seat_to_move_has_a_mask_and_the_space_is_versioned() -> None:
    env = aec_env("briscola-4")
    env.reset(seed=0)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)
    assert env.metadata["observation_version"] == OBSERVATION_VERSION
    assert env.metadata["name"] == "regola_briscola_4"


def test_an_illegal_action_is_refused_with_the_rule() -> None:
    env = aec_env("briscola-2")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMove, match=r"briscola-2: play \w+ by seat \d.*\[briscola\.play\.in-hand\]") as caught:
        env.step(illegal)
    assert caught.value.rule == "briscola.play.in-hand"


def test_options_and_a_dealt_deck_are_taken() -> None:
    env = aec_env("scopa-2", options={"match.target": 21})
    assert env.game.ruleset.match.target == 21
    deck = list(reversed(env.game.ruleset.deck.cards()))
    env.reset(options={"deck": deck})
    assert env.game.view()["stock"] == [c for c in deck if c in env.game.view()["stock"]]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="reward: expected one of 'win', 'points', 'diff'"):
        aec_env("briscola-2", reward="trick")
    with pytest.raises(ValueError, match="episode: expected 'hand' or 'match'"):
        aec_env("briscola-2", episode="trick")
    with pytest.raises(ValueError, match="seats: expected one of 'fixed', 'rotate', 'random'"):
        aec_env("briscola-2", seats="left")
    with pytest.raises(ValueError, match="max_hands"):
        aec_env("briscola-2", max_hands=0)


@pytest.mark.parametrize(
    ("variant", "kwargs"),
    [
        ("briscola-2", {}),
        ("briscola-4", {"reward": "diff", "seats": "random"}),
        ("chiamata", {}),
        ("scopa-2", {"episode": "match", "max_hands": 3}),
        ("scopone", {"reward": "diff"}),
        ("cirulla", {"actions": "factored"}),
        ("tressette-2", {"reward": "points"}),
    ],
)
def test_every_agent_sees_its_view_and_is_paid_its_seats_reward(variant: str, kwargs: dict) -> None:
    """Step by step, whichever agents are observed and in whatever order:
    each agent's tensor is its seat's view's, the mask is the game's for the
    agent to move and empty for the others, and each agent is paid its
    seat's reward of the step, added up until it acts."""
    env = aec_env(variant, **kwargs)
    rng = random.Random(4)
    for seed in (4, None, 5):
        env.reset(seed=seed)
        owed = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            game = env.game
            for other in rng.sample(env.possible_agents, rng.randrange(len(env.possible_agents) + 1)):
                seat = env.seat_of(other)
                observed = env.observe(other)
                tensor = game.observer.encode(game.view(seat))
                assert np.array_equal(observed["observation"][: len(tensor)], tensor)
                if game.to_move == seat and env.factoring is None:
                    assert np.array_equal(observed["action_mask"], game.mask())
                elif game.to_move != seat:
                    assert not observed["action_mask"].any()
            obs, reward, terminated, truncated, info = env.last()
            assert reward == pytest.approx(owed[agent]) and info["seat"] == env.seat_of(agent)
            owed[agent] = 0.0
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            card_only = env.factoring is not None and env.factoring.pending is not None  # its capture comes next
            for other, r in env.rewards.items():
                assert r == (0.0 if card_only else env.game.rewards[env.seat_of(other)])
                owed[other] += r
