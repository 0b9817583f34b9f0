"""Focused traces: one rule, one line, from the nearest position.

For each rule id a variant's traces of its own rules (no options)
exercise, on a step line or as the rule of a reject line, the focused
trace starts from the position where it is exercised soonest: the fewest
step lines before it in any of those traces (ties go to the trace whose
name sorts first, then to the earlier line). An option set's traces are
left out: they are scenarios cut right after the rule they were made for,
which already start near it (and the corpus has a size budget). Those earlier steps become the header's ``setup``
(`regola.conformance.trace.setup`): played into the engine, never
compared. The trace's lines are the line that exercises the rule and at
most `FOCUS_LINES` - 1 step lines after it. Rules first exercised by
the same line share one trace (``focus`` lists them all).

A rule exercised soonest by the first step of a trace gets none: that
trace already starts at its position. Like every trace here, a focused
trace is made from the reference's own lines, so it regenerates byte for
byte with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.conformance.trace.format import Trace

FOCUS_LINES = 1
"""Lines after the setup: the one that exercises the rule (its view shows
the rule's effect; the corpus's size budget leaves no room for more)."""

FOCUSED = "focused"
"""The ``purpose`` of a focused trace."""


def _line_rules(item: dict[str, Any]) -> list[str]:
    return list(item.get("rules", ())) if item["kind"] == "step" else [item["rule"]]


def nearest_positions(traces: Mapping[str, Trace]) -> dict[tuple[str, int], list[str]]:
    """(trace name, line position) -> the rule ids that line is the nearest
    position of, in the order the line lists them; positions with no step
    line before them are left out."""
    best: dict[str, tuple[int, str, int]] = {}
    for name in sorted(traces):
        trace = traces[name]
        if trace.header.get("options") or trace.header.get("purpose") == FOCUSED or trace.header.get("setup"):
            continue  # the variant's own rules: an option set's scenarios already start near their rule
        for rule in trace.header.get("rules", ()):  # exercised by the deal: no step before it
            best[rule] = min(best.get(rule, (0, name, -1)), (0, name, -1))
        steps = 0
        for pos, item in enumerate(trace.items):
            for rule in _line_rules(item):
                key = (steps, name, pos)
                if rule not in best or key < best[rule]:
                    best[rule] = key
            steps += item["kind"] == "step"
    groups: dict[tuple[str, int], list[str]] = {}
    for rule, (steps, name, pos) in best.items():
        if steps:
            groups.setdefault((name, pos), []).append(rule)
    for (name, pos), rules in groups.items():
        order = _line_rules(traces[name].items[pos])
        rules.sort(key=order.index)
    return groups


def focused_traces(traces: Mapping[str, Trace]) -> list[Trace]:
    """The focused traces of one variant's ``traces`` (name -> trace), in
    name order."""
    out = [_focused(traces[name], pos, rules) for (name, pos), rules in nearest_positions(traces).items()]
    return sorted(out, key=lambda t: t.header["name"])


def _focused(source: Trace, pos: int, rules: list[str]) -> Trace:
    before = [i for i in source.items[:pos] if i["kind"] == "step"]
    setup = [i["action"] for i in before]
    last_view = before[-1]["view"] if before else source.header["view"]
    items: list[dict[str, Any]] = []
    steps = 0
    for item in source.items[pos:]:
        if len(items) == FOCUS_LINES or (items and item["kind"] != "step"):
            break
        items.append({**item, "index": steps})
        if item["kind"] == "step":
            steps += 1
            last_view = item["view"]
    name = "focus--" + rules[0].replace(".", "-")
    shown = ", ".join(rules)
    header = {
        **source.header,
        "name": name,
        "purpose": FOCUSED,
        "description": f"{shown}, from step {len(setup)} of {source.header['name']} (setup not compared).",
        "setup": setup,
        "focus": rules,
    }
    end = {"kind": "end", "match": last_view["match"], "result": last_view["result"], "steps": steps}
    return Trace(header=header, items=items, end=end)
