"""Seat 0 of Briscola for two against the built-in greedy opponent: a
random agent's average over ten hands (Gymnasium API)."""

import numpy as np

from regola.envs import gym_env

env = gym_env("briscola-2", opponent="greedy")  # or "random", or a callable
rng = np.random.default_rng(0)
scores = []
for episode in range(10):
    observation, info = env.reset(seed=episode)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    scores.append(total)

print("game points of a random agent against greedy, per hand:", np.mean(scores))
