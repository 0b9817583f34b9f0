"""Gymnasium: one seat of a variant against built-in opponents, as a
single-agent ``gymnasium.Env``.

The agent plays ``seat`` (0 by default); every other seat plays the
``opponent`` policy (``"random"``, ``"greedy"`` or a callable, see
`regola.envs.policies`). Observations are those of the PettingZoo
environment: a dict of ``observation`` (the seat's view as a tensor) and
``action_mask``; ``action_masks()`` returns the mask too, as maskable
learners expect. The reward is the seat's (`regola.envs.game.Game`). An
episode always gives the seat a move: a hand the seat sits out (the dealer
of Chiamata for six) is played by the others and the episode is the next
hand; a match the others end before the seat's first move (a claim) is
replaced by a new one, shuffled from the same seed's generator.

An action outside the mask (``illegal_action``): ``"penalty"`` (the
default, as Gymnasium's checker samples any action) ends the episode with
reward ``illegal_penalty`` and ``info["illegal"]`` naming the rule broken;
``"raise"`` raises `regola.envs.game.IllegalMove`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from regola.spec import Ruleset

from .game import Game, IllegalMove, Reward
from .observation import OBSERVATION_VERSION
from .policies import Policy, policy_named


class RegolaGymEnv(gym.Env):
    """One seat of ``variant`` against ``opponent`` policies."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: str | Ruleset,
        options: dict[str, Any] | None = None,
        seat: int = 0,
        opponent: str | Policy = "random",
        reward: Reward = "hand",
        max_hands: int = 50,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if illegal_action not in ("penalty", "raise"):
            raise ValueError(f"illegal_action: expected 'penalty' or 'raise', got {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.game = Game(variant, options, reward=reward, max_hands=max_hands)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise ValueError(f"seat: expected a seat 0..{self.game.players - 1}, got {seat!r}")
        self.seat = seat
        self.opponent = policy_named(opponent)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.metadata = {
            **RegolaGymEnv.metadata,
            "variant": self.game.ruleset.id,
            "observation_version": OBSERVATION_VERSION,
        }
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.game.observer.layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.game.space.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.game.space.size)
        self._rng = random.Random()
        self._over = False

    def _obs(self) -> dict[str, np.ndarray]:
        mine = self.game.to_move == self.seat
        mask = self.game.mask() if mine else np.zeros(self.game.space.size, dtype=np.int8)
        return {"observation": self.game.observe(self.seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array."""
        return self.game.mask().astype(bool) if self.game.to_move == self.seat else np.zeros(self.game.space.size, bool)

    def _opponents(self) -> float:
        """Let the other seats play until it is the agent's turn or the
        episode ends; return what the agent earned meanwhile."""
        earned = 0.0
        while not self.game.done and self.game.to_move != self.seat:
            mover = self.game.to_move
            earned += self.game.step(self.opponent(self.game, mover, self._rng), mover)[self.seat]
        return earned

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self._rng = random.Random(seed)
        self.game.reset(seed=seed, deck=(options or {}).get("deck"))
        self._over = False
        self._opponents()
        for _ in range(100):
            if not self.game.done:
                break
            if self.game.state.is_over or self.game.reward_mode != "hand":
                # the others ended the match before the seat's first move (a claim): a new match
                self.game.reset(seed=self._rng.randrange(2**63))
            else:
                # the seat sat this hand out (the dealer of Chiamata for six): the next hand
                self.game.next_hand()
            self._opponents()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self._over or self.game.done:
            raise RuntimeError("the episode is over: call reset()")
        info: dict[str, Any] = {}
        try:
            reward = self.game.step(int(action), self.seat)[self.seat]
        except IllegalMove as exc:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info["illegal"] = str(exc)
            return self._obs(), self.illegal_penalty, True, False, info
        reward += self._opponents()
        return self._obs(), float(reward), self.game.terminated, self.game.truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        v = self.game.view(self.seat)
        return f"{v['variant']} hand {v['hand_number']} phase {v['phase']}: your hand {v['hands'][self.seat]}"
