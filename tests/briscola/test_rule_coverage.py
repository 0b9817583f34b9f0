"""Every rule of a catalogue has a test that names it.

Tests name the rules they exercise with ``@pytest.mark.rule("<rule id>")``.
The marks are read from the source of every module under ``tests/`` (with
``ast``, so a run of one folder still sees them all). A catalogue file
``spec/rules/<name>.toml`` must be fully covered once its test folder
``tests/<name>/`` exists; every rule id named by a mark must exist in some
catalogue.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
from regola.spec.rules import RULES_DIR

TESTS = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent


def catalogue_ids(path: Path) -> list[str]:
    with path.open("rb") as fh:
        return [rule["id"] for rule in tomllib.load(fh).get("rule", [])]


def all_catalogue_ids() -> set[str]:
    return {i for path in RULES_DIR.glob("*.toml") for i in catalogue_ids(path)}


def _is_rule_mark(func: ast.expr) -> bool:
    """``pytest.mark.rule`` or ``mark.rule``."""
    if not (isinstance(func, ast.Attribute) and func.attr == "rule"):
        return False
    owner = func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )


def _module_constants(tree: ast.Module) -> dict[str, object]:
    """Module-level names bound to a string or a list/tuple of strings."""
    out: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            if isinstance(value, str) or (
                isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
            ):
                out[node.targets[0].id] = value
    return out


def scan_marks(path: Path, root: Path = TESTS) -> tuple[set[str], list[str]]:
    """The rule ids marked in one module, and the marks that cannot be read
    statically (as ``file:line`` strings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    constants = _module_constants(tree)
    found: set[str] = set()
    unreadable: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _is_rule_mark(node.func)):
            continue
        for arg in node.args:
            target = arg.value if isinstance(arg, ast.Starred) else arg
            if isinstance(target, ast.Constant) and isinstance(target.value, str):
                values: object = target.value
            elif isinstance(target, ast.Name) and target.id in constants:
                values = constants[target.id]
            else:
                unreadable.append(f"{path.relative_to(root)}:{node.lineno}")
                continue
            found.update([values] if isinstance(values, str) else values)
    return found, unreadable


def scan_tests() -> tuple[dict[str, list[str]], list[str]]:
    """Rule id -> modules marking it, over every module under tests/."""
    where: dict[str, list[str]] = {}
    unreadable: list[str] = []
    for path in sorted(TESTS.rglob("*.py")):
        found, bad = scan_marks(path)
        unreadable += bad
        for rule_id in found:
            where.setdefault(rule_id, []).append(str(path.relative_to(TESTS)))
    return where, unreadable


CATALOGUES_WITH_TESTS = [
    pytest.param(path, id=path.stem)
    for path in sorted(RULES_DIR.glob("*.toml"))
    if (TESTS / path.stem).is_dir()
]


@pytest.mark.parametrize("catalogue", CATALOGUES_WITH_TESTS)
def test_every_rule_of_the_catalogue_has_a_test(catalogue: Path):
    where, _ = scan_tests()
    missing = [i for i in catalogue_ids(catalogue) if i not in where]
    assert not missing, (
        f"rules of {catalogue.name} with no test marked @pytest.mark.rule(...): "
        + ", ".join(missing)
    )


def test_the_briscola_catalogue_is_checked():
    assert "briscola" in [p.id for p in CATALOGUES_WITH_TESTS]


def test_every_marked_rule_exists():
    where, unreadable = scan_tests()
    known = all_catalogue_ids()
    unknown = {i: files for i, files in where.items() if i not in known}
    assert not unknown, f"marks name rule ids that no catalogue has: {unknown}"
    assert not unreadable, (
        "rule marks whose ids cannot be read from the source (use string "
        f"literals or module-level string constants): {unreadable}"
    )


def test_every_briscola_test_names_a_rule():
    """Each test function in this folder carries at least one rule mark."""
    unmarked = []
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                marks = [d for d in node.decorator_list if isinstance(d, ast.Call) and _is_rule_mark(d.func)]
                if not marks:
                    unmarked.append(f"{path.name}::{node.name}")
    assert not unmarked, f"tests without @pytest.mark.rule: {unmarked}"


def test_the_scanner_reads_literals_constants_and_lists(tmp_path: Path):
    source = (
        "import pytest\n"
        "ONE = 'briscola.trick.winner'\n"
        "MANY = ['briscola.draw.order', 'briscola.draw.exhausted']\n"
        "@pytest.mark.rule('briscola.deck.points')\n"
        "@pytest.mark.rule(ONE)\n"
        "@pytest.mark.rule(*MANY)\n"
        "def test_x(): pass\n"
        "@pytest.mark.rule(make_id())\n"
        "def test_y(): pass\n"
    )
    module = tmp_path / "test_probe.py"
    module.write_text(source, encoding="utf-8")
    found, unreadable = scan_marks(module, root=tmp_path)
    assert found == {
        "briscola.deck.points",
        "briscola.trick.winner",
        "briscola.draw.order",
        "briscola.draw.exhausted",
    }
    assert unreadable == ["test_probe.py:8"]
