"""``regola conform``: replay the corpus into an engine and report.

The engine is started once before any trace is replayed: a command that
names no program, or an engine that does not answer ``hello``, is said
once and stops the run. A ``--variant`` may be the path of a house-rules
file, whose traces ``regola corpus generate --variant FILE --corpus DIR``
wrote into ``DIR``.

Exit status: 0 when every trace that was run passed; 1 when a trace failed
or errored, when the engine did not start, or when no trace could be run
at all (the engine supports none of the selected variants); 2 for bad
arguments, an engine command that names no program included.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from .errors import fail, user_errors

if TYPE_CHECKING:
    from regola.conformance.protocol.engine import Engine
    from regola.conformance.runner.run import EngineFactory

DEFAULT_TIMEOUT = 5.0


def _trace_variant(path: Path) -> str | None:
    """The variant named in a trace file's header (None if unreadable)."""
    try:
        with path.open(encoding="utf-8") as fh:
            return json.loads(fh.readline()).get("variant")
    except (OSError, ValueError, AttributeError):
        return None


def variant_ids_of(values: list[str]) -> list[str]:
    """The variant ids that ``--variant`` values name: ids, or the paths of
    variant files (added for this process, so that the reference and the
    runner know them by id)."""
    from regola.spec import SpecError, did_you_mean, is_variant_file, variant_id

    ids, unknown = [], []
    for value in values:
        try:
            ids.append(variant_id(value))
        except SpecError:
            if is_variant_file(value):
                raise
            unknown.append(value)
    if unknown:
        from regola.spec import variant_ids

        hints = " ".join(filter(None, (did_you_mean(v) for v in unknown)))
        fail(
            f"unknown variant(s) {', '.join(unknown)}; {hints + ' ' if hints else ''}"
            f"known variants: {', '.join(variant_ids())} (or give the path of a .toml file)"
        )
    return ids


def select_traces(variants: list[str], traces: list[Path], corpus: Path | None = None) -> list[Path]:
    """The trace files to run: those given, or the corpus's (the packaged
    one unless ``corpus`` is given); only the given variants' (ids) if any
    are named."""
    if traces:
        if corpus is not None:
            fail("give --trace or --corpus, not both")
        missing = [str(p) for p in traces if not p.is_file()]
        if missing:
            fail(f"trace file(s) not found: {', '.join(missing)}")
        chosen = [p for p in traces if not variants or _trace_variant(p) in variants]
        if not chosen:
            fail(f"none of the given traces is for {', '.join(variants)}")
        return chosen
    from regola.conformance.trace.files import CORPUS_DIR, iter_traces

    if corpus is not None and not corpus.is_dir():
        fail(f"--corpus {corpus}: no such folder")
    chosen = list(iter_traces(variants or None, corpus or CORPUS_DIR))
    if not chosen:
        where = f" for {', '.join(variants)}" if variants else ""
        fail(f"the corpus in {corpus or CORPUS_DIR} holds no traces{where}: run `regola corpus generate`")
    return chosen


def engine_factory(engine: str | None, timeout: float) -> EngineFactory:
    from regola.conformance.protocol.engine import ReferenceEngine

    if engine is None:
        return ReferenceEngine
    from regola.conformance.adapters import adapter_factory

    builtin = adapter_factory(engine)  # a built-in adapter's name (naipes, briscas...)
    if builtin is not None:
        return builtin
    from regola.conformance.protocol.client import SubprocessEngine

    return lambda: SubprocessEngine(engine, timeout=timeout)


def check_command(engine: str) -> None:
    """Stop with exit status 2 if the engine's command names no program
    that can be run (rather than fail every trace with the same error)."""
    from regola.conformance.adapters import adapter_factory

    if adapter_factory(engine) is not None:
        return
    try:
        argv = shlex.split(engine)
    except ValueError as exc:
        fail(f"--engine {engine!r} cannot be read as a command line: {exc}")
    if not argv:
        fail("--engine is empty: give the command that starts the engine")
    program = argv[0]
    if shutil.which(program) is None:
        why = "no such executable file" if "/" in program else "no program of that name on the PATH"
        fail(f"the engine command {engine!r} cannot be started: {program}: {why}")


def first_engine(factory: EngineFactory) -> EngineFactory:
    """Start one engine up front and stop once, with exit status 1, if it
    fails to start or to answer hello; the runner then gets that engine
    first and fresh ones after it."""
    from regola.conformance.protocol.engine import EngineFailure

    try:
        engine = factory()
        engine.hello()
    except EngineFailure as exc:
        fail(f"the engine did not start: {exc.kind}: {exc.message}", status=1)
    ready: list[Engine] = [engine]
    return lambda: ready.pop() if ready else factory()


def replay_prefix(engine: str | None, timeout: float, files: tuple[str, ...] = ()) -> str:
    parts = ["regola", "conform"]
    if engine is not None:
        parts += ["--engine", engine]
        if timeout != DEFAULT_TIMEOUT:
            parts += ["--timeout", f"{timeout:g}"]
    for path in files:  # a variant file's traces replay only with the file
        parts += ["--variant", path]
    return shlex.join(parts)


def conform(
    engine: str = typer.Option(
        None, "--engine", metavar="CMD", help="Command that starts the engine (JSON lines on stdin/stdout), or the name of a built-in adapter (naipes, briscas, libbisca, textarena). Default: the reference, in-process."
    ),
    variant: list[str] = typer.Option([], "--variant", metavar="ID|FILE", help="Only traces of this variant: an id, or a variant .toml file whose traces `regola corpus generate --variant FILE` made (repeatable)."),
    trace: list[Path] = typer.Option([], "--trace", metavar="PATH", help="Replay these trace files instead of the corpus (repeatable)."),
    corpus: Path = typer.Option(None, "--corpus", metavar="DIR", help="Replay the corpus in this folder instead of the packaged one.", show_default=False),
    jobs: int = typer.Option(1, "--jobs", min=1, metavar="N", help="Run traces in N engine processes in parallel."),
    timeout: float = typer.Option(DEFAULT_TIMEOUT, "--timeout", min=0.01, metavar="S", help="Seconds to wait for each answer of the engine (the first, hello, may take 10 s while it starts)."),
    json_file: Path = typer.Option(None, "--json", metavar="FILE", help="Write the full report as JSON."),
    junit_file: Path = typer.Option(None, "--junit", metavar="FILE", help="Write a JUnit XML report."),
    results_file: Path = typer.Option(None, "--results", metavar="FILE", help="Write the per-variant results file (for the compatibility matrix)."),
) -> None:
    """Replay the conformance corpus into an engine and report each trace's first divergence from the rules."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from regola.conformance.runner.reports import (
        first_failures,
        json_report,
        results_data,
        summary_table,
        totals,
        write_json,
        write_junit,
    )
    from regola.conformance.runner.run import TraceResult, display_path, run_traces
    from regola.spec import is_variant_file

    with user_errors():
        ids = variant_ids_of(variant)
    paths = select_traces(ids, trace, corpus)
    if engine is not None:
        check_command(engine)
    factory = first_engine(engine_factory(engine, timeout))
    prefix = replay_prefix(engine, timeout, tuple(v for v in variant if is_variant_file(v)))
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
        + (["--corpus", str(corpus)] if corpus is not None else [])
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
