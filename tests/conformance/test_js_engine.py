"""The example JavaScript engine (examples/js-engine) passes the suite for
briscola-2, over the protocol, with every view field checked."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from mutants.material import seed_exercising, write_playout

from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import read_trace, write_trace
from regola.conformance.trace.record import record
from regola.conformance.trace.storage import trace_stem

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "js-engine" / "briscola2.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")


def js_engine() -> SubprocessEngine:
    return SubprocessEngine([NODE, str(SCRIPT)])


def test_the_corpus_for_briscola_2_passes_with_every_field():
    """Every trace of the default rules passes; the engine plays no house
    rule, so traces recorded with options are unsupported, never failed."""
    paths = list(iter_traces(["briscola-2"]))
    results, hello = run_traces(paths, js_engine)
    assert hello["engine"] == "briscola2.js" and hello["variants"] == ["briscola-2"]
    by_path = {trace_stem(p): read_trace(p).header.get("options") for p in paths}
    played = 0
    for r in results:
        if by_path[r.name]:
            assert r.status == "unsupported", r.report()
            continue
        played += 1
        assert r.status == "passed", r.report()
        assert r.fields_checked == r.fields_total
    assert len(results) == len(paths) and played >= 3


def test_more_games_with_refused_moves_and_a_tie(tmp_path):
    paths = [
        write_playout(tmp_path, "briscola-2", 5, with_mistakes=True),
        write_playout(tmp_path, "briscola-2", 6, with_mistakes=True),
        write_playout(tmp_path, "briscola-2", seed_exercising("briscola-2", "briscola.score.tie")),
    ]
    results, _ = run_traces(paths, js_engine, jobs=2)
    assert [r.status for r in results] == ["passed"] * 3, [r.report() for r in results]


def test_other_variants_and_house_rules_are_not_played(tmp_path):
    replay = record(
        "briscola-2", {"hand_scoring.tie": "replay"}, 1, name="tie-replay", purpose="playout",
        description="briscola-2 with void ties", max_hands=1,
    )
    path = tmp_path / "tie-replay.jsonl"
    write_trace(path, replay)
    other = write_playout(tmp_path, "scopa-2", 1, max_hands=1)
    results, _ = run_traces([path, other], js_engine)
    assert [r.status for r in results] == ["unsupported", "unsupported"]
    assert "only the default options are played here" in results[0].error


def test_bad_requests_are_answers_not_crashes():
    lines = [
        "not json",
        json.dumps({"id": 1, "cmd": "view", "seat": None}),
        json.dumps({"id": 2, "cmd": "dance"}),
        json.dumps({"id": 3, "cmd": "quit"}),
    ]
    done = subprocess.run([NODE, str(SCRIPT)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=20)
    answers = [json.loads(a) for a in done.stdout.splitlines()]
    assert [(a["id"], a["ok"]) for a in answers] == [(None, False), (1, False), (2, False), (3, True)]
    assert [a["error"]["code"] for a in answers[:3]] == ["bad-request"] * 3
    assert answers[1]["error"]["message"] == "no match: send new first"
    assert done.returncode == 0 and done.stderr == ""
