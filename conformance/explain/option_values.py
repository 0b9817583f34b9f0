"""The option values the spec knows for a rule: the house rules blame by
explanation tries (`regola.conformance.explain.search`).

A rule's option fields are those its ``when`` names and those whose
description cites it (``rule `briscola.score.tie```); their values are a
choice's alternatives or a flag's two. A value is shown with a shipped
variant that plays it, and that variant's sources, when there is one.
"""

from __future__ import annotations

import json
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel

from regola.conformance.trace.record import load_ruleset
from regola.spec import Ruleset, SpecError, catalog, variant_ids

HINTS: dict[str, tuple[str, Any]] = {
    # list options have no values to enumerate: the deal all at once or one
    # card at a time, and reburying the two strongest faces (P-BRI)
    "deal.packets": ("deal.hands", lambda rs: _packets(rs.deal.hand_size)),
    # the table's cards after other rounds, or one more or fewer each time
    "deal.table_packets": ("deal.table", lambda rs: _table_packets(tuple(rs.deal.table_packets), len(rs.deal.packets))),
    "deal.rebury_indicator": ("deal.rebury", lambda rs: [list(rs.deck.strength[:2])]),
    # a hand of another size, dealt at once or one card at a time
    "deal.hand_size": (
        "deal.hands",
        lambda rs: [
            {"deal.hand_size": n, "deal.packets": packets}
            for n in (rs.deal.hand_size - 1, rs.deal.hand_size + 1)
            if n > 0
            for packets in ([n], [1] * n)
        ],
    ),
}
"""Option field -> (the rule-id suffix it bears on, its values worth trying
for a ruleset), for fields that are neither a choice nor a flag. A value
that is a dict sets several fields together (which must agree)."""


def _packets(hand: int) -> list[list[int]]:
    """A hand dealt in packets of one size (the last packet the remainder):
    all at once, one at a time, and every size between."""
    return [[p] * (hand // p) + ([hand % p] if hand % p else []) for p in range(hand, 0, -1)]


def _table_packets(table: tuple[int, ...], rounds: int) -> list[list[int]]:
    """The table's cards one more or one fewer at each round that deals
    some, and all of them after the first or the last round."""
    if not any(table):
        return []
    out = [[max(0, t + d) if t else 0 for t in table] for d in (-1, 1)]
    total = sum(table)
    out += [[total] + [0] * (rounds - 1), [0] * (rounds - 1) + [total]]
    return [t for t in out if t != list(table) and len(t) <= rounds]


@cache
def _option_fields() -> dict[str, tuple[Any, str]]:
    out: dict[str, tuple[Any, str]] = {}

    def walk(model: type[BaseModel], prefix: str) -> None:
        for name, info in model.model_fields.items():
            ann = info.annotation
            if isinstance(ann, type) and issubclass(ann, BaseModel):
                walk(ann, f"{prefix}{name}.")
            elif prefix:
                out[f"{prefix}{name}"] = (ann, info.description or "")

    walk(Ruleset, "")
    return out


def paths_of(family: str, rule: str) -> list[str]:
    """Option fields a rule's ``when`` names or whose description cites it."""
    found = catalog(family).get(rule)
    paths = []
    if found is not None and found.when:
        for cond in found.when.split(" and "):
            for op in ("!=", "="):
                cond = cond.split(op)[0]
            paths.append(cond.strip())
    paths += [p for p, (_, desc) in _option_fields().items() if f"`{rule}`" in desc]
    paths += [p for p, (suffix, _) in HINTS.items() if rule.endswith("." + suffix)]
    return [p for p in dict.fromkeys(paths) if p in _option_fields()]


def own_first(family: str, rule: str) -> list[str]:
    """`paths_of`, the rule's own fields first: the field named for it
    (``exchange.window`` for ``briscola.exchange.window``), then those whose
    description cites it, then those its ``when`` only names (another
    value there puts the rule out of force: a reading of the rule that
    field is named for rather than of this one)."""
    found = catalog(family).get(rule)
    when = found.when or "" if found is not None else ""
    name = rule.split(".", 1)[-1]

    def rank(path: str) -> tuple[bool, bool]:
        return (not name.endswith(path.replace("_", "-")), path in when)

    return sorted(paths_of(family, rule), key=rank)


def values(path: str, ruleset: Ruleset) -> list[Any]:
    """The values worth trying for an option field."""
    if path in HINTS:
        now = current(ruleset, path)
        now = list(now) if isinstance(now, tuple) else now
        return [v for v in HINTS[path][1](ruleset) if v != now]
    ann = _option_fields()[path][0]
    if typing.get_origin(ann) is typing.Literal:
        return list(typing.get_args(ann))
    if ann is bool:
        return [True, False]
    if ann is int:
        # a count or a value off by one, left out, or doubled: the shapes of a
        # wrong constant (a Napoletana worth 1 instead of 3)
        now = current(ruleset, path)
        if isinstance(now, int):
            return [v for v in dict.fromkeys((now - 1, now + 1, 0, 1, 2 * now)) if v >= 0 and v != now]
    return []


def current(ruleset: Ruleset, path: str) -> Any:
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node


@cache
def where_used(family: str, path: str, value_json: str) -> str:
    """A shipped variant of the family that plays this value, with its sources."""
    value = json.loads(value_json)
    for vid in variant_ids():
        try:
            rs = load_ruleset(vid, None, checked=False)
        except SpecError:
            continue
        now = current(rs, path)
        if rs.family == family and (list(now) if isinstance(now, tuple) else now) == value:
            sources = ", ".join(getattr(rs, "sources", ()) or ())
            return f"as in {vid}" + (f" ({sources})" if sources else "")
    return "a house rule the spec knows"


@cache
def rules_naming(family: str, path: str) -> int:
    """How many rules of the family an option field bears on."""
    return max(1, sum(path in paths_of(family, rule) for rule in catalog(family)))


def capture_values(variant: str, options: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    """A fishing deck's capture values written wrong by one (a Jack counted
    7, a King 9), one face at a time: (what, the deck's ranks so)."""
    try:
        ranks = [r.model_dump() for r in load_ruleset(variant, options, checked=False).deck.ranks]
    except SpecError:
        return []
    out = []
    for i, rank in enumerate(ranks):
        for value in (rank["value"] - 1, rank["value"] + 1) if rank.get("value") is not None else ():
            if value >= 1:
                changed = [dict(r, value=value) if j == i else r for j, r in enumerate(ranks)]
                out.append((f"the {rank['name']} were worth {value} in captures, not {rank['value']}", changed))
    return out
