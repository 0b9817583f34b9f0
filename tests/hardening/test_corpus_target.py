"""``regola corpus generate --corpus PATH`` never replaces what regola did
not write (issue 15: lost data)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from harden import one_error_line, regola

from regola.conformance.corpus.target import MARKER, NotACorpus, check_target, is_corpus
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.storage import trace_stem


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def generate(corpus: str, *more: str):
    return regola("corpus", "generate", "--variant", "briscola-2", "--corpus", corpus, *more, timeout=120)


@pytest.mark.parametrize(
    "layout",
    [
        {"notes.txt": "my notes"},
        {"src/main.py": "print(1)"},
        {"briscola-2/a.jsonl": "{}\n", "README.md": "mine"},
        {"briscola-2/a.jsonl": "{}\n", "briscola-2/keep.txt": "mine"},
    ],
    ids=["a-file", "a-subfolder", "traces-and-a-file", "a-variant-folder-with-a-file"],
)
def test_a_folder_of_other_files_is_refused_and_left_alone(tmp_path, layout):
    target = tmp_path / "mine"
    for rel, text in layout.items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_text(text)
    before = snapshot(tmp_path)
    ran = generate(str(target))
    assert ran.status == 2
    one_error_line(ran, str(target), "--force")
    assert snapshot(tmp_path) == before


def test_an_existing_file_is_refused_and_left_alone(tmp_path):
    target = tmp_path / "thesis.tex"
    target.write_text("years of work")
    ran = generate(str(target))
    assert ran.status == 2
    one_error_line(ran, str(target))
    assert target.read_text() == "years of work"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis.tex"]


def test_an_empty_corpus_path_is_not_the_current_folder(tmp_path):
    (tmp_path / "keep.txt").write_text("x")
    ran = regola("corpus", "generate", "--variant", "briscola-2", "--corpus", "", cwd=tmp_path)
    assert ran.status == 2
    one_error_line(ran, "--corpus")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_the_current_folder_holding_other_files_is_refused(tmp_path):
    (tmp_path / "keep.txt").write_text("x")
    ran = regola("corpus", "generate", "--variant", "briscola-2", "--corpus", ".", cwd=tmp_path)
    assert ran.status == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_a_corpus_regola_wrote_is_replaced_and_marked_and_checks(tmp_path):
    target = tmp_path / "corpus"
    first = generate(str(target))
    assert first.status == 0, first.stderr
    assert (target / MARKER).is_file()
    mode = target.stat().st_mode & 0o777
    assert mode == 0o777 & ~_umask()
    again = generate(str(target))
    assert again.status == 0, again.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]  # no temporary folder left


def test_corpus_check_ignores_the_marker_on_both_sides(tmp_path):
    from regola.conformance.corpus.generate import VariantCorpus, first_difference, write_corpus

    trace = next(iter(iter_traces(["briscola-2"])))
    for side in ("a", "b"):
        (tmp_path / side / "briscola-2").mkdir(parents=True)
        (tmp_path / side / "briscola-2" / trace.name).write_bytes(trace.read_bytes())
    (tmp_path / "a" / MARKER).write_text("x")  # a corpus from before the marker vs. one with it
    assert first_difference(tmp_path / "a", tmp_path / "b") is None
    assert first_difference(tmp_path / "b", tmp_path / "a") is None
    from regola.conformance.trace.format import read_trace

    one = VariantCorpus("briscola-2", {trace_stem(trace): read_trace(trace)})
    write_corpus([one], tmp_path / "b", whole=False)  # marked in place
    assert first_difference(tmp_path / "a", tmp_path / "b") is None
    assert (tmp_path / "b" / MARKER).is_file()


def test_force_writes_into_a_folder_of_other_files(tmp_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("x")
    ran = generate(str(target), "--force")
    assert ran.status == 0, ran.stderr
    # with --variant only that variant's folder is replaced: the rest stays
    assert (target / "briscola-2").is_dir() and (target / MARKER).is_file()
    assert (target / "notes.txt").read_text() == "x"


def test_the_committed_corpus_is_marked_and_counts_as_a_corpus():
    assert (CORPUS_DIR / MARKER).is_file()
    assert is_corpus(CORPUS_DIR)
    check_target(CORPUS_DIR)


def test_an_old_corpus_without_marker_is_still_a_corpus(tmp_path):
    (tmp_path / "briscola-2").mkdir()
    (tmp_path / "briscola-2" / "a.jsonl").write_text("{}\n")
    assert is_corpus(tmp_path)
    (tmp_path / "briscola-2" / "b.txt").write_text("x")
    with pytest.raises(NotACorpus, match=str(tmp_path)):
        check_target(tmp_path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
