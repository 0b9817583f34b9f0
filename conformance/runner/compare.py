"""Comparing an engine's view with the expected one, field by field.

Only the fields the engine reports (its hello ``fields``) are compared; the
others are neither checked nor shown. A difference is located by a path into
the view, written the way one reads it: ``phase``, ``hands[1]``,
``trick[0].card``, ``match.game_points``. Lists of plain values (a hand, the
stock) are compared whole, so a wrong hand is one difference showing both
hands; lists of objects or lists (the hands, the trick) are compared item by
item when their lengths agree.

JSON types are compared strictly: ``true`` is not ``1`` and ``1`` is not
``"1"``.

Since protocol 1.1 an engine may report part of an object field: naming
``match.points`` (and not ``match``) in its hello ``fields`` compares only
that key of ``match``; the others are neither checked nor shown.
"""

from __future__ import annotations

import json
import marshal
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress, repeat
from operator import ne
from typing import Any


class _Absent:
    """Marks a key missing from one side."""

    def __repr__(self) -> str:
        return "<absent>"


ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Difference:
    """One place where the two views disagree."""

    path: str
    """Where, e.g. ``hands[1]`` or ``trick[0].card``."""
    expected: Any
    """The reference's value (``ABSENT`` if the key does not exist there)."""
    actual: Any
    """The engine's value (``ABSENT`` if the engine left the key out)."""

    @property
    def field(self) -> str:
        """The top-level view field the difference lies in."""
        for i, ch in enumerate(self.path):
            if ch in ".[":
                return self.path[:i]
        return self.path

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path}
        for side in ("expected", "actual"):
            value = getattr(self, side)
            if value is ABSENT:
                out[f"{side}_absent"] = True
            else:
                out[side] = value
        return out


def field_map(fields: Iterable[str] | None) -> dict[str, frozenset[str] | None] | None:
    """The reported fields by top-level key: None for a whole field, else the
    sub-fields named (``match.points`` -> ``{"match": {"points"}}``). None
    when every field is reported."""
    if fields is None:
        return None
    key = tuple(fields)
    known = _FIELD_MAPS.get(key)
    if known is None:
        known = _field_map(key)
        if len(_FIELD_MAPS) > 64:
            _FIELD_MAPS.clear()
        _FIELD_MAPS[key] = known
    return known


_FIELD_MAPS: dict[tuple[str, ...], dict[str, frozenset[str] | None]] = {}
"""`field_map` by the engine's list of fields: one engine has one list, and
the runner asks for it at every view it compares. The maps are only read."""


def _field_map(fields: tuple[str, ...]) -> dict[str, frozenset[str] | None]:
    out: dict[str, frozenset[str] | None] = {}
    for name in fields:
        key, dot, sub = name.partition(".")
        if not dot:
            out[key] = None
        elif key not in out or out[key] is not None:
            out[key] = (out.get(key) or frozenset()) | {sub}
    return out


def checked_fields(expected: dict[str, Any], fields: Iterable[str] | None) -> list[str]:
    """The fields of ``expected`` that are compared (wholly or in part), in
    the view's own order: all of them when ``fields`` is None, else those
    the engine reports."""
    if fields is None:
        return list(expected)
    wanted = field_map(fields) or {}
    return [k for k in expected if k in wanted]


def _part(value: Any, subs: frozenset[str] | None, like: Any) -> Any:
    """``value`` cut down to the sub-fields ``subs`` that the expected value
    ``like`` has (the whole value when ``subs`` is None or either side is not
    an object); a sub-field missing from ``value`` is ``ABSENT``."""
    if subs is None or not isinstance(like, dict) or not isinstance(value, dict):
        return value
    return {k: value.get(k, ABSENT) for k in like if k in subs}


def compare_views(
    expected: dict[str, Any],
    actual: Any,
    fields: Iterable[str] | None = None,
) -> list[Difference]:
    """Every difference between ``expected`` and ``actual`` over the checked
    fields, in the view's field order.

    Equal views (nearly every view of a passing replay) take a quick path
    (`_identical`); the detailed, field-by-field comparison runs only when
    the quick test cannot tell that they are equal."""
    if actual is expected:
        return []  # the very same object: as equal as a value can be to itself
    if not isinstance(actual, dict):
        return [Difference("(view)", expected, actual)]
    wanted = None if fields is None else fields if type(fields) is tuple else tuple(fields)
    subs = field_map(wanted) or {}
    keys, partial, whole = _checked(tuple(expected), wanted, subs)
    if whole and expected.keys() == actual.keys():
        if _identical(expected, actual):  # every field, no list to build
            return []
        want: list[Any] = list(expected.values())
        got = list(map(actual.__getitem__, expected))
    elif partial:
        want = [_part(expected[k], subs.get(k), expected[k]) for k in keys]
        got = [_part(actual.get(k, ABSENT), subs.get(k), expected[k]) for k in keys]
        if _identical(want, got):
            return []
    else:
        want = [expected[k] for k in keys]
        got = [actual.get(k, ABSENT) for k in keys]
        if _identical(want, got):
            return []
    diffs: list[Difference] = []
    for key, exp, act in zip(keys, want, got):
        _compare(key, exp, act, diffs)
    return diffs


_CHECKED: dict[tuple[Any, ...], tuple[list[str], bool, bool]] = {}


def _checked(
    view_keys: tuple[str, ...], fields: tuple[str, ...] | None, subs: dict[str, frozenset[str] | None]
) -> tuple[list[str], bool, bool]:
    """The keys of a view with ``view_keys`` that are compared, whether any
    is compared in part, and whether all are compared whole; kept by (view
    keys, fields), which repeat at every step. The list is only read."""
    known = _CHECKED.get((view_keys, fields))
    if known is None:
        keys = list(view_keys) if fields is None else [k for k in view_keys if k in subs]
        partial = any(subs.get(k) is not None for k in keys)
        known = keys, partial, not partial and len(keys) == len(view_keys)
        if len(_CHECKED) > 256:
            _CHECKED.clear()
        _CHECKED[(view_keys, fields)] = known
    return known


def _identical(want: Any, got: Any) -> bool:
    """A quick sufficient test that ``want`` and ``got`` (two views, or two
    lists of field values in the same order) are the same JSON data.

    Python's ``==`` (run in C) is necessary but not enough: ``True == 1``.
    Two values equal under ``==`` whose marshal encodings (version 2: no
    shared references, interned strings written like any other) are the
    same bytes have the same types, values and key order everywhere, so
    they are strictly equal: that settles views whose keys come in the same
    order. When they do not (the reference's own key order against a trace's
    sorted keys; two views whose first keys differ are not even tried
    whole), the fields are encoded one by one and only those whose bytes
    differ are looked at (`_same_field`). Anything else (an int against a
    float of the same value, a value that is not data) is left to the exact
    comparison, item by item."""
    try:
        if want != got:
            return False
        if type(want) is dict:
            if type(got) is not dict:
                return False
            if next(iter(want), None) == next(iter(got), None) and marshal.dumps(want, 2) == marshal.dumps(got, 2):
                return True
            got = list(map(got.__getitem__, want))
            want = list(want.values())
        elif type(want) is not list or type(got) is not list:
            return False
        elif marshal.dumps(want, 2) == marshal.dumps(got, 2):
            return True
        n = len(want)
        mine = list(map(marshal.dumps, want, repeat(2, n)))
        theirs = list(map(marshal.dumps, got, repeat(2, n)))
        differ = compress(zip(mine, theirs, want, got), map(ne, mine, theirs))  # in C: only those that differ
        return all(_same_field(x, y, a, b) for x, y, a, b in differ)
    except (TypeError, ValueError, KeyError):  # ABSENT, or an engine's object that is not data
        return False


_SAME_FIELDS: dict[tuple[bytes, bytes], bool] = {}
"""`_same_field`'s answers by the two values' marshal encodings."""


def _same_field(mine: bytes, theirs: bytes, a: Any, b: Any) -> bool:
    """For ``a == b`` whose encodings ``mine`` and ``theirs`` differ (their
    objects list their keys in another order): whether they are strictly
    equal. The answer is kept by the two encodings, which determine both
    values exactly (types, values and key order): a field that holds objects
    (the trick, the match scores) is often the same from one step to the
    next, and is then not walked again."""
    key = (mine, theirs)
    known = _SAME_FIELDS.get(key)
    if known is None:
        known = _same_types(a, b) or _dump(a) == _dump(b)  # e.g. a tuple for a list: the same JSON
        if len(_SAME_FIELDS) >= 4096:
            _SAME_FIELDS.clear()
        _SAME_FIELDS[key] = known
    return known


def _dump(value: Any) -> str:
    """Canonical JSON: equal only for strictly equal JSON values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _same_types(a: Any, b: Any) -> bool:
    """For ``a == b``: whether every value in ``a`` has the type of the value
    in the same place in ``b`` (then no ``True`` stands for a ``1``)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is list:
        kinds = list(map(type, a))
        if kinds != list(map(type, b)):
            return False
        return not (dict in kinds or list in kinds) or all(map(_same_types, a, b))
    if kind is dict:
        return all(map(_same_types, a.values(), map(b.__getitem__, a)))
    return True


def field_share(view_keys: Iterable[str], fields: Iterable[str] | None) -> tuple[int, int]:
    """(fields checked, fields in the view): how much of the view an engine
    lets the suite check."""
    keys = list(view_keys)
    return len(checked_fields(dict.fromkeys(keys), fields)), len(keys)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _same(a: Any, b: Any) -> bool:
    """Strict JSON equality: bool, number, string and null never mix."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def _compare(path: str, exp: Any, act: Any, out: list[Difference]) -> None:
    if _same(exp, act):
        return
    if isinstance(exp, dict) and isinstance(act, dict):
        for key in exp:
            _compare(f"{path}.{key}", exp[key], act.get(key, ABSENT), out)
        for key in act:
            if key not in exp:
                out.append(Difference(f"{path}.{key}", ABSENT, act[key]))
        return
    if (
        isinstance(exp, list)
        and isinstance(act, list)
        and len(exp) == len(act)
        and not all(_is_scalar(x) for x in exp)
    ):
        for i, (x, y) in enumerate(zip(exp, act)):
            _compare(f"{path}[{i}]", x, y, out)
        return
    out.append(Difference(path, exp, act))


# --- rendering ------------------------------------------------------------


def show(value: Any) -> str:
    """A value as compact JSON (``<absent>`` for a missing key)."""
    if value is ABSENT:
        return "<absent>"
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=_unjson)


def _unjson(value: Any) -> str:
    return "<absent>" if value is ABSENT else str(value)


def _cell(text: str, width: int, wrap: bool) -> list[str]:
    if len(text) <= width:
        return [text]
    if not wrap:
        return [text[: width - 1] + "…"]
    return textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) or [""]


def side_by_side(
    expected: dict[str, Any],
    actual: Any,
    differences: list[Difference],
    fields: Iterable[str] | None = None,
    width: int = 100,
) -> str:
    """Both views in two columns, one row per checked field; a field that
    differs is expanded into one row per difference, marked ``!`` and shown
    in full, the others shortened to fit."""
    act = actual if isinstance(actual, dict) else {}
    subs = field_map(fields) or {}
    by_field: dict[str, list[Difference]] = {}
    for d in differences:
        by_field.setdefault(d.field, []).append(d)
    rows: list[tuple[str, str, str, bool]] = []
    for key in checked_fields(expected, fields):
        if key in by_field:
            diffs = by_field.pop(key)
            rows += [(d.path, show(d.expected), show(d.actual), True) for d in diffs]
            exp = expected[key]
            if isinstance(exp, dict) and isinstance(act.get(key), dict):
                # the other sub-fields too: a match tied 11-11 shows its points
                shown = {d.path for d in diffs}
                wanted = subs.get(key)
                rows += [
                    (f"{key}.{sub}", show(value), show(act[key].get(sub, ABSENT)), False)
                    for sub, value in exp.items()
                    if f"{key}.{sub}" not in shown and not any(p.startswith(f"{key}.{sub}.") or p.startswith(f"{key}.{sub}[") for p in shown)
                    and (wanted is None or sub in wanted)
                ]
        else:
            exp = expected[key]
            rows.append((key, show(_part(exp, subs.get(key), exp)), show(_part(act.get(key, ABSENT), subs.get(key), exp)), False))
    for ds in by_field.values():  # e.g. "(view)" when the answer was not an object
        rows += [(d.path, show(d.expected), show(d.actual), True) for d in ds]
    name_w = min(max([len(r[0]) for r in rows] + [5]), 24)
    col_w = max((width - name_w - 6) // 2, 16)
    lines = [
        f"  {'field':<{name_w}}  {'expected':<{col_w}}  actual",
        "  " + "-" * (name_w + 2 * col_w + 4),
    ]
    for name, left, right, bad in rows:
        lcells = _cell(left, col_w, bad)
        rcells = _cell(right, col_w, bad)
        ncells = _cell(name, name_w, bad)
        for i in range(max(len(lcells), len(rcells), len(ncells))):
            mark = "!" if bad and i == 0 else " "
            n = ncells[i] if i < len(ncells) else ""
            a = lcells[i] if i < len(lcells) else ""
            b = rcells[i] if i < len(rcells) else ""
            lines.append(f"{mark} {n:<{name_w}}  {a:<{col_w}}  {b}".rstrip())
    return "\n".join(lines)


def describe(differences: list[Difference], limit: int = 6) -> str:
    """A one-line summary: ``hands[1]: expected [...], got [...]; ...``."""
    parts = [
        f"{d.path}: expected {_short(show(d.expected))}, got {_short(show(d.actual))}"
        for d in differences[:limit]
    ]
    if len(differences) > limit:
        parts.append(f"and {len(differences) - limit} more")
    return "; ".join(parts)


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
