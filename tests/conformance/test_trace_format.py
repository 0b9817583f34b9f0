"""The trace format: lines, canonical JSON, reading with clear errors, the schema."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from regola.conformance.trace.files import SCHEMA_PATH
from regola.conformance.trace.format import (
    Trace,
    TraceError,
    dumps_line,
    dumps_trace,
    read_trace,
    schema_text,
    trace_schema,
    write_trace,
)
from regola.conformance.trace.record import Recorder

# briscola-2, dealer 0, one card at a time from seat 1: seat 1 gets Ad 3d Kd,
# seat 0 gets 2c 4c 5c, the seventh card (7s) is the indicator, the rest
# (in canonical order) is the stock, top first.
DEAL = ["Ad", "2c", "3d", "4c", "Kd", "5c", "7s"]


def deck_for_briscola() -> list[str]:
    suits, ranks = "dcsb", ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
    rest = [r + s for s in suits for r in ranks if r + s not in DEAL]
    return DEAL + rest


def small_trace(description: str = "two plays and two refusals") -> Trace:
    rec = Recorder("briscola-2", {}, deck_for_briscola(), name="small", purpose="negative",
                   description=description, seed=None)
    rec.step({"type": "play", "seat": 1, "card": "Ad"})
    rec.reject({"type": "play", "seat": 1, "card": "3d"})
    rec.reject({"type": "play", "seat": 0, "card": "Ad"})
    rec.step({"type": "play", "seat": 0, "card": "2c"})
    return rec.trace()


def test_lines_hold_what_the_format_says():
    trace = small_trace()
    h = trace.header
    assert (h["kind"], h["format"], h["version"], h["variant"], h["purpose"]) == (
        "header", "regola-trace", 1, "briscola-2", "negative")
    assert h["ruleset_hash"].startswith("sha256:") and len(h["ruleset_hash"]) == 7 + 64
    assert h["deck"] == deck_for_briscola()
    assert h["deal"]["type"] == "deal"
    assert h["deal"]["hands"] == [["2c", "4c", "5c"], ["Ad", "3d", "Kd"]]
    assert h["deal"]["indicator"] == "7s" and h["deal"]["trump"] == "s"
    assert h["view"]["to_move"] == 1 and h["view"]["trump"] == "s"
    assert "briscola.deal.hands" in h["rules"] and "briscola.deal.indicator" in h["rules"]

    first, turn, held, second = trace.items
    # the legal actions BEFORE the step: seat 1's three cards, canonical order
    assert first["legal"] == [{"type": "play", "seat": 1, "card": c} for c in ("Ad", "3d", "Kd")]
    assert first["legal_count"] == 3 and first["index"] == 0 and first["seat"] == 1
    # the omniscient view AFTER the step
    assert first["view"]["trick"] == [{"seat": 1, "card": "Ad"}]
    assert first["view"]["to_move"] == 0
    assert first["events"] == [{"type": "play", "seat": 1, "card": "Ad"}]
    assert {"briscola.play.turn", "briscola.play.in-hand", "briscola.play.free"} <= set(first["rules"])

    # rejects sit between the steps, with the index the next step will have
    assert turn == {"kind": "reject", "index": 1, "seat": 1, "action": {"type": "play", "seat": 1, "card": "3d"},
                    "rule": "briscola.play.turn", "message": turn["message"]}
    assert held["rule"] == "briscola.play.in-hand" and held["index"] == 1

    # Ad leads diamonds, 2c is neither diamonds nor trumps: seat 1 wins 11
    # points and draws first (2d, the stock's top card), then seat 0 (4d)
    events = second["events"]
    trick = next(e for e in events if e["type"] == "trick")
    assert (trick["winner"], trick["points"], trick["cards"]) == (1, 11, ["Ad", "2c"])
    draws = [(e["seat"], e["card"]) for e in events if e["type"] == "draw"]
    assert draws == [(1, "2d"), (0, "4d")]
    assert second["view"]["to_move"] == 1
    assert trace.end == {"kind": "end", "match": second["view"]["match"], "result": None, "steps": 2}


def test_a_legal_action_cannot_be_a_reject_line():
    rec = Recorder("briscola-2", {}, deck_for_briscola(), name="x", purpose="negative", description="")
    with pytest.raises(ValueError, match="is legal here"):
        rec.reject({"type": "play", "seat": 1, "card": "Ad"})


def test_write_then_read_gives_the_same_trace_and_bytes(tmp_path):
    trace = small_trace("Brìscola à deux")
    path = tmp_path / "t.jsonl"
    write_trace(path, trace)
    back = read_trace(path)
    assert (back.header, back.items, back.end, back.path) == (trace.header, trace.items, trace.end, path)
    raw = path.read_bytes()
    assert raw == dumps_trace(trace).encode()
    assert "Brìscola à deux".encode() in raw  # UTF-8, not \u escapes
    first = raw.split(b"\n")[0]
    assert b": " not in first and b", " not in first  # no spaces after separators
    assert list(json.loads(first)) == sorted(json.loads(first))  # sorted keys
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_dumps_line_is_canonical():
    assert dumps_line({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'


def write_lines(path: Path, lines: list[object]) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "mutate, where, message",
    [
        (lambda ls: ls.insert(2, "{not json"), ":3:", "not JSON"),
        (lambda ls: ls.insert(0, ls.pop(1)), ":1:", "first line must be the header"),
        (lambda ls: ls.pop(), ":5:", "last line must be the end line"),
        (lambda ls: ls[0].update(version=2), ":1:", "version 2 is not supported"),
        (lambda ls: ls[4].update(index=7), ":5:", "index 7, expected 1"),
        (lambda ls: ls[-1].update(steps=9), ":6:", "end line says 9 steps, the trace has 2"),
        (lambda ls: ls[1].pop("legal_count"), ":2:", "field legal_count"),
        (lambda ls: ls[1].update(colour="red"), ":2:", "field colour"),
        (lambda ls: ls[2].update(kind="maybe"), ":3:", "kind"),
        (lambda ls: ls.insert(3, ls[0]), ":4:", "header line may only be the first line"),
        (lambda ls: ls.insert(3, [1, 2]), ":4:", "must be a JSON object"),
    ],
)
def test_bad_traces_are_refused_naming_file_and_line(tmp_path, mutate, where, message):
    lines = [json.loads(dumps_line(x)) for x in small_trace().lines()]
    mutate(lines)
    path = write_lines(tmp_path / "bad.jsonl", lines)
    with pytest.raises(TraceError) as err:
        read_trace(path)
    assert f"{path}{where}" in str(err.value)
    assert message in str(err.value)


def test_empty_and_missing_files_are_refused(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(TraceError, match="empty file"):
        read_trace(empty)
    with pytest.raises(TraceError, match="cannot be read"):
        read_trace(tmp_path / "absent.jsonl")


def test_every_line_validates_against_the_exported_schema():
    validator = jsonschema.Draft202012Validator(trace_schema())
    for line in small_trace().lines():
        validator.validate(json.loads(dumps_line(line)))
    bad = [
        {"kind": "step", "index": 0},  # most fields missing
        {"kind": "reject", "index": -1, "seat": 0, "action": {"type": "play"}, "rule": "r", "message": ""},
        {"kind": "reject", "index": 0, "seat": 0, "action": {"seat": 0}, "rule": "r", "message": ""},
        {"kind": "end", "match": {}, "result": None, "steps": 0, "extra": 1},
        {"kind": "header", "format": "other", "version": 1},
    ]
    for line in bad:
        assert not validator.is_valid(line), line


def test_committed_schema_is_up_to_date():
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), (
        "conformance/data/schema/trace.schema.json is stale: run `regola trace-schema --write`"
    )


def test_trace_schema_command_prints_and_checks():
    run = [sys.executable, "-m", "regola.conformance.cli.commands", "trace-schema"]
    printed = subprocess.run(run, capture_output=True, text=True, check=True)
    assert json.loads(printed.stdout)["$id"] == trace_schema()["$id"]
    checked = subprocess.run([*run, "--check"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
