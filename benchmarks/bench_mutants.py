"""The mutation score: is every misreading of the rules caught by the corpus,
and is the blame on the rule it misreads?

For every rule id of every family, the catalogue of misreadings
(`regola.conformance.explain.misreadings`: conditions negated or dropped,
comparisons reversed, orders reversed, resets not done, steps skipped,
constants off by one) is searched in order for the first one a corpus trace
exercising the rule fails (up to ``--search`` tried); that mutant is then
replayed, as an in-process engine, through up to ``--subset`` corpus traces
that exercise the rule, with blame by explanation
(`regola.conformance.explain.search`). A rule none of whose misreadings a
trace fails is played instead under another of its option values, if one
fails a trace (`regola.conformance.explain.option_mutants`). A rule still
uncaught is played in random lockstep games: one whose misreadings no game
tells from the rule is listed as equivalent and not counted; for the others
the first game that does names the situation the corpus lacks. Prints the
mutants run, how many were caught, how many were blamed on the mutated rule,
and the misses.

Run:  python benchmarks/bench_mutants.py [--rule ID ...] [--family F ...] [--corpus DIR] [--json FILE]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from regola.conformance.explain.misreadings import by_rule, catalogue, known_rules
from regola.conformance.explain.mutation_score import SEARCH, SUBSET, render, score, to_json
from regola.conformance.trace.files import CORPUS_DIR


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", action="append", help="only these rule ids")
    parser.add_argument("--family", action="append", help="only the rules of these families")
    parser.add_argument("--search", type=int, default=SEARCH, help="misreadings tried per rule")
    parser.add_argument("--subset", type=int, default=SUBSET, help="corpus traces per mutant")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument(
        "--corpus", type=Path, default=CORPUS_DIR, help="the corpus folder (default: the committed one)"
    )
    args = parser.parse_args(argv)
    rules = sorted(known_rules())
    if args.rule:
        rules = [r for r in rules if r in args.rule]
    if args.family:
        rules = [r for r in rules if r.split(".")[0] in args.family]
    started = time.perf_counter()
    print(f"catalogue: {len(catalogue())} misreadings of {len(by_rule())} rules", flush=True)
    figures = score(rules, args.search, args.subset, args.corpus)
    print(render(figures))
    print(f"\n{time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(to_json(figures), encoding="utf-8")
    return 0 if figures["caught"] == figures["rules"] and figures["right_rule_pct"] >= 95 else 1


if __name__ == "__main__":
    sys.exit(main())
