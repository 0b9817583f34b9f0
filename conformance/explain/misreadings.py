"""A catalogue of misreadings of the rules, derived from the reference itself.

Every rule id is cited by the reference function(s) that implement it (in
the docstring, or as the id the function reports or raises). For each such
function, `catalogue` makes mutants by rewriting its syntax tree in one
place: a condition negated or dropped, a comparison reversed or replaced,
an order reversed, a counter or pile not reset, a category skipped (an
append, a loop), a constant off by one, a seat handed to a rule read as
another, a rule a checking function only records read as a prohibition
(tried last). A test of an action's type is no rule's reading and is left
alone, and so is a decorator (it runs once, to wrap another function).
Each misreading belongs to one rule (`regola.conformance.explain.attribution`).
A `Misreading` names the rule, the function and the change in words::

    briscola.trick.winner: `>` read as `<` in reference/tricks/trick.py:trick_winner line 56

`patched` applies one: it compiles the rewritten function and puts it in
place of the original in every module of ``regola.reference`` that holds it
(the reference binds names with ``from .x import f``), then restores them.
It patches the process: while it is active, every user of the reference in
the process sees the misreading, so it holds `PATCH_LOCK` and callers
running the reference in other threads must not use it.
"""

from __future__ import annotations
import __future__

import ast
import copy
import importlib
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from regola import reference
from regola.conformance.explain import attribution, stored
from regola.conformance.explain.mutations import (
    FAMILIES,
    RULE_ID,
    bookkeeping,
    changes,
    is_rule_text,
    reports_rules_only,
    seats_in,
    walk,
)
from regola.spec import catalog

_RULE = RULE_ID
ROOT = Path(reference.__file__).parent
PATCH_LOCK = threading.RLock()


@cache
def known_rules() -> frozenset[str]:
    return frozenset(r for family in FAMILIES for r in catalog(family))


@dataclass(frozen=True)
class Misreading:
    """One mutant of one reference function."""

    rule: str
    """The rule it misreads (the cited rule nearest the change)."""
    module: str
    qualname: str
    """``func`` or ``Class.method``."""
    line: int
    kind: str
    """``negate``, ``drop-condition``, ``compare``, ``order``, ``no-reset``, ``skip``, ``off-by-one``, ``swap``,
    ``refuse`` (a permission read as a prohibition)."""
    what: str
    """The change in words, e.g. ``\\`>\\` read as \\`<\\```."""
    site: int = field(repr=False, default=0)
    """Index of the changed node in ``ast.walk`` order of the function."""
    variant: int = field(repr=False, default=0)
    rules: tuple[str, ...] = ()
    """Every rule the function cites."""

    @property
    def path(self) -> str:
        parts = self.module.split(".")[2:]
        if (ROOT.joinpath(*parts) / "__init__.py").exists():
            parts.append("__init__")
        return "reference/" + "/".join(parts) + ".py"

    @property
    def site_key(self) -> tuple[str, str]:
        """(file, qualified name) of the function, as a code object names it."""
        return str(ROOT / self.path.removeprefix("reference/")), self.qualname

    @property
    def name(self) -> str:
        return f"{self.qualname}@{self.line}:{self.kind}:{self.site}.{self.variant}"

    def describe(self) -> str:
        return f"{self.rule}: {self.what} in {self.path}:{self.qualname.split('.')[-1]} line {self.line}"


# --- finding the functions that implement rules -----------------------------


@dataclass
class _Function:
    module: str
    qualname: str
    node: ast.FunctionDef
    rules: tuple[str, ...]
    cited: list[tuple[int, str]]
    """(line, rule) of every rule id in the function's text."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(["regola.reference", *parts]).removesuffix(".__init__")


def _functions() -> Iterator[_Function]:
    rules = known_rules()
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_name(path)
        for node in tree.body:
            members = [(node.name, node)] if isinstance(node, ast.FunctionDef) else []
            if isinstance(node, ast.ClassDef):
                members = [(f"{node.name}.{m.name}", m) for m in node.body if isinstance(m, ast.FunctionDef)]
            for qualname, fn in members:
                if reports_rules_only(fn) or _decorates(fn):
                    continue  # it only names rules, or runs once to wrap another: no misreading of it shows
                cited = [
                    (n.lineno, r)
                    for n in ast.walk(fn)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                    for r in _RULE.findall(n.value)
                    if r in rules
                ]
                if cited:
                    found = tuple(dict.fromkeys(r for _, r in cited))
                    yield _Function(module, qualname, fn, found, cited)


def _decorates(fn: ast.FunctionDef) -> bool:
    """Whether ``fn`` returns a function it defines (a decorator): it runs
    once, when it wraps another, and a rewrite of it changes nothing after."""
    inner = {n.name for n in fn.body if isinstance(n, ast.FunctionDef)}
    return bool(inner) and any(
        isinstance(n, ast.Return) and isinstance(n.value, ast.Name) and n.value.id in inner for n in fn.body
    )


def _callee_rule(name: str) -> str | None:
    """The first rule a reference function of that name cites in its
    docstring (an argument passed to it is its rule's)."""
    fn = _by_name().get(name)
    doc = ast.get_docstring(fn.node) or "" if fn is not None else ""
    cited = [r for r in _RULE.findall(doc) if r in known_rules()]
    return cited[0] if cited else None


@cache
def _by_name() -> dict[str, _Function]:
    out: dict[str, _Function] = {}
    for f in _function_table().values():
        out.setdefault(f.qualname, f)
    return out


def _rule_near(fn: _Function, node: ast.AST, parents: dict[int, ast.AST]) -> str:
    return attribution.rule_near(fn, node, parents, known_rules(), _callee_rule)


def _unseen(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether ``node`` only feeds the rule ids or events a function records
    (a statement that records them, or the test of a branch that only does)."""
    at: ast.AST | None = node
    while at is not None:
        if isinstance(at, ast.stmt) and bookkeeping(at):
            return True
        at = parents.get(id(at))
    return False


def _mutants_of(fn: _Function) -> Iterator[Misreading]:
    nodes = walk(fn.node)
    parents = {id(n): p for n, p in nodes if p is not None}
    seats = seats_in(fn.node)
    checks = any(
        isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call) and getattr(n.exc.func, "id", "") == "IllegalAction"
        for n in ast.walk(fn.node)
    )
    for site, (node, parent) in enumerate(nodes):
        if node is fn.node or isinstance(node, ast.expr) and is_rule_text(node):
            continue
        unseen = _unseen(node, parents)
        for variant, (kind, words, _) in enumerate(changes(node, parent, seats)):
            if kind == "refuse" and not (checks and unseen):
                continue  # a checking function's own records only; a seen branch has its other misreadings
            if unseen and kind != "refuse":
                continue
            yield Misreading(
                rule=_refused_rule(words) if kind == "refuse" else _rule_near(fn, node, parents),
                module=fn.module,
                qualname=fn.qualname,
                line=getattr(node, "lineno", fn.node.lineno),
                kind=kind,
                what=words,
                site=site,
                variant=variant,
                rules=fn.rules,
            )


def _refused_rule(words: str) -> str:
    """The rule a permission-read-as-prohibition misreading refuses under."""
    return words.split("`", 2)[1]


@cache
def _function_table() -> dict[tuple[str, str], _Function]:
    return {(f.module, f.qualname): f for f in _functions()}


@cache
def catalogue() -> tuple[Misreading, ...]:
    """Every misreading of every rule the reference cites, in source order
    (a rule no change bears on first adopts some: `attribution.adopt`); kept
    on disk between processes (`.stored`)."""
    return stored.kept("catalogue", _make_catalogue)


def _make_catalogue() -> tuple[Misreading, ...]:
    found = [m for fn in _function_table().values() for m in _mutants_of(fn)]
    # a permission read as a prohibition last: a rule's own rewrites first
    found.sort(key=lambda m: m.kind == "refuse")
    return tuple(attribution.adopt(found, _function_table(), known_rules()))


@cache
def alternates() -> dict[str, frozenset[str]]:
    """Rule -> the rules the reference records instead of it when a
    condition goes the other way (``"chiamata.score.alone" if
    contract.alone else "chiamata.score.payoff"``, or an ``if`` whose
    branches record one each): an engine that misread that condition
    exercised the other rule where the reference records this one."""
    out: dict[str, set[str]] = {}
    rules = known_rules()
    for fn in _function_table().values():
        for node in ast.walk(fn.node):
            if isinstance(node, ast.IfExp):
                sides = [{r for _, r in attribution.direct(ast.Expr(b), rules)} for b in (node.body, node.orelse)]
            elif isinstance(node, ast.If) and node.orelse:
                blocks, at = [node.body], node
                while len(at.orelse) == 1 and isinstance(at.orelse[0], ast.If):  # an ``elif`` chain
                    at = at.orelse[0]
                    blocks.append(at.body)
                blocks += [at.orelse] if at.orelse else []
                sides = [{r for st in block for _, r in attribution.direct(st, rules)} for block in blocks]
            else:
                continue
            sides = [side for side in sides if side]
            for i, a in enumerate(sides):
                for r in a:
                    out.setdefault(r, set()).update(*(b - {r} for j, b in enumerate(sides) if j != i))
    return {r: frozenset(o) for r, o in out.items()}


def by_rule() -> dict[str, list[Misreading]]:
    out: dict[str, list[Misreading]] = {}
    for m in catalogue():
        out.setdefault(m.rule, []).append(m)
    return out


# --- applying one -------------------------------------------------------------


def mutated_source(m: Misreading) -> ast.FunctionDef:
    """The function's tree with the misreading applied (line numbers kept)."""
    fn = copy.deepcopy(_function_table()[(m.module, m.qualname)].node)
    nodes = walk(fn)
    node, parent = nodes[m.site]
    _, _, rewrite = changes(node, parent, seats_in(fn))[m.variant]
    new = rewrite(node)
    if new is not node:
        _replace(parent, node, new)
    return ast.fix_missing_locations(fn)


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST | None) -> None:
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new if new is not None else ast.Pass())
            return
        if isinstance(value, list) and any(v is old for v in value):
            i = next(k for k, v in enumerate(value) if v is old)
            if new is None:
                value[i : i + 1] = [] if len(value) > 1 else [ast.Pass()]
            else:
                value[i] = new
            return
    raise ValueError("node not found under its parent")


@cache
def compiled(m: Misreading) -> Any:
    """The mutated function object (bound to its module's globals)."""
    module = importlib.import_module(m.module)
    fn = mutated_source(m)
    code = compile(
        ast.Module([fn], []),
        str(ROOT / m.path.removeprefix("reference/")),
        "exec",
        flags=__future__.annotations.compiler_flag,
        dont_inherit=True,
    )
    space: dict[str, Any] = {}
    exec(code, module.__dict__, space)  # noqa: S102 - the reference's own code, rewritten
    return space[fn.name]


def _original(m: Misreading) -> tuple[Any, Any, str]:
    """(holder, original object, attribute name)."""
    module = importlib.import_module(m.module)
    if "." in m.qualname:
        cls_name, name = m.qualname.split(".")
        holder = getattr(module, cls_name)
        return holder, holder.__dict__[name], name
    name = m.qualname
    return module, module.__dict__[name], name


@cache
def caches() -> tuple[Any, ...]:
    """The memoised functions of the reference: their results may depend on
    a patched function, so they are emptied on the way in and out."""
    return tuple(
        value
        for mod in list(sys.modules.values())
        if getattr(mod, "__name__", "").startswith("regola.reference")
        for value in vars(mod).values()
        if callable(getattr(value, "cache_clear", None))
    )


@cache
def _holders(m: Misreading) -> tuple[tuple[dict[str, Any], str], ...]:
    """(namespace, key) of every place in the reference that holds the
    original function: module globals and module-level dicts."""
    _, original, _ = _original(m)
    out: list[tuple[dict[str, Any], str]] = []
    for mod in list(sys.modules.values()):
        if not getattr(mod, "__name__", "").startswith("regola.reference"):
            continue
        for key, value in vars(mod).items():
            if value is original:
                out.append((vars(mod), key))
            elif isinstance(value, dict):
                out += [(value, k) for k, v in value.items() if v is original]
    return tuple(out)


@contextmanager
def patched(m: Misreading) -> Iterator[None]:
    """Run the reference with ``m`` applied, then restore it."""
    new = compiled(m)
    with PATCH_LOCK:
        holder, original, name = _original(m)
        places = _holders(m)
        if isinstance(holder, type):
            setattr(holder, name, new)
        for space, key in places:
            space[key] = new
        for memo in caches():
            memo.cache_clear()
        try:
            yield
        finally:
            if isinstance(holder, type):
                setattr(holder, name, original)
            for space, key in places:
                space[key] = original
            for memo in caches():
                memo.cache_clear()
