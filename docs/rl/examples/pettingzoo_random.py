"""A hand of Scopa for two in the PettingZoo environment, random legal moves."""

import numpy as np

from regola.envs import aec_env

env = aec_env("scopa-2")  # any variant id or variant file; options={...} too
env.reset(seed=42)
rng = np.random.default_rng(42)
totals = {agent: 0.0 for agent in env.possible_agents}
for agent in env.agent_iter():
    observation, reward, terminated, truncated, info = env.last()
    totals[agent] += reward
    if terminated or truncated:
        env.step(None)
        continue
    legal = np.flatnonzero(observation["action_mask"])
    env.step(int(rng.choice(legal)))

print("hand scores:", totals)
print("observation size:", env.observation_space("player_0")["observation"].shape[0])
print("actions:", env.action_space("player_0").n)
