"""Loading rulesets from several threads at once (the conformance runner's
--jobs does) proves each invariant once at a time: z3 is not thread-safe."""

from __future__ import annotations

import threading

from regola.spec import load
from regola.spec.invariants.runner import check, clear_cache


def test_concurrent_checked_loads_all_finish_with_the_same_results() -> None:
    clear_cache()
    variants = ["briscola-2", "briscola-4", "brisca-2", "bisca-2", "briscola-6", "bixkla"]
    loaded: dict[str, object] = {}
    errors: list[str] = []

    def load_one(variant: str) -> None:
        try:
            loaded[variant] = load(variant, {"hand_scoring.tie": "replay"})
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(f"{variant}: {exc!r}")

    threads = [threading.Thread(target=load_one, args=(v,), daemon=True) for v in variants]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not [t for t in threads if t.is_alive()], "a checked load hung"
    assert errors == []
    for variant, ruleset in loaded.items():
        # the cached results of the concurrent run match a fresh, single-threaded check
        cached = [(r.name, r.status) for r in check(ruleset)]
        fresh = [(r.name, r.status) for r in check(ruleset, use_cache=False)]
        assert cached == fresh, variant
        assert all(status != "failed" for _, status in cached), variant
