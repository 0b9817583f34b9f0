"""The pytest plugin: the corpus as one test per trace.

Each test runs pytest in a fresh folder, in a subprocess, the way an engine
author would: the plugin is found through its ``pytest11`` entry point.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mutants.material import write_playout

HERE = Path(__file__).parent
WIRE = HERE / "mutants" / "wire.py"


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("traces")
    return [
        write_playout(folder, "briscola-2", 1, max_hands=1),
        write_playout(folder, "briscola-2", 2, max_hands=1),
        write_playout(folder, "scopa-2", 1, max_hands=1),
    ]


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        env={**_env(), "PYTHONPATH": str(HERE)},  # the mutants are importable there
    )


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}


def trace_args(traces: list[Path]) -> list[str]:
    return [f"--regola-trace={p}" for p in traces]


def test_an_engine_command_turns_each_trace_into_a_test(tmp_path, traces):
    engine = shlex.join([sys.executable, str(WIRE), "reference"])
    done = pytest_in(tmp_path, f"--regola-engine={engine}", *trace_args(traces))
    assert done.returncode == 0, done.stdout + done.stderr
    for name in ("briscola-2/seed-1", "briscola-2/seed-2", "scopa-2/seed-1"):
        assert f"PASSED regola-conformance::{name}" in done.stdout
    assert "3 passed" in done.stdout


def test_a_failing_trace_fails_with_the_divergence_report(tmp_path, traces):
    engine = shlex.join([sys.executable, str(WIRE), "face-value-strength"])
    done = pytest_in(tmp_path, f"--regola-engine={engine}", "--regola-variant=briscola-2", *trace_args(traces))
    assert done.returncode == 1
    assert "FAILED regola-conformance::briscola-2/seed-1" in done.stdout
    assert "rule most likely broken: briscola.trick.winner" in done.stdout
    assert f"--trace {traces[0]}" in done.stdout  # the command replaying it
    assert "scopa-2/seed-1" not in done.stdout  # filtered out by --regola-variant


def test_a_python_engine_by_its_factory_and_unsupported_variants_skipped(tmp_path, traces):
    done = pytest_in(tmp_path, "--regola-engine-factory=mutants:LoserDrawsFirst", *trace_args(traces))
    assert done.returncode == 1
    assert "FAILED regola-conformance::briscola-2/seed-1" in done.stdout
    assert "rule most likely broken: briscola.draw.order" in done.stdout
    assert "SKIPPED" in done.stdout and "scopa-2/seed-1: the engine does not list scopa-2" in done.stdout
    assert "2 failed, 1 skipped" in done.stdout


def test_the_fixtures_for_hand_written_tests(tmp_path, traces):
    (tmp_path / "conftest.py").write_text(
        textwrap.dedent(
            """
            import pytest
            from mutants import MutantEngine, BY_NAME

            class Both(MutantEngine):
                variants = ("briscola-2", "scopa-2")

            @pytest.fixture(scope="session")
            def regola_engine_factory():
                return Both
            """
        )
    )
    (tmp_path / "test_mine.py").write_text(
        textwrap.dedent(
            """
            import pytest

            def test_conformance(regola_trace, regola_check):
                regola_check(regola_trace)

            @pytest.mark.regola_variants("scopa-2")
            def test_scopa_only(regola_trace, regola_check):
                assert "scopa-2" in str(regola_trace)
                regola_check(regola_trace)
            """
        )
    )
    done = pytest_in(tmp_path, *trace_args(traces))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASSED test_mine.py::test_conformance[briscola-2/seed-1]" in done.stdout
    assert "PASSED test_mine.py::test_scopa_only[scopa-2/seed-1]" in done.stdout
    assert "4 passed" in done.stdout


def test_bad_options_are_usage_errors(tmp_path, traces):
    done = pytest_in(tmp_path, "--regola-engine-factory=nowhere", *trace_args(traces))
    assert done.returncode == 4
    assert "--regola-engine-factory 'nowhere': expected MODULE:CALLABLE" in done.stderr
    done = pytest_in(tmp_path, "--regola-engine=x", "--regola-variant=briscola-99")
    assert done.returncode == 4
    assert "unknown variant(s) briscola-99" in done.stderr
