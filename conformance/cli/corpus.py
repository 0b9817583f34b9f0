"""The corpus commands: ``regola corpus generate|check|coverage``, ``regola
perft`` and ``regola trace-schema``.

``--variant`` takes a shipped id or the path of a variant file: a
house-rules file gets traces of its own, in ``<corpus>/<its id>/``. In a
terminal, generating and checking show their progress variant by variant.

Registered in `regola.conformance.cli.commands`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from regola.conformance.trace.files import CORPUS_DIR, SCHEMA_PATH

from .errors import UserError, fail, user_errors
from .help import Command, Group

if TYPE_CHECKING:
    from regola.conformance.corpus.generate import VariantCorpus
    from rich.console import Console


def corpus_path(text: str | Path) -> Path:
    """The ``--corpus`` folder; an empty value is refused, not read as the
    current folder."""
    if isinstance(text, Path):
        return text
    if not text.strip():
        raise typer.BadParameter("is empty: give the folder of the corpus")
    return Path(text)


CorpusOpt = Annotated[
    Path,
    typer.Option(
        "--corpus", help="The corpus folder.", show_default="the packaged conformance/data/corpus", parser=corpus_path
    ),
]
VariantsOpt = Annotated[
    Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
    typer.Option(
        "--variant",
        "-v",
        metavar="ID|FILE",
        help="Only this variant, by id or variant .toml file (repeat for several); default: all shipped ones.",
    ),
]


def trace_schema(
    write: Annotated[bool, typer.Option("--write", help=f"Write it to {SCHEMA_PATH.name} in the package.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Exit 1 if the packaged file is not up to date.")] = False,
) -> None:
    """Print the JSON Schema of one trace line (format version 1)."""
    from regola.conformance.trace.format import schema_text, write_text_atomic

    with user_errors():
        text = schema_text()
        if check:
            current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.is_file() else ""
            if current != text:
                fail(f"{SCHEMA_PATH} is out of date: run `regola trace-schema --write`", status=1)
            typer.echo(f"{SCHEMA_PATH} is up to date", err=True)
        elif write:
            write_text_atomic(SCHEMA_PATH, text)
            typer.echo(f"wrote {SCHEMA_PATH}", err=True)
        else:
            typer.echo(text, nl=False)


corpus_app = typer.Typer(
    help="The committed corpus of traces: generate it, check it, show its coverage.",
    no_args_is_help=True,
    add_completion=False,
    cls=Group,
)


def _ids(values: list[str] | None) -> list[str] | None:
    """The variant ids ``--variant`` names (variant files added by their id)."""
    from regola.spec import variant_id

    return None if values is None else [variant_id(v) for v in values]


@contextmanager
def progress(what: str, total: int, console: Console | None = None) -> Iterator[Callable[[VariantCorpus], None]]:
    """Progress on stderr (unless ``console`` is given), advanced once per
    variant built: a bar in a terminal, elsewhere a line every few seconds
    (`regola.conformance.cli.progress`)."""
    from .progress import progress as shown

    with shown(what, total, "variants", console) as tick:

        def advance(vc: VariantCorpus) -> None:
            tick(vc.variant)

        yield advance


@corpus_app.command("generate", cls=Command)
def corpus_generate(
    variant: VariantsOpt = None,
    corpus: CorpusOpt = CORPUS_DIR,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = None,  # noqa: UP045
    force: Annotated[
        bool, typer.Option("--force", help="Replace --corpus even if it is not a corpus regola wrote (its files are lost).")
    ] = False,
    profile: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option(
            "--profile", "-p", metavar="NAME", show_default=False,
            help="Only the traces of this source profile (pagat, seed-004...), of each --variant or of every "
                 "shipped variant that has it; needs --corpus.",
        ),
    ] = None,
) -> None:
    """Write the corpus from seeds (the same bytes every time). The folder
    is replaced only if it is new, empty or a corpus regola wrote (it holds
    a .regola-corpus file), unless --force is given. With --profile, each
    variant's folder holds only that profile's traces, the same bytes as in
    the whole corpus."""
    from regola.conformance.corpus.generate import build, write_corpus
    from regola.conformance.corpus.target import check_target
    from regola.spec import is_variant_file, variant_ids

    with user_errors():
        start = time.monotonic()
        if profile is not None and corpus.resolve() == CORPUS_DIR.resolve():
            raise UserError(f"--profile {profile}: writes only that profile's traces, which would replace the "
                            "packaged corpus's folders: give --corpus a folder of your own")
        files = [v for v in variant or [] if is_variant_file(v)]
        if files and corpus.resolve() == CORPUS_DIR.resolve():
            raise UserError(f"--variant {files[0]}: the traces of a variant file are not part of the packaged "
                            f"corpus ({CORPUS_DIR}), which holds the shipped variants only: give --corpus a folder "
                            f"of your own, for example --corpus {Path(files[0]).stem}-traces")
        check_target(corpus, force)  # before the work, not after it
        ids = _ids(variant)
        if profile is not None:
            from regola.conformance.corpus.profile_traces import build_profiles, profile_variants

            ids = profile_variants(profile, ids)
            with progress(f"generate --profile {profile}", len(ids)) as advance:
                built = build_profiles(profile, ids, jobs, on_variant=advance)
        else:
            with progress("generate", len(ids or variant_ids())) as advance:
                built = build(ids, jobs, on_variant=advance)
        write_corpus(built, corpus, whole=variant is None and profile is None, force=force)
        total = text_total = 0
        for vc in built:
            stored = sum((corpus / rel).stat().st_size for rel in vc.files())
            text = sum(len(t.encode()) for t in vc.files().values())
            total, text_total = total + stored, text_total + text
            typer.echo(f"{vc.variant:28} {len(vc.traces):3} traces {stored / 1024:8.0f} KiB ({text / 1024:.0f} KiB of text)")
            for note in vc.notes:
                typer.echo(f"  note: {note}", err=True)
        seconds = time.monotonic() - start
        typer.echo(f"wrote {sum(len(v.traces) for v in built)} traces, {total / 2**20:.1f} MiB compressed "
                   f"({text_total / 2**20:.1f} MiB of text), to {corpus} in {seconds:.0f} s")


@corpus_app.command("check", cls=Command)
def corpus_check(
    variant: VariantsOpt = None,
    corpus: CorpusOpt = CORPUS_DIR,
    jobs: Annotated[
        Optional[int], typer.Option("--jobs", "-j", min=1, help="Worker processes (one per core by default).")  # noqa: UP045
    ] = None,
) -> None:
    """Regenerate into a temporary folder and compare byte for byte (the
    text of each trace, decompressed), on every core (the largest variants
    of --corpus first)."""
    from regola.conformance.corpus.generate import build, first_difference, write_corpus
    from regola.conformance.trace.files import iter_traces
    from regola.spec import variant_ids

    with user_errors():
        ids = _ids(variant)
        with progress("check", len(ids or variant_ids())) as advance:
            built = build(ids, jobs, on_variant=advance, sizes=corpus if corpus.is_dir() else None)
        with tempfile.TemporaryDirectory(prefix="regola-corpus-") as tmp:
            fresh = Path(tmp) / "corpus"
            write_corpus(built, fresh)
            problem = first_difference(fresh, corpus, ids)
        if problem:
            fail(f"{problem}; run `regola corpus generate` and commit the result", status=1)
        count = sum(1 for _ in iter_traces(ids, corpus))
        typer.echo(f"the corpus in {corpus} is up to date ({count} traces)")


@corpus_app.command("show", cls=Command)
def corpus_show(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A trace file, .jsonl.gz or .jsonl.")],
) -> None:
    """Print a trace file's text, one JSON line each (a compressed .jsonl.gz
    decompressed): `regola corpus show FILE | head -3` shows its header and
    first lines. The same as `gzip -dc FILE` (or `zcat FILE`) for a
    compressed file."""
    from regola.conformance.trace.storage import read_bytes

    with user_errors():
        try:
            data = read_bytes(path)
        except OSError as exc:
            raise UserError(f"{path}: cannot be read: {(exc.strerror or str(exc)).lower()}") from None
        sys.stdout.buffer.write(data)  # `| head`: the reader's going away is the main's to handle
        sys.stdout.flush()


@corpus_app.command("coverage", cls=Command)
def corpus_coverage_command(corpus: CorpusOpt = CORPUS_DIR) -> None:
    """Print rule id x number of traces, per family, then the situations
    each variant's traces show (second hand, resets, extremes, pairs, the
    negative matrix); exit 1 if a rule id of a shipped variant is exercised
    by none of its traces, a situation that can occur in a variant is shown
    by none of its traces, or a cell of the negative matrix has no reject."""
    from regola.conformance.corpus.coverage import corpus_coverage
    from regola.conformance.corpus.situation_coverage import complete, render, situation_coverage
    from regola.spec import catalog

    with user_errors():
        if not corpus.is_dir():
            raise UserError(f"--corpus {corpus}: no such folder" if not corpus.exists() else f"--corpus {corpus}: not a folder")
        from regola.conformance.trace.files import iter_traces

        from .progress import progress as shown

        count = sum(1 for _ in iter_traces(root=corpus))
        with shown("coverage: rules", count, "traces") as tick:
            cov = corpus_coverage(corpus, on_trace=lambda path: tick(path.parent.name))
        with shown("coverage: situations", count, "traces") as tick:
            situated = situation_coverage(corpus, on_trace=lambda path: tick(path.parent.name))
        for family, counts in cov.families.items():
            titles = catalog(family)
            typer.echo(f"\n{family}: rule id, traces exercising it, traces rejecting with it")
            width = max(len(r) for r in counts)
            for rid, c in counts.items():
                title = titles[rid].title if rid in titles else "(not in the catalogue)"
                typer.echo(f"  {rid:{width}} {c.exercised:5} {c.rejected:5}  {title}")
        for problem in cov.problems:
            typer.echo(f"unreadable: {problem}", err=True)
        for line in render(situated):
            typer.echo(line)
        typer.echo(f"\n{cov.traces} traces")
        if cov.missing:
            for variant, rid in cov.missing:
                typer.echo(f"uncovered: {variant}: {rid}", err=True)
            fail(f"{len(cov.missing)} rule id(s) of shipped variants are exercised by no trace", status=1)
        if cov.problems:
            fail(f"{len(cov.problems)} trace(s) could not be read", status=1)
        if not complete(situated):
            fail("a situation that can occur is shown by no trace, or a cell of the negative matrix has no reject "
                 "line (see the report: -missing)", status=1)
        typer.echo("every rule id of every shipped variant is exercised")


def perft(
    variant: Annotated[str, typer.Argument(metavar="ID|FILE", help="A variant id or variant .toml file.")],
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the deck orders.")] = 0,
    depth: Annotated[int, typer.Option("--depth", "-d", min=0, help="Length of the action sequences.")] = 3,
    divide: Annotated[bool, typer.Option("--divide", help="Count per first action.")] = False,
    option: Annotated[
        Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="Override one field of the ruleset."),
    ] = None,
    profile: Annotated[
        Optional[str],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option("--profile", "-p", metavar="NAME", help="Start from this source profile's options (pagat, seed-004...).", show_default=False),
    ] = None,
) -> None:
    """Count the action sequences of length D from the first deal of seed N."""
    from regola.conformance.corpus.perft import perft as count_perft
    from regola.conformance.corpus.perft import perft_divide
    from regola.conformance.trace.format import dumps_line
    from regola.conformance.trace.record import load_ruleset
    from regola.spec import parse_option, profile_options

    with user_errors():
        options = dict(parse_option(text) for text in option or [])
        if profile is not None:
            options = {**profile_options(variant, profile), **options}
        ruleset = load_ruleset(variant, options)
        if not divide:
            typer.echo(count_perft(ruleset, seed, depth))
            return
        if depth < 1:
            raise UserError("--divide needs --depth 1 or more")
        rows = perft_divide(ruleset, seed, depth)
        for action, n in rows:
            typer.echo(f"{dumps_line(action)} {n}")
        typer.echo(f"total {sum(n for _, n in rows)}")
