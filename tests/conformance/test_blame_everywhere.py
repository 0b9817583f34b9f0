"""Blame by explanation reaches every divergence and every worker: the later,
possibly consequential divergences are explained too, and a run with
several worker threads tries the misreadings (in a helper process) as a run
on the main thread does."""

from __future__ import annotations

from pathlib import Path

import pytest
from mutants import BY_NAME

from regola.conformance.explain import attribution, attach
from regola.conformance.explain.misreadings import by_rule, catalogue, known_rules
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import write_trace
from regola.conformance.trace.record import record


def _playouts(tmp_path: Path, variant: str, seeds: range) -> list[Path]:
    paths = []
    for seed in seeds:
        path = tmp_path / variant / f"playout-seed-{seed}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        trace = record(
            variant, {}, seed, name=f"playout-seed-{seed}", purpose="playout", description="sample", max_hands=1
        )
        write_trace(path, trace)
        paths.append(path)
    return paths


@pytest.fixture(autouse=True)
def _stop_helper():
    yield
    attach.shutdown()


def test_worker_threads_blame_by_misreading_like_the_main_thread(tmp_path):
    mutant = BY_NAME["loser-draws-first"]
    paths = _playouts(tmp_path, "briscola-2", range(1, 3))
    alone, _ = run_traces(paths, mutant.engine, jobs=1)
    threaded, _ = run_traces(paths, mutant.engine, jobs=2)
    assert [r.status for r in threaded] == ["failed", "failed"]
    for one, two in zip(alone, threaded):
        assert two.divergence.explained_by.how == "misreading", two.report()
        assert two.divergence.rule == one.divergence.rule == "briscola.draw.order"
        assert two.divergence.explained_by.text == one.divergence.explained_by.text


def test_later_divergences_are_explained_not_only_the_root(tmp_path):
    mutant = BY_NAME["loser-draws-first"]
    paths = _playouts(tmp_path, "briscola-2", range(1, 4))
    results, _ = run_traces(paths, mutant.engine)
    later = [d for r in results for d in r.consequences[: attach.LATER]]
    assert later, [r.report() for r in results]
    assert all(d.explained_by is not None for d in later)
    # the wrong draw explains what follows from it: a hand that no longer
    # holds the card the trace plays, a wrong view further on
    explained = [d for d in later if d.explained_by.how != "guess"]
    assert explained and all(d.rule == "briscola.draw.order" for d in explained), [d.render() for d in later]
    assert all(d.consequential for d in later)


def test_without_later_explanations_the_later_ones_keep_their_guess(tmp_path, monkeypatch):
    monkeypatch.setattr(attach, "LATER", 0)
    monkeypatch.setattr(attach, "LATER_SHAPES", 0)
    mutant = BY_NAME["loser-draws-first"]
    results, _ = run_traces(_playouts(tmp_path, "briscola-2", range(1, 3)), mutant.engine)
    assert all(d.explained_by is None for r in results for d in r.consequences)
    assert all(r.divergence.explained_by is not None for r in results)


def test_a_seat_passed_to_a_rule_is_misread_as_another_and_blamed_on_that_rule():
    swaps = [m for m in by_rule()["briscola.draw.order"] if m.kind == "swap"]
    assert any(m.what.startswith("`winner` read as `state.leader`") for m in swaps), [m.what for m in swaps]
    assert all(m.kind != "swap" or "isinstance(" not in m.what for m in catalogue())


def test_a_change_is_the_misreading_of_the_rule_whose_condition_it_names():
    import ast

    fn = ast.parse(
        "def f(state, opts, rules):\n"
        "    total = won + (state.scope if opts.scopas else 0)\n"
        "    if opts.scopas:\n"
        "        rules.append('scopa.score.scopas')\n"
        "    if takes_indicator and not stock:\n"
        "        rules.append('albastini.draw.indicator-stays')\n"
    ).body[0]
    owners = attribution.guards(fn, known_rules())
    assert owners["scopas"] == "scopa.score.scopas"
    assert owners["takes_indicator"] == "albastini.draw.indicator-stays"
    assert "state" not in owners  # too common to name one rule
