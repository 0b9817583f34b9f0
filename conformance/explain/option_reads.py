"""Which option field a reference function's names read, and so which rule
a change to them misreads (`regola.conformance.explain.attribution`).

``where = rules.deal.indicator`` makes ``where`` the field
``deal.indicator``: a condition ``where == "after-deal"`` reads that option,
so it misreads the rule the option bears on (the rule the field is named
for, ``briscola.deal.indicator``, else the one rule among those the
function cites whose ``when`` names the field or whose description cites
it: ``calling.blind_barred_follow`` is ``chiamata.play.blind-first-trick``'s).
A name is tied to a field only if every use of it in the function reads
that field (``state.indicator`` is no option).
"""

from __future__ import annotations

import ast
from functools import cache

from regola.conformance.explain import option_values
from regola.spec import catalog

_FAMILIES = ("briscola", "scopa")
"""The ruleset families whose options the spec knows."""


def _chain(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _aliases(fn: ast.FunctionDef) -> dict[str, str]:
    """Local names bound once to a chain of attributes, expanded."""
    bound: dict[str, list[str | None]] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            bound.setdefault(n.targets[0].id, []).append(_chain(n.value))
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr)):
            target = n.target
            for t in ast.walk(target):
                if isinstance(t, ast.Name):
                    bound.setdefault(t.id, []).append(None)
    out = {name: chains[0] for name, chains in bound.items() if len(chains) == 1 and chains[0]}
    for _ in range(4):  # ``info = rules.information`` after ``rules = tables.ruleset``
        for name, chain in out.items():
            head, _, rest = chain.partition(".")
            if head in out and head != name:
                out[name] = out[head] + ("." + rest if rest else "")
    return out


def field_of(chain: str) -> str | None:
    """The option field a chain of attributes ends with (the longest)."""
    fields = option_values._option_fields()
    found = [p for p in fields if chain == p or chain.endswith("." + p)]
    return max(found, key=len) if found else None


@cache
def rules_of_field(path: str) -> tuple[str, ...]:
    """The rule named for the field (``deal.indicator``), else every rule
    whose ``when`` names it or whose description cites it."""
    everyone = {r for family in _FAMILIES for r in catalog(family)}
    own = [r for r in everyone if r.endswith("." + path.replace("_", "-"))]
    if len(own) == 1:
        return tuple(own)
    return tuple(
        sorted(r for family in _FAMILIES for r in catalog(family) if path in option_values.paths_of(family, r))
    )


def read_names(test: ast.AST) -> set[str]:
    """The names an expression reads (lower case): the last name of each
    chain of attributes (``primiera.scale``: ``scale``), and bare names."""
    inner = {id(n.value) for n in ast.walk(test) if isinstance(n, ast.Attribute)}
    out = set()
    for n in ast.walk(test):
        if id(n) in inner:
            continue
        if isinstance(n, ast.Attribute):
            out.add(n.attr.lower())
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id.lower())
    return out


def option_owners(fn: ast.FunctionDef, cited: tuple[str, ...]) -> dict[str, str]:
    """Name (lower case) -> the one cited rule the option field it reads
    bears on, for names every use of which reads the same field."""
    aliases = _aliases(fn)
    reads: dict[str, set[str | None]] = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Attribute):
            chain = _chain(n)
            if chain is not None:
                head, _, rest = chain.partition(".")
                chain = aliases[head] + "." + rest if head in aliases else chain
            reads.setdefault(n.attr.lower(), set()).add(field_of(chain) if chain else None)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            chain = aliases.get(n.id)
            reads.setdefault(n.id.lower(), set()).add(field_of(chain) if chain else None)
    out: dict[str, str] = {}
    for name, fields in reads.items():
        if len(fields) != 1 or None in fields:
            continue
        bearing = [r for r in rules_of_field(next(iter(fields))) if r in cited]
        if len(bearing) == 1:
            out[name] = bearing[0]
    return out



def read_option(fn: ast.FunctionDef, node: ast.AST, cited: tuple[str, ...], generic: frozenset[str]) -> str | None:
    """The one rule the option fields a changed condition of ``fn`` reads
    bear on (``primiera.scale == "most-sevens"``: the rule the scale's
    description cites), if every name it reads (but ``generic`` ones) is
    an option's."""
    test = node.test if isinstance(node, (ast.If, ast.While, ast.IfExp)) else node
    if not isinstance(test, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Attribute, ast.Name)):
        return None
    owners = option_owners(fn, cited)
    names = read_names(test) - generic - {"len", "any", "all", "sum", "isinstance"}
    found = {owners[n] for n in names if n in owners}
    return found.pop() if len(found) == 1 and names <= owners.keys() else None
