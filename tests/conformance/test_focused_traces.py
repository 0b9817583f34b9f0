"""Focused traces: a few lines about one rule from a position reached by setup.

One engine bug must not hide another: a focused trace plays its setup
into the engine unchecked, takes what already differs at the position as
its baseline, and so reports the rule it is about even when the engine is
wrong earlier in the game.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from mutants.wrong import LoserDrawsFirst, TieScoredAsWin

from regola import reference
from regola.conformance.corpus.focused import FOCUS_LINES, focused_traces, nearest_positions
from regola.conformance.protocol.client import SubprocessEngine
from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.runner.trace_check import trace_problem
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.storage import trace_stem
from regola.conformance.trace.format import Trace, read_trace, write_trace
from regola.conformance.trace.setup import start_state
from regola.spec import load

VARIANTS = ("briscola-2", "scopa-2", "chiamata", "tressette-2", "albastini-2")


def corpus(variant: str) -> dict[str, Trace]:
    return {trace_stem(p): read_trace(p) for p in iter_traces([variant])}


def focused(variant: str) -> list[Path]:
    return [p for p in iter_traces([variant]) if trace_stem(p).startswith("focus--")]


def test_the_committed_corpus_holds_the_focused_traces_its_other_traces_give():
    for variant in VARIANTS:
        traces = corpus(variant)
        whole = {n: t for n, t in traces.items() if t.header["purpose"] != "focused"}
        made = {t.header["name"]: t for t in focused_traces(whole)}
        assert made, variant
        assert sorted(made) == sorted(n for n in traces if n.startswith("focus--")), variant
        for name, trace in made.items():
            assert trace.lines() == traces[name].lines(), f"{variant}/{name}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_focused_trace_starts_where_its_rules_are_first_exercised(variant: str):
    for path in focused(variant):
        trace = read_trace(path)
        h = trace.header
        assert h["purpose"] == "focused" and h["setup"] and h["focus"], path
        assert len(trace.items) == FOCUS_LINES, path
        first = trace.items[0]
        exercised = first["rules"] if first["kind"] == "step" else [first["rule"]]
        assert set(h["focus"]) <= set(exercised), path
        # the setup leads to a position the reference reaches, and the first line is played from there
        state = start_state(load(variant, h["options"] or None), h)
        if first["kind"] == "step":
            assert reference.view(reference.apply(state, first["action"])) == first["view"], path
        assert trace_problem(trace) is None, path


def test_every_rule_exercised_after_the_first_step_has_its_focused_trace():
    for variant in VARIANTS:
        traces = corpus(variant)
        whole = {n: t for n, t in traces.items() if t.header["purpose"] != "focused"}
        focus = {r for p in focused(variant) for r in read_trace(p).header["focus"]}
        late = {r for rules in nearest_positions(whole).values() for r in rules}
        assert late == focus, variant
        for trace in whole.values():  # a rule some trace exercises at its deal or first line needs none
            if trace.header["options"]:
                continue  # focused traces are of the variant's own rules
            first = set(trace.header.get("rules", ()))
            if trace.items:
                item = trace.items[0]
                first |= set(item["rules"]) if item["kind"] == "step" else {item["rule"]}
            assert not focus & first, (variant, trace.header["name"], focus & first)


class TieAndPoints(TieScoredAsWin):
    """Two bugs: a 60-60 hand scored as a win (``briscola.score.tie``), and
    card points reported one too high from the first trick on."""

    name = "tie-and-points"

    def view(self, seat=None):
        view = reference.view(self.state, seat)
        if view.get("tricks_played"):
            view = {**view, "points": [p + 1 for p in view["points"]]}
        return view


def test_a_bug_before_the_position_neither_stops_nor_takes_the_blame():
    paths = list(iter_traces(["briscola-2"]))
    results = {r.name: r for r in run_traces(paths, TieAndPoints)[0]}
    tie = results["default--score-tie"]  # the whole hand: the points bug comes first
    assert tie.status == "failed" and tie.divergence.step == 1 and tie.rule != "briscola.score.tie"
    focus = next(r for n, r in results.items() if n.startswith("focus--") and "briscola.score.tie" in
                 read_trace(r.path).header["focus"])
    assert focus.status == "failed"
    assert focus.rule == "briscola.score.tie"
    assert focus.divergence.explained_by.how == "option"
    assert focus.unchecked == ["points"]
    assert "already different at this focused trace's position" in focus.report()


def test_an_engine_that_cannot_reach_the_position_is_told_which_setup_action_it_refused():
    # a focused trace whose setup the engine refuses checks nothing: not checked, not failed
    path = next(p for p in focused("briscola-2") if "briscola.score.count" in read_trace(p).header["focus"])
    (result,), _ = run_traces([path], LoserDrawsFirst)
    d = result.divergence
    assert result.status == "unchecked" and d.kind == "refused" and d.setup is not None
    assert d.where.startswith(f"setup action {d.setup} of the header")
    assert d.action == read_trace(path).header["setup"][d.setup]
    assert "on the way to this focused trace's position" in d.message
    assert d.rule is None and d.explained_by is None  # the whole traces find where the engine left the game
    whole, _ = run_traces([CORPUS_DIR / "briscola-2" / "default--score-tie.jsonl.gz"], LoserDrawsFirst)
    assert whole[0].rule == "briscola.draw.order"


def test_a_setup_action_the_rules_forbid_makes_a_bad_trace(tmp_path: Path):
    path = focused("briscola-2")[0]
    trace = read_trace(path)
    setup = list(trace.header["setup"])
    setup[0] = {**setup[0], "card": "no-such-card"}
    bad = tmp_path / path.name
    write_trace(bad, Trace({**trace.header, "setup": setup}, trace.items, trace.end))
    problem = trace_problem(read_trace(bad))
    assert problem is not None and f"{bad}:1: setup action 0 of the header" in problem


def test_focused_traces_over_the_protocol_get_the_same_verdicts():
    paths = [p for v in ("briscola-2", "scopa-2") for p in focused(v)]
    command = shlex.join([sys.executable, "-m", "regola.conformance.protocol.serve"])
    served, hello = run_traces(paths, lambda: SubprocessEngine(command))
    assert hello and all(r.status == "passed" for r in served), [r.report() for r in served if r.status != "passed"]
    mutant = shlex.join([sys.executable, str(Path(__file__).parent / "mutants" / "wire.py"), "tie-scored-as-win"])
    wrong, _ = run_traces(paths[: len(focused("briscola-2"))], lambda: SubprocessEngine(mutant))
    inproc, _ = run_traces(paths[: len(focused("briscola-2"))], TieScoredAsWin)
    assert [(r.status, r.rule) for r in wrong] == [(r.status, r.rule) for r in inproc]
    assert any(r.rule == "briscola.score.tie" for r in wrong), mutant


def test_the_docs_example_of_a_focused_trace_runs_as_shown(tmp_path: Path):
    page = (Path(__file__).resolve().parents[2] / "docs" / "engines" / "index.md").read_text(encoding="utf-8")
    code = next(block for block in page.split("```python\n")[1:] if "class LateBug" in block).split("```")[0]
    (tmp_path / "late_bug.py").write_text(code, encoding="utf-8")
    trace = CORPUS_DIR / "briscola-2" / "focus--briscola-score-count.jsonl.gz"
    run = subprocess.run(
        [str(Path(sys.executable).with_name("regola")), "conform", "--engine", "late_bug.py:LateBug", "--trace", str(trace)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 1, run.stderr
    assert "first divergence at step 0 (line 2): match.game_points: expected [0,0], got [1,0]" in run.stdout
    assert "rule most likely broken: briscola.score.tie" in run.stdout
    assert "why (option): behaves as if `hand_scoring.tie = last-trick`" in run.stdout
    assert "already different at this focused trace's position, so not checked here: points" in run.stdout


class WithoutSeatViews(ReferenceEngine):
    """The reference, reporting the omniscient view only."""

    def hello(self):
        return {**super().hello(), "seat_views": False, "legal": False}


def test_a_reject_line_at_the_position_is_checked_against_the_position():
    paths = [p for v in VARIANTS for p in focused(v) if read_trace(p).items[0]["kind"] == "reject"]
    assert paths
    for factory in (ReferenceEngine, WithoutSeatViews):
        results, _ = run_traces(paths, factory)
        assert [r.status for r in results] == ["passed"] * len(paths), [r.report() for r in results]
