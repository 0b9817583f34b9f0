"""The real-bug score: how well regola finds and names the bugs of published
engines (``realworld/``).

For each engine: the bugs listed by reading its code before any run (caught
by ``regola conform``, caught with the right rule, caught by ``regola
fuzz``), the one-line bugs planted in copies of its code (caught, with the
right rule), and the false alarms (rules blamed that no listed bug names and
the engine's triage does not explain). Figures come from each engine's
committed results; ``--run`` makes them again first, from checkouts of the
engines at their pinned commits (``python -m realworld.harness checkout``
needs the engines' repositories: a local mirror or the network).

    python benchmarks/bench_real_engines.py            # the committed figures
    python benchmarks/bench_real_engines.py --run      # run everything again (hours)
    python benchmarks/bench_real_engines.py --json     # as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from realworld.harness.__main__ import main as harness  # noqa: E402
from realworld.harness.catalog import Engine, engines  # noqa: E402
from realworld.harness.score import engine_score, render  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="store_true", help="run conform, the plants and fuzz again before scoring")
    ap.add_argument("--json", action="store_true", help="print the scores as JSON")
    ap.add_argument("slugs", nargs="*", help="engines (default: all)")
    args = ap.parse_args()
    slugs = args.slugs or engines()
    if args.run:
        for verb in ("conform", "plants", "fuzz"):
            if harness([verb, *slugs]) != 0:
                return 1
    scores = [s for s in (engine_score(Engine(x)) for x in slugs) if s is not None]
    print(json.dumps(scores, indent=1) if args.json else render(scores))
    return 0


if __name__ == "__main__":
    sys.exit(main())
