"""Traces per second through the conformance runner: over the protocol
against ``regola serve``, and in-process against the ReferenceEngine, in one
run, with their ratio.

Both replay the same corpus traces with every check the runner makes (views
after each step, each seat's view, the legal actions, the refusals). The
protocol side pays for JSON encoding, the pipe, and a second interpreter
process; the in-process side calls the reference directly. Each side first
replays the traces once untimed, so that loading and proving the rulesets
(cached per process) is not counted, then ``--rounds`` timed passes.

Run:  python benchmarks/bench_conform.py [--variant ID ...] [--rounds R] [--limit N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import read_trace

DEFAULT_VARIANTS = ["briscola-2", "briscola-4", "briscola-scoperta-3", "scopa-2", "scopone", "chiamata", "albastini-2"]
SERVE = [sys.executable, "-m", "regola.conformance.protocol.serve"]


class Kept:
    """One engine kept for the whole benchmark: the runner's ``close`` at
    the end of a pass does not end it."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def close(self) -> None:
        pass


def timed_passes(paths: list[Path], engine: Any, rounds: int) -> tuple[float, float]:
    """(seconds of the untimed warm-up pass, best seconds of the timed passes)."""
    kept = Kept(engine)
    start = time.perf_counter()
    results, _ = run_traces(paths, lambda: kept)
    warm = time.perf_counter() - start
    bad = [r for r in results if r.status != "passed"]
    if bad:
        raise SystemExit(f"{engine!r}: {len(bad)} traces did not pass, e.g.\n{bad[0].report()}")
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run_traces(paths, lambda: kept)
        best = min(best, time.perf_counter() - start)
    return warm, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help=f"variants (default: {' '.join(DEFAULT_VARIANTS)})")
    parser.add_argument("--all", action="store_true", help="every trace of the corpus")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes per side; the best counts")
    parser.add_argument("--limit", type=int, default=None, help="at most this many traces")
    args = parser.parse_args()
    paths = list(iter_traces(None if args.all else (args.variant or DEFAULT_VARIANTS)))[: args.limit]
    lines = sum(len(read_trace(p).items) for p in paths)
    print(f"{len(paths)} traces, {lines} steps and rejects, {args.rounds} timed passes per side (best counts)")

    start = time.perf_counter()
    in_process = ReferenceEngine()
    in_process.hello()
    print(f"in-process ReferenceEngine: ready in {time.perf_counter() - start:.2f} s")
    warm, local = timed_passes(paths, in_process, args.rounds)
    print(f"  warm-up pass {warm:.2f} s; best pass {local:.2f} s: {len(paths) / local:.1f} traces/s, {lines / local:.0f} lines/s")

    start = time.perf_counter()
    served = SubprocessEngine(SERVE, timeout=60, startup_timeout=120)
    print(f"protocol, regola serve: ready in {time.perf_counter() - start:.2f} s")
    try:
        warm, wire = timed_passes(paths, served, args.rounds)
    finally:
        served.close()
    print(f"  warm-up pass {warm:.2f} s; best pass {wire:.2f} s: {len(paths) / wire:.1f} traces/s, {lines / wire:.0f} lines/s")
    print(f"ratio: in-process is {wire / local:.2f}x the speed of the protocol")


if __name__ == "__main__":
    main()
