"""The real-world matrix: every published engine checked has its bug list
(committed before any run), planted bugs, adapter, results and page; the
results are not older than the corpus or the adapter; the PyPI engines'
results match a live run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
sys.path.insert(0, str(ROOT))

from _gen import realworld  # noqa: E402
from realworld.harness.catalog import Engine, engines  # noqa: E402

SLUGS = engines(ROOT / "realworld")


def test_there_are_at_least_ten_engines_in_every_family():
    assert len(SLUGS) >= 10
    families = {realworld.family_of(v) for s in SLUGS for v in Engine(s).info.variants}
    assert families == {0, 1, 2}
    repos = {Engine(s).info.repo for s in SLUGS}
    assert {"fewf/briscalone", "garrypas/scoparella.engine"} <= repos  # both seed engines


@pytest.mark.parametrize("slug", SLUGS)
def test_each_engine_has_its_list_plants_adapter_results_and_page(slug: str):
    e = Engine(slug)
    assert e.bugs, f"{slug}: no bug read from its code"
    assert len(e.plants) >= 10, f"{slug}: {len(e.plants)} planted bugs"
    assert (e.folder / e.info.adapter).is_file()
    assert (e.folder / "results" / "conform.json").is_file()
    page = ROOT / "docs" / "realworld" / f"{slug}.md"
    assert page.is_file() and e.info.repo in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_bug_list_was_committed_before_any_run(slug: str):
    def first(path: str) -> int:
        out = subprocess.run(["git", "log", "--format=%ct %H", "--diff-filter=A", "--reverse", "--", path],
                             cwd=ROOT, capture_output=True, text=True)
        lines = out.stdout.split()
        assert out.returncode == 0 and lines, f"{path}: not in the history"
        return int(lines[0])

    listed = first(f"realworld/{slug}/bugs.toml")
    assert listed <= first(f"realworld/{slug}/planted.toml")
    assert listed <= first(f"realworld/{slug}/results/conform.json")
    adapter = Engine(slug).info.adapter
    assert listed <= first(f"realworld/{slug}/{adapter}")


def test_no_results_are_older_than_the_corpus_or_their_adapter():
    assert realworld.stale() == []


def test_the_matrix_shows_every_engine_and_its_score():
    page = realworld.matrix()
    for slug in SLUGS:
        assert f"[{slug}]({slug}.md)" in page
    assert "listed bugs:" in page and "planted bugs:" in page


@pytest.mark.parametrize("name", ["naipes", "libbisca"])
def test_the_pypi_engines_results_match_a_live_run(name: str, tmp_path: Path):
    from realworld.harness.__main__ import PYPI

    out = tmp_path / f"{name}.json"
    cmd = [str(Path(sys.executable).with_name("regola")), "conform", "--engine", name, "--results", str(out)]
    for v in PYPI[name]:
        cmd += ["--variant", v]
    subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    committed = json.loads((ROOT / "docs" / "compat" / f"{name}.json").read_text(encoding="utf-8"))
    live = json.loads(out.read_text(encoding="utf-8"))
    assert live == committed, f"docs/compat/{name}.json is not what a live run gives: python -m realworld.harness compat"
