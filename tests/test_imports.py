"""The layers import one way only: spec <- reference <- fast <- conformance.

``regola.spec`` imports nothing of regola's; ``regola.reference`` imports
only ``regola.spec``; ``regola.fast`` both of them; ``regola.conformance``
may import all three. Every module
of the three folders is parsed (not imported) and each of its imports,
absolute or relative, is resolved to the layer it reaches.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"spec": "regola.spec", "reference": "regola.reference", "conformance": "regola.conformance", "envs": "regola.envs", "fast": "regola.fast"}
ALLOWED = {
    "spec": {"spec"},
    "reference": {"spec", "reference"},
    "conformance": {"spec", "reference", "conformance", "fast"},
    "envs": {"spec", "reference", "conformance", "envs", "fast"},
    "fast": {"spec", "reference", "fast"},
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
        ("spec", "regola.spec.loader", "from regola.conformance.cli.commands import app\n"),
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
        ("conformance", "regola.conformance.cli.commands", "from regola.reference import apply\nfrom regola.spec import load\n"),
    ],
)
def test_checker_allows_imports_along_the_order(layer: str, module: str, source: str) -> None:
    assert violations(layer, module, False, source) == []


def test_relative_import_resolves_against_the_package() -> None:
    # In a package __init__, "." is the package itself; in a module, its parent.
    assert imported_names("from .x import y\n", "regola.spec.invariants", True) == [(1, "regola.spec.invariants.x")]
    assert imported_names("from .x import y\n", "regola.spec.loader", False) == [(1, "regola.spec.x")]


# --- the rooms of CONTRIBUTING.md --------------------------------------------

CONTRIBUTING = ROOT / "CONTRIBUTING.md"
MAX_LINES = 400


def rooms() -> dict[str, tuple[str, set[str]]]:
    """Room (dotted package) -> (its folder, the rooms it may import), read
    from the table between the ``rooms`` markers of CONTRIBUTING.md."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    table = text.split("<!-- rooms:start -->")[1].split("<!-- rooms:end -->")[0]
    found: dict[str, tuple[str, set[str]]] = {}
    for row in table.strip().splitlines()[2:]:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        room, folder, may = cells[0].strip("`"), cells[1].strip("`"), cells[3]
        found[room] = (folder, set(re.findall(r"`(regola[\w.]*)`", may)))
    return found


def room_of(name: str, known: dict[str, tuple[str, set[str]]]) -> str | None:
    """The room a dotted module name lives in: the longest room that prefixes it."""
    best = None
    for room in known:
        if (name == room or name.startswith(room + ".")) and (best is None or len(room) > len(best)):
            best = room
    return best


def all_modules() -> dict[str, tuple[Path, bool]]:
    return {module_name(p)[0]: (p, module_name(p)[1]) for layer in LAYERS for p in layer_modules(layer)}


def runtime_imports(path: Path, module: str, is_package: bool, known: set[str], top_only: bool) -> set[str]:
    """The regola modules a module imports when it runs (imports under
    ``if TYPE_CHECKING:`` are for type checkers only); ``from pkg import mod``
    counts as importing the submodule."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for n in ast.walk(node)
    }
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in tree.body if top_only else ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                target = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known}
            found |= subs
            if target in known and len(subs) < len(node.names):
                found.add(target)
    found.discard(module)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_room_of_the_map_exists_and_every_module_has_a_room() -> None:
    known = rooms()
    assert len(known) >= 10
    for room, (folder, may) in known.items():
        path = ROOT / folder
        assert (path / "__init__.py").is_file(), f"CONTRIBUTING.md names {room} in {folder}, which is not a package"
        assert module_name(path / "__init__.py")[0] == room, f"{folder} is not the folder of {room}"
        assert may <= set(known), f"{room} may import {sorted(may - set(known))}, which are not rooms"
    homeless = [m for m in all_modules() if room_of(m, known) is None]
    assert not homeless, f"modules in no room of CONTRIBUTING.md: {homeless}"


def test_every_import_keeps_to_the_rooms_it_may_import() -> None:
    known = rooms()
    modules = all_modules()
    problems = []
    for module, (path, is_package) in modules.items():
        room = room_of(module, known)
        allowed = known[room][1] | {room}
        for target in runtime_imports(path, module, is_package, set(modules), top_only=False):
            if room_of(target, known) not in allowed:
                problems.append(f"{path.relative_to(ROOT)} ({room}) imports {target}")
    assert not problems, "imports the map of CONTRIBUTING.md does not allow:\n" + "\n".join(problems)


@pytest.mark.parametrize("layer", ["reference", "conformance", "fast"])
def test_no_circle_of_imports(layer: str) -> None:
    """No circle at all, lazy imports inside functions included."""
    modules = all_modules()
    graph = {
        m: runtime_imports(p, m, pkg, set(modules), top_only=False)
        for m, (p, pkg) in modules.items()
        if m.startswith(LAYERS[layer])
    }
    assert circles(graph) == []


def test_no_circle_of_imports_at_import_time() -> None:
    """Across all three layers, module-level imports form no circle (the
    spec loads its z3 proofs lazily, inside the function that needs them)."""
    modules = all_modules()
    graph = {m: runtime_imports(p, m, pkg, set(modules), top_only=True) for m, (p, pkg) in modules.items()}
    assert circles(graph) == []


def test_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_no_module_is_over_400_lines(layer: str) -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in layer_modules(layer)
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"
