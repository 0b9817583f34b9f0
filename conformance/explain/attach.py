"""Blame by explanation for every divergence of a failed trace, in any
thread.

The root divergence is explained strictly (`regola.conformance.explain.search`):
an alternative must agree with the trace at every earlier line and report
exactly the engine's differences. The later, possibly consequential ones
(up to `LATER` of them, each with `LATER_BUDGET` alternatives) are explained
loosely: the engine's views before them are no longer the trace's, so an
alternative need only reproduce the engine's values where it differs there,
and the rules blamed before it are tried first (it may follow from the same
cause). The next `LATER_SHAPES` are explained by the shapes alone.

A misreading patches the reference for the whole process, so it can only be
tried on the main thread. A run with several worker threads (``--jobs``)
hands its explanations to one helper process, where they run on that
process's main thread with every alternative; if the helper cannot be
started, the thread tries the option values alone.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from dataclasses import replace
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regola.conformance.explain import causes, search
from regola.conformance.explain.replay import named

FIXED = ("accepted", "crashed", "wrong-rule", "changed-by-reject")
"""Divergences at a reject line: each reject line breaks one rule alone
(`regola.conformance.explain.waive`), so theirs is the rule named."""

LATER = 3
"""Later divergences explained per trace (0: the root only)."""
LATER_BUDGET = 200
"""Alternatives tried per later divergence."""
LATER_SHAPES = 12
"""Later divergences after those, explained by the shapes alone (no
alternative replayed): a bug that shows only in a later hand of an engine
that already differs is still named."""

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def attach_all(result: Any, header: dict[str, Any], lines: Sequence[dict[str, Any]], fields: Sequence[str]) -> None:
    """Explain ``result``'s root divergence and its first `LATER` later ones
    (``lines``: the trace's lines after the header); each whose explanation
    is not a guess is blamed on the rule it names."""
    if not search.ENABLED or result.divergence is None:
        return
    todo = [(result.divergence, False, search.MAX_ALTERNATIVES)]
    later = [d for d in result.consequences if d.kind in search.EXPLAINED_KINDS]
    # a seat's view cannot change the game: after divergences in seat views
    # alone, the next one is explained as strictly as a root
    game_wrong = result.divergence.kind != "seat-view"
    for n, d in enumerate(later[: LATER + LATER_SHAPES]):
        budget = 0 if n >= LATER else LATER_BUDGET if game_wrong else search.MAX_ALTERNATIVES
        todo.append((d, game_wrong, budget))
        game_wrong = game_wrong or d.kind != "seat-view"
    blamed: list[str] = []
    for divergence, loose, budget in todo:
        items = list(lines[: max(0, divergence.line - 1)])
        found = explain_anywhere(header, items, divergence, list(fields), budget, loose, tuple(blamed))
        divergence.explained_by = found
        if divergence.kind in FIXED:
            pass  # a reject line breaks one rule alone: that is the rule, whatever explains it
        elif not divergence.consequential and named(divergence) is not None:
            # the root: the rule the engine itself cited to refuse a legal action (a later
            # refusal may follow from an earlier fault, whose explanation then wins)
            divergence.rule = named(divergence)
        elif found.rule is not None and (found.how != "guess" or found.causes):
            divergence.rule = found.rule  # a guess names the rule behind the field that differs
        if found.how != "guess":
            blamed.append(found.rule)  # a later one may follow from the same cause: tried first


def explain_anywhere(
    header: dict[str, Any],
    items: list[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    budget: int = search.MAX_ALTERNATIVES,
    loose: bool = False,
    first: tuple[str, ...] = (),
) -> search.Explanation:
    """`causes.explain`, on this thread if it is the main one, else in the
    helper process (so that misreadings are tried there too)."""
    if threading.current_thread() is threading.main_thread():
        return causes.explain(header, items, divergence, fields, budget, loose, first)
    try:
        future = _pool().submit(causes.explain, header, items, divergence, fields, budget, loose, first)
        return future.result()
    except Exception:  # noqa: BLE001 - no helper process: the options alone, here
        return causes.explain(header, items, divergence, fields, budget, loose, first)


def _pool() -> ProcessPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            atexit.register(shutdown)
        return _POOL


def shutdown() -> None:
    """Stop the helper process, if one was started."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def uncertain(found: Any, differed: Sequence[str]) -> Any:
    """``found`` given as a guess: at a focused trace's position the
    engine's play already differed (``differed``), so what it gets wrong
    next may follow from that and no cause is stated as certain."""
    if found is None or found.how == "guess":
        return found
    where = ", ".join(differed[:4]) + (", ..." if len(differed) > 4 else "")
    text = (f"a guess: the engine's position already differed ({where}), so this may follow from that; "
            f"taken alone, {found.text}")
    return replace(found, how="guess", text=text,
                   causes=tuple(replace(c, how="guess") for c in found.causes))
