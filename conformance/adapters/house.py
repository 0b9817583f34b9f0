"""Each engine's house rules, and runs of the engine under them.

The corpus checks an engine against regola's variants as they stand. Where
an engine departs from a variant in a way the sources allow (a regional
rule) or that changes nothing a player could notice (dealing three cards
at once instead of one at a time), the departure is written here as option
overrides of that variant; the engine is then replayed against seeded
playouts recorded under those options, which shows whether anything else
diverges. ``docs/engines/<engine>.md`` gives the sources and the figures.

    python -m regola.conformance.adapters.house naipes --seeds 200 --results FILE
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola import reference
from regola.conformance.runner.reports import results_data, summary_table, write_json
from regola.conformance.runner.run import TraceResult, run_traces
from regola.conformance.trace.format import Trace, write_trace
from regola.conformance.trace.record import record

from . import adapter_factory


@dataclass(frozen=True)
class HouseRules:
    variant: str
    options: dict[str, Any] = field(default_factory=dict)


HOUSE_RULES: dict[str, HouseRules] = {
    # Deals three cards at once (naipes/games/brisca/state.py:71-72), has no
    # exchange and calls 60-60 a draw (naipes/cli/loop.py:32-37).
    "naipes": HouseRules("brisca-2", {"deal.packets": [3], "exchange.card": "none", "hand_scoring.tie": "draw"}),
    # The 48-card game is a variant of its own.
    "briscas": HouseRules("briscas-2"),
    # Deals one card at a time (libbisca/state.py:72-73, 145-146) and takes
    # the bottom card of the pack as trump (libbisca/state.py:69).
    "libbisca": HouseRules("bisca-2", {"deal.packets": [1, 1, 1], "deal.indicator": "bottom"}),
    # Deals three cards at once (textarena/envs/Briscola/env.py:103-108); its
    # other departures are bugs, so it still fails under these options.
    "textarena": HouseRules("briscola-2", {"deal.packets": [3]}),
}


def mistakes(index: int, state: Any) -> list[dict[str, Any]]:
    """Actions to record as refused before the first step and after the last:
    a play out of turn, a card the player to move does not hold, an
    exchange of a card that is not a trump, a play once the hand is over;
    only those the reference does refuse."""
    if index and state.to_move is not None:
        return []
    candidates: list[dict[str, Any]] = []
    seats = range(len(state.hands))
    if state.to_move is None:
        candidates.append({"type": "play", "seat": 1, "card": state.tables.cards[0]})
    else:
        mover = state.to_move
        for seat in seats:
            if seat != mover and state.hands[seat]:
                candidates.append({"type": "play", "seat": seat, "card": state.hands[seat][0]})
                candidates.append({"type": "play", "seat": mover, "card": state.hands[seat][0]})
                break
        plain = [c for c in state.hands[mover] if state.trump is None or not c.endswith(state.trump)]
        if plain:
            candidates.append({"type": "exchange", "seat": mover, "card": plain[0]})
    refused = []
    for action in candidates:
        try:
            reference.apply(state, action)
        except reference.IllegalAction:
            refused.append(action)
    return refused


def house_traces(engine: str, seeds: Iterable[int], hands: int = 2) -> list[Trace]:
    """Seeded playouts of ``engine``'s house rules, ``hands`` hands each,
    with the `mistakes` refused at the start and at the end."""
    rules = HOUSE_RULES[engine]
    text = ", ".join(f"{k} = {json.dumps(v)}" for k, v in rules.options.items()) or "no options"
    return [
        record(
            rules.variant, dict(rules.options), seed, name=f"house-{engine}-seed-{seed}", purpose="negative",
            description=f"{engine}'s house rules ({rules.variant}, {text}): seed {seed}, with mistakes refused.",
            max_hands=hands, rejects=mistakes,
        )
        for seed in seeds
    ]


def _has_tie(trace: Trace) -> bool:
    """Whether some hand of the trace ends with the card points level."""
    for item in trace.items:
        for event in item.get("events", ()) if item["kind"] == "step" else ():
            if event.get("type") == "hand-over" and len(set(event.get("points", ()))) == 1:
                return True
    return False


def tie_traces(engine: str, count: int = 3, first_seed: int = 10_000, tries: int = 3_000) -> list[Trace]:
    """Up to ``count`` one-hand playouts of the house rules that end 60-60,
    from the first seeds at or after ``first_seed`` that give one: the tie
    rule is where the engines differ most, and a random hand rarely ties."""
    found = []
    for seed in range(first_seed, first_seed + tries):
        trace = house_traces(engine, [seed], hands=1)[0]
        if _has_tie(trace):
            found.append(trace)
            if len(found) == count:
                break
    return found


def run_house(
    engine: str, seeds: Iterable[int], folder: Path, hands: int = 2, ties: bool = True
) -> tuple[list[TraceResult], dict[str, Any]]:
    """Record the house-rules playouts (and, with ``ties``, the tied hands of
    `tie_traces`) into ``folder`` and replay them into the engine's
    adapter."""
    paths = []
    for trace in house_traces(engine, seeds, hands) + (tie_traces(engine) if ties else []):
        path = folder / trace.header["variant"] / f"{trace.header['name']}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_trace(path, trace)
        paths.append(path)
    factory = adapter_factory(engine)
    assert factory is not None
    return run_traces(paths, factory)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Replay seeded playouts of an engine's house rules into it.")
    parser.add_argument("engine", choices=sorted(HOUSE_RULES))
    parser.add_argument("--seeds", type=int, default=50, help="playouts from seeds 1..N (default 50)")
    parser.add_argument("--hands", type=int, default=2, help="hands per playout (default 2)")
    parser.add_argument("--traces", type=Path, default=None, help="keep the traces in this folder")
    parser.add_argument("--results", type=Path, default=None, help="write the results file here")
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.traces or Path(tmp)
        results, hello = run_house(args.engine, range(1, args.seeds + 1), folder, args.hands)
    from rich.console import Console

    out = Console()
    for r in results:
        if r.status != "passed":
            out.rule(f"{r.status.upper()} {r.id}", align="left")
            out.print(r.report(), markup=False, highlight=False, soft_wrap=True)
    out.print(summary_table(results, title=f"{args.engine} under its house rules"))
    if args.results:
        write_json(args.results, results_data(results, hello))
    return 0 if all(r.status == "passed" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
