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
  have no Scopa. A row whose package is not installed says so;
- with ``--against REV``: ``regola pettingzoo @REV``, the PettingZoo row
  played by regola as it was at commit ``REV`` (its packages taken with
  ``git archive`` into a temporary folder and run in a child process,
  right after today's row), and the ratio of today's row to it. The first
  release of ``regola.envs`` (observation version 1) is ``25679b9``.

Run:  python benchmarks/bench_envs.py [--seconds S] [--variant ID ...] [--against REV]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

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

    env = aec_env(variant) if core == "fast" else aec_env(variant, core=core)  # the first release has no core=

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


NOW = "regola pettingzoo"
BASE = "regola pettingzoo, reference"
ROWS: list[tuple[str, Callable[[str], Callable[[random.Random], tuple[int, int]]], tuple[str, ...] | None]] = [
    ("fast core", fast_core, None),
    (NOW, regola_pettingzoo, None),
    (BASE, lambda v: regola_pettingzoo(v, "reference"), None),
    ("regola game (no tensors)", regola_game, None),
    ("regola openspiel", regola_openspiel, None),
    ("regola openspiel, reference", lambda v: regola_openspiel(v, "reference"), None),
    ("briscola-gym 0.1.0", briscola_gym, ("briscola-2",)),
    ("textarena 0.7.4", textarena_briscola, ("briscola-2",)),
]


REPO = Path(__file__).resolve().parent.parent


def tree_at(rev: str, into: Path) -> Path:
    """regola's packages as they were at commit ``rev`` (the folders its
    ``pyproject.toml`` maps), laid out under ``into`` as ``regola/...`` for
    ``PYTHONPATH``; nothing in the repository changes."""
    git = ["git", "-C", str(REPO)]
    pyproject = subprocess.run([*git, "show", f"{rev}:pyproject.toml"], capture_output=True, text=True, check=True)
    folders = tomllib.loads(pyproject.stdout)["tool"]["setuptools"]["package-dir"]
    folders = {name: folder for name, folder in folders.items() if name.count(".") == 1}  # regola.spec -> spec
    archive = subprocess.run([*git, "archive", "--format=tar", rev, *folders.values()], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into / "src", filter="data")
    package = into / "regola"
    package.mkdir()
    (package / "__init__.py").touch()
    for name, folder in folders.items():
        (package / name.split(".")[1]).symlink_to(into / "src" / folder)
    return into


def pettingzoo_at(tree: Path, variant: str, seconds: float) -> tuple[float, float]:
    """(steps/s, plays/s) of the PettingZoo row played by the regola in
    ``tree`` (`tree_at`), in a child process."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, __file__, "--pettingzoo-only", "--seconds", str(seconds), "--variant", variant]
    out = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True).stdout
    steps, plays = out.split()
    return float(steps), float(plays)


def pettingzoo_only(variant: str, seconds: float) -> None:
    """The child of `pettingzoo_at`: print the PettingZoo row's figures,
    after checking that regola comes from ``PYTHONPATH``'s tree."""
    import regola.envs

    tree = Path(os.environ["PYTHONPATH"].split(os.pathsep)[0]).resolve()
    if tree not in Path(regola.envs.__file__).resolve().parents:
        raise SystemExit(f"regola.envs came from {regola.envs.__file__}, not from {tree}")
    steps, plays = timed(regola_pettingzoo(variant), seconds)
    print(steps, plays)


def print_rows(variant: str, seconds: float, tree: Path | None, against: str | None) -> None:
    """Time every row of ``variant`` and print them (with the row of
    regola at ``against``, from ``tree``, after today's PettingZoo row)."""
    print(f"\n{variant}: random play, CPU time, {seconds:g} s a row")
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
        figures[name] = timed(play, seconds)
        if name == NOW and tree is not None:
            figures[f"{NOW} @{against}"] = pettingzoo_at(tree, variant, seconds)
    base = figures[BASE][1]
    for name, (steps, plays) in figures.items():
        print(f"  {name:<30} {steps:>9.0f} {plays:>9.0f} {plays / base:>39.2f}x")
    if tree is not None:
        print(f"  {NOW} ÷ {NOW} @{against}: {figures[NOW][1] / figures[f'{NOW} @{against}'][1]:.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per row (default 2)")
    parser.add_argument("--variant", action="append", help="variants (default: briscola-2 and scopa-2)")
    parser.add_argument("--against", metavar="REV", help="also the PettingZoo row of regola at commit REV")
    parser.add_argument("--pettingzoo-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    variants = args.variant or ["briscola-2", "scopa-2"]
    if args.pettingzoo_only:
        pettingzoo_only(variants[0], args.seconds)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-envs-") as scratch:
        tree = tree_at(args.against, Path(scratch)) if args.against else None
        for variant in variants:
            print_rows(variant, args.seconds, tree, args.against)
    return 0


if __name__ == "__main__":
    sys.exit(main())
