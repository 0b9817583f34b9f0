"""Every Scopa test names the rule(s) it covers (the catalogue-wide check
that every ``scopa.*`` rule has a test is tests/briscola/test_rule_coverage.py)."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _rule_marks(node: ast.FunctionDef) -> list[ast.Call]:
    return [
        d for d in node.decorator_list
        if isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "rule"
    ]


def test_every_scopa_test_names_a_rule():
    unmarked = []
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and not _rule_marks(node):
                unmarked.append(f"{path.name}::{node.name}")
    assert not unmarked, f"tests without @pytest.mark.rule: {unmarked}"
