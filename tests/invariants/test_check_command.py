"""``regola check``: the table, the counterexamples, JSON, the exit status."""

from __future__ import annotations

import io
import json
from pathlib import Path

from regola.conformance.cli.check import Checked, render
from regola.conformance.cli.commands import app
from regola.spec import load, variant_ids
from regola.spec.invariants import REGISTRY, InvariantResult
from rich.console import Console
from typer.testing import CliRunner

BROKEN = Path(__file__).parent / "broken"


def run(*args: str):
    return CliRunner().invoke(app, ["check", *args])


def test_shipped_variants_are_proved_and_exit_zero():
    result = run("briscola-2", "chiamata", "scopa-2")
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0].split()
    assert {"variant", "cards", "deal", "trick", "scoring", "bidding", "conservation"} <= set(header)
    rows = {line.split()[0]: line for line in result.output.splitlines() if line.startswith(("briscola", "chiamata", "scopa"))}
    assert set(rows) == {"briscola-2", "chiamata", "scopa-2"}
    assert all("✓" in row and "✗" not in row for row in rows.values())
    assert "3 rulesets:" in result.output and " 0 failed" in result.output


def test_a_broken_file_shows_its_counterexample_and_exits_one():
    result = run(str(BROKEN / "six-players-forty-cards.toml"))
    assert result.exit_code == 1
    assert "✗ six-players-forty-cards: deal.stock-drains-evenly" in result.output
    assert "22 is not a multiple of 6" in " ".join(result.output.split())


def test_options_apply_to_every_ruleset_checked():
    result = run("briscola-2", "--option", "seating.players=6")
    assert result.exit_code == 1
    assert "22 is not a multiple of 6" in " ".join(result.output.split())


def test_json_lists_every_result():
    result = run("--json", "briscola-2", str(BROKEN / "points-119.toml"))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [r["id"] for r in data["rulesets"]] == ["briscola-2", "points-119"]
    assert data["summary"]["failed"] == 1
    broken = {r["name"]: r for r in data["rulesets"][1]["results"]}
    assert broken["cards.points-total"]["status"] == "failed"
    assert "119 card points" in broken["cards.points-total"]["counterexample"]
    assert data["rulesets"][0]["ruleset_hash"].startswith("sha256:")
    assert set(data["invariants"]) == {r["name"] for r in data["rulesets"][0]["results"]}


def test_bad_input_is_an_error_not_a_traceback():
    result = run("no-such-variant")
    assert result.exit_code == 2
    assert "unknown variant" in result.output


def test_every_shipped_variant_fits_a_120_column_terminal_whole():
    """Variants in rows, invariant groups in columns: no id or header is cut."""
    statuses = ("proved", "failed", "not-applicable")
    checked = [
        Checked(
            vid,
            load(vid, checked=False),
            tuple(
                InvariantResult(name, statuses[(i + j) % 3], 1.5, counterexample="because" if (i + j) % 3 == 1 else None)
                for j, name in enumerate(REGISTRY)
            ),
            12.34,
        )
        for i, vid in enumerate(variant_ids())
    ]
    console = Console(width=120, record=True, file=io.StringIO(), highlight=False)
    render(checked, 3.0, console)
    text = console.export_text()
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 120
    table = lines[: lines.index("") if "" in lines else len(lines)]
    first_cells = [line.split("│")[0].strip() for line in table[2:] if "│" in line]
    assert first_cells == variant_ids()
    groups = {inv.group for inv in REGISTRY.values()}
    assert groups | {"variant", "time"} == {cell.strip() for cell in table[0].split("┃")}
    assert "…" not in text
