"""The order in which the corpus's workers build the variants: largest
first, so that no long variant starts last while the other workers idle.

Each variant's size is the bytes of its traces in an existing corpus (the
committed one, or the one `regola corpus check` compares with): building a
variant takes roughly as long as its traces are large. Only the order of
the work depends on it, never what is built (`.generate.build`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any

from regola.conformance.trace.files import iter_traces


def work_order(variants: list[str], sizes: Path | None) -> dict[str, int]:
    """Variant -> bytes of its traces under the corpus ``sizes`` (0 if it
    has none there, or without ``sizes``)."""
    order = dict.fromkeys(variants, 0)
    for path in iter_traces(variants, sizes) if sizes is not None else ():
        try:
            order[path.parent.name] += path.stat().st_size
        except OSError:
            continue  # a file that vanished meanwhile only changes the order
    return order


def largest_first(
    pool: Executor,
    jobs: int,
    order: dict[str, int],
    build: Callable[[str], Any],
    done: Callable[[Any], None],
) -> dict[str, Any]:
    """Variant -> ``build(variant)`` for every variant of ``order``, keeping
    at most ``jobs`` tasks in the pool and, when a worker is free, giving it
    the largest variant left. ``done`` is called with each result as it
    comes."""
    ready = sorted(order, key=lambda v: (order[v], v), reverse=True)
    running: dict[Future[Any], str] = {}
    built: dict[str, Any] = {}
    while ready or running:
        while ready and len(running) < jobs:
            variant = ready.pop(0)
            running[pool.submit(build, variant)] = variant
        finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in finished:
            variant = running.pop(future)
            built[variant] = future.result()
            done(built[variant])
    return built
