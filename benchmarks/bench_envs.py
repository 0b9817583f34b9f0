"""Environment steps per second on random play: the fast core, regola's
environments on top of it (and on the reference, as they were before the
fast core), briscola-gym 0.1.0 and textarena's Briscola, side by side.

Every environment plays whole hands with uniformly random legal moves,
measured in CPU time of this process (a busy machine slows every row
alike). Environments do not count steps alike: a step of briscola-gym is
the agent's card *and* the opponent's reply, a step of every other
environment is one card (or bid, or capture), so the ratios are taken on
card plays per second, the unit they share; steps per second are printed
too. Rows:

- ``fast core``: `regola.fast`'s match alone, ``legal()`` and ``apply``;
- ``regola pettingzoo``: ``RegolaAECEnv`` driven through ``last()`` and
  ``step()``, the observation tensor and action mask made at every step,
  on the fast core, then on the reference (``core="reference"``, the
  environment as it was before the fast core: the ratio column divides by
  that row);
- ``regola game``: `regola.envs.game.Game` alone (indices and masks, no
  tensors);
- ``regola openspiel``: the OpenSpiel state, chance dealt card by card,
  the observation tensor made at every step, on each core;
- ``briscola-gym 0.1.0`` (``BriscolaRandomPlayer``, needs ``gym`` 0.21,
  see ``docs/rl/benchmarks.md``) and ``textarena 0.7.4``
  (``BriscolaEnv``, the ``engines`` extra), for ``briscola-2`` only: they
  have no Scopa. A row whose package is not installed says so.

Run:  python benchmarks/bench_envs.py [--seconds S] [--variant ID ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import numpy as np


def timed(play_hand: Callable[[random.Random], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """(steps/s, card plays/s) of ``play_hand`` run over and over for about
    ``seconds`` of CPU time; ``play_hand`` returns (steps, plays) of a hand."""
    rng = random.Random(0)
    steps = plays = 0
    start = time.process_time()
    while True:
        s, p = play_hand(rng)
        steps, plays = steps + s, plays + p
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent, plays / spent


def fast_core(variant: str) -> Callable[[random.Random], tuple[int, int]]:
    from regola.fast import new_match
    from regola.spec import load

    ruleset = load(variant)

    def hand(rng: random.Random) -> tuple[int, int]:
        match = new_match(ruleset)
        match.shuffle_random(rng)
        steps = 0
        while not match.is_chance and not match.is_over:
            match.apply(rng.choice(match.legal()))
            steps += 1
        return steps, steps

    return hand


def regola_pettingzoo(variant: str, core: str = "fast") -> Callable[[random.Random], tuple[int, int]]:
    from regola.envs import aec_env

    env = aec_env(variant, core=core)

    def hand(rng: random.Random) -> tuple[int, int]:
        env.reset(seed=rng.randrange(2**31))
        steps = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps, steps

    return hand


def regola_game(variant: str) -> Callable[[random.Random], tuple[int, int]]:
    from regola.envs import Game

    game = Game(variant, core="fast")

    def hand(rng: random.Random) -> tuple[int, int]:
        game.reset(seed=rng.randrange(2**31))
        steps = 0
        while not game.done:
            game.mask()
            game.step(rng.choice(list(game.legal())))
            steps += 1
        return steps, steps

    return hand


def regola_openspiel(variant: str, core: str = "fast") -> Callable[[random.Random], tuple[int, int]]:
    from regola.envs.openspiel import openspiel_game

    game = openspiel_game(variant, core=core)

    def hand(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps, steps

    return hand


def briscola_gym(variant: str) -> Callable[[random.Random], tuple[int, int]]:
    from briscola_gym.game import BriscolaRandomPlayer

    env = BriscolaRandomPlayer()

    def hand(rng: random.Random) -> tuple[int, int]:
        env.reset()
        steps, done = 0, False
        while not done and env.my_player.hand:
            _, _, done, _ = env.step(rng.randrange(len(env.my_player.hand)))
            steps += 1
        return steps, 2 * steps  # the agent's card and the opponent's

    return hand


def textarena_briscola(variant: str) -> Callable[[random.Random], tuple[int, int]]:
    from textarena.envs.Briscola.env import BriscolaEnv

    env = BriscolaEnv()

    def hand(rng: random.Random) -> tuple[int, int]:
        env.reset(num_players=2, seed=rng.randrange(2**31))
        steps = 0
        while not env.state.done:
            pid = env.state.current_player_id
            held = len(env.state.game_state["players"][pid]["hand"])
            env.step(f"[play {rng.randrange(held) + 1}]")
            steps += 1
        return steps, steps

    return hand


BASE = "regola pettingzoo, reference"
ROWS: list[tuple[str, Callable[[str], Callable[[random.Random], tuple[int, int]]], tuple[str, ...] | None]] = [
    ("fast core", fast_core, None),
    ("regola pettingzoo", regola_pettingzoo, None),
    (BASE, lambda v: regola_pettingzoo(v, "reference"), None),
    ("regola game (no tensors)", regola_game, None),
    ("regola openspiel", regola_openspiel, None),
    ("regola openspiel, reference", lambda v: regola_openspiel(v, "reference"), None),
    ("briscola-gym 0.1.0", briscola_gym, ("briscola-2",)),
    ("textarena 0.7.4", textarena_briscola, ("briscola-2",)),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row (default 2)")
    parser.add_argument("--variant", action="append", help="variants (default: briscola-2 and scopa-2)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    for variant in args.variant or ["briscola-2", "scopa-2"]:
        print(f"\n{variant}: random play, CPU time, {args.seconds:g} s a row")
        print(f"  {'environment':<30} {'steps/s':>9} {'plays/s':>9} {'plays/s ÷ ' + BASE:>40}")
        figures = {}
        for name, make, only in ROWS:
            if only is not None and variant not in only:
                continue
            try:
                play = make(variant)
            except ImportError as exc:
                print(f"  {name:<30} not installed ({exc.name})")
                continue
            figures[name] = timed(play, args.seconds)
        base = figures[BASE][1]
        for name, (steps, plays) in figures.items():
            print(f"  {name:<30} {steps:>9.0f} {plays:>9.0f} {plays / base:>39.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
