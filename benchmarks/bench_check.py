"""Time to prove every invariant of every shipped variant, from a cold start.

Measures, in one process and after importing regola and z3:

* the time to check all shipped variants with every cache empty (what
  ``regola check`` with no arguments spends proving), and the slowest
  invariants;
* the time of a checked ``load`` of one variant from cold caches, and of a
  second load of it (served from the caches: the loader keeps the validated
  ruleset while its files are unchanged, the proofs are kept by hash),
  which is what the loader adds.

The target is under 10 seconds for all shipped variants on a 2-core machine.

Run:  python benchmarks/bench_check.py [--rounds R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict

from regola.spec import load, load_cache, variant_ids
from regola.spec.invariants import check, clear_cache

TARGET_SECONDS = 10.0


def check_all() -> tuple[float, float, dict[str, float]]:
    """Cold check of every shipped variant; returns the wall-clock and CPU
    seconds and the seconds per invariant."""
    clear_cache()
    rulesets = [load(v, checked=False) for v in variant_ids()]
    per_invariant: dict[str, float] = defaultdict(float)
    start, cpu = time.perf_counter(), time.process_time()
    for ruleset in rulesets:
        for result in check(ruleset):
            per_invariant[result.name] += result.seconds
    return time.perf_counter() - start, time.process_time() - cpu, dict(per_invariant)


def load_cost(variant: str) -> tuple[float, float]:
    """A checked load from cold caches (the proofs and the loader's own:
    parsed files and validated rulesets), then the same load again."""
    clear_cache()
    load_cache.clear()
    start = time.perf_counter()
    load(variant)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    load(variant)
    return cold, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="repeat the cold check this many times (median reported)")
    args = parser.parse_args()
    ids = variant_ids()
    totals, cpus, last = [], [], {}
    for _ in range(args.rounds):
        total, cpu, last = check_all()
        totals.append(total)
        cpus.append(cpu)
    median = statistics.median(totals)
    print(f"checked {len(ids)} shipped variants, {len(last)} invariants each")
    print(
        f"cold check of all variants: median {median:.2f} s wall clock over {args.rounds} rounds "
        f"(min {min(totals):.2f} s, max {max(totals):.2f} s), median {statistics.median(cpus):.2f} s "
        f"of CPU; target < {TARGET_SECONDS:.0f} s"
    )
    print("slowest invariants (seconds, summed over the variants, last round):")
    for name, seconds in sorted(last.items(), key=lambda kv: -kv[1])[:6]:
        print(f"  {name:28} {seconds:6.2f}")
    print("checked load of one variant (cold caches, then cached):")
    for variant in ("briscola-2", "briscola-6", "chiamata", "scopa-2", "albastini-6-teams-of-2"):
        if variant in ids:
            cold, warm = load_cost(variant)
            print(f"  {variant:24} {cold * 1000:7.0f} ms  then {warm * 1000:5.1f} ms")
    return 0 if median < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
