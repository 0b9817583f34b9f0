"""Progress on stderr for the commands that can take more than a moment
(``regola check``, ``corpus generate|check|coverage``, ``conform``,
``fuzz``).

In a terminal the commands draw a rich progress bar, redrawn in place and
gone at the end. Anywhere else (a pipe, a log file, CI) a bar draws
nothing, and a long command would say nothing for a minute: there a
`Heartbeat` writes one plain line instead, the first after `FIRST`
seconds and then one every `EVERY` seconds, from a timer, so the line comes
even while one long step is under way. A command done sooner prints
nothing.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any

FIRST = 2.0
"""Seconds before the first line: a quick command prints none."""
EVERY = 5.0
"""Seconds between lines after the first."""
SILENT = threading.Event()
"""Set once the command is interrupted: no progress line after "interrupted"."""


class Heartbeat:
    """A line on ``stream`` every `EVERY` seconds (the first after `FIRST`):
    ``check: 12/47 variants (briscola-4), 8 s``. `advance` counts a unit
    done; `note` is said after the count."""

    def __init__(self, what: str, total: int | None, unit: str, stream: IO[str] | None = None,
                 first: float = FIRST, every: float = EVERY) -> None:
        self.what, self.total, self.unit = what, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.first, self.every = first, every
        self.done = 0
        self.last = ""
        self.note = ""
        self.started = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"regola-progress-{what}", daemon=True)

    def advance(self, last: str = "", n: int = 1, note: str | None = None) -> None:
        self.done += n
        if last:
            self.last = last
        if note is not None:
            self.note = note

    def line(self) -> str:
        count = f"{self.done}/{self.total}" if self.total is not None else str(self.done)
        last = f" ({self.last})" if self.last else ""
        note = f"; {self.note}" if self.note else ""
        return f"{self.what}: {count} {self.unit}{last}{note}, {time.monotonic() - self.started:.0f} s"

    def _run(self) -> None:
        wait = self.first
        while not self._stop.wait(wait):
            if SILENT.is_set():
                return
            try:
                self.stream.write(self.line() + "\n")
                self.stream.flush()
            except (OSError, ValueError):  # the reader went away: stop talking
                return
            wait = self.every

    def __enter__(self) -> Heartbeat:
        self.started = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)


@contextmanager
def progress(what: str, total: int | None, unit: str, console: Any = None,
             columns: tuple[Any, ...] = (), **fields: Any) -> Iterator[Callable[..., None]]:
    """Progress for ``total`` ``unit`` (a bar in a terminal, a `Heartbeat`
    elsewhere), yielding ``advance(last="", **fields)``: one unit done,
    ``last`` its name, ``fields`` the counts the bar's ``columns`` show
    (the heartbeat says them as ``name n``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = console or Console(stderr=True)
    if not console.is_terminal:
        with Heartbeat(what, total, unit, stream=console.file) as beat:

            def tick(last: str = "", **counts: Any) -> None:
                beat.advance(last, note=", ".join(f"{v} {k}" for k, v in counts.items()) or None)

            yield tick
        return
    with Progress(
        TextColumn(f"[bold]{what}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        *(columns or (TextColumn(f"{unit} [dim]{{task.fields[last]}}[/]"),)),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(what, total=total, last="", **fields)

        def advance(last: str = "", **counts: Any) -> None:
            bar.update(task, advance=1, last=last, **counts)

        yield advance
