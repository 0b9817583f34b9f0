"""``regola conform``: the command line around the runner."""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from mutants.material import write_playout
from typer.testing import CliRunner

from regola.conformance.cli.commands import app

WIRE = Path(__file__).parent / "mutants" / "wire.py"


def engine(name: str) -> str:
    return shlex.join([sys.executable, str(WIRE), name])


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("traces")
    return [
        write_playout(folder, "briscola-2", 1, max_hands=1),
        write_playout(folder, "briscola-2", 2, max_hands=1, with_mistakes=True),
        write_playout(folder, "scopa-2", 1, max_hands=1),
    ]


def conform(*args: str):
    return CliRunner().invoke(app, ["conform", *args])


def trace_args(paths: list[Path]) -> list[str]:
    return [a for p in paths for a in ("--trace", str(p))]


def test_a_conforming_engine_passes_and_the_reports_are_written(paths, tmp_path):
    out = tmp_path / "reports"
    result = conform(
        "--engine", engine("reference"), *trace_args(paths), "--jobs", "2",
        "--json", str(out / "run.json"), "--junit", str(out / "junit.xml"), "--results", str(out / "results.json"),
    )
    assert result.exit_code == 0, result.output
    assert "engine: reference-over-the-wire 0" in result.output
    assert "3 traces in" in result.output and "3 passed, 0 failed, 0 errored, 0 unsupported" in result.output
    report = json.loads((out / "run.json").read_text())
    assert report["summary"]["passed"] == 3
    assert report["command"].startswith("regola conform --engine")
    assert ET.parse(out / "junit.xml").getroot().get("tests") == "3"
    results = json.loads((out / "results.json").read_text())
    assert {v: r["status"] for v, r in results["variants"].items()} == {"briscola-2": "pass", "scopa-2": "pass"}


def test_a_wrong_engine_fails_with_the_rule_and_the_replay_command(paths):
    cmd = engine("face-value-strength")
    result = conform("--engine", cmd, "--timeout", "20", *trace_args(paths[:2]))
    assert result.exit_code == 1
    assert "FAILED briscola-2/seed-1" in result.output
    assert "rule most likely broken: briscola.trick.winner" in result.output
    replay = f"regola conform --engine {shlex.quote(cmd)} --timeout 20 --trace {shlex.quote(str(paths[0]))}"
    assert replay in result.output
    assert "briscola-2: first failure briscola-2/seed-1 (briscola.trick.winner)" in result.output


def test_variant_filter_and_traces_the_engine_does_not_play(paths):
    only_scopa = conform("--engine", engine("reference"), "--variant", "scopa-2", *trace_args(paths))
    assert only_scopa.exit_code == 0, only_scopa.output
    assert "1 trace in" in only_scopa.output
    # the mutants play briscola-2 only: the scopa trace is not theirs
    none_run = conform("--engine", engine("loser-draws-first"), *trace_args(paths[2:]))
    assert none_run.exit_code == 1
    assert "0 passed, 0 failed, 0 errored, 1 unsupported" in none_run.output
    assert "no trace was run" in none_run.output


def test_bad_arguments_are_one_clear_line(paths, tmp_path):
    unknown = conform("--variant", "briscola-99", *trace_args(paths))
    assert unknown.exit_code == 2
    assert "unknown variant(s) briscola-99" in unknown.output
    missing = conform("--trace", str(tmp_path / "nope.jsonl"))
    assert missing.exit_code == 2
    assert f"trace file(s) not found: {tmp_path / 'nope.jsonl'}" in missing.output
    wrong_variant = conform("--variant", "scopa-2", "--trace", str(paths[0]))
    assert wrong_variant.exit_code == 2
    assert "none of the given traces is for scopa-2" in wrong_variant.output


@pytest.mark.parametrize("command", ["/nonexistent/engine --flag", "no-such-program"])
def test_an_engine_command_that_cannot_start_is_said_once_up_front(paths, command):
    result = conform("--engine", command, *trace_args(paths))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: the engine command {command!r} cannot be started")
    assert result.output.count("\n") == 1  # one line, and no trace was tried


def test_an_engine_that_does_not_answer_hello_stops_the_run_at_once(paths):
    result = conform("--engine", engine("reference") + " --misbehave protocol", *trace_args(paths))
    assert result.exit_code == 1
    assert result.output.startswith("error: the engine did not start: protocol:")
    assert result.output.count("\n") == 1
