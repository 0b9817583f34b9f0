"""A house-rules file from start to finish, with the installed ``regola``
and no Python: prove it, play it, make its traces, check engines against
them, count its perft.

The file extends ``briscola-2`` and changes what a 60-60 tie does; every
command takes the file's path where it takes a variant id.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

from regola.conformance.trace.storage import read_text
from regola.spec import load, ruleset_hash

HOUSE = """\
extends = "briscola-2"
name = "Briscola at home"

[hand_scoring]
tie = "replay"
"""


def regola_argv() -> list[str]:
    script = Path(sys.executable).with_name("regola")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "regola.conformance.cli.commands"]


def regola(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("REGOLA_DEBUG", None)
    done = subprocess.run([*regola_argv(), *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_a_house_rules_file_goes_through_every_command(tmp_path):
    (tmp_path / "my.toml").write_text(HOUSE)
    expected_hash = ruleset_hash(load(tmp_path / "my.toml"))
    assert expected_hash != ruleset_hash(load("briscola-2"))

    proved = regola(tmp_path, "check", "my.toml")
    assert proved.returncode == 0, proved.stdout + proved.stderr
    assert "1 ruleset:" in proved.stdout and " 0 failed" in proved.stdout

    played = regola(tmp_path, "play", "my.toml", "--max-hands", "1")
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("Briscola at home (my)")

    made = regola(tmp_path, "corpus", "generate", "--variant", "my.toml", "--corpus", "corpus")
    assert made.returncode == 0, made.stderr
    traces = sorted((tmp_path / "corpus" / "my").glob("*.jsonl.gz"))
    assert traces and [p.parent.name for p in (tmp_path / "corpus").glob("*/*.jsonl.gz")] == ["my"] * len(traces)
    headers = [json.loads(read_text(p).splitlines()[0]) for p in traces]
    assert {(h["variant"], h["ruleset_hash"]) for h in headers} == {("my", expected_hash)}
    exercised = {r for p in traces for line in read_text(p).splitlines() for r in json.loads(line).get("rules", ())}
    assert "briscola.score.tie" in exercised

    for engine in ([], ["--engine", shlex.join([*regola_argv(), "serve", "--variant", "my.toml"])]):
        conformed = regola(tmp_path, "conform", *engine, "--variant", "my.toml", "--corpus", "corpus")
        assert conformed.returncode == 0, conformed.stdout + conformed.stderr
        assert f"{len(traces)} passed, 0 failed, 0 errored, 0 unsupported" in conformed.stdout

    counted = regola(tmp_path, "perft", "my.toml", "--depth", "2")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.strip() == "9"  # three cards each, any may be played


def test_an_engine_that_does_not_know_the_file_skips_its_traces(tmp_path):
    (tmp_path / "my.toml").write_text(HOUSE)
    assert regola(tmp_path, "corpus", "generate", "--variant", "my.toml", "--corpus", "corpus").returncode == 0
    engine = shlex.join([*regola_argv(), "serve"])
    done = regola(tmp_path, "conform", "--engine", engine, "--variant", "my.toml", "--corpus", "corpus")
    assert done.returncode == 1
    assert "no trace was run" in done.stdout


TO_FIVE = """\
extends = "scopa-2"
name = "Scopa to five"

[match]
target = 5
"""


def test_an_inherited_summary_that_no_longer_fits_is_marked(tmp_path):
    # issue 22: a file changing the target keeps scopa-2's summary ("first
    # to 11"); show, check and the page say whose it is and what differs
    (tmp_path / "five.toml").write_text(TO_FIVE)
    shown = regola(tmp_path, "show", "five.toml")
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert "sources: P-SCO, W-SCO, TIM, seeds/003 (inherited)" in text
    assert "The summary and sources are those of scopa-2, which this file extends" in text
    assert "match.target 11 -> 5" in text
    checked = regola(tmp_path, "check", "five.toml")
    assert checked.returncode == 0, checked.stderr
    assert "five: the summary and sources are those of scopa-2" in checked.stdout
    assert "match.target 11 -> 5" in " ".join(checked.stdout.split())
    # a file that writes its own summary, or only renames the game, is not marked
    own = TO_FIVE.replace('name = "Scopa to five"', 'name = "Scopa to five"\nsummary = "Scopa to five points."')
    (tmp_path / "named.toml").write_text(own)
    assert "those of scopa-2" not in regola(tmp_path, "show", "named.toml").stdout
    (tmp_path / "renamed.toml").write_text('extends = "scopa-2"\nname = "Our Scopa"\n')
    assert "those of" not in regola(tmp_path, "show", "renamed.toml").stdout
    # an option over a shipped variant: the summary is its file's
    opt = regola(tmp_path, "show", "scopa-2", "--option", "match.target=21")
    assert "The summary describes scopa-2 as its file has it" in " ".join(opt.stdout.split())


def test_the_page_of_a_house_file_marks_an_inherited_summary(tmp_path):
    import sys as _sys

    docs = Path(__file__).resolve().parents[1] / "docs"
    if str(docs) not in _sys.path:
        _sys.path.insert(0, str(docs))
    from _gen.variant import summary_part

    from regola.spec import add_variant_file

    (tmp_path / "five.toml").write_text(TO_FIVE)
    variant = add_variant_file(tmp_path / "five.toml")
    page = "\n".join(summary_part(load(variant)))
    assert '!!! note "Summary of scopa-2"' in page and "match.target 11 -> 5" in page
    assert "!!! note" not in "\n".join(summary_part(load("scopa-2")))
