"""Running the invariants on a ruleset, with a cache in the process and one
on disk.

Results are cached by the ruleset's content hash, so loading the same
ruleset again (the same variant with the same options) costs a dictionary
lookup; final results are also kept on disk (`.store`), so the next
process (another ``regola check``) reads them instead of proving again.
"""

from __future__ import annotations

import threading

from ..loader import SpecError, ruleset_hash
from ..schema import Ruleset
from . import store
from .core import REGISTRY, Invariant, InvariantResult, forget_proofs

_CACHE: dict[str, tuple[InvariantResult, ...]] = {}
_Z3 = threading.RLock()
"""z3's Python API is not thread-safe: one check at a time per process."""


def invariants() -> list[Invariant]:
    """Every invariant, in report order."""
    return list(REGISTRY.values())


def check(ruleset: Ruleset, *, use_cache: bool = True) -> tuple[InvariantResult, ...]:
    """Run every invariant on ``ruleset`` (each either proved, failed with a
    counterexample, or not applicable to its family). Without ``use_cache``
    neither cache is read: every invariant is run."""
    key = ruleset_hash(ruleset)
    with _Z3:
        if use_cache and key in _CACHE:
            return _CACHE[key]
        results = store.recall(key) if use_cache else None
        if results is None:
            results = tuple(inv.check(ruleset) for inv in REGISTRY.values())
            store.keep(key, results)
        if len(_CACHE) > 1024:
            _CACHE.clear()
        _CACHE[key] = results
        return results


def failures(results: tuple[InvariantResult, ...] | list[InvariantResult]) -> list[InvariantResult]:
    return [r for r in results if r.status == "failed"]


def require_proved(ruleset: Ruleset, where: str) -> None:
    """Raise `SpecError` naming ``where``, the first invariant that
    fails and its counterexample; do nothing when every invariant holds."""
    bad = failures(check(ruleset))
    if not bad:
        return
    first = bad[0]
    others = ""
    if len(bad) > 1:
        others = f" It also fails {', '.join(r.name for r in bad[1:])}."
    raise SpecError(
        f"{where} fails the invariant {first.name} ({REGISTRY[first.name].statement.rstrip('.')}): "
        f"{first.counterexample}.{others} Run `regola check` on it to see every failure, "
        f"or load it with checked=False to use it anyway."
    )


def clear_cache() -> None:
    """Forget every cached result, per ruleset and per invariant, and stop
    reading or writing results on disk for the rest of the process (to time,
    or test, a cold check)."""
    _CACHE.clear()
    forget_proofs()
    store.disable()
