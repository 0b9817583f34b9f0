"""Steps per second on random play: the fast core (`regola.fast`) against
the reference, side by side.

Three players of whole matches with uniformly random legal moves, each
hand shuffled from the same ``random.Random`` (the fast core's
``shuffle_random`` draws the deck order `regola.reference.shuffled_deck`
draws), timed in CPU time of this process:

- ``reference``: ``apply(state, rng.choice(legal_actions(state)))``, the
  loop of `regola.reference.random_playout` without its generator;
- ``fast, stepped``: ``match.apply(rng.choice(match.legal()))``, the calls
  an environment makes; with the same seed it plays the very games the
  reference plays (checked before timing: the same final view);
- ``fast, playout``: ``match.playout(rng, hands=None)``, random play inside
  the core (``legal[int(rng.random() * len(legal))]`` at each step; a
  plain trick hand is played by one inlined loop), as a random opponent or
  a rollout uses it.

With ``--partner``, also the lockstep checker's games per CPU second
with each partner (``regola fuzz --partner reference|fast``), the engine
being the reference in-process (the cheapest engine, so the partner's
share of the cost is at its largest).

A step is a player's move (a card, a capture, a bid...); shuffles are not
counted. Rounds are interleaved (each times every player back to back)
and the median of each ratio over the rounds is reported, so a busy
machine slows both sides of a ratio alike. The target (issue 25): the fast
core at least 10x the reference's steps/s on briscola-2.

Run:  python benchmarks/bench_fast.py [--variant ID ...] [--seconds S] [--rounds R] [--partner] [--check]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

from regola.fast import new_match
from regola.reference import ShuffleAction, apply, initial_state, legal_actions, shuffled_deck, view
from regola.spec import Ruleset, load

TARGET = 10.0
"""The fast core's steps/s over the reference's to reach on briscola-2 (issue 25)."""
MAX_HANDS = 50
"""A match stops after this many hands even if it is not over."""

Player = Callable[[Ruleset, random.Random], int]


def reference_match(ruleset: Ruleset, rng: random.Random) -> int:
    """One random match through the reference; the number of moves."""
    state = initial_state(ruleset)
    steps = 0
    while not state.is_over and state.hand_number < MAX_HANDS:
        if state.is_chance:
            state = apply(state, ShuffleAction(deck=shuffled_deck(ruleset, rng)))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
            steps += 1
    return steps


def fast_stepped_match(ruleset: Ruleset, rng: random.Random) -> int:
    """One random match through the fast core's calls, a move at a time."""
    match = new_match(ruleset)
    steps = 0
    while not match.is_over and match.hand_number < MAX_HANDS:
        if match.is_chance:
            match.shuffle_random(rng)
        else:
            match.apply(rng.choice(match.legal()))
            steps += 1
    return steps


def fast_playout_match(ruleset: Ruleset, rng: random.Random) -> int:
    """One random match played inside the fast core."""
    return new_match(ruleset).playout(rng, hands=MAX_HANDS)


PLAYERS: dict[str, Player] = {
    "reference": reference_match,
    "fast, stepped": fast_stepped_match,
    "fast, playout": fast_playout_match,
}


def check_same_games(ruleset: Ruleset, seeds: int) -> None:
    """The fast core, stepped with the reference's draws, plays the same
    matches: the same final view, seed after seed."""
    for seed in range(seeds):
        rng_ref, rng_fast = random.Random(seed), random.Random(seed)
        state = initial_state(ruleset)
        match = new_match(ruleset)
        while not state.is_over and state.hand_number < MAX_HANDS:
            if state.is_chance:
                state = apply(state, ShuffleAction(deck=shuffled_deck(ruleset, rng_ref)))
                match.shuffle_random(rng_fast)
            else:
                state = apply(state, rng_ref.choice(legal_actions(state)))
                match.apply(rng_fast.choice(match.legal()))
        if view(state) != match.view():
            sys.exit(f"{ruleset.id}, seed {seed}: the fast core and the reference ended the match differently")


def steps_per_second(play: Player, ruleset: Ruleset, seconds: float, seed: int) -> float:
    """Moves per CPU second of this process (`time.process_time`), over whole
    matches played for about ``seconds``."""
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while True:
        steps += play(ruleset, rng)
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent


def lockstep_games_per_second(variant: str, partner: str, games: int) -> float:
    """Lockstep games of ``variant`` per CPU second against the reference
    engine in-process, the rules played by ``partner``."""
    from regola.conformance.fuzz.choices import SeededChoices
    from regola.conformance.fuzz.play import partner_factory
    from regola.conformance.protocol.engine import ReferenceEngine
    from regola.conformance.runner.lockstep import play_game

    engine = ReferenceEngine()
    hello = engine.hello()
    factory = partner_factory(partner)
    start = time.process_time()
    for seed in range(games):
        play_game(engine, hello, SeededChoices(seed), variant, {}, 400, None, factory)
    return games / (time.process_time() - start)


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="variants (default: briscola-2 and scopa-2)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per player per round (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, medians reported (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit with status 1 if briscola-2 misses the target")
    parser.add_argument("--partner", action="store_true", help="also time the lockstep checker with each partner")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be more than 0 and --rounds at least 1")
    missed = False
    for variant in args.variant or ["briscola-2", "scopa-2"]:
        ruleset = load(variant)
        check_same_games(ruleset, seeds=20)
        rates: dict[str, list[float]] = {name: [] for name in PLAYERS}
        ratios: dict[str, list[float]] = {name: [] for name in PLAYERS if name != "reference"}
        for round_number in range(args.rounds):
            seed = args.seed + 1_000_003 * round_number
            rate = {name: steps_per_second(play, ruleset, args.seconds, seed) for name, play in PLAYERS.items()}
            for name in PLAYERS:
                rates[name].append(rate[name])
            for name in ratios:
                ratios[name].append(rate[name] / rate["reference"])
        print(
            f"\n{variant}: random play, {args.rounds} rounds of {args.seconds:g} CPU s a player; "
            f"load average {os.getloadavg()[0]:.2f}; the fast core, stepped, plays the reference's games (20 checked)"
        )
        print(f"  {'player':<16} {'steps/s':>10} {'÷ reference':>12}   rounds")
        print(f"  {'reference':<16} {median(rates['reference']):>10.0f} {'1.00x':>12}")
        for name, values in ratios.items():
            ratio = median(values)
            rounds = ", ".join(f"{r:.1f}" for r in values)
            print(f"  {name:<16} {median(rates[name]):>10.0f} {ratio:>11.2f}x   {rounds}")
        if variant == "briscola-2":
            best = max(median(values) for values in ratios.values())
            met = best >= TARGET
            missed |= not met
            print(f"  target: the fast core at least {TARGET:.0f}x the reference on briscola-2: "
                  f"{'met' if met else 'missed'} ({best:.2f}x)")
        if args.partner:
            rates = {"reference": [], "fast": []}
            for _ in range(args.rounds):
                for partner in rates:
                    rates[partner].append(lockstep_games_per_second(variant, partner, games=10))
            ref, fast = median(rates["reference"]), median(rates["fast"])
            print(f"  lockstep games/s (regola fuzz, the reference engine in-process): partner reference {ref:.1f}, "
                  f"partner fast {fast:.1f} ({fast / ref:.2f}x)")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
