"""MaskablePPO (sb3-contrib) learns Briscola for two against the random
opponent in a few minutes of CPU, and is evaluated against it.

Needs torch and sb3-contrib besides the ``rl`` extra (see the page
``docs/rl/training.md``). Run:

    python docs/rl/examples/train_maskable_ppo.py [--minutes 4] [--seed 0]

It trains for ``--minutes`` of wall-clock time (the evaluations left
out), evaluating the policy (deterministic, on 400 hands that are the same
at every evaluation) as it goes, then plays 2,000 fresh hands against the random opponent and prints
the win rate with its standard error beside a random agent's on the same
hands. It writes the curve to ``--curve`` (CSV) and ``--svg``.

The reward is ``points``: the card points the agent's side takes, trick by
trick (`regola.envs.rewards`), scaled to a hand's 120. In Briscola for two
every card point goes to one player or the other, so the agent that takes
the most takes them from the opponent; a won hand is one with more than 60.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
import torch
from gymnasium.wrappers import TransformReward
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

from regola.envs import gym_env

VARIANT = "briscola-2"


def make_env():  # noqa: ANN201 - a Gymnasium env
    env = gym_env(VARIANT, opponent="random", reward="points", seat="rotate")
    return TransformReward(env, lambda r: r / 120.0)


def win_rate(choose, hands: int, seed: int, tables: int = 50) -> tuple[float, float]:  # noqa: ANN001
    """Hands won (more than 60 card points) out of ``hands`` against the
    random opponent, seats rotating, and its standard error; ``tables``
    hands are played side by side so that ``choose`` decides for all of
    them at once (a list of observations -> a list of actions)."""
    envs = [gym_env(VARIANT, opponent="random", reward="points", seat="rotate") for _ in range(tables)]
    obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(envs)]
    totals = [0.0] * tables
    left = [hands // tables + (i < hands % tables) for i in range(tables)]
    won = 0
    while any(left):
        playing = [i for i in range(tables) if left[i]]
        for i, action in zip(playing, choose([obs[i] for i in playing])):
            obs[i], reward, terminated, truncated, _ = envs[i].step(action)
            totals[i] += reward
            if terminated or truncated:
                won += totals[i] > 60
                totals[i], left[i] = 0.0, left[i] - 1
                obs[i] = envs[i].reset()[0]
    rate = won / hands
    return rate, math.sqrt(rate * (1 - rate) / hands)


def policy_of(model):  # noqa: ANN001, ANN201
    """The trained policy, deterministic, deciding for many tables at once."""

    def choose(batch):  # noqa: ANN001, ANN202
        stacked = {k: np.stack([o[k] for o in batch]) for k in batch[0]}
        actions, _ = model.predict(stacked, action_masks=stacked["action_mask"].astype(bool), deterministic=True)
        return [int(a) for a in actions]

    return choose


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps until the time is up."""

    def __init__(self, every: int, seconds: float, eval_hands: int) -> None:
        super().__init__()
        self.every, self.seconds, self.eval_hands = every, seconds, eval_hands
        self.points: list[tuple[int, float, float, float]] = []
        self.training = 0.0  # seconds spent training, evaluations left out
        self.since = time.monotonic()

    def evaluate(self) -> None:
        self.training += time.monotonic() - self.since
        rate, se = win_rate(policy_of(self.model), self.eval_hands, seed=12345)
        self.points.append((self.num_timesteps, self.training, rate, se))
        print(f"  {self.num_timesteps:>7} steps  {self.training:6.0f} s  win rate {rate:.3f} ± {se:.3f}", flush=True)
        self.since = time.monotonic()

    def _on_training_start(self) -> None:
        self.evaluate()

    def _on_step(self) -> bool:
        if self.num_timesteps // self.every > self.points[-1][0] // self.every:
            self.evaluate()
        return self.training + time.monotonic() - self.since < self.seconds


def svg(points: list[tuple[int, float, float, float]], baseline: float) -> str:
    """The curve (win rate against steps) as a small SVG."""
    w, h, pad = 560, 300, 44
    most = max(p[0] for p in points) or 1
    x = lambda s: pad + (w - 2 * pad) * s / most  # noqa: E731
    y = lambda r: h - pad - (h - 2 * pad) * (r - 0.3) / 0.6  # noqa: E731 - win rates from 0.3 to 0.9
    line = " ".join(f"{x(s):.1f},{y(r):.1f}" for s, _, r, _ in points)
    bars = "".join(
        f'<line x1="{x(s):.1f}" x2="{x(s):.1f}" y1="{y(r - 2 * e):.1f}" y2="{y(r + 2 * e):.1f}" stroke="#1f77b4"/>'
        for s, _, r, e in points
    )
    ticks = "".join(
        f'<text x="{pad - 6}" y="{y(r) + 4:.1f}" text-anchor="end" font-size="11">{r:.1f}</text>'
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(r):.1f}" y2="{y(r):.1f}" stroke="#ddd"/>'
        for r in (0.3, 0.5, 0.7, 0.9)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">'
        f'<rect width="{w}" height="{h}" fill="white"/>{ticks}'
        f'<line x1="{pad}" x2="{w - pad}" y1="{y(baseline):.1f}" y2="{y(baseline):.1f}" stroke="#d62728" '
        f'stroke-dasharray="4 3"/><text x="{w - pad}" y="{y(baseline) - 5:.1f}" text-anchor="end" font-size="11" '
        f'fill="#d62728">random agent</text>'
        f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>{bars}'
        f'<text x="{w / 2}" y="{h - 10}" text-anchor="middle" font-size="12">steps ({most:,} in all)</text>'
        f'<text x="14" y="{h / 2}" font-size="12" transform="rotate(-90 14 {h / 2})" text-anchor="middle">'
        f"win rate against random (±2 s.e.)</text></svg>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-hands", type=int, default=2000)
    parser.add_argument("--curve", default="maskable_ppo_curve.csv")
    parser.add_argument("--svg", default="maskable_ppo_curve.svg")
    args = parser.parse_args()
    torch.set_num_threads(1)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    # 16 tables side by side: the policy decides for all of them in one call (make_vec_env seeds table i with seed + i)
    env = make_vec_env(make_env, n_envs=16, seed=args.seed)
    model = MaskablePPO(
        "MultiInputPolicy", env, learning_rate=1e-3, n_steps=128, batch_size=512, n_epochs=4, gamma=1.0,
        ent_coef=0.01, policy_kwargs={"net_arch": [64, 64]}, seed=args.seed, verbose=0,
    )
    curve = Curve(every=8192, seconds=60 * args.minutes, eval_hands=400)
    print(f"training MaskablePPO on {VARIANT} against the random opponent for {args.minutes:g} minutes")
    model.learn(total_timesteps=10**8, callback=curve)
    curve.evaluate()

    rng = np.random.default_rng(args.seed)

    def uniform(batch):  # noqa: ANN001, ANN202
        return [int(rng.choice(np.flatnonzero(o["action_mask"]))) for o in batch]

    rate, se = win_rate(policy_of(model), args.eval_hands, seed=777)
    base, base_se = win_rate(uniform, args.eval_hands, seed=777)
    with open(args.curve, "w", encoding="utf-8") as out:
        out.write("steps,seconds,win_rate,standard_error\n")
        out.writelines(f"{s},{t:.1f},{r:.4f},{e:.4f}\n" for s, t, r, e in curve.points)
    with open(args.svg, "w", encoding="utf-8") as out:
        out.write(svg(curve.points, base))
    print(f"after {curve.num_timesteps:,} steps in {curve.training:.0f} s of training, on {args.eval_hands:,} new hands against the random opponent:")
    print(f"  MaskablePPO wins {rate:.3f} ± {se:.3f}")
    print(f"  a random agent wins {base:.3f} ± {base_se:.3f}")
    print(f"  margin {rate - base:+.3f} ({(rate - base) / math.hypot(se, base_se):.1f} standard errors)")


if __name__ == "__main__":
    main()
