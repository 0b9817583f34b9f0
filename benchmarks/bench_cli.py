"""How long the first commands a newcomer types take, start to finish.

Runs each command as a new process (the installed ``regola`` script, found
beside this Python, or ``python -m regola.conformance.cli`` without it) and
prints the median wall-clock time of several runs:

* ``regola --help``: loading the command line and printing its help;
* ``regola variants``: listing the shipped variants (no proof needed);
* ``regola show briscola-2``;
* ``regola check briscola-2`` with the proofs already kept on disk (one
  run first fills a temporary cache folder).

The target for ``regola variants`` is under 1 s. The figures are printed,
not asserted: a busy machine makes them vary.

Run:  python benchmarks/bench_cli.py [--runs N]
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
    print(f"median wall-clock time of {args.runs} runs, each a new process:")
    for command, seconds in figures.items():
        print(f"  {command:42} {seconds:6.2f} s")
    verdict = "met" if figures["regola variants"] < TARGET_SECONDS else "NOT met"
    print(f"target for regola variants: < {TARGET_SECONDS:.0f} s ({verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
