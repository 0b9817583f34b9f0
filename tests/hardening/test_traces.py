"""Hostile traces: a bad trace is reported as such, with its file and line,
never blamed on the engine, and never stops the run for the others
(issue 15: traces)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harden import regola
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import TraceError, read_trace
from regola.conformance.trace.storage import read_text


@pytest.fixture(scope="module")
def good() -> list[str]:
    return read_text(next(iter(iter_traces(["briscola-2"])))).splitlines()


def bad_traces(folder: Path, lines: list[str]) -> dict[str, str]:
    """Trace files whose content is impossible, by name -> what the report must say."""
    h = json.loads(lines[0])
    step = json.loads(lines[1])
    made = {
        "no-such-card": ([lines[0], json.dumps({**step, "action": {**step["action"], "card": "Zz"}}), *lines[2:]],
                         ":2: step 0"),
        "card-not-held": ([lines[0], json.dumps({**step, "action": {**step["action"], "card": _not_held(h, step)}}),
                           *lines[2:]], ":2: step 0"),
        "malformed-deck": ([json.dumps({**h, "deck": h["deck"][:-1] + h["deck"][:1]}), *lines[1:]], ":1: the header's deck"),
        "unknown-variant": ([json.dumps({**h, "variant": "no-such-game"}), *lines[1:]], ":1: the trace's variant"),
        "deep-json": ([lines[0], "[" * 100_000 + "]" * 100_000, *lines[2:]], ":2: JSON nested too deeply"),
        "not-json": ([lines[0], "{oops", *lines[2:]], ":2: not JSON"),
    }
    for name, (text_lines, _) in made.items():
        (folder / f"{name}.jsonl").write_text("\n".join(text_lines) + "\n")
    (folder / "latin1.jsonl").write_bytes(lines[0].encode() + b"\n\xe9\n")
    out = {name: words for name, (_, words) in made.items()}
    out["latin1"] = ":2: not UTF-8"
    return out


def _not_held(header: dict, step: dict) -> str:
    """A card of the pack that the acting seat does not hold."""
    hand = set(header["view"]["hands"][step["seat"]])
    return next(c for c in header["deck"] if c not in hand)


def test_bad_traces_are_bad_traces_and_the_good_one_still_passes(tmp_path, good):
    expected = bad_traces(tmp_path, good)
    (tmp_path / "zz-good.jsonl").write_text("\n".join(good) + "\n")
    results, _ = run_traces(sorted(tmp_path.glob("*.jsonl")), ReferenceEngine)
    by_file = {Path(r.path).stem: r for r in results}
    assert set(by_file) == {*expected, "zz-good"}  # every trace gets a verdict
    assert by_file["zz-good"].status == "passed"
    for name, words in expected.items():
        r = by_file[name]
        assert r.status == "errored" and r.error_kind in ("trace", "bad-trace"), (name, r.error)
        assert f"{name}.jsonl{words}" in r.error, (name, r.error)
        assert "engine error" not in r.report() and "bad trace" in r.report()


def test_conform_takes_a_folder_writes_the_report_and_blames_no_engine(tmp_path, good):
    folder = tmp_path / "traces"
    folder.mkdir()
    expected = bad_traces(folder, good)
    report = tmp_path / "report.json"
    ran = regola("conform", "--trace", str(folder), "--json", str(report), timeout=120)
    assert ran.status == 1
    assert "Traceback" not in ran.stderr + ran.stdout
    data = json.loads(report.read_text())
    assert len(data["traces"]) == len(expected)
    assert "engine error" not in ran.stdout
    assert ran.stdout.count("bad trace, not the engine's fault") == len(expected)


@pytest.mark.parametrize("select", [["--variant", "briscola-2"], ["--variant", "briscola-2", "--profile", "pagat"]])
def test_an_unreadable_trace_is_reported_even_when_the_run_is_filtered(tmp_path, good, select):
    # issue 22: with --variant (or --profile) a trace whose header could not
    # be read named no variant and was dropped in silence
    folder = tmp_path / "traces"
    folder.mkdir()
    (folder / "good.jsonl").write_text("\n".join(good) + "\n")
    (folder / "cut.jsonl").write_text(good[0][: len(good[0]) // 2] + "\n")
    (folder / "binary.jsonl").write_bytes(b"\xff\xfe\x00garbage\n")
    report = tmp_path / "report.json"
    ran = regola("conform", "--trace", str(folder), *select, "--json", str(report), timeout=120)
    assert "Traceback" not in ran.stderr + ran.stdout
    data = json.loads(report.read_text())
    names = sorted(Path(t["path"]).name for t in data["traces"]) if "path" in data["traces"][0] else None
    assert len(data["traces"]) == 3, data["traces"]
    assert ran.stdout.count("bad trace, not the engine's fault") == 2
    assert ran.status == 1
    assert names is None or names == ["binary.jsonl", "cut.jsonl", "good.jsonl"]


@settings(max_examples=150, deadline=None)
@given(line=st.one_of(
    st.text(max_size=200),
    st.recursive(st.one_of(st.none(), st.integers(), st.text(max_size=8), st.booleans()),
                 lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
                     ["kind", "index", "seat", "action", "view", "events", "rules", "type", "card", "steps"]),
                     inner, max_size=5)), max_leaves=15).map(json.dumps),
))
def test_any_trace_line_is_read_or_refused_with_a_trace_error(tmp_path_factory, line):
    path = tmp_path_factory.mktemp("fuzz") / "t.jsonl"
    path.write_text(line + "\n")
    try:
        read_trace(path)
    except TraceError as exc:
        assert str(path) in str(exc)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_mutated_action_is_either_replayable_or_a_bad_trace(good, data):
    from regola.conformance.runner.trace_check import trace_problem
    from regola.conformance.trace.format import Trace

    header = json.loads(good[0])
    items = [json.loads(line) for line in good[1:-1]]
    at = data.draw(st.integers(0, len(items) - 1))
    field = data.draw(st.sampled_from(["card", "seat", "type", "extra"]))
    value = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.text(max_size=4),
                                st.sampled_from(header["deck"])))
    items[at] = {**items[at], "action": {**items[at]["action"], field: value}}
    problem = trace_problem(Trace(header=header, items=items, end=json.loads(good[-1]), path=Path("t.jsonl")))
    # the lines before the mutated one (line at + 2) are untouched and possible
    assert problem is None or int(problem.split(":")[1]) >= at + 2, problem
