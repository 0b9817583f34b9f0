"""The examples of the reinforcement-learning pages (``docs/rl/examples``)
run as they are and print what the pages say they print. The training
example (``train_maskable_ppo.py``) needs torch and sb3-contrib, which no
extra installs, and minutes of CPU: ``docs/rl/training.md`` shows a run of
it."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rl" / "examples"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pettingzoo_random.py", ["hand scores: {'player_0': ", "observation size: 302", "actions: 16200"]),
        ("gymnasium_greedy.py", ["game points of a random agent against greedy, per hand: "]),
        ("openspiel_mcts.py", ["hand 0: returns [", "MCTS won "]),
        ("search_small.py", ["Utility.ZERO_SUM, returns in [-0.5, 0.5]", "ISMCTS against random: won ",
                             "MCCFR (outcome sampling, 1500 iterations"]),
    ],
)
def test_example_runs(name: str, expected: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    out = capsys.readouterr().out
    for text in expected:
        assert text in out, f"{name} printed:\n{out}"


def test_every_example_is_on_a_page() -> None:
    pages = "".join(p.read_text(encoding="utf-8") for p in EXAMPLES.parent.glob("*.md"))
    for example in EXAMPLES.glob("*.py"):
        assert f"docs/rl/examples/{example.name}" in pages, f"{example.name} is on no page of docs/rl"
