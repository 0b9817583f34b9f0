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
from typing import TYPE_CHECKING

import typer

from .errors import fail, user_errors
from .corpus import corpus_path

if TYPE_CHECKING:
    from regola.conformance.protocol.engine import Engine
    from regola.conformance.runner.run import EngineFactory

DEFAULT_TIMEOUT = 5.0


def _trace_variant(path: Path) -> str | None:
    """The variant named in a trace file's header (None if unreadable)."""
    from regola.conformance.trace.storage import first_line

    try:
        return json.loads(first_line(path)).get("variant")
    except (OSError, ValueError, AttributeError, RecursionError):
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
        missing = [str(p) for p in traces if not (p.is_file() or p.is_dir())]
        if missing:
            fail(f"trace file(s) not found: {', '.join(missing)}")
        from regola.conformance.trace.files import trace_files

        # a folder stands for every trace file below it (.jsonl, or compressed .jsonl.gz)
        traces = [q for p in traces for q in (trace_files(p, recursive=True) if p.is_dir() else [p])]
        if not traces:
            fail("the given folder(s) hold no .jsonl or .jsonl.gz trace files")
        # a trace that cannot be read names no variant: it is kept, so the run
        # reports it as a bad trace instead of dropping it in silence
        chosen = [p for p in traces if not variants or _trace_variant(p) in (*variants, None)]
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


MIN_TIMEOUT, MAX_TIMEOUT = 0.01, 86400.0


def finite_timeout(value: float) -> float:
    """``--timeout``: a number of seconds the engine can be waited for;
    inf, NaN, zero and negatives are refused (math.isfinite also refuses
    1e400, which reads as inf)."""
    import math

    if not (math.isfinite(value) and MIN_TIMEOUT <= value <= MAX_TIMEOUT):
        raise typer.BadParameter(f"{value!r} is not a number of seconds from {MIN_TIMEOUT:g} to {MAX_TIMEOUT:g}")
    return value


def engine_factory(engine: str | None, timeout: float) -> EngineFactory:
    """The engines ``--engine`` names (exit status 2 if it names a Python
    engine that cannot be loaded)."""
    from regola.conformance.adapters.load import EngineSpecError
    from regola.conformance.adapters.load import engine_factory as factory_for

    try:
        return factory_for(engine, timeout)
    except EngineSpecError as exc:
        fail(str(exc))


def check_command(engine: str) -> None:
    """Stop with exit status 2 if the engine's command names no program
    that can be run (rather than fail every trace with the same error)."""
    if _python_engine(engine) is not None:
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


def _python_engine(engine: str) -> EngineFactory | None:
    """The Python engine class ``--engine`` names, or None for a command
    (exit status 2 if it names one that cannot be loaded)."""
    from regola.conformance.adapters.load import EngineSpecError, resolve_engine

    try:
        return resolve_engine(engine)
    except EngineSpecError as exc:
        fail(str(exc))


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


def replay_prefix(engine: str | None, timeout: float, files: tuple[str, ...] = (), options: tuple[str, ...] = ()) -> str:
    parts = ["regola", "conform"]
    if engine is not None:
        parts += ["--engine", engine]
        if timeout != DEFAULT_TIMEOUT:
            parts += ["--timeout", f"{timeout:g}"]
    for path in files:  # a variant file's traces replay only with the file
        parts += ["--variant", path]
    for text in options:  # the house rules the engine was declared to play
        parts += ["--option", text]
    return shlex.join(parts)


def declared_options(texts: list[str], variants: list[str]) -> dict:
    """``--option KEY=VALUE`` values: the house rules the engine plays (an
    option no selected variant can take is refused, naming it)."""
    from regola.conformance.runner.declared import DeclaredOptionError, check_declared
    from regola.spec import parse_option

    parsed = dict(parse_option(text) for text in texts)
    try:
        check_declared(variants, parsed)
    except DeclaredOptionError as exc:
        fail(str(exc))
    return parsed


def conform(
    engine: str = typer.Option(
        None, "--engine", metavar="CMD", help="Command that starts the engine (JSON lines on stdin/stdout), the name of a built-in adapter (naipes, briscas, libbisca, textarena) or of an installed regola.engines entry point, or a Python engine class: module:Class or path/to/file.py:Class. Default: the reference, in-process. A command is split into words like a POSIX shell would split it, but not run by a shell: no pipes, redirections, variables or globs (write a script for those)."
    ),
    variant: list[str] = typer.Option([], "--variant", metavar="ID|FILE", help="Only traces of this variant: an id, or a variant .toml file whose traces `regola corpus generate --variant FILE` made (repeatable)."),
    trace: list[Path] = typer.Option([], "--trace", metavar="PATH", help="Replay these trace files (.jsonl, or compressed .jsonl.gz), or every one in these folders, instead of the corpus (repeatable)."),
    corpus: Path = typer.Option(None, "--corpus", metavar="DIR", help="Replay the corpus in this folder instead of the packaged one.", show_default=False, parser=corpus_path),
    profile: str = typer.Option(None, "--profile", metavar="NAME", help="Only the traces of this source profile (pagat, seed-004...) of each variant: those recorded with exactly its options.", show_default=False),
    jobs: int = typer.Option(1, "--jobs", min=1, metavar="N", help="Run traces in N engine processes in parallel."),
    timeout: float = typer.Option(DEFAULT_TIMEOUT, "--timeout", metavar="S", callback=finite_timeout, help=f"Seconds to wait for each answer of the engine, and for it to read each request ({MIN_TIMEOUT:g} to {MAX_TIMEOUT:g}; the first answer, hello, may take 10 s while it starts)."),
    json_file: Path = typer.Option(None, "--json", metavar="FILE", help="Write the full report as JSON."),
    junit_file: Path = typer.Option(None, "--junit", metavar="FILE", help="Write a JUnit XML report."),
    results_file: Path = typer.Option(None, "--results", metavar="FILE", help="Write the per-variant results file (for the compatibility matrix)."),
    option: list[str] = typer.Option([], "--option", "-o", metavar="KEY=VALUE", help="A house rule the engine plays instead of the variant's, e.g. match.kind=single (repeatable; values read as TOML). Every trace is replayed under it: what the rules make of the same deals and actions is recomputed, and a trace is cut where its next action is no longer legal. An engine can also name its house rules in hello (\"options\")."),
) -> None:
    """Replay the conformance corpus into an engine and report where each trace departs from the rules: the first divergence (the root), then later ones (possible consequences)."""
    from rich.console import Console
    from rich.progress import TextColumn

    from .progress import progress

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
        house = declared_options(option, ids)
    paths = select_traces(ids, trace, corpus)
    if profile is not None:
        from .profile_traces import profile_traces

        with user_errors():
            paths = profile_traces(paths, profile)
    if engine is not None:
        check_command(engine)
    factory = first_engine(engine_factory(engine, timeout))
    prefix = replay_prefix(engine, timeout, tuple(v for v in variant if is_variant_file(v)), tuple(option))
    console = Console(stderr=True)
    # a log file or CI output gets a width that fits the summary table
    out = Console() if sys.stdout.isatty() else Console(width=120)
    counts = {"passed": 0, "failed": 0, "errored": 0, "unsupported": 0, "unchecked": 0}
    started = time.perf_counter()
    # a bar in a terminal, a line every few seconds in a pipe or CI
    with progress(
        "conform", len(paths), "traces", console,
        columns=(TextColumn("[green]{task.fields[passed]} passed[/] [red]{task.fields[failed]} failed[/] "
                            "[magenta]{task.fields[errored]} errored[/] [dim]{task.fields[unsupported]} unsupported[/] "
                            "[yellow]{task.fields[unchecked]} unchecked[/]"),),
        **counts,
    ) as tick:

        def advance(result: TraceResult) -> None:
            counts[result.status] += 1
            tick(result.id, **counts)

        results, hello = run_traces(
            paths,
            factory,
            jobs=jobs,
            replay=lambda p: f"{prefix} --trace {shlex.quote(display_path(p))}",
            on_result=advance,
            house_rules=house,
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
    not_checked = [r for r in results if r.status == "unchecked"]
    if not_checked:
        out.rule(f"[yellow]NOT CHECKED[/] {len(not_checked)} trace{'' if len(not_checked) == 1 else 's'}", align="left")
        for r in not_checked:
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
        plays = {**(hello.get("options") or {}), **house}
        if plays:
            out.print(
                "house rules it plays (every trace replayed under them): "
                + ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(plays.items())),
                markup=False,
                highlight=False,
            )
    out.print(summary_table(results))
    for line in first_failures(results):
        out.print(line, markup=False, highlight=False)
    from regola.conformance.runner.account import accounts

    for acc in accounts(results, hello).values():
        for line in acc.lines():
            out.print(line, markup=False, highlight=False, soft_wrap=True)
    t = totals(results)
    rate = t["traces"] / elapsed if elapsed > 0 else 0.0
    out.print(
        f"{t['traces']} trace{'' if t['traces'] == 1 else 's'} in {elapsed:.1f} s ({rate:.1f}/s): {t['passed']} passed, {t['failed']} failed, "
        f"{t['errored']} errored, {t['unsupported']} unsupported"
        + (f", {t['unchecked']} not checked" if t["unchecked"] else ""),
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
        + [a for o in option for a in ("--option", o)]
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
        why = ("nothing was checked: every trace run is listed above as not checked" if t["unchecked"]
               else "no trace was run: the engine supports none of the selected variants")
        out.print(why, style="red")
        raise typer.Exit(1)
