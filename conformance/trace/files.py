"""Where the committed traces and the trace schema live, and how to list them.

The data sit in ``conformance/data/`` (installed as package data): the corpus
as ``data/corpus/<variant>/<name>.jsonl.gz`` (compressed: `.storage`) and
the JSON Schema of a trace line as ``data/schema/trace.schema.json``.
Reading them needs nothing but this module and `.storage`; making them is
the corpus room's job (`regola.conformance.corpus`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .storage import SUFFIXES, trace_stem

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
CORPUS_DIR = DATA_DIR / "corpus"
"""The committed corpus, one folder per variant."""
SCHEMA_PATH = DATA_DIR / "schema" / "trace.schema.json"
"""The JSON Schema of one trace line, as `regola trace-schema --write` writes it."""


def trace_files(folder: Path, recursive: bool = False) -> list[Path]:
    """The trace files (``.jsonl`` and ``.jsonl.gz``) in ``folder`` (and
    below it, with ``recursive``), sorted by folder and trace name."""
    pattern = "**/*" if recursive else "*"
    found = {p for suffix in SUFFIXES for p in Path(folder).glob(pattern + suffix)}
    return sorted(found, key=lambda p: (str(p.parent), trace_stem(p), p.name))


def iter_traces(variants: list[str] | None = None, root: Path = CORPUS_DIR) -> Iterator[Path]:
    """The corpus's trace files, sorted; only those of ``variants`` if given
    (a variant without traces yields nothing)."""
    dirs = sorted(p for p in Path(root).iterdir() if p.is_dir()) if Path(root).is_dir() else []
    for folder in dirs:
        if variants is None or folder.name in variants:
            yield from trace_files(folder)
