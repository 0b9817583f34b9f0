"""The committed corpus: every trace reads, agrees with the reference step by
step, rejects what the reference rejects with the same rule id, and together
the traces exercise every rule id of every shipped variant."""

from __future__ import annotations

import subprocess
import sys

import pytest

from regola.conformance.corpus.coverage import corpus_coverage
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.record import legal_dicts
from regola.conformance.trace.storage import trace_stem
from regola.reference import IllegalAction, apply, new_game, view
from regola.spec import load, ruleset_hash, variant_ids

TRACES = list(iter_traces())


def test_there_are_traces_for_every_shipped_variant():
    assert {p.parent.name for p in TRACES} == set(variant_ids())


def test_the_corpus_is_within_its_size_budget():
    assert sum(p.stat().st_size for p in TRACES) < 40 * 2**20  # issue 13: under 40 MiB


@pytest.mark.parametrize("variant", variant_ids())
def test_every_trace_agrees_with_the_reference(variant):
    for path in iter_traces([variant]):
        trace = read_trace(path)
        h = trace.header
        assert h["name"] == trace_stem(path) and h["variant"] == variant
        ruleset = load(variant, h["options"] or None)
        assert h["ruleset_hash"] == ruleset_hash(ruleset)
        state = new_game(ruleset, h["deck"])
        assert (h["deal"], h["view"], h["rules"]) == (state.events[0], view(state), list(state.rules)), path
        for action in h.get("setup", ()):  # a focused trace's way to its position
            state = apply(state, action)
        for item in trace.items:
            where = f"{path} {item['kind']} {item['index']}"
            if item["kind"] == "reject":
                with pytest.raises(IllegalAction) as refused:
                    apply(state, item["action"])
                assert refused.value.rule_id == item["rule"], where
                continue
            legal = legal_dicts(state)
            assert item["legal_count"] == len(legal), where
            if "legal" in item:
                assert item["legal"] == legal, where
            state = apply(state, item["action"])
            assert item["view"] == view(state), where
            assert (item["events"], item["rules"]) == (list(state.events), list(state.rules)), where
        last = view(state)
        assert trace.end == {"kind": "end", "match": last["match"], "result": last["result"],
                             "steps": len(trace.steps)}


def test_every_rule_of_every_shipped_variant_is_exercised():
    cov = corpus_coverage(CORPUS_DIR)
    assert cov.problems == []
    assert cov.missing == []
    assert cov.traces == len(TRACES)


def test_negative_traces_reject_with_several_rules():
    rules = set()
    for path in TRACES:
        if trace_stem(path).startswith("negative--"):
            rules |= {i["rule"] for i in read_trace(path).items if i["kind"] == "reject"}
    # at least: out of turn, a card not held, the wrong moment, after the end
    assert {"briscola.play.turn", "briscola.play.in-hand", "briscola.play.phase", "briscola.match.end"} <= rules


def test_coverage_command_reports_and_passes():
    run = subprocess.run([sys.executable, "-m", "regola.conformance.cli.commands", "corpus", "coverage"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "briscola.trick.winner" in run.stdout
    assert "every rule id of every shipped variant is exercised" in run.stdout


def test_coverage_command_fails_on_a_corpus_that_misses_rules(tmp_path):
    (tmp_path / "briscola-2").mkdir()
    src = next(p for p in TRACES if p.parent.name == "briscola-2" and trace_stem(p) == "playout-seed-1")
    (tmp_path / "briscola-2" / src.name).write_bytes(src.read_bytes())
    run = subprocess.run([sys.executable, "-m", "regola.conformance.cli.commands", "corpus", "coverage", "--corpus",
                          str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 1
    assert "uncovered: briscola-3: briscola.trick.winner" in run.stderr
