"""Which rule a misreading misreads: the rule a change to one node of a
reference function bears on (`rule_near`).

A function that implements rules cites their ids (in its docstring, or as
the ids it records or raises). A change is the misreading of, in turn:

1. for a seat handed to a function that implements a rule, that rule (the
   seat handed to ``draw_round`` is ``briscola.draw.order``'s);
2. for a condition that reads option fields only (directly, or through a
   local bound to one: ``where = rules.deal.indicator``), the one rule those
   fields bear on (`regola.conformance.explain.option_reads`); else the one
   cited rule (else the one rule of its family with a name of two
   words or more) whose name the change spells: in what its statement
   assigns to (``napoleone = ...``: ``scopa.score.napoleone``) or the
   keyword it is passed as (``partner=holder``: ``chiamata.call.partner``), else in the
   changed expression (``state.scope[i] if opts.scopas else 0``:
   ``scopa.score.scopas``);
3. the one rule whose recorded condition names what the changed code
   names, every operand of a compound condition included (``not stock and
   indicator is None`` is not the indicator's alone): an ``if`` that
   records it (``if opts.scopas: rules.append(...)``),
   a choice between rule ids (``"a" if alone else "b"``), or a docstring
   sentence that ties a name to one rule (```barred`` ... (``rule``)``);
4. the rule of the function the changed code is passed to, else the one
   rule its whole statement spells (``first_lead``: ``*.play.first-lead``);
   else step 3 for the whole statement;
5. for a name, the rule spelled by the conditions every assignment to it
   is made under (``leader`` set under ``if rules.play.first_lead ...``:
   ``briscola.play.first-lead``); for a condition, the rule its own branch
   cites, else its other branch;
6. the rule cited by the nearest statement of the enclosing blocks, or
   spelled (cited, or of its family) by the test of an enclosing
   condition, or recorded under that very condition elsewhere in the
   function (`recorded_under`); then the first the docstring cites.

`adopt` then gives a rule that no change bears on the changes that name
what its recorded condition names, or that use a word of its name.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from regola.conformance.explain.mutations import RULE_ID, SEATS
from regola.conformance.explain.option_reads import option_owners, read_option

BLOCKS = ("body", "orelse", "finalbody", "handlers")

GENERIC = frozenset(
    {
        "state", "tables", "ruleset", "rules", "used", "opts", "self", "i", "j", "n", "k", "c", "s",
        "seat", "card", "cards", "len", "any", "all", "sum", "min", "max", "list", "tuple", "set",
        "sorted", "range", "enumerate", "next", "none", "true", "false", "append", "events", "players",
        "bidding", "capture", "draw", "play", "deal", "match", "score", "information", "auction",
    }
    | set(SEATS)
)
"""Names too common to tie a change to one rule's condition."""


def _rules_in(node: ast.AST, rules: frozenset[str]) -> list[tuple[int, str]]:
    return [
        (n.lineno, r)
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
        for r in RULE_ID.findall(n.value)
        if r in rules
    ]


def direct(stmt: ast.AST, rules: frozenset[str]) -> list[tuple[int, str]]:
    """(line, rule) of the ids a statement cites itself, not in its blocks."""
    out = []
    for name, value in ast.iter_fields(stmt):
        if name in BLOCKS:
            continue
        for part in value if isinstance(value, list) else [value]:
            if isinstance(part, ast.AST):
                out += _rules_in(part, rules)
    return out


def _words(node: ast.AST | None) -> set[str]:
    words: set[str] = set()
    for n in ast.walk(node) if node is not None else ():
        name = (
            n.id
            if isinstance(n, ast.Name)
            else n.attr
            if isinstance(n, ast.Attribute)
            else n.value
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and not RULE_ID.search(n.value)
            else ""
        )
        words |= set(name.lower().replace("-", "_").split("_"))
    return words - {""}


def _leaves(node: ast.AST) -> set[str]:
    """The identifiers an expression names (``state.stock``: ``stock``)."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id.lower())
        elif isinstance(n, ast.Attribute):
            out.add(n.attr.lower())
    return out - GENERIC


def _spelled(cited: Iterable[str], words: set[str]) -> str | None:
    named = [r for r in dict.fromkeys(cited) if set(r.rsplit(".", 1)[1].split("-")) <= words]
    return named[0] if len(named) == 1 else None


def statement_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    at: ast.AST | None = node
    while at is not None and not isinstance(at, ast.stmt):
        at = parents.get(id(at))
    return at


def rule_named(
    cited: tuple[str, ...], node: ast.AST, parents: dict[int, ast.AST], whole: bool = True
) -> str | None:
    """The one cited rule whose name the changed code spells: in
    what its statement assigns to, in the changed expression, and (with
    ``whole``) in the whole statement."""
    at = statement_of(node, parents)
    if at is None or isinstance(at, (ast.If, ast.For, ast.While)) and at is not node:
        at = node
    if not whole:
        parent = parents.get(id(node))  # a value passed as ``partner=...`` is the partner's
        if isinstance(parent, ast.keyword) and parent.arg and _spelled(cited, set(parent.arg.lower().split("_"))):
            return _spelled(cited, set(parent.arg.lower().split("_")))
        targets = at.targets if isinstance(at, ast.Assign) else [getattr(at, "target", None)]
        for target in [t for t in targets if t is not None and not isinstance(at, ast.For)]:
            found = _spelled(cited, _words(target))
            if found:
                return found
        test = node.test if isinstance(node, (ast.If, ast.While)) else node
        return _spelled(cited, _words(test)) if isinstance(test, ast.expr) else None
    part = at.test if isinstance(at, (ast.If, ast.While)) else at.iter if isinstance(at, ast.For) else at
    return _spelled(cited, _words(part))


def _callee(
    node: ast.AST, parents: dict[int, ast.AST], callee_rule: Callable[[str], str | None], passed: bool
) -> str | None:
    """The rule of the reference function ``node`` is passed to (``passed``:
    as an argument itself; else anywhere inside one)."""
    child, at = node, parents.get(id(node))
    while at is not None and not isinstance(at, ast.stmt):
        if isinstance(at, ast.keyword):
            child, at = at, parents.get(id(at))
            continue
        if isinstance(at, ast.Call) and isinstance(at.func, ast.Name) and child is not at.func:
            found = callee_rule(at.func.id)
            if found is not None:
                return found
        if passed:
            return None
        child, at = at, parents.get(id(at))
    return None


@cache
def guards(fn: ast.FunctionDef, rules: frozenset[str]) -> dict[str, str]:
    """Name -> the one rule whose recorded condition names it: the test of
    an ``if`` whose own statements cite rules, or of a choice between rule
    ids."""
    owners: dict[str, set[str]] = {}
    for node in ast.walk(fn):
        found: list[tuple[ast.AST, list[str]]] = []
        if isinstance(node, ast.If):
            found.append((node.test, [r for st in node.body + node.orelse for _, r in direct(st, rules)]))
        if isinstance(node, ast.IfExp) and _rules_in(node.body, rules):
            found.append((node.test, [r for _, r in _rules_in(node.body, rules) + _rules_in(node.orelse, rules)]))
        for test, cited in found:
            if not cited or RULE_ID.search(ast.unparse(test)):
                continue
            for name in _leaves(test):
                owners.setdefault(name, set()).update(cited)
    for name, cited in _doc_names(ast.get_docstring(fn) or "", rules).items():
        owners.setdefault(name, set()).update(cited)
    return {name: next(iter(rs)) for name, rs in owners.items() if len(rs) == 1}


@cache
def recorded_under(fn: ast.FunctionDef, rules: frozenset[str]) -> dict[str, str]:
    """Condition (``ast.dump``) -> the one rule the function records under
    it wherever it tests it (``if len(partners) == 2:`` twice, once to
    record ``chiamata.score.two-partners``): code under the same condition
    elsewhere is that rule's too."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.If) and not RULE_ID.search(ast.unparse(node.test)):
            cited = {r for st in node.body for _, r in direct(st, rules)}
            if cited:
                found.setdefault(ast.dump(node.test), set()).update(cited)
    return {test: next(iter(rs)) for test, rs in found.items() if len(rs) == 1}


def _doc_names(doc: str, rules: frozenset[str]) -> dict[str, set[str]]:
    """Names a docstring sentence ties to the one rule it cites
    (```barred`` are cards ... (``chiamata.play.blind-first-trick``)``)."""
    out: dict[str, set[str]] = {}
    for sentence in re.split(r"(?<=[.;])\s+", doc):
        cited = {r for r in RULE_ID.findall(sentence) if r in rules}
        if len(cited) != 1:
            continue
        for name in re.findall(r"``([A-Za-z_][A-Za-z0-9_]*)``", sentence):
            if name.lower() not in GENERIC:
                out.setdefault(name.lower(), set()).update(cited)
    return out


@cache
def _kin(cited: tuple[str, ...], rules: frozenset[str]) -> tuple[str, ...]:
    """The rules of the cited rules' families whose names have two words or
    more (``ace-takes-all``): code that spells one names it, cited or not."""
    families = {r.split(".")[0] for r in cited}
    return tuple(sorted(r for r in rules if r.split(".")[0] in families and "-" in r.rsplit(".", 1)[1]))


def rule_near(
    fn: Any,
    node: ast.AST,
    parents: dict[int, ast.AST],
    rules: frozenset[str],
    callee_rule: Callable[[str], str | None],
) -> str:
    """The rule a change at ``node`` of ``fn`` (a function record with
    ``node``, ``rules``) misreads (steps 1 to 6 above)."""
    if isinstance(node, ast.Name):
        found = _callee(node, parents, callee_rule, passed=True)
        if found is not None:
            return found
    found = (
        read_option(fn.node, node, (*fn.rules, *_kin(fn.rules, rules)), GENERIC)
        or rule_named(fn.rules, node, parents, whole=False)
        or rule_named(_kin(fn.rules, rules), node, parents, whole=False)
    )
    if found is not None:
        return found
    owner = {**option_owners(fn.node, (*fn.rules, *_kin(fn.rules, rules))), **guards(fn.node, rules)}
    at = statement_of(node, parents)
    whole = at.test if isinstance(at, (ast.If, ast.While)) else at if isinstance(at, (ast.Assign, ast.Expr)) else None
    for part in (node.test if isinstance(node, (ast.If, ast.While)) else node, None, whole):
        if part is None:
            found = _callee(node, parents, callee_rule, passed=False) or rule_named(fn.rules, node, parents)
            if found is not None:
                return found
        elif isinstance(part, (ast.expr, ast.Assign, ast.AugAssign, ast.Expr)):
            owned = {owner[n] for n in _leaves(part) if n in owner}
            if len(owned) == 1 and _each_operand_owned(part, owner):
                return owned.pop()
    if isinstance(node, ast.Name):
        found = _defined_under(fn.node, node.id, (*fn.rules, *_kin(fn.rules, rules)))
        if found is not None:
            return found
    doc = fn.node.body[0] if ast.get_docstring(fn.node) else None
    line = getattr(node, "lineno", fn.node.lineno)
    if isinstance(node, (ast.If, ast.While)):
        for block in (node.body, node.orelse):  # its own branch, else the other
            cited = [(abs(ln - line), r) for st in block for ln, r in direct(st, rules)]
            if cited:
                return min(cited, key=lambda c: c[0])[1]
    child, at = node, parents.get(id(node))
    while at is not None:
        blocks = [getattr(at, name, None) for name in BLOCKS]
        if isinstance(at, (ast.If, ast.While)) and child is at.test:
            blocks = [at.body]
        for block in blocks:
            if isinstance(block, list) and (
                child is at.test
                if isinstance(at, (ast.If, ast.While)) and child is at.test
                else any(st is child for st in block)
            ):
                cited = [(abs(ln - line), r) for st in block if st is not doc for ln, r in direct(st, rules)]
                if cited:
                    return min(cited, key=lambda c: c[0])[1]
        if isinstance(at, (ast.If, ast.While)) and child is not at.test:
            words = _words(at.test)  # under a condition that names its rule (cited, or of its family)
            spelled = _spelled(fn.rules, words) or _spelled(_kin(fn.rules, rules), words)
            if spelled is None:  # under the very condition under which the function records one rule
                spelled = recorded_under(fn.node, rules).get(ast.dump(at.test))
            if spelled is not None:
                return spelled
        child, at = at, parents.get(id(at))
    in_doc = [r for r in RULE_ID.findall(ast.get_docstring(fn.node) or "") if r in rules]
    return in_doc[0] if in_doc else fn.rules[0]


def _each_operand_owned(part: ast.AST, owner: dict[str, str]) -> bool:
    """Whether every operand of a compound condition names something a
    rule's recorded condition names (``not stock and indicator is None``
    is no more the indicator's than the stock's)."""
    if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
        part = part.operand
    if not isinstance(part, ast.BoolOp):
        return True
    return all(_leaves(v) & owner.keys() or not _leaves(v) for v in part.values)


def _defined_under(fn: ast.FunctionDef, name: str, cited: tuple[str, ...]) -> str | None:
    """The one rule spelled by the conditions under which every assignment
    to ``name`` in ``fn`` is made (``leader`` set under
    ``if rules.play.first_lead == ...``: ``*.play.first-lead``)."""
    parents = {id(c): p for p in ast.walk(fn) for c in ast.iter_child_nodes(p)}
    found: set[str | None] = set()
    for n in ast.walk(fn):
        if not (isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)):
            continue
        spelled, at = None, parents.get(id(n))
        while at is not None and spelled is None:
            if isinstance(at, ast.If):
                spelled = _spelled(cited, _words(at.test))
            at = parents.get(id(at))
        found.add(spelled)
    return found.pop() if len(found) == 1 else None


def _recording_tests(fn: ast.FunctionDef, rule: str) -> set[str]:
    """The names in the conditions under which ``fn`` records ``rule``."""
    names: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.If) and any(r == rule for st in node.body + node.orelse for _, r in direct(st, {rule})):
            names |= _leaves(node.test)
        if isinstance(node, ast.IfExp) and any(r == rule for _, r in _rules_in(node, frozenset({rule}))):
            names |= _leaves(node.test)
    return names


def _stem_match(rule: str, node: ast.AST) -> bool:
    """Whether a word of the rule's name (``lead``) begins a name the
    changed code uses (``leader``)."""
    words = [w for w in rule.rsplit(".", 1)[1].split("-") if len(w) >= 4 and w not in GENERIC]
    used = {part for name in _leaves(node) | _words(node) for part in name.split("_")}
    return any(u.startswith(w) for w in words for u in used)


_SMALL = (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Name, ast.Attribute, ast.IfExp, ast.Constant, ast.Subscript)


def adopt(found: list[Any], table: dict[tuple[str, str], Any], rules: frozenset[str], keep: int = 3) -> list[Any]:
    """Give every rule that a function cites but no misreading bears on some
    misreadings of that function: those whose change names what the
    rule's recorded condition names (``takes_indicator``), else those that
    use a word of the rule's name, or are passed as one (``leader=winner``
    for ``lead-next``); each taken
    from a rule left with more than ``keep``. At most six per rule."""
    from dataclasses import replace

    from regola.conformance.explain.mutations import walk

    out = list(found)
    count: dict[str, int] = {}
    for m in out:
        count[m.rule] = count.get(m.rule, 0) + 1
    for rule in sorted(r for r in rules if not count.get(r)):
        for test in ("condition", "name"):
            taken = 0
            for key, fn in table.items():
                if rule not in fn.rules:
                    continue
                names = _recording_tests(fn.node, rule)
                nodes = walk(fn.node)
                for i, m in enumerate(out):
                    if (m.module, m.qualname) != key or count[m.rule] <= keep or m.rule == rule or taken >= 6:
                        continue
                    node, parent = nodes[m.site]
                    part = node.test if isinstance(node, (ast.If, ast.While, ast.IfExp)) else node
                    if not isinstance(part, _SMALL):
                        continue  # a change to a whole call or statement says too little
                    # a value passed as ``leader=`` is the leader's
                    passed = ast.Name(parent.arg) if isinstance(parent, ast.keyword) and parent.arg else part
                    hit = (
                        bool(_leaves(part) & names)
                        if test == "condition"
                        else _stem_match(rule, part) or passed is not part and _stem_match(rule, passed)
                    )
                    if hit:
                        count[m.rule] -= 1
                        out[i] = replace(m, rule=rule)
                        count[rule] = count.get(rule, 0) + 1
                        taken += 1
            if taken:
                break
    return out
