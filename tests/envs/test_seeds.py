"""Seeds: a run seeded once is reproducible from end to end. Two runs of
the same learner with the same seed see the same first ten episodes
(observations, masks, rewards, seats), through Gymnasium, PettingZoo and
Gymnasium's vector environments; another seed gives another run."""

from __future__ import annotations

import hashlib

import gymnasium
import numpy as np

from regola.envs import aec_env, gym_env


class Learner:
    """A small learner that changes as it plays: it prefers the actions
    that paid, and explores with its own seeded generator."""

    def __init__(self, seed: int, actions: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.value = np.zeros(actions)

    def act(self, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        if not len(legal):  # a vector environment's reset step: the action is not used
            return 0
        if self.rng.random() < 0.3:
            return int(self.rng.choice(legal))
        return int(legal[np.argmax(self.value[legal])])

    def learn(self, action: int, reward: float) -> None:
        self.value[action] += 0.1 * (reward - self.value[action])


def digest(*parts: object) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.tobytes() if isinstance(p, np.ndarray) else repr(p).encode())
    return h.hexdigest()


def gym_run(seed: int, variant: str = "briscola-2", episodes: int = 10) -> list[str]:
    env = gym_env(variant, seat="random", opponent="random")
    learner = Learner(seed, env.action_space.n)
    out = []
    obs, info = env.reset(seed=seed)  # seeded once
    for _ in range(episodes):
        trace, done = [info["seat"]], False
        while not done:
            action = learner.act(obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            learner.learn(action, reward)
            trace.append(digest(obs["observation"], obs["action_mask"], action, reward))
            done = terminated or truncated
        out.append(digest(*trace))
        obs, info = env.reset()  # derived from the first seed, never from the OS
    return out


def test_two_gymnasium_learners_see_the_same_first_ten_episodes() -> None:
    first, second = gym_run(7), gym_run(7)
    assert first == second
    assert gym_run(8) != first
    assert len(set(first)) == 10  # ten different episodes, not one replayed


def aec_run(seed: int, variant: str = "scopa-2", episodes: int = 10) -> list[str]:
    env = aec_env(variant, seats="rotate")
    learner = Learner(seed, env.action_space("player_0").n)
    env.reset(seed=seed)
    out = []
    for _ in range(episodes):
        trace = [env.infos[a]["seat"] for a in env.agents]
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            trace.append(digest(agent, obs["observation"], reward))
            if terminated or truncated:
                env.step(None)
                continue
            action = learner.act(obs["action_mask"])
            learner.learn(action, reward)
            env.step(action)
        out.append(digest(*trace))
        env.reset()
    return out


def test_two_pettingzoo_learners_see_the_same_first_ten_episodes() -> None:
    first = aec_run(3)
    assert first == aec_run(3)
    assert first != aec_run(4)


def vector_run(seed: int) -> list[str]:
    envs = gymnasium.make_vec("regola/briscola-2-v0", num_envs=2)
    learner = Learner(seed, envs.single_action_space.n)
    obs, _ = envs.reset(seed=seed)
    out, finished = [], 0
    while finished < 10:
        actions = np.array([learner.act(m) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        out.append(digest(obs["observation"], actions, rewards))
        finished += int(np.sum(terminated | truncated))
    return out


def test_vector_environments_are_reproducible_too() -> None:
    assert vector_run(5) == vector_run(5)
    assert vector_run(5) != vector_run(6)


def test_seats_rotate_or_are_drawn() -> None:
    env = gym_env("briscola-4")
    seats = [env.reset(seed=1 if i == 0 else None)[1]["seat"] for i in range(8)]
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]
    drawn = gym_env("briscola-4", seat="random")
    seen = {drawn.reset(seed=2 if i == 0 else None)[1]["seat"] for i in range(40)}
    assert seen == {0, 1, 2, 3}
    aec = aec_env("briscola-2")
    aec.reset(seed=0)
    dealers = []
    for _ in range(4):
        dealers.append(aec.seats.player(aec.game.state.dealer))
        aec.reset()
    assert dealers == [0, 1, 0, 1]  # each player deals in turn
