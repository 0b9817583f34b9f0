"""The compatibility page, the example game, the adapter example and the
quick start's code."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from _gen import compat, data, example
from _gen.snippets import expand

from regola.spec import load

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"


def _results(engine: str, variants: dict) -> dict:
    return {
        "format": "regola-conformance-results", "version": 1, "regola": "0.1.0", "protocol": 1,
        "engine": {"name": engine, "version": "2.0", "seat_views": True, "legal": False},
        "variants": variants,
    }


ROW = {"traces": 10, "passed": 10, "failed": 0, "errored": 0, "unsupported": 0,
       "first_failing_trace": None, "first_failing_rule": None,
       "fields_checked": 15, "fields_total": 21, "fields_share": 0.714}


def test_compatibility_matrix_from_results_files(tmp_path, monkeypatch):
    (tmp_path / "house").mkdir()
    good = {"briscola-2": {**ROW, "status": "pass"}, "briscola-3": {**ROW, "status": "unsupported", "passed": 0}}
    bad = {"briscola-2": {**ROW, "status": "fail", "passed": 7, "failed": 3,
                          "first_failing_trace": "briscola-2/playout-seed-1",
                          "first_failing_rule": "briscola.trick.winner"}}
    (tmp_path / "alpha.json").write_text(json.dumps(_results("alpha", good)))
    (tmp_path / "beta.json").write_text(json.dumps(_results("beta", bad)))
    (tmp_path / "house" / "beta.json").write_text(json.dumps(_results("beta", good)))
    monkeypatch.setattr(compat, "COMPAT_DIR", tmp_path)
    text = compat.compatibility()
    assert "## Against the corpus" in text and "## With each engine's house rules" in text
    rows = [line for line in text.split("## With each")[0].splitlines() if line.startswith("| ")][1:]
    cells = [[c.strip() for c in row.strip().strip("|").split(" | ")] for row in rows]
    assert cells[0] == ["alpha 2.0", "[briscola-2](../variants/briscola-2.md)",
                        '<span class="compat-passed">passed</span>', "10/10 traces<br>71% of fields (15/21)", ""]
    assert cells[1][:3] == ["", "[briscola-3](../variants/briscola-3.md)",
                            '<span class="compat-unsupported">not supported</span>']
    assert cells[2][:4] == ["beta 2.0", "[briscola-2](../variants/briscola-2.md)",
                            '<span class="compat-failed">failed</span>', "7/10 traces<br>71% of fields (15/21)"]
    assert cells[2][4] == "[`briscola.trick.winner`](../variants/briscola-2.md#briscola.trick.winner)"
    assert "`regola conform --engine CMD --trace conformance/corpus/briscola-2/playout-seed-1.jsonl`" in text


def test_no_results_files_renders_cleanly(tmp_path, monkeypatch):
    monkeypatch.setattr(compat, "COMPAT_DIR", tmp_path / "missing")
    assert "No results yet" in compat.compatibility()


def test_a_bad_results_file_is_named_with_its_field(tmp_path, monkeypatch):
    (tmp_path / "x.json").write_text(json.dumps(_results("x", {"briscola-2": {**ROW, "status": "great"}})))
    monkeypatch.setattr(compat, "COMPAT_DIR", tmp_path)
    with pytest.raises(compat.ResultsError, match=r"x\.json: variants\.briscola-2\.status must be one of"):
        compat.compatibility()
    (tmp_path / "x.json").write_text("{not json")
    with pytest.raises(compat.ResultsError, match=r"x\.json: not a readable JSON file"):
        compat.compatibility()


def test_example_game_from_a_corpus_trace(tmp_path, monkeypatch):
    folder = tmp_path / "briscola-2"
    folder.mkdir()
    header = {"kind": "header", "purpose": "playout", "seed": 3, "variant": "briscola-2",
              "deal": {"type": "deal", "dealer": 0, "hands": [["Ad", "2d", "3d"], ["4d", "5d", "6d"]],
                       "indicator": "7d", "trump": "d", "stock_size": 33}}
    steps = [
        {"kind": "step", "index": 0, "seat": 1, "action": {"type": "play", "seat": 1, "card": "4d"},
         "events": [{"type": "play", "seat": 1, "card": "4d"}], "rules": ["briscola.play.turn"]},
        {"kind": "step", "index": 1, "seat": 0, "action": {"type": "play", "seat": 0, "card": "Ad"},
         "events": [{"type": "play", "seat": 0, "card": "Ad"},
                    {"type": "trick", "number": 1, "winner": 0, "cards": ["4d", "Ad"], "points": 11},
                    {"type": "draw", "seat": 0, "card": "Kd"}, {"type": "draw", "seat": 1, "card": "Jc"}],
         "rules": ["briscola.trick.winner"]},
    ]
    lines = [header, *steps, {"kind": "end", "steps": 2}]
    (folder / "playout-seed-3.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    (folder / "a-negative.jsonl").write_text(json.dumps({**header, "purpose": "negative"}) + "\n")
    monkeypatch.setattr(example, "CORPUS_DIR", tmp_path)
    text = example.example_section(load("briscola-2"), "variants/briscola-2.md")
    assert "`conformance/corpus/briscola-2/playout-seed-3.jsonl`" in text and "seed 3" in text
    assert "| Seat 0 | `Ad` `2d` `3d` |" in text and "| Trump indicator | `7d` |" in text
    assert "| 1 | 0 | plays `Ad` | trick 1 to seat 0 (11 pts); draws: seat 0, seat 1 |" in text


def test_no_corpus_leaves_the_example_out(tmp_path, monkeypatch):
    monkeypatch.setattr(example, "CORPUS_DIR", tmp_path)
    assert example.example_section(load("briscola-2"), "variants/briscola-2.md") == ""


def test_the_python_adapter_example_follows_the_rules(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(DOCS_DIR / "examples"))
    from toy_adapter import ToyAdapter

    from regola.conformance.lockstep import check_engine

    check_engine(ToyAdapter, "briscola-2", max_examples=10, out=str(tmp_path / "toy-failure.jsonl"))


def test_the_python_adapter_example_passes_the_corpus(monkeypatch):
    monkeypatch.syspath_prepend(str(DOCS_DIR / "examples"))
    from toy_adapter import ToyAdapter

    from regola.conformance.corpus import iter_traces
    from regola.conformance.runner import run_traces

    paths = list(iter_traces(["briscola-2"]))
    results, hello = run_traces(paths, ToyAdapter)
    assert hello["engine"] == "toy_briscola"
    assert len(results) == len(paths) > 0
    assert [r.status for r in results if r.status != "passed"] == []


def test_the_quick_start_python_runs_and_prints_what_it_says():
    text = (DOCS_DIR / "quickstart.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, "quickstart.md", "exec"), {"__name__": "quickstart"})
    printed = out.getvalue().splitlines()
    assert printed[0].startswith("('briscola.play.first-lead', 'briscola.play.turn'")
    assert printed[1] == "briscola.play.turn"
    hands = eval(printed[2])  # seat 0 sees its own hand only
    assert len(hands[0]) == 3 and hands[1] is None


def test_generated_snippets_of_hand_written_pages():
    counter = expand("<!-- regola:counterexample -->", "invariants.md")
    assert "✗ deal.stock-drains-evenly" in counter and "22 is not a multiple of 6" in counter
    table = expand("<!-- regola:invariants-table -->", "invariants.md")
    assert "| `deal.whole-tricks` |" in table
    with pytest.raises(KeyError, match="unknown generated snippet 'nope'"):
        expand("<!-- regola:nope -->", "x.md")
    summary = expand("<!-- regola:variant-summary -->", "index.md")
    assert "| Scopa |" in summary


def test_site_check_finds_missing_anchors_and_unknown_ids(tmp_path):
    from _gen.site_check import check_site

    from regola.spec.rules import rule_ids

    def write(path: str, body: str) -> None:
        file = tmp_path / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(f"<html><body>{body}</body></html>")

    every = sorted(data.all_rule_ids())
    write("rules/index.html", "".join(f'<h4 id="{r}">x</h4>' for r in every if r != "briscola.trick.winner"))
    for rs in data.rulesets():
        write(f"variants/{rs.id}/index.html", "".join(f'<h4 id="{r}">x</h4>' for r in rule_ids(rs)))
    write("index.html", '<p>see briscola.no.such and <a href="rules/#scopa.sweep">scopa.sweep</a>'
                        ' and <a href="rules/#briscola.trick.winner">w</a></p><script>briscola.x.y</script>')
    problems = check_site(tmp_path)
    assert problems == [
        "rules/index.html: no anchor for rule briscola.trick.winner",
        "index.html: mentions rule id briscola.no.such, which no catalogue defines",
        "index.html: link rules/#briscola.trick.winner points at no anchor",
    ]
