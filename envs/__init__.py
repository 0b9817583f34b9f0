"""Environments for reinforcement learning over every regola variant.

- `regola.envs.aec.RegolaAECEnv`: PettingZoo's AEC API, agents by player,
  seats rotating;
- `regola.envs.single.RegolaGymEnv`: Gymnasium, one seat against built-in
  opponents (`regola.envs.policies`);
- `regola.envs.openspiel`: OpenSpiel games with explicit chance nodes,
  registered with ``pyspiel.register_game``;
- `regola.envs.conform`: the environments as conformance engines, so
  ``regola conform`` proves them against the corpus.

PettingZoo, Gymnasium and the adapters step `regola.envs.game.Game`; all
of them play the fast core (`regola.fast`, proved equal to the reference;
`regola.envs.core`), with a fixed action space per variant
(`regola.envs.encoding`, factored for the fishing games on request:
`regola.envs.factored`), the observation tensors of
`regola.envs.observation`, the information states of `regola.envs.history`
and the rewards of `regola.envs.rewards`.
Importing this package registers every variant with Gymnasium as
``regola/<variant>-v0`` (`regola.envs.registration`). They need the ``rl``
extra (from a clone: ``pip install -e '.[rl]'``).

Imports ``regola.spec``, ``regola.reference``, ``regola.fast`` and, for
the conformance adapters only, ``regola.conformance.protocol``.
"""

from __future__ import annotations

from typing import Any

from .encoding import ActionSpace, EncodingGap, action_space
from .game import Game, IllegalMove
from .observation import OBSERVATION_VERSION, Layout, layout
from .registration import gym_id, register_gymnasium
from .rewards import REWARDS, hand_bounds

register_gymnasium()


def aec_env(variant: Any, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``variant`` (`regola.envs.aec.RegolaAECEnv`)."""
    from .aec import RegolaAECEnv

    return RegolaAECEnv(variant, **kwargs)


def gym_env(variant: Any, **kwargs: Any) -> Any:
    """A Gymnasium environment of one seat of ``variant`` against built-in
    opponents (`regola.envs.single.RegolaGymEnv`)."""
    from .single import RegolaGymEnv

    return RegolaGymEnv(variant, **kwargs)


__all__ = [
    "OBSERVATION_VERSION",
    "REWARDS",
    "ActionSpace",
    "EncodingGap",
    "Game",
    "IllegalMove",
    "Layout",
    "action_space",
    "aec_env",
    "gym_env",
    "gym_id",
    "hand_bounds",
    "layout",
    "register_gymnasium",
]
