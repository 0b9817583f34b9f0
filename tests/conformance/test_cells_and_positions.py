"""Each check stands alone: every reject line is a cell of its own, an
engine that crashes on one or answers ``bad-request`` still gets a verdict
on every other; a focused trace is checked from its own position when the
engine takes positions (protocol 1.2), and never counts as passed when its
position already differed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.conformance.protocol.engine import ActionRejected, EngineFailure, ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.storage import trace_stem
from regola.conformance.trace.format import read_trace

VARIANTS = ["briscola-2", "scopa-2", "chiamata"]


def _negative_and_focused() -> list[Path]:
    return [p for p in iter_traces(VARIANTS) if trace_stem(p).startswith(("negative", "focus"))]


def _rejects(path: Path) -> int:
    return sum(1 for i in read_trace(path).items if i["kind"] == "reject")


class CrashesOnOneCell(ReferenceEngine):
    """Dies on the first forbidden action played out of turn (once per process)."""

    crashed = False

    def apply(self, action, deal=None):
        state = self._require_match()
        seat = action.get("seat")
        if not CrashesOnOneCell.crashed and isinstance(seat, int) and state.to_move not in (None, seat):
            CrashesOnOneCell.crashed = True
            raise EngineFailure("crash", "the engine died")
        super().apply(action)


class BadRequestForStrangeSeats(ReferenceEngine):
    """Answers bad-request to a seat that does not exist, as the protocol allows."""

    def apply(self, action, deal=None):
        seat = action.get("seat")
        players = self._require_match().ruleset.seating.players
        if isinstance(seat, int) and not 0 <= seat < players:
            raise EngineFailure("bad-request", f"apply: seat {seat} does not exist")
        super().apply(action)


def test_a_crash_on_one_cell_leaves_every_other_cell_its_verdict():
    CrashesOnOneCell.crashed = False
    paths = [p for p in _negative_and_focused() if _rejects(p)]
    results, _ = run_traces(paths, CrashesOnOneCell)
    crashed = [c for r in results for c in r.cells if c.outcome == "crashed"]
    assert len(crashed) == 1
    for r in results:
        assert len(r.cells) == _rejects(Path(r.path)), r.report()  # every cell got a verdict
    others = [c for r in results for c in r.cells if c.outcome != "crashed"]
    assert others and all(c.outcome == "refused" for c in others)


class RefusalCostsTheCard(ReferenceEngine):
    """Refuses a forbidden capture, but loses the card doing so (a real
    engine's bug): from then on its hands are no longer the trace's."""

    def new(self, *args, **kwargs):
        super().new(*args, **kwargs)
        self.lost: set[str] = set()

    def apply(self, action, deal=None):
        if action.get("card") in self.lost:
            raise ActionRejected("scopa.play.in-hand", f"{action['card']} is not in the hand")
        try:
            super().apply(action)
        except ActionRejected:
            if action.get("type") == "capture":
                self.lost.add(action["card"])
            raise

    def view(self, seat=None):
        v = super().view(seat)
        if not self.lost:
            return v
        hands = [[c for c in h if c not in self.lost] if isinstance(h, list) else h for h in v["hands"]]
        sizes = [len(h) if isinstance(h, list) else n for h, n in zip(hands, v["hand_sizes"])]
        return {**v, "hands": hands, "hand_sizes": sizes}


def test_a_refusal_that_changes_the_view_leaves_every_later_cell_its_verdict():
    paths = [p for p in iter_traces(["scopa-2"]) if trace_stem(p).startswith("negative--default")]
    results, _ = run_traces(paths, RefusalCostsTheCard)
    (r,) = results
    assert len(r.cells) == _rejects(Path(r.path)), r.report()  # no later cell lost to the missing card
    spoiled = [c for c in r.cells if c.spoiled]
    assert spoiled and all(c.outcome == "refused" for c in r.cells)
    kinds = {d.kind for d in [r.divergence, *r.consequences] if d}
    assert kinds == {"changed-by-reject"}, r.report()


def test_bad_request_is_a_refusal_with_no_rule_stated():
    paths = [p for p in _negative_and_focused() if _rejects(p)]
    results, _ = run_traces(paths, BadRequestForStrangeSeats)
    assert all(r.status == "passed" for r in results), [r.report() for r in results if r.status != "passed"]
    unstated = [c for r in results for c in r.cells if c.outcome == "refused-no-rule"]
    assert unstated, "the corpus tries seats that do not exist"
    assert all(c.engine_rule is None for c in unstated)


class PositionTaker(ReferenceEngine):
    """Speaks 1.2 and is set at positions; before any position it has a bug
    (its first hand's card points are reported one too many), which a
    replay of the setup would carry to every focused position."""

    def hello(self) -> dict[str, Any]:
        return {**super().hello(), "protocol": "1.2"}

    def new(self, variant, options, ruleset_hash, deck, deal, position=None):
        self.loaded = position is not None
        super().new(variant, options, ruleset_hash, deck, deal, position=position)

    def view(self, seat=None):
        v = super().view(seat)
        if not getattr(self, "loaded", False) and isinstance(v.get("points"), list) and v.get("points"):
            v = {**v, "points": [p + 1 for p in v["points"]]}
        return v


class SetupReplayer(PositionTaker):
    """The same engine, at protocol 1.1: led to each position by its setup."""

    def hello(self) -> dict[str, Any]:
        return {**ReferenceEngine.hello(self), "protocol": "1.1"}


def test_a_focused_trace_is_checked_from_its_own_position_with_protocol_1_2():
    paths = [p for p in iter_traces(["briscola-2"]) if trace_stem(p).startswith("focus")]
    loaded, _ = run_traces(paths, PositionTaker)
    replayed, _ = run_traces(paths, SetupReplayer)
    # set at the position, the engine's earlier bug cannot reach it: every focused trace is checked and passes
    assert [r.status for r in loaded] == ["passed"] * len(paths), [r.report() for r in loaded]
    # led there by its setup, the bug is already in its views: never counted as passed
    assert all(r.status != "passed" for r in replayed)
    assert any(r.status == "unchecked" and "already differ" in (r.error or "") for r in replayed)


def test_the_reference_served_at_1_2_stands_at_every_focused_position():
    import sys

    from regola.conformance.protocol.client import SubprocessEngine

    paths = [p for p in iter_traces(VARIANTS) if trace_stem(p).startswith("focus")]
    engines: list[Any] = []

    def factory() -> Any:
        engines.append(SubprocessEngine([sys.executable, "-m", "regola.conformance.protocol.serve"]))
        return engines[-1]

    results, hello = run_traces(paths, factory)
    assert hello["protocol"] == "1.2"
    assert [r.status for r in results] == ["passed"] * len(paths), [r.report() for r in results]


class AlsoMiscountsTheStock(RefusalCostsTheCard):
    """The same, with a stock size one too many in every view (a bug of its own)."""

    def view(self, seat=None):
        v = super().view(seat)
        return {**v, "stock_size": v["stock_size"] + 1} if isinstance(v.get("stock_size"), int) else v


def test_a_fresh_engine_keeps_the_differences_that_were_there_before():
    paths = [p for p in iter_traces(["scopa-2"]) if trace_stem(p).startswith("negative--default")]
    results, _ = run_traces(paths, AlsoMiscountsTheStock)
    (r,) = results
    assert len(r.cells) == _rejects(Path(r.path))
    changed = [d for d in [r.divergence, *r.consequences] if d and d.kind == "changed-by-reject"]
    assert changed and all("stock_size" not in d.message for d in changed), r.report()
