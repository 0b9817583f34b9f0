"""Reports of a run: the results file, JSON, JUnit XML, the summary."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from mutants import MutantEngine
from mutants.material import write_playout
from rich.console import Console

from regola.conformance.runner.reports import (
    first_failures,
    json_report,
    junit_xml,
    results_data,
    summarize,
    summary_table,
    write_json,
    write_junit,
)
from regola.conformance.runner.run import run_traces
from regola.conformance.runner.verdicts import TraceResult


class Reference(MutantEngine):
    name = "reference-in-process"
    variants = ("briscola-2", "scopa-2")


class WrongAfterTenSteps(Reference):
    """Reports one point too many for seat 0 from the tenth step on."""

    def __init__(self):
        super().__init__()
        self.steps = 0

    def new(self, *args):
        super().new(*args)
        self.steps = 0

    def apply(self, action):
        super().apply(action)
        self.steps += 1

    def view(self, seat=None):
        v = super().view(seat)
        if self.steps >= 10 and "points" in v:
            v["points"] = [v["points"][0] + 1, *v["points"][1:]]
        return v


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[TraceResult], dict]:
    folder = tmp_path_factory.mktemp("traces")
    paths = [write_playout(folder, "briscola-2", seed, max_hands=1) for seed in (1, 2)]
    paths.append(write_playout(folder, "scopa-2", 1, max_hands=1))
    return run_traces(paths, WrongAfterTenSteps)


def test_summaries_count_per_variant_and_name_the_first_failure(run):
    results, _ = run
    s = summarize(results)
    assert list(s) == ["briscola-2", "scopa-2"]
    b = s["briscola-2"]
    assert (b.traces, b.passed, b.failed, b.errored, b.unsupported, b.status) == (2, 0, 2, 0, 0, "fail")
    assert b.first_failing_trace == "briscola-2/seed-1"
    assert b.first_failing_rule == results[0].rule
    # scopa views have no "points" field: the mistake does not show there
    assert (s["scopa-2"].passed, s["scopa-2"].status) == (1, "pass")
    assert first_failures(results) == [f"briscola-2: first failure briscola-2/seed-1 ({results[0].rule})"]


def test_the_results_file_has_the_documented_shape(run, tmp_path):
    results, hello = run
    path = tmp_path / "out" / "results.json"
    write_json(path, results_data(results, hello))
    data = json.loads(path.read_text())
    assert data["format"] == "regola-conformance-results" and data["version"] == 1
    assert data["engine"] == {"name": "reference-in-process", "version": "0", "seat_views": True, "legal": True}
    b = data["variants"]["briscola-2"]
    assert b["status"] == "fail" and b["fields_share"] == 1.0
    header_view = json.loads(Path(results[0].path).read_text().split("\n", 1)[0])["view"]
    assert b["fields_checked"] == b["fields_total"] == len(header_view)
    assert set(b) == {
        "status", "traces", "passed", "failed", "errored", "unsupported", "unchecked",
        "first_failing_trace", "first_failing_rule", "fields_checked", "fields_total", "fields_share",
        "divergences", "rules_blamed", "checked",
    }
    # what the run checked: every rule of the variant, its state, and the fields
    assert set(b["checked"]) == {"rules", "counts", "refusals", "fields"}
    assert set(b["checked"]["counts"]) == {"failed", "verified", "vacuous", "never reached"}
    assert [p.name for p in path.parent.iterdir()] == ["results.json"]  # no temporary file left


def test_the_results_file_is_the_same_bytes_on_a_rerun(run, tmp_path):
    results, hello = run
    write_json(tmp_path / "a.json", results_data(results, hello))
    again, hello2 = run_traces([Path(r.path) for r in results], WrongAfterTenSteps, jobs=2)
    write_json(tmp_path / "b.json", results_data(again, hello2))
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_the_json_report_holds_every_trace_and_its_divergence(run):
    results, hello = run
    data = json.loads(json.dumps(json_report(results, hello, "regola conform --engine x")))
    assert data["format"] == "regola-conformance-report"
    assert data["summary"] == {"traces": 3, "passed": 1, "failed": 2, "errored": 0, "unsupported": 0, "unchecked": 0}
    assert data["command"] == "regola conform --engine x"
    first = data["traces"][0]
    assert first["status"] == "failed"
    assert first["divergence"]["step"] == 9
    assert first["divergence"]["differences"][0]["path"] == "points"


def test_junit_xml_is_well_formed_with_one_suite_per_variant(run, tmp_path):
    results, hello = run
    path = tmp_path / "junit.xml"
    write_junit(path, results, hello)
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("3", "2", "0", "0")
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["briscola-2", "scopa-2"]
    cases = suites[0].findall("testcase")
    assert [c.get("name") for c in cases] == ["seed-1", "seed-2"]
    assert cases[0].get("classname") == "regola.conform.briscola-2"
    failure = cases[0].find("failure")
    assert failure.get("type") == results[0].rule
    assert failure.get("message").startswith("step 9 (line 11): points: expected")
    assert "first divergence at step 9" in failure.text
    assert suites[1].find("testcase").find("failure") is None


def test_junit_xml_keeps_control_characters_out():
    bad = TraceResult(path="x.jsonl", variant="briscola-2", name="x", status="errored",
                      error_kind="garbage", error="the answer is not JSON: \x00\x1b[31m")
    skipped = TraceResult(path="y.jsonl", variant="scopa-2", name="y", status="unsupported", error="no")
    root = ET.fromstring(junit_xml([bad, skipped], {"engine": "e"}).split("\n", 1)[1])
    error = root.find("testsuite/testcase/error")
    assert error.get("type") == "garbage"
    assert "\x00" not in error.get("message") and "\ufffd" in error.get("message")
    assert root.find("testsuite[@name='scopa-2']/testcase/skipped") is not None


def test_the_summary_table_has_a_row_per_variant(run):
    results, _ = run
    console = Console(width=100, record=True)
    console.print(summary_table(results))
    text = console.export_text()
    assert "briscola-2 │      0 │      2 │" in text
    assert "scopa-2" in text
