"""A trace of a million steps is read in bounded memory (issue 15:
traces): a large file is checked line by line and its lines are read
again from the file when the runner gets to them."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from regola.conformance.trace import format as fmt
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.storage import compress, read_text


@pytest.fixture
def small_stream_bound(monkeypatch):
    monkeypatch.setattr(fmt, "STREAM_BYTES", 1)  # every file is "large"


def a_trace():
    return next(iter(iter_traces(["briscola-2"])))


def test_a_streamed_trace_reads_as_the_same_lines(small_stream_bound):
    path = a_trace()
    whole = [json.loads(line) for line in read_text(path).splitlines()]
    streamed = fmt.read_trace(path)
    assert isinstance(streamed.items, fmt.LinesOnDisk)
    assert streamed.header == whole[0] and streamed.end == whole[-1]
    assert list(streamed.items) == whole[1:-1]
    assert len(streamed.items) == len(whole) - 2
    assert streamed.items[3] == whole[4] and streamed.items[-1] == whole[-2]
    assert streamed.items[2:5] == whole[3:6] and streamed.items[::7] == whole[1:-1][::7]
    with pytest.raises(IndexError):
        streamed.items[len(whole)]


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda lines: lines[:-1], "the last line must be the end line"),
        (lambda lines: lines[1:], "the first line must be the header"),
        (lambda lines: [lines[0], lines[2], *lines[1:]], "expected"),
        (lambda lines: [*lines, lines[-1]], "may only be the last line"),
        (lambda lines: [lines[0], *lines[1:-1], lines[-1].replace('"steps":', '"steps":1')], "end line says"),
        (lambda lines: [lines[0], "{not json", *lines[1:]], "not JSON"),
    ],
)
def test_a_streamed_trace_gets_the_same_checks(tmp_path, small_stream_bound, damage, words):
    lines = read_text(a_trace()).splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(damage(lines)) + "\n")
    with pytest.raises(fmt.TraceError, match=words) as streamed:
        fmt.read_trace(bad)
    assert str(bad) in str(streamed.value)


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_memory_stays_bounded_on_a_long_trace(tmp_path, monkeypatch, suffix):
    """A trace of 20,000 steps, streamed from 1 MiB of text on (the bound is
    16 MiB in use; the same holds for a million steps): reading and walking
    it holds a small part of the file in memory, plain or compressed."""
    monkeypatch.setattr(fmt, "STREAM_BYTES", 1 << 20)
    lines = read_text(a_trace()).splitlines()
    header, step, end = json.loads(lines[0]), json.loads(lines[1]), json.loads(lines[-1])
    n = 20_000
    big = tmp_path / f"long{suffix}"
    text = "".join([fmt.dumps_line(header) + "\n", *(fmt.dumps_line({**step, "index": i}) + "\n" for i in range(n)),
                    fmt.dumps_line({**end, "steps": n}) + "\n"])
    big.write_bytes(compress(text) if suffix.endswith(".gz") else text.encode())
    size = len(text.encode())
    del text
    assert size > fmt.STREAM_BYTES
    tracemalloc.start()
    try:
        trace = fmt.read_trace(big)
        walked = sum(1 for _ in trace.items)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert walked == n
    assert peak < size / 10, f"peak {peak} bytes for a file of {size}"
