"""The layers import one way only: spec <- reference <- conformance.

``regola.spec`` imports nothing of regola's; ``regola.reference`` imports
only ``regola.spec``; ``regola.conformance`` may import both. Every module
of the three folders is parsed (not imported) and each of its imports,
absolute or relative, is resolved to the layer it reaches.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"spec": "regola.spec", "reference": "regola.reference", "conformance": "regola.conformance"}
ALLOWED = {
    "spec": {"spec"},
    "reference": {"spec", "reference"},
    "conformance": {"spec", "reference", "conformance"},
}


def module_name(path: Path) -> tuple[str, bool]:
    """Dotted name of a module file under its layer (``regola.spec.loader``),
    and whether it is a package ``__init__``."""
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join([LAYERS[parts[0]], *parts[1:]]), is_package


def imported_names(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module name an import in ``source`` refers to, with its line,
    relative imports resolved against ``module``."""
    package = module if is_package else module.rpartition(".")[0]
    names: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                up = node.level - 1
                if up >= len(base) - 1:  # climbs out of the layer, past "regola"
                    names.append((node.lineno, "." * node.level + (node.module or "")))
                    continue
                target = ".".join(base[: len(base) - up] + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names.append((node.lineno, target))
            if target == "regola":  # from regola import spec, reference...
                names += [(node.lineno, f"regola.{alias.name}") for alias in node.names]
    return names


def violations(layer: str, module: str, is_package: bool, source: str) -> list[str]:
    """The imports of one module that break the direction of the layers."""
    found = []
    for line, name in imported_names(source, module, is_package):
        if name.startswith("."):
            found.append(f"line {line}: relative import {name!r} climbs out of {LAYERS[layer]}")
            continue
        parts = name.split(".")
        if parts[0] != "regola" or len(parts) < 2:
            continue
        if parts[1] not in ALLOWED[layer]:
            found.append(f"line {line}: imports {name} (allowed: {sorted(ALLOWED[layer])})")
    return found


def layer_modules(layer: str) -> list[Path]:
    return sorted(p for p in (ROOT / layer).rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    modules = layer_modules(layer)
    assert modules, f"no modules found in {layer}/"
    problems = []
    for path in modules:
        module, is_package = module_name(path)
        for problem in violations(layer, module, is_package, path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(ROOT)} {problem}")
    assert not problems, "imports against the layer order:\n" + "\n".join(problems)


# --- the checker itself catches what it must ---------------------------------


@pytest.mark.parametrize(
    ("layer", "module", "source"),
    [
        ("spec", "regola.spec.loader", "import regola.reference\n"),
        ("spec", "regola.spec.loader", "from regola.conformance.cli import app\n"),
        ("spec", "regola.spec.loader", "from regola import reference\n"),
        ("spec", "regola.spec.invariants.deal", "from ...reference import game\n"),
        ("reference", "regola.reference.game", "from regola.conformance import trace\n"),
        ("reference", "regola.reference.game", "from ..conformance import trace\n"),
    ],
)
def test_checker_flags_an_import_against_the_order(layer: str, module: str, source: str) -> None:
    assert violations(layer, module, False, source)


@pytest.mark.parametrize(
    ("layer", "module", "source"),
    [
        ("spec", "regola.spec.loader", "from .schema import Ruleset\nimport json\n"),
        ("spec", "regola.spec.invariants.deal", "from ..schema import Ruleset\n"),
        ("reference", "regola.reference.game", "from regola.spec import Ruleset\nfrom .state import State\n"),
        ("conformance", "regola.conformance.cli", "from regola.reference import apply\nfrom regola.spec import load\n"),
    ],
)
def test_checker_allows_imports_along_the_order(layer: str, module: str, source: str) -> None:
    assert violations(layer, module, False, source) == []


def test_relative_import_resolves_against_the_package() -> None:
    # In a package __init__, "." is the package itself; in a module, its parent.
    assert imported_names("from .x import y\n", "regola.spec.invariants", True) == [(1, "regola.spec.invariants.x")]
    assert imported_names("from .x import y\n", "regola.spec.loader", False) == [(1, "regola.spec.x")]
