"""Random games of the fast core against the reference, by the hundred
thousand: the part of its proof CI cannot run.

``regola conform --engine fast`` replays the corpus, and
``tests/fast/test_fuzz.py`` plays a sample of ``regola fuzz --engine
fast`` games on every CI run; this script plays the rest. Each game is
game ``n`` of a ``regola fuzz --engine fast`` campaign (every shipped
variant, half the games under sampled option sets, forbidden actions
probed now and then), played by `regola.conformance.fuzz.twin`: both
implementations side by side in one process, every legal list, view
(omniscient and each seat's) and refusal compared at every step, at a
tenth of the cost of the protocol. A game that differs is played again
through ``regola fuzz``'s own machinery, which shrinks it and writes its
trace to ``--out`` (``regola conform --engine fast --trace FILE`` replays it).

Games go out in chunks whose tallies are appended to ``--log``, so an
interrupted run picks up where it stopped. Chunk ``k`` is games ``k *
CHUNK ...`` of the campaign of seed ``--seed``.

Run:  python benchmarks/fuzz_fast.py [--games 100000] [--jobs N] [--log fuzz-fast.jsonl] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from regola.conformance.adapters.load import engine_factory
from regola.conformance.fuzz.plan import game
from regola.conformance.fuzz.play import play, shrink
from regola.conformance.fuzz.twin import play_twin_batch
from regola.spec import variant_ids

CHUNK = 1000
BATCH = 25


def run_chunk(pool: ProcessPoolExecutor, seed: int, first: int, count: int, variants: tuple[str, ...]) -> list:
    numbers = list(range(first, first + count))
    batches = [numbers[i : i + BATCH] for i in range(0, len(numbers), BATCH)]
    futures = [pool.submit(play_twin_batch, seed, batch, variants) for batch in batches]
    return [outcome for future in futures for outcome in future.result()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in all (default 100000)")
    parser.add_argument("--seed", type=int, default=25, help="the campaign's seed (default 25)")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: one per core)")
    parser.add_argument("--log", type=Path, default=Path("fuzz-fast.jsonl"), help="tallies of the chunks done")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="shrunk traces of differing games")
    args = parser.parse_args(argv)
    done: dict[int, dict] = {}
    if args.log.exists():
        for line in args.log.read_text().splitlines():
            entry = json.loads(line)
            if entry["seed"] == args.seed:
                done[entry["chunk"]] = entry
    variants = tuple(variant_ids())
    chunks = -(-args.games // CHUNK)
    with ProcessPoolExecutor(max_workers=args.jobs or os.cpu_count() or 1) as pool:
        for k in range(chunks):
            if k in done:
                continue
            started = time.monotonic()
            count = min(CHUNK, args.games - k * CHUNK)
            outcomes = run_chunk(pool, args.seed, k * CHUNK, count, variants)
            failed = [o for o in outcomes if o.status != "passed"]
            entry = {
                "seed": args.seed,
                "chunk": k,
                "games": len(outcomes),
                "passed": len(outcomes) - len(failed),
                "steps": sum(o.steps for o in outcomes),
                "failures": [{"number": o.number, "variant": o.variant, "options": o.options, "message": o.message}
                             for o in failed],
                "seconds": round(time.monotonic() - started, 1),
                "finished": time.strftime("%Y-%m-%d %H:%M:%S"),
            }
            with args.log.open("a") as fh:
                fh.write(json.dumps(entry) + "\n")
            done[k] = entry
            print(f"chunk {k + 1}/{chunks}: {entry['passed']}/{entry['games']} passed in {entry['seconds']} s",
                  flush=True)
    entries = [done[k] for k in sorted(done) if k < chunks]
    games = sum(e["games"] for e in entries)
    passed = sum(e["passed"] for e in entries)
    steps = sum(e["steps"] for e in entries)
    seconds = sum(e["seconds"] for e in entries)
    print(f"{games} games ({steps} steps) in {seconds:.0f} s: {passed} passed, {games - passed} differed")
    failures = [f for e in entries for f in e["failures"]]
    if failures:
        factory = engine_factory("fast", 10.0)
        for f in failures[:5]:
            number = game(args.seed, f["number"], variants)
            outcome = play("fast", factory, number)
            print(f"  game {f['number']} ({f['variant']} {f['options']}): {f['message']}")
            if outcome.status == "failed":
                shrink("fast", factory, number, outcome, args.out)
                print(f"    through the protocol: {outcome.message.splitlines()[0]}; trace {outcome.trace}")
    return 0 if passed == games else 1


if __name__ == "__main__":
    sys.exit(main())
