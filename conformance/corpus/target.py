"""Where a corpus may be written: never over files regola did not write.

`regola corpus generate --corpus PATH` replaces PATH. It does so only when
PATH does not exist yet, is an empty folder, or is a regola corpus: a
folder holding the marker file `MARKER` (every corpus regola writes has
one), or a folder whose entries are exactly what regola writes (variant
folders holding nothing but ``.jsonl`` or ``.jsonl.gz`` traces, as a corpus written before
the marker existed). Anything else (a folder of other files, a file) is
refused unless the user says ``--force``.
"""

from __future__ import annotations

import os
from pathlib import Path

from regola.conformance.trace.storage import SUFFIXES

MARKER = ".regola-corpus"
"""The file that marks a folder as a corpus regola wrote (and may replace)."""
MARKER_TEXT = (
    "This folder is a corpus of conformance traces written by `regola corpus generate`,\n"
    "which replaces it whole when run again. Do not keep other files here.\n"
)


class NotACorpus(ValueError):
    """The target of a corpus write holds something regola did not write."""


def write_marker(folder: Path) -> None:
    """Mark ``folder`` as a regola corpus."""
    (Path(folder) / MARKER).write_text(MARKER_TEXT, encoding="utf-8", newline="\n")


def is_corpus(folder: Path) -> bool:
    """True if ``folder`` is a regola corpus: it holds the marker, or only
    variant folders of traces (an empty folder included)."""
    folder = Path(folder)
    if (folder / MARKER).is_file():
        return True
    with os.scandir(folder) as entries:
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False):
                return False
            with os.scandir(entry.path) as files:
                if any(not (f.is_file(follow_symlinks=False) and f.name.endswith(SUFFIXES)) for f in files):
                    return False
    return True


def check_target(path: Path | str, force: bool = False) -> Path:
    """The corpus folder ``path`` names, if regola may replace it; raise
    `NotACorpus` (naming the path) if it holds something else and ``force``
    is not given. An empty path is refused: it would mean the current
    folder."""
    if str(path) == "":
        raise NotACorpus("--corpus is empty: give the folder of the corpus")
    target = Path(path)
    if force or not os.path.lexists(target):
        return target
    if target.is_symlink() or not target.is_dir():
        raise NotACorpus(
            f"{target} exists and is not a folder: refusing to replace it with a corpus (use --force to replace it)"
        )
    try:
        ok = is_corpus(target)
    except OSError as exc:
        raise NotACorpus(f"{target}: cannot be read: {(exc.strerror or str(exc)).lower()}") from None
    if not ok:
        raise NotACorpus(
            f"{target} is not a regola corpus (no {MARKER} file, and it holds other files): "
            "refusing to replace it (use --force to replace it, or choose a new folder)"
        )
    return target
