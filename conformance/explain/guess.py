"""Naming the rule an engine most likely broke at a divergent step.

A step exercises several rules (a play that ends a trick exercises the turn,
the trick winner, the draw...); the view fields that differ say which of
them went wrong. The tables below map view fields to rule ids, most telling
field first: when the trick's winner is wrong the hands differ too (the
wrong player drew first), but the fault is the winner. A rule is named only
if the step exercised it, or if the step exercised the rule it depends on
(``IMPLIED``): an engine that hands out the face-up indicator at the first
draw breaks ``*.draw.indicator-last`` although the reference drew none.

The guess is a help for reading a report, never a verdict: the report also
lists every rule id the step exercised.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from regola.conformance.runner.compare import Difference
from regola.spec import catalog

# (view fields, rule-id suffixes to blame in order of preference)
FIELD_RULES: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = (
    (
        frozenset({"indicator", "trump"}),
        (
            "draw.indicator-last",
            "exchange.card",
            "exchange.window",
            "exchange.after-win",
            "deal.indicator",
            "deal.rebury",
        ),
    ),
    (
        frozenset({"won", "points", "last_trick", "leader", "tricks_played"}),
        ("trick.winner", "trick.lead-next"),
    ),
    (
        frozenset({"auction"}),
        (
            "bid.pass-final",
            "bid.pass-turn",
            "bid.all-pass",
            "bid.reopen",
            "bid.end",
            "bid.after-two",
            "bid.points",
            "bid.lower-rank",
            "bid.face",
            "bid.single-round",
            "bid.distinct-suit",
            "bid.turn-indicator",
            "bid.exchange",
            "bid.dealer-side",
            "bid.turn",
        ),
    ),
    (
        frozenset({"contract"}),
        (
            "call.lowest-not-held",
            "call.own-card",
            "call.two",
            "call.card",
            "call.suit",
            "call.partner",
            "call.after-first-trick",
            "bid.end",
            "score.target",
        ),
    ),
    (
        frozenset({"scope"}),
        ("sweep.last-play", "sweep.last-play-counts", "sweep", "capture.ace-takes-all"),
    ),
    (
        frozenset({"table", "captured", "last_capture"}),
        (
            "capture.single-card-first",
            "capture.free-choice",
            "capture.ace-on-ace",
            "capture.ace-takes-all",
            "capture.ace-takes-itself",
            "capture.sum",
            "capture.match",
            "capture.from-table",
            "capture.lay",
            "end.leftovers",
            "deal.table",
            "deal.redeal",
        ),
    ),
    (
        frozenset({"result"}),
        (
            "score.tie",
            "score.majority",
            "score.game-points",
            "score.count",
            "score.scopas",
            "score.primiera",
            "score.settebello",
            "score.coins",
            "score.cards",
            "score.re-bello",
            "score.napola",
            "score.napoleone",
        ),
    ),
    (frozenset({"match"}), ("match.end", "score.cappotto", "score.game-points", "score.tie")),
    (
        frozenset({"hands", "hand_sizes", "stock", "stock_size", "stock_top"}),
        (
            "draw.order",
            "draw.indicator-last",
            "draw.exhausted",
            "exchange.card",
            "deal.refill",
            "deal.hands",
            "deal.indicator",
            "play.in-hand",
        ),
    ),
    (frozenset({"to_move", "trick"}), ("play.turn", "trick.lead-next", "play.first-lead")),
    (frozenset({"phase"}), ("match.end", "play.phase")),
    (frozenset({"dealer", "hand_number"}), ("match.next-dealer", "match.end")),
)

# fields that differ when a trick went to the wrong player
TRICK_TAKEN = frozenset({"won", "last_trick", "leader", "tricks_played"})

# rule suffix -> the suffix whose presence makes it a suspect even if unexercised
IMPLIED: dict[str, str] = {"draw.indicator-last": "draw.order"}

# Rules every action of a kind exercises: they say little about what went
# wrong with one particular action.
GENERIC = ("play.turn", "play.in-hand", "play.phase", "play.first-lead", "capture.from-table")
"""``capture.from-table`` too: every capture takes its cards from the table,
so a refused or missing capture says more through its other rules (a sum,
a match, the single card first)."""


def _find(rules: Sequence[str], suffix: str) -> str | None:
    for rule in rules:
        if rule.endswith("." + suffix):
            return rule
    return None


def for_view(differences: Iterable[Difference], step_rules: Sequence[str]) -> str | None:
    """The rule most likely broken when the omniscient view differs."""
    fields = {d.field for d in differences}
    family = step_rules[0].split(".")[0] if step_rules else None
    if family and "points" in fields and not fields & TRICK_TAKEN:
        # the right cards went to the right pile, yet they count differently
        rule = f"{family}.deck.points"
        if rule in catalog(family):
            return rule
    for group, suffixes in FIELD_RULES:
        if not fields & group:
            continue
        for suffix in suffixes:
            rule = _find(step_rules, suffix)
            if rule:
                return rule
            trigger = IMPLIED.get(suffix)
            if family and trigger and _find(step_rules, trigger):
                return f"{family}.{suffix}"
    return step_rules[0] if step_rules else None


def specific(rules: Sequence[str]) -> str | None:
    """The first rule of ``rules`` that is not one every action exercises
    (the step's turn, the card in hand...), else the first rule."""
    for rule in rules:
        if not rule.endswith(GENERIC) and ".deck." not in rule and ".info." not in rule:
            return rule
    return rules[0] if rules else None


def for_seat_view(
    differences: Iterable[Difference],
    seat: int,
    rule_ids: Sequence[str],
    partners: Sequence[int] = (),
) -> str | None:
    """The information rule most likely broken when only a seat's view
    differs (``rule_ids``: the rules that hold in the ruleset)."""
    fields = {d.field for d in differences}
    if "stock_top" in fields or "stock" in fields:
        return _find(rule_ids, "info.stock-top") or _find(rule_ids, "info.hidden")
    if "hands" in fields:
        if _find(rule_ids, "info.open-hands"):
            return _find(rule_ids, "info.open-hands")
        paths = {d.path for d in differences}
        if partners and any(f"hands[{p}]" in paths for p in partners):
            return _find(rule_ids, "info.partner-view") or _find(rule_ids, "info.hidden")
        return _find(rule_ids, "info.hidden")
    return None
