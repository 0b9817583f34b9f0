"""What the command line prints and writes: help without noise, a light
start, a "did you mean", only the family's sections in ``show``, progress
only in a terminal, files with the usual permissions."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from regola.conformance.cli.commands import COMMANDS, app
from regola.conformance.cli.corpus import progress
from regola.conformance.corpus.generate import VariantCorpus, write_corpus
from regola.conformance.trace.format import Trace, write_text_atomic

try:  # click before 8.2 mixes stderr into stdout unless told not to
    runner = CliRunner(mix_stderr=False)
except TypeError:
    runner = CliRunner()


@pytest.mark.parametrize("command", [*COMMANDS, "corpus generate", "corpus check", "corpus coverage", ""])
def test_help_shows_no_type_after_a_flag(command):
    result = runner.invoke(app, [*command.split(), "--help"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    assert "--help" in result.output


def test_conform_help_lists_its_flags_without_bool():
    result = runner.invoke(app, ["conform", "--help"], terminal_width=120)
    assert "<bool>" not in result.output
    assert "--corpus" in result.output and "ID|FILE" in result.output


def test_help_loads_neither_the_spec_nor_the_reference_nor_z3():
    code = (
        "import sys\n"
        "from regola.conformance import cli\n"
        "sys.argv = ['regola', '--help']\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('z3', 'pydantic', 'regola.spec', 'regola.reference', 'regola.conformance.runner',\n"
        "         'regola.conformance.corpus', 'regola.conformance.protocol')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "Usage" in done.stdout
    assert done.stderr.strip() == "[]"


@pytest.mark.parametrize(
    "args",
    [
        ["show", "briscola2"],
        ["play", "briscola2"],
        ["check", "briscola2"],
        ["perft", "briscola2"],
        ["conform", "--variant", "briscola2"],
        ["corpus", "generate", "--variant", "briscola2"],
    ],
)
def test_an_unknown_id_gets_a_did_you_mean(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "did you mean briscola-2?" in result.stderr


def test_a_folder_named_like_a_variant_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "briscola-3").mkdir()
    result = runner.invoke(app, ["show", "briscola-3"])
    assert result.exit_code == 0, result.stderr
    assert "(briscola-3, briscola family)" in result.stdout


def sections(variant: str) -> set[str]:
    result = runner.invoke(app, ["show", variant])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    return {line[:-1] for line in lines if line.endswith(":") and not line.startswith(" ")} | {
        line.strip()[:-1] for line in lines if line.startswith("  ") and line.strip().endswith(":")
    } | {line.strip().split(":")[0] for line in lines if "schema defaults" in line}


def test_show_prints_only_the_sections_of_the_variants_family():
    briscola = sections("briscola-3")
    assert {"seating", "deal", "draw", "hand_scoring", "match", "bidding"} <= briscola
    assert "capture" not in briscola and "scopa" not in briscola
    scopa = sections("scopa-2")
    assert {"seating", "deal", "hand_scoring", "match", "capture"} <= scopa
    assert not {"draw", "exchange", "bidding", "calling", "contract"} & scopa


def test_progress_is_shown_in_a_terminal_and_not_elsewhere():
    built = [VariantCorpus("briscola-2"), VariantCorpus("scopa-2")]
    piped = io.StringIO()
    with progress("check", 2, Console(file=piped, force_terminal=False)) as advance:
        for vc in built:
            advance(vc)
    assert piped.getvalue() == ""
    terminal = io.StringIO()
    with progress("check", 2, Console(file=terminal, force_terminal=True, width=100)) as advance:
        for vc in built:
            advance(vc)
    shown = terminal.getvalue()
    assert "check" in shown and "2/2" in shown and "scopa-2" in shown


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_files_the_cli_writes_have_the_usual_permissions(tmp_path, umask_022):
    write_text_atomic(tmp_path / "report.json", "{}\n")
    assert mode(tmp_path / "report.json") == 0o644
    result = runner.invoke(app, ["schema", "--output", str(tmp_path / "variant.schema.json")])
    assert result.exit_code == 0, result.stderr
    assert mode(tmp_path / "variant.schema.json") == 0o644
    trace = Trace(header={"kind": "header"}, items=[], end={"kind": "end"})
    write_corpus([VariantCorpus("briscola-2", {"one": trace})], tmp_path / "corpus")
    assert mode(tmp_path / "corpus") == 0o755
    assert mode(tmp_path / "corpus" / "briscola-2") == 0o755
    assert mode(tmp_path / "corpus" / "briscola-2" / "one.jsonl.gz") == 0o644
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left behind


def test_an_option_that_breaks_the_schema_is_named_as_written_not_as_a_python_dict():
    # issue 22: "with options {'deal.packets': [7]}" was a Python dict
    result = runner.invoke(app, ["show", "briscola-2", "--option", "deal.packets=[7]", "-o", "match.kind=best-of"])
    assert result.exit_code == 2
    assert "with options deal.packets=[7], match.kind=best-of breaks the schema" in result.stderr
    assert "{'" not in result.stderr
