"""Proof results kept on disk, so that the next process need not prove them again.

One small JSON file per ruleset in ``<cache>/proofs/``, where ``<cache>`` is
``$REGOLA_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/regola``, else
``~/.cache/regola``. The file's name is a digest of the ruleset's hash,
regola's version and the spec's own source code: a changed invariant in a
working copy (where the version stays the same) is never answered with an
old proof.

Only final results are kept: every invariant proved, not applicable, or
failed with a counterexample; never a set in which z3 gave up on a claim,
and nothing from a run that was interrupted. A file is written under a
temporary name and renamed, so a reader sees all of it or nothing. A file
that cannot be read or does not make sense is ignored, as is a cache
folder that cannot be written: the proofs are then simply made again.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, replace
from functools import cache
from importlib import metadata
from pathlib import Path

from .core import REGISTRY, InvariantResult

FORMAT = 1
_SPEC_DIR = Path(__file__).resolve().parent.parent
_STATUSES = ("proved", "failed", "not-applicable")
_enabled = True


def cache_dir() -> Path:
    """The user's cache folder for regola (it need not exist yet)."""
    own = os.environ.get("REGOLA_CACHE_DIR")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "regola"


def disable() -> None:
    """Neither read nor write proofs on disk for the rest of the process (to
    time, or test, proofs made afresh)."""
    global _enabled
    _enabled = False


@cache
def _version() -> str:
    try:
        return metadata.version("regola")
    except metadata.PackageNotFoundError:
        return "0+unknown"


@cache
def _code_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(_SPEC_DIR.rglob("*.py")):
        digest.update(str(path.relative_to(_SPEC_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _path(ruleset_hash: str) -> Path:
    key = hashlib.sha256(f"{ruleset_hash}\n{_version()}\n{_code_digest()}".encode()).hexdigest()
    return cache_dir() / "proofs" / f"{key[:40]}.json"


def recall(ruleset_hash: str) -> tuple[InvariantResult, ...] | None:
    """The results kept for the ruleset with this hash, or None."""
    if not _enabled:
        return None
    try:
        data = json.loads(_path(ruleset_hash).read_text(encoding="utf-8"))
        if data["format"] != FORMAT or data["ruleset_hash"] != ruleset_hash:
            return None
        results = tuple(_result(item) for item in data["results"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if [r.name for r in results] != list(REGISTRY):
        return None
    # the time shown is what this run spent on them: nothing to speak of
    return tuple(replace(r, seconds=0.0) for r in results)


def _result(item: dict[str, object]) -> InvariantResult:
    name, status, seconds = item["name"], item["status"], item["seconds"]
    counterexample, note = item.get("counterexample"), item.get("note")
    if not isinstance(name, str) or status not in _STATUSES or not isinstance(seconds, (int, float)):
        raise ValueError("not a result")
    if not all(x is None or isinstance(x, str) for x in (counterexample, note)):
        raise ValueError("not a result")
    if status == "failed" and not counterexample:
        raise ValueError("a failure without its counterexample")
    return InvariantResult(name, status, float(seconds), counterexample, note)  # type: ignore[arg-type]


def keep(ruleset_hash: str, results: tuple[InvariantResult, ...]) -> None:
    """Write ``results`` for the next process, if every one is final."""
    if not _enabled or not all(r.final for r in results):
        return
    path = _path(ruleset_hash)
    text = json.dumps(
        {
            "format": FORMAT,
            "ruleset_hash": ruleset_hash,
            "version": _version(),
            "results": [{k: v for k, v in asdict(r).items() if k != "final"} for r in results],
        },
        ensure_ascii=False,
        sort_keys=True,
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a cache that cannot be written only costs time
