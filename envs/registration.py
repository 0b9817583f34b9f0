"""Gymnasium ids for every shipped variant: ``regola/<variant>-v0`` (one
seat against the built-in opponents, `regola.envs.single.RegolaGymEnv`),
registered when ``regola.envs`` is imported, so that

    import regola.envs
    env = gymnasium.make("regola/briscola-2-v0", opponent="greedy")
    envs = gymnasium.make_vec("regola/scopa-2-v0", num_envs=4)

work (or, without the import, ``gymnasium.make("regola.envs:regola/briscola-2-v0")``).
Keyword arguments are those of `RegolaGymEnv`. The ``v0`` is the version of
the environment's interface: a change that alters what an agent sees or is
paid for bumps it.
"""

from __future__ import annotations

from regola.spec import variant_ids

VERSION = 0


def gym_id(variant_id: str) -> str:
    return f"regola/{variant_id}-v{VERSION}"


def register_gymnasium() -> list[str]:
    """Register every shipped variant with Gymnasium (harmless twice);
    return the ids."""
    import gymnasium

    ids = []
    for vid in variant_ids():
        name = gym_id(vid)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="regola.envs.single:RegolaGymEnv", kwargs={"variant": vid})
        ids.append(name)
    return ids
