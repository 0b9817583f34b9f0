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
    corpus = text.split("## With each")[0]
    rows = [line for line in corpus.splitlines() if line.startswith("| ")]
    cells = [[c.strip() for c in row.strip().strip("|").split(" | ")] for row in rows]
    # variants in rows, engines in columns: a cell per engine and variant
    assert cells[0] == ["Variant", "alpha<br>2.0", "beta<br>2.0"]
    by_variant = {row[0]: row[1:] for row in cells[1:]}
    assert list(by_variant) == ["[briscola-2](../variants/briscola-2.md)",
                                "[briscola-3](../variants/briscola-3.md)", "**Passed**"]
    alpha, beta = by_variant["[briscola-2](../variants/briscola-2.md)"]
    assert alpha == '<span class="compat-pass">passed</span><br>10/10 (100%)'
    assert beta == ('<span class="compat-fail">failed</span><br>7/10 (70%)<br>'
                    "[<code>briscola.<wbr>trick.<wbr>winner</code>](../variants/briscola-2.md#briscola.trick.winner)")
    # alpha does not play briscola-3; beta was not run on it
    assert by_variant["[briscola-3](../variants/briscola-3.md)"] == [
        '<span class="compat-unsupported" title="not supported">–</span>', ""]
    assert by_variant["**Passed**"] == ["1 of 1", "0 of 1"]
    # the details below the matrix: fields compared and how to replay the failure
    details = corpus.split("### Details")[1]
    assert "- `briscola-2`: failed, 7/10 (70%) of traces; 71% of view fields compared (15 of 21)" in details
    assert "`regola conform --engine CMD --trace conformance/data/corpus/briscola-2/playout-seed-1.jsonl.gz`" in details
    assert "not supported: 1 other variant" in details


def test_the_compatibility_matrix_has_a_cell_per_engine_and_variant(pages):
    """The committed results: every engine a column, every variant any
    engine was run on a row, and no row without a cell for each engine."""
    files = compat.result_sets()[""]
    corpus = pages[data.COMPAT].split("## With each")[0]
    rows = [line for line in corpus.splitlines() if line.startswith("| ")]
    assert len(rows[0].split(" | ")) == 1 + len(files)
    variants = sorted({v for r in files for v in r.variants})
    assert len(rows) == 1 + len(variants) + 1  # header, one per variant, the totals
    for row in rows:
        assert len(row.strip().strip("|").split(" | ")) == 1 + len(files), row


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
    assert "`conformance/data/corpus/briscola-2/playout-seed-3.jsonl`" in text and "seed 3" in text
    assert "| Seat 0 | `Ad` `2d` `3d` |" in text and "| Trump indicator | `7d` |" in text
    assert "| 1 | 0 | plays `Ad` | trick 1 to seat 0 (11 pts); draws: seat 0, seat 1 |" in text


def test_no_corpus_leaves_the_example_out(tmp_path, monkeypatch):
    monkeypatch.setattr(example, "CORPUS_DIR", tmp_path)
    assert example.example_section(load("briscola-2"), "variants/briscola-2.md") == ""


def test_the_python_adapter_example_follows_the_rules(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(DOCS_DIR / "examples"))
    from regola.conformance.runner.lockstep import check_engine
    from toy_adapter import ToyAdapter

    check_engine(ToyAdapter, "briscola-2", max_examples=10, out=str(tmp_path / "toy-failure.jsonl"))


def test_the_python_adapter_example_passes_the_corpus(monkeypatch):
    monkeypatch.syspath_prepend(str(DOCS_DIR / "examples"))
    from regola.conformance.runner.run import run_traces
    from regola.conformance.trace.files import iter_traces
    from toy_adapter import ToyAdapter

    paths = list(iter_traces(["briscola-2"]))
    results, hello = run_traces(paths, ToyAdapter)
    assert hello["engine"] == "toy_briscola"
    assert len(results) == len(paths) > 0
    # What the corpus finds in the example, and nothing else: the
    # hand-by-hand base plays hands, not matches (it accepts a shuffle once
    # the match is over), and the toy engine has no exchange of the trump
    # card, which one source's profile of briscola-2 plays.
    findings = {r.name: r.rule for r in results if r.status != "passed"}
    assert findings == {
        "negative--matrix": "briscola.match.end",
        "profile-wikipedia--exchange-window": "briscola.exchange.card",
    }


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
        example = '<h2 id="example-game">Example game</h2>' if rs.id != "briscola-2" else ""
        write(f"variants/{rs.id}/index.html", "".join(f'<h4 id="{r}">x</h4>' for r in rule_ids(rs)) + example)
    write("index.html", '<p>see briscola.no.such and <a href="rules/#scopa.sweep">scopa.sweep</a>'
                        ' and <a href="rules/#briscola.trick.winner">w</a></p><script>briscola.x.y</script>')
    problems = check_site(tmp_path)
    assert problems == [
        "rules/index.html: no anchor for rule briscola.trick.winner",
        "variants/briscola-2/index.html: no Example game section (is the corpus there?)",
        "index.html: mentions rule id briscola.no.such, which no catalogue defines",
        "index.html: link rules/#briscola.trick.winner points at no anchor",
    ]
