"""The reference with one rule's checks removed: does an action break that
rule alone?

A reject line of the corpus must fail for one reason only, so that an
engine that refuses it refuses it for the rule it is about (an out-of-turn
probe that also plays a card the seat does not hold would pass an engine
that never checks the turn). `breaks_only` answers it: the reference
refuses the action under ``rule``, and with every check of ``rule`` removed
(`waived`) it refuses it under no other rule.

Removing a check is done on the reference's own code, without touching its
files: each function of ``regola.reference`` that raises is compiled again
with every ``raise EXC`` turned into ``_regola_refuse(EXC)``, which raises
``EXC`` unless it is an `IllegalAction` of a waived rule (then the function
goes on as if the check had passed). The rewritten functions replace the
originals wherever the reference holds them, for the time of the check.
"""

from __future__ import annotations

import __future__

import ast
import importlib
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from regola import reference
from regola.reference import IllegalAction

ROOT = Path(reference.__file__).resolve().parent
_WAIVED: set[str] = set()
_LOCK = threading.RLock()


def _regola_refuse(exc: BaseException) -> None:
    if isinstance(exc, IllegalAction) and exc.rule_id in _WAIVED:
        return
    raise exc


class _Raises(ast.NodeTransformer):
    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        if node.exc is None:
            return node  # a bare re-raise inside an except: left alone
        call = ast.Call(ast.Name("_regola_refuse", ast.Load()), [node.exc], [])
        return ast.copy_location(ast.Expr(call), node)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(["regola.reference", *parts]).removesuffix(".__init__")


@cache
def _rewritten() -> tuple[tuple[str, str, Any], ...]:
    """(module, qualified name, rewritten function) of every function of the
    reference that raises."""
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_name(path)
        for node in tree.body:
            members = [(node.name, node)] if isinstance(node, ast.FunctionDef) else []
            if isinstance(node, ast.ClassDef):
                members = [(f"{node.name}.{m.name}", m) for m in node.body if isinstance(m, ast.FunctionDef)]
            for qualname, fn in members:
                if fn.decorator_list or not any(isinstance(n, ast.Raise) and n.exc is not None for n in ast.walk(fn)):
                    continue
                new = _Raises().visit(ast.parse(ast.unparse(fn)).body[0])
                ast.fix_missing_locations(new)
                code = compile(ast.Module([new], []), str(path), "exec",
                               flags=__future__.annotations.compiler_flag, dont_inherit=True)
                mod = importlib.import_module(module)
                space: dict[str, Any] = {}
                exec(code, mod.__dict__, space)  # noqa: S102 - the reference's own code, its raises made waivable
                out.append((module, qualname, space[fn.name]))
    return tuple(out)


def _original(module: str, qualname: str) -> tuple[Any, str, Any]:
    mod = importlib.import_module(module)
    if "." in qualname:
        cls_name, name = qualname.split(".")
        holder = getattr(mod, cls_name)
        return holder, name, holder.__dict__[name]
    return mod, qualname, mod.__dict__[qualname]


def _places(original: Any) -> list[tuple[dict[str, Any], str]]:
    """Every module namespace, and module-level dict, that holds ``original``."""
    out: list[tuple[dict[str, Any], str]] = []
    for mod in list(sys.modules.values()):
        if not getattr(mod, "__name__", "").startswith("regola.reference"):
            continue
        for key, value in vars(mod).items():
            if value is original:
                out.append((vars(mod), key))
            elif isinstance(value, dict):
                out += [(value, k) for k, v in value.items() if v is original]
    return out


def _memos() -> list[Any]:
    return [
        value
        for mod in list(sys.modules.values())
        if getattr(mod, "__name__", "").startswith("regola.reference")
        for value in vars(mod).values()
        if callable(getattr(value, "cache_clear", None))
    ]


@cache
def _swaps() -> tuple[tuple[Any, str, Any, Any, tuple[tuple[dict[str, Any], str], ...]], ...]:
    """(holder, name, original, rewritten, places holding the original) of
    every function `waived` swaps, found once."""
    out = []
    for module, qualname, new in _rewritten():
        holder, name, original = _original(module, qualname)
        if getattr(original, "__code__", None) is not None:
            out.append((holder, name, original, new, tuple(_places(original))))
    return tuple(out)


@contextmanager
def waived(*rules: str) -> Iterator[None]:
    """Run the reference with every check of ``rules`` removed."""
    with _LOCK:
        swaps = _swaps()
        memos = _memos()
        for holder, name, _, new, places in swaps:
            new.__globals__["_regola_refuse"] = _regola_refuse  # taken out again on the way out
            if isinstance(holder, type):
                setattr(holder, name, new)
            for space, key in places:
                space[key] = new
        _WAIVED.update(rules)
        for memo in memos:
            memo.cache_clear()
        try:
            yield
        finally:
            _WAIVED.difference_update(rules)
            for holder, name, original, new, places in swaps:
                if isinstance(holder, type):
                    setattr(holder, name, original)
                for space, key in places:
                    space[key] = original
                new.__globals__.pop("_regola_refuse", None)
            for memo in memos:
                memo.cache_clear()


def refused_under(state: Any, action: dict[str, Any]) -> str | None:
    """The rule the reference refuses ``action`` under in ``state`` (None: accepted)."""
    try:
        reference.apply(state, action)
    except IllegalAction as exc:
        return exc.rule_id
    return None


def _only_rule_in_force(state: Any, rule: str) -> bool:
    """After the match nothing more may be done, and an action of a kind the
    phase does not take is refused by the phase's rule alone (between hands
    nobody is to move: the turn, the card in hand and the rest do not apply):
    removing that rule leaves nothing to check the action against."""
    if getattr(state, "is_over", False):
        return True  # nothing more may be done: whichever rule says so first
    # an action of a kind the phase does not take (a play between hands, a
    # bid once the auction is over): the rules of that kind of action are
    # not in force, the phase's rule alone refuses it
    return rule.endswith(PHASE_RULES)


PHASE_RULES = (".play.phase", ".phase.order", ".bid.end")
"""The rules that say which kinds of action a phase takes."""


def breaks_only(state: Any, action: dict[str, Any], rule: str) -> str | None:
    """Why ``action`` is not a reject line about ``rule`` alone in ``state``
    (None if it is): the reference must refuse it under ``rule``, and with
    that rule's checks removed refuse it under no other rule (failing in any
    other way, for a card that does not exist, is not a rule's refusal)."""
    found = refused_under(state, action)
    if found != rule:
        return f"the reference refuses it under {found}, not {rule}" if found else "the reference accepts it"
    if _only_rule_in_force(state, rule):
        return None
    with waived(rule):
        try:
            reference.apply(state, action)
        except IllegalAction as exc:
            return f"with {rule} removed the reference still refuses it, under {exc.rule_id}"
        except Exception:  # noqa: BLE001 - past a removed check the reference may fail on what it never meets
            return None
    return None
