"""Gymnasium: one seat of a variant against built-in opponents, as a
single-agent ``gymnasium.Env``.

The agent plays ``seat``: a seat number, or ``"rotate"`` (the default: the
next seat at each reset, so the agent deals in turn) or ``"random"``
(`regola.envs.game.Seats`; ``info["seat"]`` says which); every other seat
plays the ``opponent`` policy (``"random"``, ``"greedy"`` or a callable, see
`regola.envs.policies`). Observations are those of the PettingZoo
environment: a dict of ``observation`` (the seat's view as a tensor) and
``action_mask``; ``action_masks()`` returns the mask too, as maskable
learners expect. The reward is the seat's (`regola.envs.game.Game`,
``reward=`` as `regola.envs.rewards` defines it). ``reset(seed=s)`` seeds
one generator from which the shuffles, the seats and the opponents'
choices are drawn; ``reset()`` goes on with it, so a run seeded once is
reproducible episode after episode. An
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

from .factored import Factoring
from .game import Episode, Game, IllegalMove, Seats
from .observation import OBSERVATION_VERSION
from .policies import Policy, policy_named
from .rewards import Reward


class RegolaGymEnv(gym.Env):
    """One seat of ``variant`` against ``opponent`` policies."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: str | Ruleset,
        options: dict[str, Any] | None = None,
        seat: int | str = "rotate",
        opponent: str | Policy = "random",
        reward: Reward = "win",
        max_hands: int = 50,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        episode: Episode = "hand",
        actions: str = "flat",
        core: str = "fast",
    ) -> None:
        if illegal_action not in ("penalty", "raise"):
            raise ValueError(f"illegal_action: expected 'penalty' or 'raise', got {illegal_action!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.game = Game(variant, options, reward=reward, max_hands=max_hands, episode=episode, core=core)
        players = self.game.players
        if isinstance(seat, str):
            self.seats = Seats(players, seat)
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat: expected a seat 0..{players - 1}, 'rotate' or 'random', got {seat!r}")
        else:
            self.seats = Seats(players, "fixed")
            self.seats.offset = seat
        self.seat = self.seats.seat(0)
        if actions not in ("flat", "factored"):
            raise ValueError(f"actions: expected 'flat' or 'factored', got {actions!r}")
        self.factoring = Factoring(self.game) if actions == "factored" else None
        self.opponent = policy_named(opponent)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.metadata = {
            **RegolaGymEnv.metadata,
            "variant": self.game.ruleset.id,
            "observation_version": OBSERVATION_VERSION,
        }
        size, actions_n = self.game.observer.layout.size, self.game.space.size
        if self.factoring is not None:
            size, actions_n = size + len(self.game.ruleset.deck.cards()), self.factoring.space.size
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions_n,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions_n)
        self._no_mask = np.zeros(actions_n, dtype=np.int8)
        self._rng = random.Random()
        self._over = False
        self._seeded = False

    def _mask(self) -> np.ndarray:
        if self.game.to_move != self.seat or self._over:
            return self._no_mask.copy()
        return self.factoring.mask() if self.factoring is not None else self.game.mask()

    def _obs(self) -> dict[str, np.ndarray]:
        tensor = self.game.observe(self.seat)
        if self.factoring is not None:
            tensor = self.factoring.observe(tensor)
        return {"observation": tensor, "action_mask": self._mask()}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array."""
        return self._mask().astype(bool)

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
        if seed is not None or not self._seeded:
            # one generator for the run: the shuffles, the seat and the opponents all derive from it
            master = random.Random(seed)
            self.game.rng = random.Random(master.getrandbits(64))
            self._rng = random.Random(master.getrandbits(64))
            self._seeded = True
        self.seats.reset(self._rng, seed is not None)
        self.seat = self.seats.seat(0)
        self.game.reset(deck=(options or {}).get("deck"))
        self._over = False
        if self.factoring is not None:
            self.factoring.reset()
        self._opponents()
        for _ in range(100):
            if not self.game.done:
                break
            if self.game.match.is_over or self.game.episode != "hand":
                # the others ended the match before the seat's first move (a claim): a new match
                self.game.reset()
            else:
                # the seat sat this hand out (the dealer of Chiamata for six): the next hand
                self.game.next_hand()
            self._opponents()
        return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self._over or self.game.done:
            raise RuntimeError("the episode is over: call reset()")
        info: dict[str, Any] = {"seat": self.seat}
        try:
            if self.factoring is not None:
                try:
                    flat = self.factoring.choose(int(action))
                except ValueError as exc:
                    raise IllegalMove(str(exc)) from None
                if flat is None:  # the card is chosen: its capture is the next step
                    return self._obs(), 0.0, False, False, info
                action = flat
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
