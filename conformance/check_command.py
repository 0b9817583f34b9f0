"""``regola check``: prove every invariant of rulesets, or show why one fails.

Loads each ruleset unchecked (so a broken file is reported in full rather
than refused at the first failure), runs `regola.spec.invariants.check`
and prints a table of ruleset x invariant with the verdict and the time
taken, then every failure with its counterexample. Exit status: 0 when every
applicable invariant is proved, 1 when one fails, 2 for bad input (an
unknown variant, a file that breaks the schema, a bad option).
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from regola.spec import Ruleset, load, parse_option, ruleset_hash, variant_ids

from .cli_errors import user_errors

if TYPE_CHECKING:
    from regola.spec.invariants import InvariantResult

MARK = {"proved": ("✓", "green"), "failed": ("✗", "bold red"), "not-applicable": ("·", "dim")}


def check(
    targets: Annotated[
        Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
        typer.Argument(
            metavar="[ID|FILE]...",
            help="Shipped variant ids or variant .toml files; all shipped variants when none is given.",
            show_default=False,
        ),
    ] = None,
    option: Annotated[
        Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="Override one field of every ruleset checked, e.g. seating.players=6. Repeat for several.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON on stdout.")] = False,
) -> None:
    """Prove the invariants of rulesets with z3; show a counterexample for each failure."""
    # imported here so that other commands do not pay for loading z3
    from regola.spec.invariants import check as prove_all

    with user_errors():
        options = dict(parse_option(text) for text in option or [])
        names = targets or variant_ids()
        start = time.perf_counter()
        checked: list[tuple[str, Ruleset, tuple[InvariantResult, ...]]] = []
        for name in names:
            ruleset = load(name, options or None, checked=False)
            checked.append((name, ruleset, prove_all(ruleset)))
        seconds = time.perf_counter() - start
    failures = sum(1 for _, _, results in checked for r in results if r.status == "failed")
    if as_json:
        typer.echo(json.dumps(_report(checked, options, seconds), indent=2, sort_keys=True, ensure_ascii=False))
    else:
        _print(checked, seconds)
    if failures:
        raise typer.Exit(1)


def _report(
    checked: list[tuple[str, Ruleset, tuple[InvariantResult, ...]]], options: dict[str, Any], seconds: float
) -> dict[str, Any]:
    from regola.spec.invariants import REGISTRY

    counts = {status: 0 for status in MARK}
    for _, _, results in checked:
        for r in results:
            counts[r.status] += 1
    return {
        "options": options,
        "seconds": round(seconds, 3),
        "summary": counts,
        "invariants": {name: inv.statement for name, inv in REGISTRY.items()},
        "rulesets": [
            {
                "target": name,
                "id": ruleset.id,
                "ruleset_hash": ruleset_hash(ruleset),
                "results": [r.to_json() for r in results],
            }
            for name, ruleset, results in checked
        ],
    }


def _cell(result: InvariantResult) -> Text:
    mark, style = MARK[result.status]
    if result.status == "not-applicable":
        return Text(mark, style=style)
    return Text(f"{mark} {result.seconds * 1000:.0f}ms", style=style)


def _print(checked: list[tuple[str, Ruleset, tuple[InvariantResult, ...]]], seconds: float) -> None:
    from regola.spec.invariants import REGISTRY

    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    names = list(REGISTRY)
    name_width = max(len(n) for n in names) + 3
    per_table = max(1, (console.width - name_width) // 11)
    for first in range(0, len(checked), per_table):
        chunk = checked[first : first + per_table]
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("invariant", no_wrap=True)
        for _, ruleset, _ in chunk:
            table.add_column(ruleset.id, no_wrap=True, overflow="fold")
        for i, name in enumerate(names):
            table.add_row(name, *(_cell(results[i]) for _, _, results in chunk))
        console.print(table)
        console.print()
    counts = {status: 0 for status in MARK}
    for name, ruleset, results in checked:
        for r in results:
            counts[r.status] += 1
            if r.status == "failed":
                console.print(Text(f"✗ {ruleset.id}: {r.name}", style="bold red"))
                console.print(Text(f"  {r.counterexample}"))
    console.print(
        f"{len(checked)} ruleset{'s' if len(checked) != 1 else ''}: {counts['proved']} proved, "
        f"{counts['failed']} failed, {counts['not-applicable']} not applicable, in {seconds:.2f} s"
    )
