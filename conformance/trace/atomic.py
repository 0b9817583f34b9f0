"""Files written atomically: through a temporary file (or folder) beside
the target, renamed into place, so that an interrupted write never leaves
a half-written file where a whole one was."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def naming(path: Path) -> Iterator[None]:
    """Let a file-system error raised inside name ``path``, the file or
    folder the user asked for: a write that fails for want of space names no
    file at all, and one inside a temporary file or folder names that, which
    the user never heard of. The error is raised again as the same kind of
    `OSError` with ``path`` as its second file name (what
    `regola.conformance.cli.errors.phrase` shows)."""
    try:
        yield
    except OSError as exc:
        if exc.errno is None or exc.filename2 is not None:
            raise
        first = exc.filename if exc.filename is not None else str(path)  # Python keeps a second name only with a first
        raise type(exc)(exc.errno, exc.strerror or os.strerror(exc.errno), first, None, str(path)) from exc


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder.

    The file gets the permissions of any new file (0644 under the usual
    umask 022), not the owner-only 0600 of `tempfile.mkstemp`."""
    path = Path(path)
    with naming(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _new_file(path.parent, f".{path.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """`write_text_atomic` for bytes (a compressed trace)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_file(path.parent, f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_folder_beside(path: Path, tag: str) -> Path:
    """A new empty folder next to ``path`` (``.<name>-<tag>-<random>``) to
    build a replacement of it in, created with the permissions of any new
    folder (0755 under the usual umask), not the owner-only 0700 of
    `tempfile.mkdtemp`, since it may be renamed into place."""
    for _ in range(100):
        folder = path.parent / f".{path.name}-{tag}-{_random_part()}"
        try:
            folder.mkdir(0o777)
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(f"no free name for a temporary folder beside {path}")


def _new_file(folder: Path, prefix: str) -> tuple[int, Path]:
    """Create a new file in ``folder`` under an unused name; the umask
    applies to its mode, as for any new file."""
    for _ in range(100):
        tmp = folder / f"{prefix}{_random_part()}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free name for a temporary file in {folder}")


def _random_part() -> str:
    return secrets.token_hex(6)
