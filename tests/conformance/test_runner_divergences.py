"""Every divergence, not just the first: the replay goes on after a wrong
view or list of legal actions, reports the first divergence as the root and
the later ones as possibly consequential, and stops only where it cannot go
on (a refused step, an accepted reject, an engine failure)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from mutants import MutantEngine
from mutants.material import write_playout

from regola.conformance.protocol.engine import ActionRejected
from regola.conformance.runner.reports import json_report, junit_xml, results_data, summarize
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.format import read_trace

LEGAL_BUG_STEP = 12


class Counting(MutantEngine):
    """The reference, counting the actions it applied in this match."""

    name = "counting"
    variants = ("briscola-2",)

    def new(self, *args):
        super().new(*args)
        self.applied = 0

    def apply(self, action):
        super().apply(action)
        self.applied += 1


class TwoBugs(Counting):
    """Two independent bugs: after step 3 its omniscient view names the
    wrong seat to move (once: the next step is right again), and before step
    12 it leaves one card out of the legal actions."""

    def view(self, seat=None):
        v = super().view(seat)
        if seat is None and self.applied == 4:  # after step index 3
            v["to_move"] = 1 - v["to_move"] if v["to_move"] in (0, 1) else 0
        return v

    def legal(self):
        actions = super().legal()
        return actions[1:] if self.applied == LEGAL_BUG_STEP else actions


class HarmlessThenLate(Counting):
    """Reports a wrong dealer all along (harmless: nothing follows from it),
    and a wrong pile of won cards only after the last trick."""

    def view(self, seat=None):
        v = super().view(seat)
        v["dealer"] = 1 - v["dealer"]
        if self.state is not None and self.applied == self.last:
            v["won"] = [list(reversed(pile)) for pile in v["won"]][::-1]
        return v


class WrongViewThenRefuses(Counting):
    """A wrong view at step 2, then refuses the play of step 6: the replay
    cannot go past a refused step."""

    def view(self, seat=None):
        v = super().view(seat)
        if seat is None and self.applied == 3:
            v["points"] = [v["points"][0] + 5, *v["points"][1:]]
        return v

    def apply(self, action):
        if self.applied == 6:
            raise ActionRejected("briscola.play.turn", "not now, says the engine")
        super().apply(action)


@pytest.fixture(scope="module")
def trace_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_playout(tmp_path_factory.mktemp("traces"), "briscola-2", 2, max_hands=1)


def run_one(path: Path, engine):
    results, hello = run_traces([path], engine)
    return results[0], hello


def test_two_independent_bugs_are_both_reported_the_second_as_possibly_consequential(trace_path):
    result, _ = run_one(trace_path, TwoBugs)
    assert result.status == "failed"
    root = result.divergence
    assert (root.kind, root.step, root.consequential) == ("view", 3, False)
    assert [d.path for d in root.differences] == ["to_move"]
    assert [(d.kind, d.step, d.consequential) for d in result.consequences] == [("legal", LEGAL_BUG_STEP, True)]
    later = result.consequences[0]
    assert later.rule  # each consequence names its own rule
    assert "missing" in later.message
    assert result.divergences == [root, later]
    # the fields others read keep their meaning: the root's rule, the lines before it
    assert result.rule == root.rule and result.steps == 3
    assert result.replayed == result.total_steps  # it went on to the end


def test_a_late_bug_is_reported_behind_an_early_harmless_difference(trace_path):
    last = len(read_trace(trace_path).steps)

    class Engine(HarmlessThenLate):
        pass

    Engine.last = last
    result, _ = run_one(trace_path, Engine)
    assert result.status == "failed"
    root = result.divergence
    assert root.step is None and [d.path for d in root.differences] == ["dealer"]  # at the deal
    # the dealer stays wrong: reported once, where it went wrong; the late bug is reported at its step
    assert [(d.kind, d.step) for d in result.consequences] == [("view", last - 1)]
    late = result.consequences[0]
    assert late.consequential and {d.field for d in late.differences} == {"won"}
    assert "possibly consequential divergence at step" in result.report()


def test_the_replay_stops_where_the_engine_refuses_a_step(trace_path):
    result, _ = run_one(trace_path, WrongViewThenRefuses)
    assert result.status == "failed"
    assert (result.divergence.kind, result.divergence.step) == ("view", 2)
    assert [(d.kind, d.step) for d in result.consequences] == [("refused", 6)]
    assert result.replayed == 6 < result.total_steps


def test_every_report_shows_the_root_and_its_consequences(trace_path):
    results, hello = run_traces([trace_path], TwoBugs)
    report = json_report(results, hello)
    (trace,) = report["traces"]
    assert trace["status"] == "failed" and report["summary"]["failed"] == 1
    assert trace["divergence"]["step"] == 3 and trace["divergence"]["consequential"] is False
    assert [(d["kind"], d["step"], d["consequential"]) for d in trace["consequences"]] == [
        ("legal", LEGAL_BUG_STEP, True)
    ]
    assert trace["consequences"][0]["differences"][0]["path"] == "legal"
    json.dumps(report)  # plain JSON all the way down

    case = ET.fromstring(junit_xml(results, hello)).find(".//testcase")
    failure = case.find("failure")
    assert failure.get("type") == results[0].rule
    assert "then 1 possibly consequential divergence" in failure.get("message")
    assert f"possibly consequential divergence at step {LEGAL_BUG_STEP}" in failure.text

    row = results_data(results, hello)["variants"]["briscola-2"]
    assert row["status"] == "fail" and row["failed"] == 1 and row["divergences"] == 2
    assert row["rules_blamed"] == sorted({d.rule for d in results[0].divergences})
    assert summarize(results)["briscola-2"].first_failing_rule == results[0].rule

    text = results[0].report()
    assert text.index("first divergence at step 3") < text.index(f"possibly consequential divergence at step {LEGAL_BUG_STEP}")
