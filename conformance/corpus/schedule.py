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
    families: dict[str, list[str]],
    alone: list[str],
    plan: Callable[[str], Any],
    build: Callable[..., Any],
    done: Callable[[Any], None],
) -> dict[str, Any]:
    """Variant -> ``build(variant[, plan(family)])`` for the variants of
    ``families`` (each built with its family's plan, once that is known) and
    those ``alone``, keeping at most ``jobs`` tasks in the pool and, when a
    worker is free, giving it the largest variant that is ready. ``done`` is
    called with each result as it comes."""
    waiting: dict[Future[Any], str] = {
        pool.submit(plan, f): f for f in sorted(families, key=lambda f: -sum(order[v] for v in families[f]))
    }
    ready: list[tuple[str, tuple[Any, ...]]] = [(v, ()) for v in alone]
    running: dict[Future[Any], str] = {}
    built: dict[str, Any] = {}
    while waiting or ready or running:
        ready.sort(key=lambda item: (order[item[0]], item[0]), reverse=True)
        while ready and len(waiting) + len(running) < jobs:
            variant, args = ready.pop(0)
            running[pool.submit(build, variant, *args)] = variant
        finished, _ = wait([*waiting, *running], return_when=FIRST_COMPLETED)
        for future in finished:
            if future in waiting:
                family = waiting.pop(future)
                ready += [(v, (future.result(),)) for v in families[family]]
            else:
                variant = running.pop(future)
                built[variant] = future.result()
                done(built[variant])
    return built
