"""``regola fuzz``: random lockstep games against an engine, beyond the corpus.

Registered in `regola.conformance.cli.commands`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

import typer

from regola.conformance.cli.errors import fail, user_errors


def fuzz(
    engine: Optional[str] = typer.Option(  # noqa: UP045 - typer reads this annotation at run time
        None,
        "--engine",
        metavar="CMD",
        help="The engine, as for `regola conform` (a command, split like a shell would but not run by one; "
        "an adapter's name; module:Class or file.py:Class). Default: the reference, in-process.",
    ),
    variants: Optional[list[str]] = typer.Option(  # noqa: UP045
        None, "--variant", "-v", metavar="ID|FILE",
        help="Only this variant, by id or variant .toml file (repeat for several); default: every shipped one."
    ),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, help="Play this many games."),  # noqa: UP045
    seconds: Optional[float] = typer.Option(  # noqa: UP045
        None, "--seconds", "-t", min=0.1, help="Play for this long (default, without --games: 60)."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="The campaign's seed: the same seed plays the same games."),
    jobs: Optional[int] = typer.Option(  # noqa: UP045
        None, "--jobs", "-j", min=1, help="Worker processes (default: one per core)."
    ),
    cluster: Optional[str] = typer.Option(  # noqa: UP045
        None,
        "--cluster",
        metavar="ADDRESS",
        help="Run on a Dask cluster instead of local processes: its scheduler's address, e.g. tcp://10.0.0.5:8786 "
        "(needs regola[cluster]).",
    ),
    default_options: bool = typer.Option(
        False, "--default-options", help="Play every variant with its default options only (no sampled option sets)."
    ),
    timeout: float = typer.Option(10.0, "--timeout", min=0.01, metavar="S", help="Seconds to wait for each answer."),
    out: Path = typer.Option(
        Path("fuzz-failures"), "--out", "-o", help="Folder for the shrunk trace of each failing game."
    ),
    keep_going: bool = typer.Option(
        False, "--keep-going", help="Play on after a failure (default: stop at the first, then shrink it)."
    ),
    partner: str = typer.Option(
        "reference",
        "--partner",
        metavar="NAME",
        help="What the engine is played against: reference (default), or fast, regola's fast core, proved equal "
        "to the reference and cheaper (a failing game is played again against the reference for its report).",
    ),
) -> None:
    """Play random games in lockstep with the reference against an engine.

    Each game's variant, options and seed follow from the campaign's seed and
    the game's number, so a campaign plays the same games on any number of
    workers. A game the engine disagrees on is shrunk and written to --out as
    a trace; `regola conform --engine CMD --trace FILE` replays it. Exit status
    1 if any game failed.
    """
    with user_errors():
        from rich.console import Console

        from regola.conformance.cli.conform import engine_factory, variant_ids_of
        from regola.conformance.fuzz.campaign import Campaign
        from regola.spec import variant_ids

        from regola.conformance.fuzz.play import PARTNERS

        if partner not in PARTNERS:
            fail(f"--partner {partner!r}: one of {', '.join(PARTNERS)}")
        chosen = tuple(variant_ids_of(variants) if variants else variant_ids())
        factory = engine_factory(engine, timeout)  # a Python engine that cannot load stops here (exit 2)
        if engine is not None:
            from regola.conformance.cli.conform import check_command, first_engine

            check_command(engine)  # a command that names no program: exit 2
            first_engine(factory)().close()  # an engine that does not answer hello: exit 1, once
        campaign = Campaign(
            engine=engine,
            variants=chosen,
            games=games,
            seconds=seconds if seconds is not None or games is not None else 60.0,
            seed=seed,
            timeout=timeout,
            sample_options=not default_options,
            out_dir=out,
            keep_going=keep_going,
            partner=partner,
        )
        console = Console(stderr=True, highlight=False)
        results = _run(campaign, jobs, cluster, console)
        _report(results, console)
        if results.count("failed"):
            sys.exit(1)
        if results.count("passed") == 0:
            fail("no game was played: the engine supports none of the chosen variants", status=1)


def _run(campaign: Any, jobs: int | None, cluster: str | None, console: Any) -> Any:
    from rich.progress import MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from regola.conformance.fuzz.campaign import run

    if not console.is_terminal:
        from .progress import Heartbeat

        # a pipe or CI: a line every few seconds, not a bar
        total = campaign.games if isinstance(campaign.games, int) else None
        with Heartbeat("fuzzing", total, "games", stream=console.file) as beat:
            failed = 0

            def count(outcome: Any) -> None:
                nonlocal failed
                failed += outcome.status == "failed"
                beat.advance(note=f"{failed} failed")

            return run(campaign, jobs=jobs, cluster=cluster, on_outcome=count)
    with Progress(
        TextColumn("fuzzing"), MofNCompleteColumn(), TextColumn("games, {task.fields[failed]} failed"),
        TimeElapsedColumn(), console=console, transient=True,
    ) as progress:
        task = progress.add_task("games", total=campaign.games, failed=0)
        failed = 0

        def advance(outcome: Any) -> None:
            nonlocal failed
            failed += outcome.status == "failed"
            progress.update(task, advance=1, failed=failed)

        return run(campaign, jobs=jobs, cluster=cluster, on_outcome=advance)


LISTED = 20
"""At most so many failed games of a kind already shown are listed, one line each."""


def _report(results: Any, console: Any) -> None:
    import shlex

    from regola.conformance.fuzz.campaign import replay_engine

    played = results.games
    rate = results.steps / results.seconds if results.seconds else 0.0
    listed = 0
    for outcome in results.failures:
        where = f"game {outcome.number} ({outcome.variant}, seed {outcome.seed}" + (
            f", options {outcome.options})" if outcome.options else ")"
        )
        if outcome.trace is None:  # the same kind of failure as one shown in full
            listed += 1
            if listed <= LISTED:
                typer.echo(f"FAILED {where}: {outcome.rule or outcome.message.splitlines()[0]}")
            continue
        typer.echo(f"FAILED {where}")
        typer.echo("  " + outcome.message.replace("\n", "\n  "))
        typer.echo(f"  shrunk to {outcome.trace_lines} trace lines in {outcome.trace}; replay it with:")
        typer.echo(f"    regola conform {replay_engine(results.engine)}--trace {shlex.quote(outcome.trace)}")
    failed = results.count("failed")
    shown = len(results.failures) - listed
    if failed > shown + min(listed, LISTED):
        kept = f" (the first {len(results.failures)} are kept)" if failed > len(results.failures) else ""
        typer.echo(f"... and {failed - shown - min(listed, LISTED)} more failed games of the kinds above{kept}")
    if results.first_error is not None:
        typer.echo(f"errored game {results.first_error.number}: {results.first_error.message}")
    parts = []
    if results.unlisted:
        parts.append(f"the engine does not list {len(results.unlisted)} of the chosen variants "
                     f"({', '.join(results.unlisted[:6])}{', ...' if len(results.unlisted) > 6 else ''})")
    if results.refused:
        per = ", ".join(f"{v}: {n}" for v, n in sorted(results.refused.items()))
        parts.append(f"it refused {sum(results.refused.values())} option set(s) ({per})")
    if parts:
        typer.echo("learnt from the engine: " + "; ".join(parts) + "; no game was spent on them")
    typer.echo(
        f"{played} games ({results.steps} steps) in {results.seconds:.1f} s on {results.workers} worker(s), "
        f"{rate:.0f} steps/s: {results.count('passed')} passed, {failed} failed, "
        f"{results.count('unsupported')} unsupported, {results.count('errored')} errored"
    )
