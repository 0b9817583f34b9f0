"""Traces stored compressed (``.jsonl.gz``) read as their text everywhere,
plain ``.jsonl`` traces still do, and the compressed bytes are the same for
the same text."""

from __future__ import annotations

import gzip
import subprocess
import sys

import pytest

from regola.conformance.trace.files import CORPUS_DIR, iter_traces, trace_files
from regola.conformance.trace.format import TraceError, read_trace, write_trace
from regola.conformance.trace.storage import compress, first_line, read_bytes, read_text, text_size, trace_stem

CLI = [sys.executable, "-m", "regola.conformance.cli.commands"]


def a_trace():
    return CORPUS_DIR / "briscola-2" / "playout-seed-1.jsonl.gz"


def test_the_corpus_is_stored_compressed_and_reads_as_text():
    paths = list(iter_traces())
    assert paths and all(p.name.endswith(".jsonl.gz") for p in paths)
    path = a_trace()
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    text = gzip.decompress(path.read_bytes()).decode()
    assert read_text(path) == text and read_bytes(path) == text.encode()
    assert first_line(path) == text.split("\n", 1)[0] + "\n"
    assert text_size(path) == len(text.encode())
    assert trace_stem(path) == "playout-seed-1" == read_trace(path).header["name"]


def test_compressed_bytes_depend_on_the_text_alone():
    text = read_text(a_trace())
    data = compress(text)
    assert data == compress(text)
    assert data[:10] == b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # no name, mtime 0, OS unknown
    assert gzip.decompress(data).decode() == text
    assert len(data) < len(text) / 5


def test_plain_and_compressed_traces_read_the_same(tmp_path):
    trace = read_trace(a_trace())
    plain, packed = tmp_path / "t.jsonl", tmp_path / "t.jsonl.gz"
    write_trace(plain, trace)
    write_trace(packed, trace)
    assert packed.read_bytes()[:2] == b"\x1f\x8b" and plain.read_text() == read_text(packed)
    assert read_trace(plain).lines() == read_trace(packed).lines() == trace.lines()
    assert [p.name for p in trace_files(tmp_path)] == ["t.jsonl", "t.jsonl.gz"]


def test_a_compressed_file_is_known_by_its_bytes_not_its_name(tmp_path):
    odd = tmp_path / "renamed.jsonl"
    odd.write_bytes(a_trace().read_bytes())
    assert read_trace(odd).header["name"] == "playout-seed-1"


@pytest.mark.parametrize("damage", [lambda b: b[: len(b) // 2], lambda b: b[:12] + b"\x00" * 40 + b[52:]])
def test_a_broken_compressed_file_is_named(tmp_path, damage):
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(damage(a_trace().read_bytes()))
    with pytest.raises(TraceError, match="bad.jsonl.gz: cannot be read"):
        read_trace(bad)


def test_conform_takes_plain_and_compressed_traces_and_folders(tmp_path):
    trace = read_trace(a_trace())
    write_trace(tmp_path / "mine.jsonl", trace)  # a hand-written or fuzz trace stays plain
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "packed.jsonl.gz").write_bytes(a_trace().read_bytes())
    for args in (["--trace", str(tmp_path / "mine.jsonl")], ["--trace", str(tmp_path)]):
        run = subprocess.run([*CLI, "conform", *args], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([*CLI, "conform", "--trace", str(tmp_path), "--json", str(tmp_path / "r.json")],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "2 passed" in run.stdout.replace("traces ", ""), run.stdout


def test_corpus_show_prints_the_text():
    run = subprocess.run([*CLI, "corpus", "show", str(a_trace())], capture_output=True)
    assert run.returncode == 0
    assert run.stdout == read_bytes(a_trace())
    missing = subprocess.run([*CLI, "corpus", "show", "nope.jsonl.gz"], capture_output=True, text=True)
    assert missing.returncode == 2 and "nope.jsonl.gz: cannot be read" in missing.stderr
