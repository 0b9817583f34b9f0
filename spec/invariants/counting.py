"""Scoring by counting (Tressette): the units of a hand add up to the
deck's declared total and the last-trick bonus, and the whole points the
sides score come to what the rules say.

Rules ``tressette.deck.points`` (card points counted in units, thirds in
Tressette), ``tressette.score.last-trick`` and ``tressette.score.count``
(each side scores the whole points of its count, the fractions dropped).
A hand is encoded as a symbolic split of the card units among the sides and
a symbolic taker of the last trick; nothing is hard-coded: the totals are
read from ``deck.total_points``, ``counting.unit`` and
``counting.last_trick``.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..schema import Ruleset
from .core import Verdict, count, failed, find_violation, invariant, maximum, minimum, not_applicable, proved, value
from .facts import Pack, option, scoring_kind, side_names, sides

COUNT_READS = ("deck", "seating", "hand_scoring.kind", "counting")


@dataclass(frozen=True)
class Count:
    """A symbolic end of a counting hand."""

    facts: list[z3.BoolRef]
    units: list[z3.ArithRef]
    """Card units each side took."""
    last: z3.ArithRef
    """The side that took the last trick."""
    counted: list[z3.ArithRef]
    """Units counted per side: cards and the last-trick bonus."""
    whole: list[z3.ArithRef]
    """Whole points scored per side, before declarations."""


def count_outcome(ruleset: Ruleset) -> Count:
    """Every way the cards' units and the last trick can fall among the sides."""
    pack = Pack(ruleset)
    n = len(sides(ruleset))
    unit = option(ruleset, "counting.unit", 1)
    bonus = option(ruleset, "counting.last_trick", 0) * unit
    units = [z3.Int(f"units_{i}") for i in range(n)]
    last = z3.Int("last_side")
    facts = [u >= 0 for u in units] + [z3.Sum(units) == pack.total, last >= 0, last < n]
    counted = [units[i] + z3.If(last == i, bonus, 0) for i in range(n)]
    whole = [c / unit for c in counted]  # z3 integer division: the fraction dropped
    return Count(facts, units, last, counted, whole)


def _applies(ruleset: Ruleset) -> Verdict | None:
    if scoring_kind(ruleset) != "count":
        return not_applicable("the hand is not scored by counting")
    return None


@invariant(
    "scoring.count-whole",
    "A counting hand's units add up to the deck's total and the last-trick bonus, and "
    "the whole points its sides score add up to the same number in every hand.",
    COUNT_READS,
)
def count_whole(ruleset: Ruleset) -> Verdict:
    """``tressette.deck.points``, ``tressette.score.last-trick``,
    ``tressette.score.count``: the counted units are conserved, and the sum
    of the sides' whole points never changes from hand to hand (11 in
    Tressette: 35 thirds, 2 of them lost to the dropped fractions)."""
    skip = _applies(ruleset)
    if skip is not None:
        return skip
    out = count_outcome(ruleset)
    unit = option(ruleset, "counting.unit", 1)
    total = Pack(ruleset).total + option(ruleset, "counting.last_trick", 0) * unit
    scored = z3.Sum(out.whole)
    model = find_violation(out.facts, z3.Sum(out.counted) == total, [*out.units, out.last])
    if model is not None:
        return failed(f"the units counted in a hand do not add up to {total}")
    low, high = minimum(out.facts, scored), maximum(out.facts, scored)
    if low != high:
        model = find_violation(out.facts, scored == high, [*out.units, out.last])
        split = ", ".join(f"{name} {value(model, u)}" for name, u in zip(side_names(ruleset), out.counted))
        return failed(
            f"the whole points of a hand are not fixed: with {split} units counted the sides "
            f"score {value(model, scored)} in all, but as little as {low} elsewhere "
            f"(counting.unit {unit}, {total} units a hand)",
        )
    lost = total - high * unit
    return proved(
        f"{total} units of 1/{unit} point a hand; the sides always score {high} whole points"
        + (f" ({lost} units lost to fractions)" if lost else "")
    )


def count_exclusive(ruleset: Ruleset) -> Verdict:
    """``tressette.score.count``: at most one side wins a counting hand, the
    one with strictly the most whole points (declarations aside, which only
    add)."""
    out = count_outcome(ruleset)
    n = len(out.whole)
    wins = [z3.And([out.whole[i] > out.whole[j] for j in range(n) if j != i]) for i in range(n)]
    model = find_violation(out.facts, count(wins) <= 1, [*out.units, out.last])
    if model is not None:
        return failed("two sides would both hold strictly the most whole points")
    least = minimum(out.facts + [wins[0]], out.whole[0])
    return proved(f"the side with strictly the most whole points wins; a win needs at least {least}")


def most_count(ruleset: Ruleset) -> int | None:
    """The most whole points one side can count in a hand (declarations,
    which need particular hands, left aside: they only add)."""
    out = count_outcome(ruleset)
    return maximum(out.facts, out.whole[0])
