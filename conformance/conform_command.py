"""``regola conform``: replay the corpus into an engine and report.

Exit status: 0 when every trace that was run passed; 1 when a trace failed
or errored, or when no trace could be run at all (the engine supports none
of the selected variants); 2 for bad arguments.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from regola.spec import variant_ids

from .engine import ReferenceEngine
from .reports import first_failures, json_report, results_data, summary_table, totals, write_json, write_junit
from .runner import EngineFactory, TraceResult, display_path, run_traces

DEFAULT_TIMEOUT = 5.0


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _trace_variant(path: Path) -> str | None:
    """The variant named in a trace file's header (None if unreadable)."""
    try:
        with path.open(encoding="utf-8") as fh:
            return json.loads(fh.readline()).get("variant")
    except (OSError, ValueError, AttributeError):
        return None


def select_traces(variants: list[str], traces: list[Path]) -> list[Path]:
    """The trace files to run: those given, or the corpus; only the given
    variants' if any are named."""
    known = set(variant_ids())
    unknown = [v for v in variants if v not in known]
    if unknown:
        _fail(f"unknown variant(s) {', '.join(unknown)}; known variants: {', '.join(sorted(known))}")
    if traces:
        missing = [str(p) for p in traces if not p.is_file()]
        if missing:
            _fail(f"trace file(s) not found: {', '.join(missing)}")
        chosen = [p for p in traces if not variants or _trace_variant(p) in variants]
        if not chosen:
            _fail(f"none of the given traces is for {', '.join(variants)}")
        return chosen
    from .corpus import iter_traces

    chosen = list(iter_traces(variants or None))
    if not chosen:
        where = f" for {', '.join(variants)}" if variants else ""
        _fail(f"the corpus holds no traces{where}: run `regola corpus generate`")
    return chosen


def engine_factory(engine: str | None, timeout: float) -> EngineFactory:
    if engine is None:
        return ReferenceEngine
    from .adapters import adapter_factory

    builtin = adapter_factory(engine)  # a built-in adapter's name (naipes, briscas...)
    if builtin is not None:
        return builtin
    from .client import SubprocessEngine

    return lambda: SubprocessEngine(engine, timeout=timeout)


def replay_prefix(engine: str | None, timeout: float) -> str:
    parts = ["regola", "conform"]
    if engine is not None:
        parts += ["--engine", engine]
        if timeout != DEFAULT_TIMEOUT:
            parts += ["--timeout", f"{timeout:g}"]
    return shlex.join(parts)


def conform(
    engine: str = typer.Option(
        None, "--engine", metavar="CMD", help="Command that starts the engine (JSON lines on stdin/stdout), or the name of a built-in adapter (naipes, briscas, libbisca, textarena). Default: the reference, in-process."
    ),
    variant: list[str] = typer.Option([], "--variant", metavar="ID", help="Only traces of this variant (repeatable)."),
    trace: list[Path] = typer.Option([], "--trace", metavar="PATH", help="Replay these trace files instead of the corpus (repeatable)."),
    jobs: int = typer.Option(1, "--jobs", min=1, metavar="N", help="Run traces in N engine processes in parallel."),
    timeout: float = typer.Option(DEFAULT_TIMEOUT, "--timeout", min=0.01, metavar="S", help="Seconds to wait for each answer of the engine (the first, hello, may take 10 s while it starts)."),
    json_file: Path = typer.Option(None, "--json", metavar="FILE", help="Write the full report as JSON."),
    junit_file: Path = typer.Option(None, "--junit", metavar="FILE", help="Write a JUnit XML report."),
    results_file: Path = typer.Option(None, "--results", metavar="FILE", help="Write the per-variant results file (for the compatibility matrix)."),
) -> None:
    """Replay the conformance corpus into an engine and report each trace's first divergence from the rules."""
    paths = select_traces(variant, trace)
    factory = engine_factory(engine, timeout)
    prefix = replay_prefix(engine, timeout)
    console = Console(stderr=True)
    # a log file or CI output gets a width that fits the summary table
    out = Console() if sys.stdout.isatty() else Console(width=120)
    counts = {"passed": 0, "failed": 0, "errored": 0, "unsupported": 0}
    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]conform[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[green]{task.fields[passed]} passed[/] [red]{task.fields[failed]} failed[/] "
                   "[magenta]{task.fields[errored]} errored[/] [dim]{task.fields[unsupported]} unsupported[/]"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("traces", total=len(paths), **counts)

        def advance(result: TraceResult) -> None:
            counts[result.status] += 1
            progress.update(task, advance=1, **counts)

        results, hello = run_traces(
            paths,
            factory,
            jobs=jobs,
            replay=lambda p: f"{prefix} --trace {shlex.quote(display_path(p))}",
            on_result=advance,
        )
    elapsed = time.perf_counter() - started
    repeated: dict[tuple[str | None, str | None], int] = {}
    for r in results:
        if r.status == "errored":
            # an engine that cannot start gives every trace the same error: show it once
            key = (r.error_kind, r.error)
            repeated[key] = repeated.get(key, 0) + 1
            if repeated[key] > 1:
                continue
        if r.status in ("failed", "errored"):
            out.rule(f"[red]{r.status.upper()}[/] {r.id}", align="left")
            out.print(r.report(), markup=False, highlight=False, soft_wrap=True)
    same = sum(n - 1 for n in repeated.values())
    if same:
        out.print(f"({same} more traces errored with an error shown above)", highlight=False)
    if hello:
        fields = hello.get("fields", [])
        extras = ", ".join(x for x in ("seat views" if hello.get("seat_views") else "", "legal actions" if hello.get("legal") else "") if x)
        out.print(
            f"engine: {hello.get('engine')} {hello.get('version')} ({len(fields)} view fields"
            f"{', ' + extras if extras else ''})",
            markup=False,
            highlight=False,
        )
    out.print(summary_table(results))
    for line in first_failures(results):
        out.print(line, markup=False, highlight=False)
    t = totals(results)
    rate = t["traces"] / elapsed if elapsed > 0 else 0.0
    out.print(
        f"{t['traces']} trace{'' if t['traces'] == 1 else 's'} in {elapsed:.1f} s ({rate:.1f}/s): {t['passed']} passed, {t['failed']} failed, "
        f"{t['errored']} errored, {t['unsupported']} unsupported",
        highlight=False,
    )
    command = shlex.join(
        ["regola", "conform"]
        + (["--engine", engine] if engine is not None else [])
        + [a for v in variant for a in ("--variant", v)]
        + [a for p in trace for a in ("--trace", str(p))]
        + (["--jobs", str(jobs)] if jobs != 1 else [])
        + (["--timeout", f"{timeout:g}"] if timeout != DEFAULT_TIMEOUT else [])
    )
    if json_file:
        write_json(json_file, json_report(results, hello, command))
    if junit_file:
        write_junit(junit_file, results, hello)
    if results_file:
        write_json(results_file, results_data(results, hello))
    if t["failed"] or t["errored"]:
        raise typer.Exit(1)
    if not t["passed"]:
        out.print("no trace was run: the engine supports none of the selected variants", style="red")
        raise typer.Exit(1)
