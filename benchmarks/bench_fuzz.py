"""Games per second of ``regola fuzz``, and how they grow with workers.

Plays the same campaign (the same games, fixed by their numbers) on one
worker and on two, in interleaved rounds, against the reference in-process
and over the protocol against ``regola serve``, and prints games/s, steps/s
and the two-worker speed-up for each. The figures feed the cost model of the
fuzzing docs page (docs/engines/fuzzing.md).

Run:  python benchmarks/bench_fuzz.py [--games N] [--rounds R] [--variant ID ...]
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
from pathlib import Path
from tempfile import TemporaryDirectory

from regola.conformance.fuzz.campaign import Campaign, run

SERVE = f"{shlex.quote(sys.executable)} -m regola.conformance.cli.commands serve"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", action="append", default=None)
    args = parser.parse_args()
    variants = tuple(args.variant or ["briscola-2", "scopa-2", "briscola-4", "chiamata"])
    print(f"{args.games} games of {', '.join(variants)} per run, {args.rounds} interleaved rounds, median")
    print(f"{'engine':<14} {'workers':>7} {'games/s':>9} {'steps/s':>9} {'speed-up':>9}")
    with TemporaryDirectory() as tmp:
        for label, engine in (("in-process", None), ("regola serve", SERVE)):
            rates: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
            for _ in range(args.rounds):
                for jobs in (1, 2):
                    campaign = Campaign(engine, variants, games=args.games, out_dir=Path(tmp))
                    results = run(campaign, jobs=jobs)
                    if results.failures:
                        sys.exit(f"the reference failed its own campaign: {results.failures[0].message}")
                    rates[jobs].append((results.games / results.seconds, results.steps / results.seconds))
            one = statistics.median(g for g, _ in rates[1])
            for jobs in (1, 2):
                games = statistics.median(g for g, _ in rates[jobs])
                steps = statistics.median(s for _, s in rates[jobs])
                print(f"{label:<14} {jobs:>7} {games:>9.1f} {steps:>9.0f} {games / one:>8.2f}x")


if __name__ == "__main__":
    main()
