"""The environments pass ``regola conform``: every trace replayed through
the PettingZoo and the OpenSpiel environments in lockstep
(`regola.envs.conform.LockstepEngine`) gives the reference's views, legal
actions and refusals, through the environments' own action indices, masks
and stepping."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from regola.conformance.protocol.engine import EngineFailure
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import write_trace
from regola.conformance.trace.record import record
from regola.envs.conform import LockstepEngine, OpenSpielEngine, PettingZooEngine
from regola.reference import action_dict, legal_actions
from regola.spec import load

from .conftest import VARIANTS


def out_of_turn(step: int, state: Any) -> list[dict[str, Any]]:
    """Every fifth step, the first legal action made by the next seat
    instead: the rules refuse it (``briscola.play.turn`` and the like)."""
    if step % 5 or state.is_chance or state.is_over:
        return []
    legal = [action_dict(a) for a in legal_actions(state)]
    if not legal or "seat" not in legal[0]:
        return []
    wrong = dict(legal[0], seat=(legal[0]["seat"] + 1) % state.ruleset.seating.players)
    return [wrong]


@pytest.fixture(scope="module")
def fresh_traces(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A hand of every variant, recorded from the reference now (so they
    hold whatever the rules are today), with refusals along the way."""
    root = tmp_path_factory.mktemp("env-traces")
    paths = []
    for variant in VARIANTS:
        trace = record(
            variant, {}, 3, name="envs", purpose="playout", description="", max_steps=60, rejects=out_of_turn
        )
        path = root / f"{variant}.jsonl"
        write_trace(path, trace)
        paths.append(path)
    return paths


def test_every_variant_passes_through_both_environments(fresh_traces: list[Path]) -> None:
    results, hello = run_traces(fresh_traces, LockstepEngine)
    assert hello["engine"] == "regola-envs-lockstep"
    bad = [(r.id, r.status, r.error_kind, r.error) for r in results if r.status != "passed"]
    assert not bad, bad[:2]
    assert len(results) == len(VARIANTS)


def _replay(paths: list[Path]) -> list[tuple[str, str, str | None, str | None]]:
    results, _ = run_traces(paths, LockstepEngine)
    return [(r.id, r.status, r.error_kind, r.error) for r in results]


def test_the_committed_corpus_passes_through_both_environments() -> None:
    """The whole corpus, in two processes. A trace recorded for an older
    ruleset is a bad trace (``regola corpus generate`` renews it), never the
    engine's fault; every other trace must pass."""
    paths = list(iter_traces())
    assert paths
    with ProcessPoolExecutor(2) as pool:
        results = [r for part in pool.map(_replay, [paths[0::2], paths[1::2]]) for r in part]
    assert len(results) == len(paths)
    failed = [r for r in results if r[1] != "passed" and r[2] not in ("trace", "bad-trace")]
    assert not failed, failed[:3]


class DropsTheLastLegalAction(PettingZooEngine):
    """A broken environment: its mask loses one legal action."""

    def legal(self) -> list[dict[str, Any]]:
        return super().legal()[:-1]


class RefusesNothing(OpenSpielEngine):
    """A broken environment: it lets a seat play out of turn."""

    def apply(self, action: dict[str, Any]) -> None:
        state = self.state
        if action["type"] != "shuffle" and state is not None and action.get("seat") != state.current_player():
            return
        super().apply(action)


@pytest.mark.parametrize("broken", [DropsTheLastLegalAction, RefusesNothing])
def test_a_broken_environment_fails(fresh_traces: list[Path], broken: type) -> None:
    results, _ = run_traces(small(fresh_traces), broken)
    assert any(r.status == "failed" for r in results)


def test_the_two_environments_must_agree(fresh_traces: list[Path]) -> None:
    engine = LockstepEngine()
    engine.pz = DropsTheLastLegalAction()
    results, _ = run_traces(small(fresh_traces), lambda: engine)
    assert results[0].status != "passed"
    engine.new("briscola-2", {}, "", list(reversed(load("briscola-2").deck.cards())), {})
    with pytest.raises(EngineFailure, match="PettingZoo and OpenSpiel differ"):
        engine.legal()


def small(paths: list[Path]) -> list[Path]:
    """A dozen steps of Briscola for two, refusals included: quick to
    replay, even where a failure is explained."""
    path = paths[0].parent / "small" / "briscola-2.jsonl"
    if not path.exists():
        path.parent.mkdir()
        trace = record(
            "briscola-2", {}, 3, name="small", purpose="playout", description="", max_steps=12, rejects=out_of_turn
        )
        write_trace(path, trace)
    return [path]
