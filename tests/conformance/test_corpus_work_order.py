"""`regola corpus check` on every core: the work is handed out largest
variant first, by the size of its folder in the corpus; only the order of
the work depends on it, never the bytes built or the verdict."""

from __future__ import annotations

import gzip
import subprocess
import sys

from regola.conformance.corpus.generate import build, write_corpus
from regola.conformance.corpus.schedule import work_order
from regola.conformance.trace.storage import compress, read_text


def test_the_largest_variants_of_the_corpus_come_first(tmp_path):
    for variant, size in (("scopa-2", 10), ("briscola-2", 300), ("chiamata", 50)):
        (tmp_path / variant).mkdir()
        (tmp_path / variant / "a.jsonl").write_text("x" * size)
    (tmp_path / "briscola-2" / "b.jsonl").write_text("y" * 5)
    order = work_order(["scopa-2", "chiamata", "briscola-2", "tressette-2"], tmp_path)
    assert order == {"scopa-2": 10, "chiamata": 50, "briscola-2": 305, "tressette-2": 0}
    assert work_order(["scopa-2"], None) == {"scopa-2": 0}
    assert work_order(["scopa-2"], tmp_path / "no-such-folder") == {"scopa-2": 0}


def test_the_order_of_the_work_does_not_change_what_is_built(tmp_path):
    variants = ["briscola-scoperta-3", "briscola-scoperta-2"]
    hint = tmp_path / "hint"
    for variant, size in zip(variants, (1, 1000)):  # the second listed is "largest": it is handed out first
        (hint / variant).mkdir(parents=True)
        (hint / variant / "a.jsonl").write_text("x" * size)
    serial = build(variants, jobs=1)
    parallel = build(variants, jobs=2, sizes=hint)
    assert [vc.variant for vc in parallel] == variants  # in the order asked, whatever the order of the work
    assert [vc.files() for vc in serial] == [vc.files() for vc in parallel]

    root = tmp_path / "corpus"
    write_corpus(serial, root)
    check = [sys.executable, "-m", "regola.conformance.cli.commands", "corpus", "check", "--corpus", str(root),
             "--jobs", "2", *(a for v in variants for a in ("--variant", v))]
    ok = subprocess.run(check, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "is up to date" in ok.stdout
    victim = root / "briscola-scoperta-2" / "playout-seed-1.jsonl.gz"
    text = read_text(victim)
    # another zlib would deflate the same text into other bytes: still up to date
    victim.write_bytes(gzip.compress(text.encode(), compresslevel=1, mtime=12345))
    again = subprocess.run(check, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    lines = text.split("\n")
    lines[2] = lines[2].replace('"seat":', '"seat": ', 1)
    victim.write_bytes(compress("\n".join(lines)))
    bad = subprocess.run(check, capture_output=True, text=True)
    assert bad.returncode == 1
    assert f"{victim} differs from a fresh generation at line 3" in bad.stderr
    none = subprocess.run([*check[:-6], "--jobs", "0"], capture_output=True, text=True)
    assert none.returncode != 0 and "--jobs" in none.stderr
