"""The catalogue of misreadings kept on disk, so that the next process need
not make it again (it takes seconds: every function of the reference is
parsed and each of its nodes rewritten in every way it can be).

One pickle in ``<cache>/misreadings/`` (the folder of
`regola.spec.invariants.store.cache_dir`), named by a digest of regola's
version and the source of the reference, of the rule catalogue and of the
modules that make the misreadings: a changed file in a working copy is never
answered with an old catalogue. A file that cannot be read is ignored, a
folder that cannot be written too: the catalogue is then made again.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from regola import reference
from regola.spec.invariants.store import cache_dir

_SOURCES = (
    Path(reference.__file__).resolve().parent,
    Path(__file__).resolve().parent,
    Path(reference.__file__).resolve().parent.parent / "spec" / "rules",
)


def _digest() -> str:
    h = hashlib.sha256()
    try:
        h.update(metadata.version("regola").encode())
    except metadata.PackageNotFoundError:
        h.update(b"0+unknown")
    for root in _SOURCES:
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:32]


def kept(name: str, make: Callable[[], Any]) -> Any:
    """``make()``, or what it made last time with the same sources."""
    path = cache_dir() / "misreadings" / f"{name}-{_digest()}.pickle"
    try:
        with path.open("rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError):
        pass
    value = make()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass
    return value
