"""``regola check``: prove every invariant of rulesets, or show why one fails.

Loads each ruleset unchecked (so a broken file is reported in full rather
than refused at the first failure), runs `regola.spec.invariants.check`
and prints a table with a row per ruleset and a column per group of
invariants (cards, deal, trick, scoring, bidding, conservation), then every
failure with its counterexample. Results are kept on disk between runs
(`regola.spec.invariants.store`), so checking again is instant. Exit
status: 0 when every applicable invariant is proved, 1 when one fails, 2
for bad input (an unknown variant, a file that breaks the schema, a bad
option).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .errors import user_errors

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from regola.spec import Ruleset
    from regola.spec.inheritance import SummaryOrigin
    from regola.spec.invariants import InvariantResult

MARK = {"proved": ("✓", "green"), "failed": ("✗", "bold red"), "not-applicable": ("·", "dim")}


@dataclass(frozen=True)
class Checked:
    """One ruleset checked: the name it was given by, the ruleset, its
    results and the seconds this run spent on it (near 0 when cached)."""

    target: str
    ruleset: Ruleset
    results: tuple[InvariantResult, ...]
    seconds: float
    profile: str | None = None

    @property
    def label(self) -> str:
        """The ruleset's id, and the source profile it was checked with."""
        return self.ruleset.id + (f" --profile {self.profile}" if self.profile else "")


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
    profile: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option(
            "--profile",
            "-p",
            metavar="NAME",
            help="Check the option set of this source profile (pagat, seed-004...) of each variant "
            "that has it; `all`: every profile of every variant. --option values apply over it.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON on stdout.")] = False,
) -> None:
    """Prove the invariants of rulesets with z3; show a counterexample for each failure."""
    from regola.spec import load, parse_option, variant_ids
    from regola.spec.invariants import check as prove_all

    with user_errors():
        options = dict(parse_option(text) for text in option or [])
        names = targets or variant_ids()
        start = time.perf_counter()
        checked: list[Checked] = []
        todo = _profiled(names, profile, explicit=bool(targets))
        from .progress import progress

        with progress("check", len(todo), "rulesets") as tick:
            for name, with_profile in todo:
                ruleset = load(name, options or None, checked=False, profile=with_profile)
                began = time.perf_counter()
                results = prove_all(ruleset)
                checked.append(Checked(name, ruleset, results, time.perf_counter() - began, with_profile))
                tick(checked[-1].label)
        seconds = time.perf_counter() - start
    failures = sum(1 for c in checked for r in c.results if r.status == "failed")
    if as_json:
        typer.echo(json.dumps(_report(checked, options, seconds), indent=2, sort_keys=True, ensure_ascii=False))
    else:
        from rich.console import Console

        console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
        render(checked, seconds, console)
        if targets:
            for c, origin in _origins(checked):
                console.print(f"{c.label}: {origin.note()[0].lower()}{origin.note()[1:]}")
    if failures:
        raise typer.Exit(1)


def _profiled(names: list[str], profile: str | None, explicit: bool) -> list[tuple[str, str | None]]:
    """The (variant, profile) pairs to check: each variant as it is; with a
    profile, each variant with that profile (those without it are skipped
    unless they were named, which is an error); with ``all``, every
    profile of every variant."""
    from regola.spec import profiles

    if profile is None:
        return [(name, None) for name in names]
    if profile == "all":
        return [(name, p) for name in names for p in profiles(name)]
    return [(name, profile) for name in names if explicit or profile in profiles(name)]


def _origins(checked: list[Checked]) -> list[tuple[Checked, SummaryOrigin]]:
    """The rulesets named whose summary another file wrote, or that options
    or a profile change from their file (`regola.spec.inheritance`)."""
    from regola.spec.inheritance import summary_origin

    out = []
    for c in checked:
        origin = summary_origin(c.target, c.ruleset)
        if origin is not None:
            out.append((c, origin))
    return out


def _report(checked: list[Checked], options: dict[str, Any], seconds: float) -> dict[str, Any]:
    from regola.spec import ruleset_hash
    from regola.spec.invariants import REGISTRY

    return {
        "options": options,
        "seconds": round(seconds, 3),
        "summary": _counts(checked),
        "invariants": {name: inv.statement for name, inv in REGISTRY.items()},
        "rulesets": [
            {
                "target": c.target,
                "id": c.ruleset.id,
                "profile": c.profile,
                "ruleset_hash": ruleset_hash(c.ruleset),
                "results": [r.to_json() for r in c.results],
            }
            for c in checked
        ],
    }


def _counts(checked: list[Checked]) -> dict[str, int]:
    counts = {status: 0 for status in MARK}
    for c in checked:
        for r in c.results:
            counts[r.status] += 1
    return counts


def _groups() -> dict[str, list[str]]:
    """Invariant group -> the names of its invariants, in report order."""
    from regola.spec.invariants import REGISTRY

    groups: dict[str, list[str]] = {}
    for name, inv in REGISTRY.items():
        groups.setdefault(inv.group, []).append(name)
    return groups


def _cell(results: list[InvariantResult]) -> Any:
    """A group's verdict for one ruleset: ``✗ n`` if n invariants failed,
    else ``✓ n`` for n proved, ``·`` if none applies."""
    from rich.text import Text

    failed = sum(1 for r in results if r.status == "failed")
    proved = sum(1 for r in results if r.status == "proved")
    if failed:
        return Text(f"✗ {failed}", style=MARK["failed"][1])
    if proved:
        return Text(f"✓ {proved}", style=MARK["proved"][1])
    return Text("·", style=MARK["not-applicable"][1])


def table(checked: list[Checked]) -> Table:
    """Rulesets in rows, invariant groups in columns: narrow enough for an
    80-column terminal whatever the number of rulesets."""
    from rich.table import Table

    groups = _groups()
    out = Table(show_edge=False, pad_edge=False)
    out.add_column("variant", no_wrap=True)
    for group in groups:
        out.add_column(group, no_wrap=True, justify="center", min_width=len(group))
    out.add_column("time", no_wrap=True, justify="right")
    for c in checked:
        by_name = {r.name: r for r in c.results}
        cells = [_cell([by_name[n] for n in names if n in by_name]) for names in groups.values()]
        out.add_row(c.label, *cells, f"{c.seconds:.2f} s")
    return out


def render(checked: list[Checked], seconds: float, console: Console) -> None:
    """The table, a legend, every failure with its counterexample and a summary."""
    from rich.text import Text

    console.print(table(checked))
    console.print(
        Text("✓ n: n invariants of the group proved   ✗ n: n failed   ·: none applies", style="dim")
    )
    console.print()
    for c in checked:
        for r in c.results:
            if r.status == "failed":
                console.print(Text(f"✗ {c.label}: {r.name}", style="bold red"))
                console.print(Text(f"  {r.counterexample}"))
    counts = _counts(checked)
    console.print(
        f"{len(checked)} ruleset{'s' if len(checked) != 1 else ''}: {counts['proved']} proved, "
        f"{counts['failed']} failed, {counts['not-applicable']} not applicable, in {seconds:.2f} s"
    )
