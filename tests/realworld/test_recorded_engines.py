"""The published engines' listed bugs stay caught and named, without the
engines: each engine's answers on the traces that show its bugs are kept as
a cassette (``realworld/SLUG/cassettes/``, recorded by ``python -m
realworld.harness record SLUG`` from a checkout of the engine), and this
replays them through today's regola. A cassette made with another corpus or
runner no longer answers, and the test says to record it again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from realworld.harness.catalog import Engine, engines  # noqa: E402
from realworld.harness.runs import findings, Run  # noqa: E402
from realworld.harness.score import score_bugs, triage  # noqa: E402

RECORDED = [s for s in engines(ROOT / "realworld") if (ROOT / "realworld" / s / "cassettes" / "failing.jsonl.gz").exists()]


def test_every_engine_with_listed_bugs_has_a_cassette():
    missing = []
    for slug in engines(ROOT / "realworld"):
        e = Engine(slug)
        committed = json.loads((e.folder / "results" / "conform.json").read_text())
        if any(t["status"] not in ("passed", "unsupported") for t in committed["traces"]) and slug not in RECORDED:
            missing.append(slug)
    assert not missing, f"no cassette for {missing}: python -m realworld.harness record SLUG"


@pytest.mark.parametrize("slug", RECORDED)
def test_the_recorded_engine_keeps_its_bugs_caught_and_named(slug: str, tmp_path: Path):
    e = Engine(slug)
    cassette = e.folder / "cassettes" / "failing.jsonl.gz"
    traces = json.loads((e.folder / "cassettes" / "traces.json").read_text())
    report = tmp_path / "report.json"
    engine = f"{sys.executable} -m realworld.harness.cassette play {cassette}"
    cmd = [str(Path(sys.executable).with_name("regola")), "conform", "--engine", engine, "--json", str(report)]
    for k, v in sorted(e.info.house_options.items()):
        cmd += ["--option", f"{k}={json.dumps(v) if not isinstance(v, str) else v}"]
    from regola.conformance.trace.files import CORPUS_DIR, trace_files

    by_id = {f"{p.parent.name}/{p.name.split('.jsonl')[0]}": p for v in e.info.variants
             for p in trace_files(CORPUS_DIR / v)}
    for t in traces:
        assert t in by_id, f"{slug}: trace {t} is no longer in the corpus: record the cassette again"
        cmd += ["--trace", str(by_id[t])]
    subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800,
                   env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    data = json.loads(report.read_text())
    stale = [t["id"] for t in data["traces"] if t["status"] == "errored" and "cassette" in (t.get("error") or "")]
    assert not stale, f"{slug}: the cassette no longer answers {stale}: python -m realworld.harness record {slug}"
    replayed = Run("replayed", 0, 0, findings(data), data.get("engine", {}))
    committed = Run.from_json(json.loads((e.folder / "results" / "conform.json").read_text()))
    witness = triage(e).get("witness", {})
    now = {b.bug.id: (b.caught, b.right) for b in score_bugs(e, replayed, None, witness)}
    then = {b.bug.id: (b.caught, b.right) for b in score_bugs(e, _only(committed, traces), None, witness)}
    assert now == then, f"{slug}: listed bugs then {then}, now {now}"


def _only(run: Run, ids: list[str]) -> Run:
    return Run(run.command, run.seconds, run.exit_status, [t for t in run.traces if t.id in ids], run.hello)
