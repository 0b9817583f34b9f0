"""The cache of loaded rulesets, for `regola.spec.loader.load`.

Loading parses TOML and validates the result (about 10 ms a ruleset), and
hashing a ruleset dumps it to canonical JSON (about 1 ms); a replay of the
corpus loads the same few rulesets hundreds of times. A load is kept by
(file, options in their given order), validated but not yet proved (the
proofs have a cache of their own, by the ruleset's hash), together with the bytes of
every file it read and every parent path it found absent. It is served
again only while each of those files still holds the same bytes and each
absent path is still absent, so an edited variant file is never served
stale, and different options are different entries. Rulesets are frozen,
so handing the same one to every caller is safe, and so is keeping its hash.
Under that, each file's TOML is parsed once per distinct content (`parsed`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

Key = tuple[str, str]
Reads = tuple[tuple[Path, "bytes | None"], ...]

MAX_ENTRIES = 512
MAX_FILE_BYTES = 1 << 20
"""As the loader reads at most: a longer file is not a variant file."""

RACY_NS = 2_000_000_000
"""A file whose change time is within this many nanoseconds of when it was
read is compared by its bytes, not its stamp."""

_LOADED: dict[Key, tuple[Reads, tuple[Any, ...], int, Any]] = {}
_HASHES: dict[int, tuple[Any, str]] = {}
"""Content hashes of cached rulesets, by object; the entry keeps the object
alive, so its id cannot be reused by another while the entry lasts."""


def key(path: Path, options: Mapping[str, Any] | None) -> Key | None:
    """The cache key of a load, or None for options that are not plain data."""
    try:
        opts = json.dumps(list((options or {}).items()), separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None
    return os.path.abspath(path), opts


def _stamp(path: Path) -> tuple[int, int, int, int] | None:
    """What changes whenever the file's content does: its inode, size and
    change time (set by the system on every write, and never by hand)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _bytes(path: Path) -> bytes | None:
    try:
        with path.open("rb") as fh:
            return fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None


def _unchanged(path: Path, raw: bytes | None, stamp: Any, since: int) -> bool:
    """Whether ``path`` still holds ``raw`` (None: it still cannot be read).
    The stamp decides, unless the file changed too close to when it was read
    for its change time to tell (the system clock it uses is coarse): then
    the bytes are read and compared, as git does for "racily clean" files."""
    now = _stamp(path)
    if now != stamp:
        return False
    if now is None or now[3] < since - RACY_NS:
        return True
    return _bytes(path) == raw


def cached(k: Key | None) -> Any:
    """The ruleset kept under ``k`` if every file it came from is unchanged, else None."""
    entry = _LOADED.get(k) if k is not None else None
    if entry is None:
        return None
    reads, stamps, since, ruleset = entry
    if all(_unchanged(p, raw, st, since) for (p, raw), st in zip(reads, stamps)):
        return ruleset
    _LOADED.pop(k, None)  # type: ignore[arg-type]
    return None


def keep(k: Key, reads: Reads, ruleset: Any) -> None:
    """Keep ``ruleset``, loaded from the files and absent paths ``reads``.
    A file that changed while it was being read has a stamp that differs
    from its bytes' time, and is read again at the next load."""
    if len(_LOADED) >= MAX_ENTRIES:
        clear()
    since = time.time_ns()
    stamps = tuple(_stamp(p) if raw is not None else None for p, raw in reads)
    if any(st is None for st, (_, raw) in zip(stamps, reads) if raw is not None):
        return  # a file vanished since it was read: not worth keeping
    _LOADED[k] = (reads, stamps, since, ruleset)


def known_hash(ruleset: Any) -> str | None:
    entry = _HASHES.get(id(ruleset))
    return entry[1] if entry is not None and entry[0] is ruleset else None


def keep_hash(ruleset: Any, digest: str) -> None:
    """Keep the hash of a ruleset this cache holds (others are not kept)."""
    if any(entry[-1] is ruleset for entry in _LOADED.values()):
        _HASHES[id(ruleset)] = (ruleset, digest)


_PARSED: dict[bytes, Any] = {}
"""TOML parses by the file's bytes: a load with options the cache has not
seen (the corpus makers try hundreds of option sets) still reads each file,
but parses it once."""


def parsed(raw: bytes) -> dict[str, Any] | None:
    """A fresh copy of the parse of ``raw`` (a file's bytes) if it was kept."""
    data = _PARSED.get(raw)
    return None if data is None else _copy(data)


def keep_parsed(raw: bytes, data: dict[str, Any]) -> None:
    """Keep the parse of ``raw`` (a copy: the caller may change ``data``)."""
    if len(_PARSED) >= MAX_ENTRIES:
        _PARSED.clear()
    _PARSED[raw] = _copy(data)


def _copy(value: Any) -> Any:
    """A copy of parsed TOML deep enough that changing it leaves the kept
    parse alone (tables and arrays are copied; strings, numbers, dates are
    immutable)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def clear() -> None:
    """Forget every cached load, hash and parse (the next loads parse and validate again)."""
    _LOADED.clear()
    _HASHES.clear()
    _PARSED.clear()
