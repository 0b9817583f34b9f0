"""PettingZoo: every variant as an AEC (agent-environment cycle)
environment, the multi-agent API where players act one at a time.

Agents are players, ``player_0``, ``player_1``...; which seat each takes
is chosen at every reset (``seats=``, `regola.envs.game.Seats`: by default
they rotate, so each deals in turn; ``info["seat"]`` says where an agent
sits). Each agent's observation is a dict: ``observation``, its seat's
view as a tensor (`regola.envs.observation`, rules ``briscola.info.*``,
``scopa.info.*``), and ``action_mask``, 1 for each legal action of the
fixed action space (`regola.envs.encoding`), all 0 when it is not the
agent's turn. Rewards, episodes and chance are those of
`regola.envs.game.Game`: ``reset(seed=s)`` seeds one generator that the
shuffles and the seats draw from, and ``reset()`` goes on with it.

An illegal action raises `regola.envs.game.IllegalMove` naming the rule
the reference refuses it under; nothing is played.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from regola.spec import Ruleset

from .factored import Factoring
from .game import Episode, Game, IllegalMove, Seats
from .observation import OBSERVATION_VERSION
from .rewards import Reward


def agent_name(player: int) -> str:
    return f"player_{player}"


class RegolaAECEnv(AECEnv):
    """One variant as a PettingZoo AEC environment.

    ``variant``: an id, a variant file or a loaded ruleset; ``options``:
    option values as for ``regola.spec.load``; ``episode``: ``"hand"`` (one
    hand per episode) or ``"match"``; ``reward``: ``"win"``, ``"points"``
    or ``"diff"`` (`regola.envs.rewards`); ``max_hands``: where a match
    episode is truncated; ``seats``: ``"rotate"``, ``"random"`` or
    ``"fixed"``; ``actions``: ``"flat"`` or, for the fishing games,
    ``"factored"`` (`regola.envs.factored`: the card, then its capture, the
    agent acting twice); ``core``: ``"fast"`` or ``"reference"``
    (`regola.envs.core`). ``reset(seed=...)`` seeds the shuffles and the seats;
    ``reset(options={"deck": [...]})`` deals the first hand from a given
    deck order (other option keys are ignored).
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: str | Ruleset,
        options: dict[str, Any] | None = None,
        reward: Reward = "win",
        max_hands: int = 50,
        render_mode: str | None = None,
        chance: str = "seeded",
        episode: Episode = "hand",
        seats: str = "rotate",
        actions: str = "flat",
        core: str = "fast",
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.game = Game(variant, options, reward=reward, max_hands=max_hands, chance=chance, episode=episode, core=core)  # type: ignore[arg-type]
        self.seats = Seats(self.game.players, seats)
        if actions not in ("flat", "factored"):
            raise ValueError(f"actions: expected 'flat' or 'factored', got {actions!r}")
        self.factoring = Factoring(self.game) if actions == "factored" else None
        self.render_mode = render_mode
        ruleset = self.game.ruleset
        self.metadata = {
            **RegolaAECEnv.metadata,
            "name": f"regola_{ruleset.id.replace('-', '_')}",
            "variant": ruleset.id,
            "observation_version": OBSERVATION_VERSION,
        }
        self.possible_agents = [agent_name(s) for s in range(self.game.players)]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        size = self.game.observer.layout.size
        actions = self.game.space.size
        if self.factoring is not None:
            size += len(self.game.ruleset.deck.cards())  # the pending card
            actions = self.factoring.space.size
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(actions)
        self._zero_mask = np.zeros(actions, dtype=np.int8)
        self._reset_dicts()

    # --- spaces --------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    # --- the cycle -----------------------------------------------------------

    def _reset_dicts(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {"seat": self.seats.seat(p)} for p, a in enumerate(self.agents)}
        self.agent_selection = self.agents[0]
        self._seat_now = {a: self.seat_of(a) for a in self.possible_agents}
        self._agent_at = [self.possible_agents[self.seats.player(s)] for s in range(self.game.players)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        deck = (options or {}).get("deck")
        if seed is not None:
            self.game.rng.seed(seed)
        self.seats.reset(self.game.rng, seed is not None)
        self.game.reset(deck=deck)
        if self.factoring is not None:
            self.factoring.reset()
        self._reset_dicts()
        self._select()

    def seat_of(self, agent: str) -> int:
        """The seat ``agent`` plays in this episode."""
        return (self._player[agent] + self.seats.offset) % self.game.players

    def _select(self) -> None:
        """Point ``agent_selection`` at the agent to move (or, once the
        episode is over, leave it on an agent still to be removed)."""
        seat = self.game.to_move
        if seat is not None:
            self.agent_selection = self._agent_at[seat]
        elif self.game.done:
            for a in self.agents:
                self.terminations[a] = self.game.terminated
                self.truncations[a] = self.game.truncated
            if self.agent_selection not in self.agents and self.agents:
                self.agent_selection = self.agents[0]

    def step(self, action: int | np.integer | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent}: step(None) is only for an agent whose episode is over")
        seat = self._seat_now[agent]
        if self.factoring is not None:
            if self.game.to_move != seat:
                self.game._refuse(0, seat)
            try:
                flat = self.factoring.choose(int(action))
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
            if flat is None:  # the card is chosen; its capture comes next, from the same agent
                self._cumulative_rewards[agent] = 0.0
                self.rewards = {a: 0.0 for a in self.agents}
                return
            action = flat
        rewards = self.game.step(int(action), seat)
        self._cumulative_rewards[agent] = 0.0
        self._pay(rewards)
        self._select()

    def _pay(self, rewards: list[float]) -> None:
        """Each seat's reward of the step into ``rewards``, added to the
        cumulative rewards (PettingZoo's ``_accumulate_rewards``, in one pass)."""
        now, cumulative = self.rewards, self._cumulative_rewards
        for agent, reward in zip(self._agent_at, rewards):
            now[agent] = reward
            cumulative[agent] += reward

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_now[agent]
        mine = self.game.to_move == seat
        if self.factoring is not None:
            return {
                "observation": self.factoring.observe(self.game.observe(seat)),
                "action_mask": self.factoring.mask() if mine else self._zero_mask.copy(),
            }
        return {
            "observation": self.game.observe(seat),
            "action_mask": self.game.mask() if mine else self._zero_mask.copy(),
        }

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        v = self.game.view()
        return f"{v['variant']} hand {v['hand_number']} phase {v['phase']} to move {v['to_move']}: {v['hands']}"

    def close(self) -> None:
        pass
