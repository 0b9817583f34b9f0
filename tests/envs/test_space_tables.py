"""The tables of ``docs/rl/spaces.md`` are the spaces the code builds:
every variant's action blocks (``show-hand`` included), sizes and
observation sizes, so the page cannot drift from the code."""

from __future__ import annotations

from pathlib import Path

from regola.envs import action_space, layout
from regola.envs.factored import factored_space
from regola.envs.history import history_layout
from regola.spec import load, variant_ids

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl" / "spaces.md"


def variant_table() -> str:
    rows = [
        "| variant | action blocks (indices) | actions | factored | observation | information state |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for vid in variant_ids():
        ruleset = load(vid)
        space = action_space(ruleset)
        counts: dict[str, int] = {}
        for key in space.keys:
            counts[key[0]] = counts.get(key[0], 0) + 1
        blocks = ", ".join(f"`{k}` {n:,}" for k, n in counts.items())
        factored = factored_space(ruleset)
        obs = layout(ruleset).size
        rows.append(
            f"| `{vid}` | {blocks} | {space.size:,} | {factored.size:,} | {obs:,} | "
            f"{obs + history_layout(ruleset).size:,} |"
            if factored is not None
            else f"| `{vid}` | {blocks} | {space.size:,} | | {obs:,} | {obs + history_layout(ruleset).size:,} |"
        )
    return "\n".join(rows)


def test_the_page_lists_every_variant_as_the_code_builds_it() -> None:
    text = PAGE.read_text(encoding="utf-8")
    start, end = "<!-- variant-table:start -->\n", "\n<!-- variant-table:end -->"
    assert start in text and end in text
    shown = text.split(start)[1].split(end)[0]
    assert shown == variant_table(), "docs/rl/spaces.md is out of date; the table should read:\n" + variant_table()
