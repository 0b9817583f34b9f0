"""The syntax-tree rewrites behind `regola.conformance.explain.misreadings`:
for one node of a reference function, every plausible misreading of it
(a condition negated or dropped, a comparison reversed or replaced, an
order reversed, a reset not done, a step skipped, a constant off by one, a
seat read as another),
each with its description in words."""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable
from typing import Any

from regola.spec.rules import RULES_DIR

FAMILIES = tuple(sorted(p.stem for p in RULES_DIR.glob("*.toml")))
"""The rule-id prefixes: one per file of rule statements (``spec/rules/``)."""
RULE_ID = re.compile(r"(?<![\w.])((?:" + "|".join(FAMILIES) + r")\.[a-z0-9.-]*[a-z0-9])")

_FLIP = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}
_LOOSE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_OPPOSITE = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}
_GROWERS = ("append", "extend", "add", "update", "insert")
BOOKKEEPING = ("rules", "used", "rule_ids", "events", "first")
"""Names the reference keeps rule ids and events in: no view shows them, so
a rewrite that only changes them changes nothing an engine reports."""
_EMPTY_CALLS = ("tuple", "list", "dict", "set", "frozenset")


def _src(node: ast.AST, limit: int = 48) -> str:
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_rule_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(RULE_ID.search(node.value))


def _resets(node: ast.AST) -> bool:
    """A value that starts a counter or a pile afresh."""
    if isinstance(node, ast.Constant):
        v = node.value
        return v is None or v is False or v == "" or (type(v) is int and v == 0)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return not node.elts
    if isinstance(node, ast.Dict):
        return not node.keys
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in _EMPTY_CALLS and not node.args:
            return True
        if node.func.id in _EMPTY_CALLS and len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            return _resets(node.args[0].elt)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return isinstance(node.left, (ast.List, ast.Tuple)) and all(_resets(e) for e in node.left.elts)
    return False


Change = tuple[str, str, Callable[[ast.AST], ast.AST | None]]
"""(kind, words, rewrite): ``rewrite`` gets the node (a copy) and returns its
replacement, None to drop a statement."""


SEATS = ("winner", "leader", "seat", "dealer", "to_move", "bidder", "holder", "first")
"""Names that hold a seat: one passed to a rule's function may be read as
another (the trick's leader draws first instead of its winner)."""
_STATE_SEATS = ("leader", "to_move", "dealer")


def seats_in(fn: ast.FunctionDef) -> tuple[str, ...]:
    """The seats a function has at hand: its seat names, and the state's."""
    names = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id in SEATS}
    names |= {a.arg for a in fn.args.args if a.arg in SEATS}
    if any(a.arg == "state" for a in fn.args.args):
        names |= {f"state.{s}" for s in _STATE_SEATS}
    return tuple(sorted(names))


def _swaps(node: ast.AST, parent: ast.AST | None, seats: tuple[str, ...]) -> list[Change]:
    passed = isinstance(parent, ast.keyword) or (
        isinstance(parent, ast.Call)
        and any(a is node for a in parent.args)
        and not (isinstance(parent.func, ast.Name) and parent.func.id in dir(builtins))
    )
    if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in SEATS and passed):
        return []
    return [
        ("swap", f"`{node.id}` read as `{other}` in `{_src(parent)}`", lambda n, o=other: ast.parse(o, mode="eval").body)
        for other in seats
        if other not in (node.id, f"state.{node.id}")
    ]


def refusals(node: ast.AST) -> list[Change]:
    """A rule a checking function only records under a condition (``elif
    another card could capture: record scopa.play.free-card``), read as a
    prohibition: the action refused under that rule when the condition
    holds. Only for an ``if`` whose branch records rule ids alone."""
    if not (isinstance(node, ast.If) and node.body and all(bookkeeping(st) for st in node.body)):
        return []
    cited = [
        r for st in node.body for n in ast.walk(st)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) for r in RULE_ID.findall(n.value)
    ]
    if len(set(cited)) != 1:
        return []
    rule = cited[0]
    refuse = ast.parse(f"raise IllegalAction({rule!r}, 'refused where the rule allows it')").body[0]
    return [
        (
            "refuse",
            f"`{rule}` read as a prohibition: refused when `{_src(node.test)}`",
            lambda n: _with(n, body=[refuse]),
        )
    ]


def changes(node: ast.AST, parent: ast.AST | None, seats: tuple[str, ...] = ()) -> list[Change]:
    out: list[Change] = _swaps(node, parent, seats)
    if isinstance(node, (ast.If, ast.IfExp, ast.While)) and not is_rule_text(node.test) and not _dispatch(node.test):
        t = _src(node.test)
        out.append(("negate", f"condition `{t}` negated", lambda n: _with(n, test=ast.UnaryOp(ast.Not(), n.test))))
        if not isinstance(node, ast.While):
            out.append(
                (
                    "drop-condition",
                    f"condition `{t}` dropped (always holds)",
                    lambda n: _with(n, test=ast.Constant(True)),
                )
            )
            out.append(
                (
                    "drop-condition",
                    f"condition `{t}` ignored (never holds)",
                    lambda n: _with(n, test=ast.Constant(False)),
                )
            )
    if isinstance(node, ast.BoolOp) and not any(_dispatch(v) or isinstance(v, ast.BoolOp) and any(map(_dispatch, v.values)) for v in node.values):
        word = "and" if isinstance(node.op, ast.And) else "or"
        other = ast.Or() if word == "and" else ast.And()
        out.append(
            (
                "compare",
                f"`{word}` read as `{'or' if word == 'and' else 'and'}` in `{_src(node)}`",
                lambda n: _with(n, op=other),
            )
        )
        for i, operand in enumerate(node.values):

            def drop(n: ast.AST, i: int = i) -> ast.AST:
                rest = n.values[:i] + n.values[i + 1 :]
                return rest[0] if len(rest) == 1 else _with(n, values=rest)

            out.append(("drop-condition", f"condition `{_src(operand)}` dropped from `{_src(node)}`", drop))
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for table in (_FLIP, _LOOSE, _OPPOSITE):
                new = table.get(type(op))
                if new is not None:

                    def swap(n: ast.AST, i: int = i, new: type = new) -> ast.AST:
                        return _with(n, ops=[*n.ops[:i], new(), *n.ops[i + 1 :]])

                    out.append(("compare", f"`{_SYMBOL[type(op)]}` read as `{_SYMBOL[new]}` in `{_src(node)}`", swap))
    if isinstance(node, ast.Call):
        out += _order_changes(node)
        for j, kw in enumerate(node.keywords):
            if kw.arg and _resets(kw.value):
                out.append(
                    (
                        "no-reset",
                        f"`{kw.arg}` not reset to `{_src(kw.value)}`",
                        lambda n, j=j: _with(n, keywords=n.keywords[:j] + n.keywords[j + 1 :]),
                    )
                )
    if isinstance(node, ast.Dict):
        for j, (k, v) in enumerate(zip(node.keys, node.values)):
            if k is not None and _resets(v):
                out.append(
                    (
                        "no-reset",
                        f"`{_src(k)}` not reset to `{_src(v)}`",
                        lambda n, j=j: _with(
                            n, keys=n.keys[:j] + n.keys[j + 1 :], values=n.values[:j] + n.values[j + 1 :]
                        ),
                    )
                )
    if (
        isinstance(node, ast.Assign)
        and _resets(node.value)
        and all(isinstance(t, (ast.Attribute, ast.Subscript)) for t in node.targets)
    ):
        out.append(("no-reset", f"`{_src(node)}` not done (not reset)", lambda n: None))
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute):
        call = node.value
        if call.func.attr in _GROWERS and not any(
            is_rule_text(a) or isinstance(a, (ast.List, ast.Tuple)) and any(map(is_rule_text, a.elts))
            for a in call.args
        ):
            out.append(("skip", f"`{_src(node)}` skipped", lambda n: None))
    if isinstance(node, ast.AugAssign):
        out.append(("skip", f"`{_src(node)}` skipped", lambda n: None))
    if isinstance(node, ast.For):
        out.append(
            (
                "skip",
                f"loop `for {_src(node.target)} in {_src(node.iter)}` skipped",
                lambda n: _with(n, body=[ast.Pass()]),
            )
        )
    if (
        isinstance(node, ast.Constant)
        and type(node.value) is int
        and isinstance(parent, (ast.Compare, ast.BinOp, ast.Subscript, ast.Slice, ast.Call))
    ):
        for d in (1, -1):
            out.append(
                (
                    "off-by-one",
                    f"`{node.value}` read as `{node.value + d}` in `{_src(parent)}`",
                    lambda n, d=d: ast.Constant(n.value + d),
                )
            )
    return out + refusals(node)


def _dispatch(test: ast.AST) -> bool:
    """A test of a value's type (``isinstance(act, BidAction)``): it sends an
    action to the code of its kind, and no rule's statement reads it."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"


def _order_changes(node: ast.Call) -> list[Change]:
    out: list[Change] = []
    f = node.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    if name in ("sorted", "sort"):
        rev = [k for k in node.keywords if k.arg == "reverse"]
        out.append(
            (
                "order",
                f"order of `{_src(node)}` reversed",
                lambda n: _with(
                    n,
                    keywords=[k for k in n.keywords if k.arg != "reverse"]
                    + ([] if rev else [ast.keyword("reverse", ast.Constant(True))]),
                ),
            )
        )
    if isinstance(f, ast.Name) and f.id in ("min", "max"):
        other = "max" if f.id == "min" else "min"
        out.append(
            (
                "order",
                f"`{f.id}` read as `{other}` in `{_src(node)}`",
                lambda n: _with(n, func=ast.Name(other, ast.Load())),
            )
        )
    if isinstance(f, ast.Name) and f.id == "reversed" and len(node.args) == 1:
        out.append(("order", f"`{_src(node)}` read in the original order", lambda n: n.args[0]))
    if isinstance(f, ast.Name) and f.id == "range":
        out.append(
            ("order", f"`{_src(node)}` walked backwards", lambda n: ast.Call(ast.Name("reversed", ast.Load()), [n], []))
        )
    return out


def _with(node: ast.AST, **changes: Any) -> ast.AST:
    for key, value in changes.items():
        setattr(node, key, value)
    return node


def walk(fn: ast.AST) -> list[tuple[ast.AST, ast.AST | None]]:
    """Every node of ``fn`` but its docstring, with its parent, in a fixed order."""
    doc = (
        fn.body[0]
        if fn.body and isinstance(fn.body[0], ast.Expr) and isinstance(fn.body[0].value, ast.Constant)
        else None
    )
    out: list[tuple[ast.AST, ast.AST | None]] = []
    todo: list[tuple[ast.AST, ast.AST | None]] = [(fn, None)]
    while todo:
        node, parent = todo.pop(0)
        if node is doc:
            continue
        out.append((node, parent))
        todo += [(child, node) for child in ast.iter_child_nodes(node)]
    return out


def bookkeeping(stmt: ast.AST) -> bool:
    """Whether a statement only records rule ids or events."""
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute):
        receiver = stmt.value.func.value
        return isinstance(receiver, ast.Name) and receiver.id in BOOKKEEPING
    if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return all(isinstance(t, ast.Name) and t.id in BOOKKEEPING for t in targets)
    if isinstance(stmt, ast.If):
        return all(bookkeeping(s) for s in stmt.body + stmt.orelse)
    return False


def _rule_texts(node: ast.AST) -> bool:
    """A rule id, a choice of rule ids, or a list of them."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return all(_rule_texts(e) for e in node.elts)
    if isinstance(node, ast.IfExp):
        return _rule_texts(node.body) and _rule_texts(node.orelse)
    return is_rule_text(node)


def reports_rules_only(fn: ast.FunctionDef) -> bool:
    """Whether a function only works out which rule ids to report (it
    refuses nothing, and every ``return`` gives a list built from rule ids
    alone): no view shows them."""
    returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    if (
        any(isinstance(n, ast.Raise) for n in ast.walk(fn))
        or not returns
        or not all(isinstance(r.value, ast.Name) for r in returns)
    ):
        return False
    names = {r.value.id for r in returns}
    assigned = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.withitem, ast.NamedExpr)):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [getattr(node, "target", None) or getattr(node, "optional_vars", None)]
            )
            bound = {n.id for t in targets if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}
            if bound & names:
                if not (
                    isinstance(node, ast.Assign)
                    and all(isinstance(t, ast.Name) for t in node.targets)
                    and _rule_texts(node.value)
                ):
                    return False
                assigned |= bound & names
        grows = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
        )
        if (
            grows
            and node.func.value.id in names
            and not all(
                _rule_texts(a) for a in node.args if not isinstance(a, ast.Constant) or isinstance(a.value, str)
            )
        ):
            return False
    return assigned == names and not any(a.arg in names for a in fn.args.args)
