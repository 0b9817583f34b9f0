"""How long the first commands a newcomer types take, start to finish.

Runs each command as a new process (the installed ``regola`` script, found
beside this Python, or ``python -m regola.conformance.cli`` without it) and
prints the median wall-clock time of several runs:

* ``regola --help``: loading the command line and printing its help;
* ``regola variants``: listing the shipped variants (no proof needed);
* ``regola show briscola-2``;
* ``regola check briscola-2`` with the proofs already kept on disk (one
  run first fills a temporary cache folder).

With ``--corpus-check`` it also times ``regola corpus check`` (it plays
every game of the corpus again on every core: one run, not a median).

The targets are ``regola --help`` under 0.3 s, ``regola variants`` under
1 s and ``regola corpus check`` under 15 s. The figures are printed, not
asserted: a busy machine makes them vary.

Run:  python benchmarks/bench_cli.py [--runs N] [--corpus-check]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 1.0


def regola_command() -> list[str]:
    """The ``regola`` console script of this Python, or the module that it runs."""
    script = Path(sys.executable).with_name("regola")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from regola.conformance.cli import main; main()"]


def median_seconds(args: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([*regola_command(), *args], env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the median is printed)")
    parser.add_argument("--corpus-check", action="store_true", help="also time one `regola corpus check`")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="regola-bench-cache-") as cache:
        env = {**os.environ, "REGOLA_CACHE_DIR": cache}
        subprocess.run([*regola_command(), "check", "briscola-2"], env=env, check=True, stdout=subprocess.DEVNULL)
        figures = {
            "regola --help": median_seconds(["--help"], args.runs, env),
            "regola variants": median_seconds(["variants"], args.runs, env),
            "regola show briscola-2": median_seconds(["show", "briscola-2"], args.runs, env),
            "regola check briscola-2 (proofs on disk)": median_seconds(["check", "briscola-2"], args.runs, env),
        }
        if args.corpus_check:
            start = time.perf_counter()
            done = subprocess.run([*regola_command(), "corpus", "check"], env=env, stdout=subprocess.DEVNULL)
            figures["regola corpus check"] = time.perf_counter() - start
            if done.returncode != 0:
                print("note: regola corpus check found the corpus out of date (the time still counts)")
    print(f"median wall-clock time of {args.runs} runs, each a new process:")
    for command, seconds in figures.items():
        print(f"  {command:42} {seconds:6.2f} s")
    for command, target in (("regola --help", 0.3), ("regola variants", TARGET_SECONDS), ("regola corpus check", 15.0)):
        if command in figures:
            verdict = "met" if figures[command] < target else "NOT met"
            print(f"target for {command}: < {target:g} s ({verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
