"""How trace files are stored: plain ``.jsonl``, or gzip-compressed
``.jsonl.gz``, read the same way.

The committed corpus is stored compressed (``<name>.jsonl.gz``); a trace
written by hand, by ``regola fuzz`` or by the lockstep checker stays plain
``.jsonl``. Every reader goes through this module, which tells the two
apart by the file's first bytes (gzip's magic number), not by its name, so
a compressed file under any name reads as its text.

Why compression rather than each view stored as a difference from the
last: a trace's lines repeat most of the previous line (the whole
omniscient view after every step), which is exactly what a general
compressor removes. gzip takes the corpus from 40 MiB to under 3 MiB while
the text inside stays format version 1, line for line: no reader needs a
new algorithm (Python's `gzip`, Node's `zlib.gunzipSync`, Go's
``compress/gzip``, ``zcat`` and ``zgrep`` read it), nothing about the
format changes for engines, and every line is still a whole view, readable
on its own. A difference format would have needed a version 2 of the trace
format, a patch algorithm in every reader, and lines that mean nothing
without all the lines before them.

The bytes are deterministic: a fixed gzip header (no file name, modification
time 0, operating system "unknown") around zlib's raw deflate stream at
level 9 (`compress`). A different zlib may still deflate differently, so
``regola corpus check`` compares the decompressed text, byte for byte,
never the compressed bytes.
"""

from __future__ import annotations

import gzip
import io
import os
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

PLAIN = ".jsonl"
COMPRESSED = ".jsonl.gz"
SUFFIXES = (COMPRESSED, PLAIN)
"""The names of trace files, as listed in a folder."""
LEVEL = 9
"""zlib's compression level for the corpus (fixed: part of its bytes)."""
_MAGIC = b"\x1f\x8b"
_HEADER = _MAGIC + b"\x08\x00" + b"\x00\x00\x00\x00" + b"\x02\xff"
"""gzip member header: deflate, no flags, mtime 0, best compression, OS unknown."""


def compress(text: str) -> bytes:
    """``text`` (UTF-8) as the bytes of a ``.jsonl.gz`` file: the same
    bytes for the same text, whatever the time or the platform (given the
    same zlib)."""
    data = text.encode("utf-8")
    deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflate.compress(data) + deflate.flush()
    return _HEADER + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def is_trace_file(path: Path) -> bool:
    """Whether ``path``'s name is a trace file's (``.jsonl`` or ``.jsonl.gz``)."""
    return path.name.endswith(SUFFIXES)


def trace_stem(path: str | os.PathLike[str]) -> str:
    """The trace's name from its file name: without ``.jsonl.gz`` or ``.jsonl``."""
    name = Path(path).name
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return Path(path).stem


def is_compressed(path: Path) -> bool:
    """Whether the file starts with gzip's magic number."""
    with open(path, "rb") as fh:
        return fh.read(2) == _MAGIC


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The trace's text as bytes, decompressed if it is compressed. Raises
    OSError for a file that cannot be read, or a compressed one that is
    broken."""
    raw = Path(path).read_bytes()
    if not raw.startswith(_MAGIC):
        return raw
    try:
        return gzip.decompress(raw)
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
        raise OSError(f"a broken gzip file ({exc})") from None


def text_size(path: Path) -> int:
    """The size of the trace's text in bytes, without reading it all: a
    compressed file's gzip trailer records it (modulo 4 GiB, so a size
    read from it is never trusted below the compressed size)."""
    size = path.stat().st_size
    if size < 18 or not is_compressed(path):
        return size
    with open(path, "rb") as fh:
        fh.seek(-4, os.SEEK_END)
        (isize,) = struct.unpack("<I", fh.read(4))
    return max(isize, size)


def open_binary(path: Path) -> IO[bytes]:
    """The trace's text as a binary file object (decompressing as it reads):
    iterate it for its lines; it can ``seek`` to an offset in the text (a
    compressed file decompresses up to there)."""
    if is_compressed(path):
        return gzip.open(path, "rb")
    return open(path, "rb")


@contextmanager
def open_text(path: Path) -> Iterator[IO[str]]:
    """The trace's text as a text file object (UTF-8)."""
    with open_binary(Path(path)) as raw, io.TextIOWrapper(raw, encoding="utf-8", newline="") as text:
        yield text


def first_line(path: Path) -> str:
    """The first line of the trace's text (its header), read alone. Raises
    OSError as `read_bytes` does."""
    try:
        with open_text(path) as fh:
            return fh.readline()
    except (EOFError, zlib.error) as exc:
        raise OSError(f"a broken gzip file ({exc})") from None


def read_text(path: Path) -> str:
    """The trace's whole text."""
    return read_bytes(path).decode("utf-8")
