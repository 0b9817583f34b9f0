"""Steps per second through the conformance runner, side by side in one run:

* ``in-process``: the ReferenceEngine, called directly;
* ``replay stub``: an engine that answers instantly, from answers worked out
  before timing (the trace's views, the reference's seat views and legal
  actions): what is left is the runner's own cost per step (reading the
  traces, the reference's replay for seat views, comparing);
* ``protocol``: ``regola serve`` in another process, its requests sent
  ahead of their turn (the runner's default);
* ``protocol, one at a time``: the same engine, each request waiting for
  the answer to the one before (how the runner spoke before).

Every side replays the same traces with every check the runner makes
(views after each step, each seat's view, the legal actions, the
refusals). Each side first replays the traces once untimed, so that loading
and proving the rulesets (cached per process) is not counted; then the
``--rounds`` timed passes are interleaved (one pass of each side per
round), so that a busy machine slows every side alike, and the median pass
of each side is printed, by the wall clock and per CPU second (of the
runner's process and of the engine's: on a machine other work keeps busy,
CPU time varies far less than wall-clock time). "Steps" counts the step and
reject lines.

``--profile SIDE`` (``in-process``, ``stub``, ``protocol`` or
``one-at-a-time``) runs one more pass of that side under cProfile, after the
timed ones, and prints the functions of the runner's process that took the
most time (a served engine's own work is in the other process: profile it
in-process, or with ``python -m cProfile`` around ``regola serve``).

Run:  python benchmarks/bench_conform.py [--all | --variant ID ...] [--corpus DIR] [--rounds R] [--limit N]
      [--skip SIDE ...] [--profile SIDE [--sort tottime|cumulative] [--top N]]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from regola import reference
from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import ActionRejected, ReferenceEngine
from regola.conformance.runner.reference_replay import ReferenceReplay
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import read_trace

DEFAULT_VARIANTS = ["briscola-2", "briscola-4", "briscola-scoperta-3", "scopa-2", "scopone", "chiamata", "albastini-2"]
SERVE = [sys.executable, "-m", "regola.conformance.protocol.serve"]
SIDES = ["in-process", "stub", "protocol", "one-at-a-time"]


class Kept:
    """One engine kept for the whole benchmark: the runner's ``close`` at
    the end of a pass does not end it."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def close(self) -> None:
        pass


class OneAtATime(Kept):
    """The engine without `expect_calls`: every request waits for the one before."""

    expect_calls = None
    settle_calls = None


class ReplayStub:
    """An engine that answers from the traces, in the order the runner
    replays them, with answers worked out before timing."""

    def __init__(self, paths: list[Path]) -> None:
        self.games = [self._answers(read_trace(p)) for p in paths]
        self.next = 0
        self.game: dict[str, Any] = {}
        self.pos = 0
        fields: set[str] = set()
        for g in self.games:
            fields |= g["views"][0].keys()
        self._hello = {
            "protocol": 1, "engine": "replay-stub", "version": "0",
            "variants": sorted({g["variant"] for g in self.games}), "fields": sorted(fields),
            "seat_views": True, "legal": True,
        }

    @staticmethod
    def _answers(trace: Any) -> dict[str, Any]:
        """Per position (0: after the deal, and a focused trace's setup; k:
        after k step lines): the omniscient view, the seat views, the legal
        actions."""
        h = trace.header
        ref = ReferenceReplay(h)
        views, seats, legal = [ref.view(None) if h.get("setup") else h["view"]], [], []
        seats.append([ref.view(s) for s in range(ref.players)])
        legal.append([reference.action_dict(a) for a in reference.legal_actions(ref.state)])
        for item in trace.items:
            if item["kind"] == "step":
                ref.advance(item["action"])
                views.append(item["view"])
                seats.append([ref.view(s) for s in range(ref.players)])
                legal.append([reference.action_dict(a) for a in reference.legal_actions(ref.state)])
        return {"variant": h["variant"], "deck": h["deck"], "items": trace.items, "setup": len(h.get("setup") or ()),
                "views": views, "seats": seats, "legal": legal}

    def hello(self) -> dict[str, Any]:
        return self._hello

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]) -> None:
        self.game = self.games[self.next % len(self.games)]
        self.next += 1
        if deck != self.game["deck"]:
            raise RuntimeError("the replay stub was given the traces in another order")
        self.item, self.pos, self.setup = 0, 0, self.game["setup"]

    def apply(self, action: dict[str, Any]) -> None:
        if self.setup:  # a focused trace's way to its position: accepted, nothing to answer
            self.setup -= 1
            return
        item = self.game["items"][self.item]
        self.item += 1
        if item["kind"] == "reject":
            raise ActionRejected(item["rule"], item.get("message", ""))
        self.pos += 1

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.game["views"][self.pos] if seat is None else self.game["seats"][self.pos][seat]

    def legal(self) -> list[dict[str, Any]]:
        return self.game["legal"][self.pos]

    def close(self) -> None:
        pass


def engine_cpu(engine: Any) -> float:
    """CPU seconds the engine's own process has used (0 for an in-process engine)."""
    proc = getattr(getattr(engine, "engine", engine), "_proc", None)
    if proc is None:
        return 0.0
    try:
        with open(f"/proc/{proc.pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_pass(paths: list[Path], engine: Any) -> tuple[float, float, float]:
    """(wall-clock seconds, CPU seconds of this process, of the engine's process)."""
    start, cpu, other = time.perf_counter(), time.process_time(), engine_cpu(engine)
    results, _ = run_traces(paths, lambda: engine)
    seconds = time.perf_counter() - start
    cpu, other = time.process_time() - cpu, engine_cpu(engine) - other
    bad = [r for r in results if r.status != "passed"]
    if bad:
        raise SystemExit(f"{len(bad)} traces did not pass, e.g.\n{bad[0].report()}")
    return seconds, cpu, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help=f"variants (default: {' '.join(DEFAULT_VARIANTS)})")
    parser.add_argument("--all", action="store_true", help="every trace of the corpus")
    parser.add_argument("--corpus", type=Path, default=CORPUS_DIR, help="the corpus folder (default: the packaged one)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved timed passes per side; the median counts")
    parser.add_argument("--limit", type=int, default=None, help="at most this many traces")
    parser.add_argument("--skip", action="append", default=[], choices=SIDES,
                        help="leave out a side (in-process, stub, protocol, one-at-a-time)")
    parser.add_argument("--profile", choices=SIDES, help="profile one more pass of this side and print the top functions")
    parser.add_argument("--sort", default="tottime", help="the profile's order (tottime, cumulative, ncalls)")
    parser.add_argument("--top", type=int, default=30, help="how many functions of the profile to print")
    args = parser.parse_args()
    variants = None if args.all else (args.variant or DEFAULT_VARIANTS)
    paths = list(iter_traces(variants, args.corpus))[: args.limit]
    steps = sum(len(read_trace(p).items) for p in paths)
    print(f"{len(paths)} traces, {steps} steps and rejects; {args.rounds} interleaved timed passes per side (median counts)")

    sides: dict[str, Any] = {}
    skip = set(args.skip) - {args.profile}
    if "in-process" not in skip:
        engine = ReferenceEngine()
        engine.hello()
        sides["in-process ReferenceEngine"] = Kept(engine)
    if "stub" not in skip:
        sides["replay stub (runner's own cost)"] = ReplayStub(paths)
    served = None
    if "protocol" not in skip or "one-at-a-time" not in skip:
        served = SubprocessEngine(SERVE, timeout=60, startup_timeout=120)
        if "protocol" not in skip:
            sides["protocol, regola serve, sent ahead"] = Kept(served)
        if "one-at-a-time" not in skip:
            sides["protocol, regola serve, one at a time"] = OneAtATime(served)
    try:
        warm = {name: one_pass(paths, engine)[0] for name, engine in sides.items()}
        times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in sides}
        for _ in range(args.rounds):
            for name, engine in sides.items():
                times[name].append(one_pass(paths, engine))
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(one_pass, paths, sides[_side_name(sides, args.profile)])
    finally:
        if served is not None:
            served.close()
    print("steps/s by the wall clock, and per CPU second (runner; engine process), medians:")
    medians = {}
    for name, runs in times.items():
        wall, cpu, other = (statistics.median(r[i] for r in runs) for i in range(3))
        medians[name] = wall
        engine = f"; {steps / other:6.0f}" if other else ""
        # with two free cores the runner and a served engine work at once
        idle = f"; on two idle cores about {steps / max(cpu, other):6.0f}" if other else ""
        print(f"  {name:40} warm-up {warm[name]:6.2f} s; median pass {wall:6.2f} s: "
              f"{steps / wall:6.0f} steps/s wall, {steps / cpu:6.0f}{engine} per CPU s{idle}")
    names = list(medians)
    if len(names) > 1:
        base = names[0]
        print("  wall-clock ratios to " + base + ": " + ", ".join(
            f"{n} {medians[base] / medians[n]:.2f}x" for n in names[1:]))

    if args.profile:
        print(f"profile of one more pass, {args.profile} (this process only):")
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)


def _side_name(sides: dict[str, Any], side: str) -> str:
    """The printed name of ``side`` as ``--skip`` and ``--profile`` name it."""
    start = {"in-process": "in-process", "stub": "replay stub", "protocol": "protocol, regola serve, sent",
             "one-at-a-time": "protocol, regola serve, one"}[side]
    return next(name for name in sides if name.startswith(start))


if __name__ == "__main__":
    main()
