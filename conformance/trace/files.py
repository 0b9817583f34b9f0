"""Where the committed traces and the trace schema live, and how to list them.

The data sit in ``conformance/data/`` (installed as package data): the corpus
as ``data/corpus/<variant>/<name>.jsonl`` and the JSON Schema of a trace line
as ``data/schema/trace.schema.json``. Reading them needs nothing but this
module; making them is the corpus room's job (`regola.conformance.corpus`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
CORPUS_DIR = DATA_DIR / "corpus"
"""The committed corpus, one folder per variant."""
SCHEMA_PATH = DATA_DIR / "schema" / "trace.schema.json"
"""The JSON Schema of one trace line, as `regola trace-schema --write` writes it."""


def iter_traces(variants: list[str] | None = None, root: Path = CORPUS_DIR) -> Iterator[Path]:
    """The corpus's trace files, sorted; only those of ``variants`` if given
    (a variant without traces yields nothing)."""
    dirs = sorted(p for p in Path(root).iterdir() if p.is_dir()) if Path(root).is_dir() else []
    for folder in dirs:
        if variants is None or folder.name in variants:
            yield from sorted(folder.glob("*.jsonl"))
