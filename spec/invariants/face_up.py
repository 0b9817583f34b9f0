"""The face-up cards of a deal: the trump indicator and the fishing games' table.

Rules ``briscola.deal.indicator`` (a card is left to turn up),
``briscola.deal.rebury`` (reburying a barred indicator ends) and
``scopa.deal.redeal`` (the conditions that void a deal can be avoided),
over the deal terms of `.deal`.
"""

from __future__ import annotations

import z3

from ..schema import Ruleset
from .core import (
    Verdict,
    example,
    failed,
    find_violation,
    invariant,
    not_applicable,
    plural,
    proved,
    truth,
    value,
    witness,
)
from .deal import DEAL_READS, deal_of
from .facts import Pack, faces, option


@invariant(
    "deal.indicator-available",
    "When the variant turns a trump indicator, a card is left for it after the deal.",
    DEAL_READS,
)
def indicator_available(ruleset: Ruleset) -> Verdict:
    """``briscola.deal.indicator``: the indicator is a card of the pack that
    is not in any hand, so at least one card must remain after the deal."""
    params, t, size = deal_of(ruleset)
    if not params.indicator:
        return not_applicable("no card is turned for trumps")
    model = find_violation(t.facts, t.left >= 1)
    if model is None:
        return proved(f"{value(witness(t.facts), t.left)} cards remain to turn one up")
    left = value(model, t.left)
    what = "no card is left" if left == 0 else f"the deal is {-left} cards short"
    return failed(
        f"{params.dealt_phrase()} out of a pack of {size}: {what}, so there is no card "
        f"to turn up as the trump indicator (deal.indicator = {params.indicator_where}) "
        f"and no stock to draw from; a game that deals the whole pack needs "
        f"deal.indicator = none"
    )




@invariant(
    "deal.rebury-ends",
    "Reburying a barred indicator always ends with a card that may stay.",
    DEAL_READS,
)
def rebury_ends(ruleset: Ruleset) -> Verdict:
    """``briscola.deal.rebury``: a barred indicator goes back into the middle
    of the stock and the next card is turned. Whatever the shuffle, some card
    that may stay must be turned within one pass over the stock."""
    barred = set(option(ruleset, "deal.rebury_indicator", ()) or ())
    params, t, size = deal_of(ruleset)
    if not barred or not params.indicator:
        return not_applicable("no indicator face is barred")
    pack = Pack(ruleset)
    bad = [c for c in pack.cards if pack.ranks[c.rank] in barred]
    if params.indicator_where == "before-deal":
        length = size
    else:
        length = max(size - params.players * params.hand - params.table, 0)
    seen = _turned_positions(length, params.indicator_where)
    flags = [z3.Bool(f"barred_{i}") for i in range(length)]
    facts = [z3.Sum([z3.If(f, 1, 0) for f in flags] or [z3.IntVal(0)]) == min(len(bad), length)]
    lowest = z3.Sum([z3.If(f, 2**i, 0) for i, f in enumerate(flags)] or [z3.IntVal(0)])
    model = find_violation(facts, z3.Or([z3.Not(flags[i]) for i in seen] or [z3.BoolVal(False)]), [lowest])
    if model is None:
        return proved(f"{len(bad)} barred cards, {len(set(seen))} positions turned")
    worst = sorted(i + 1 for i in range(length) if truth(model, flags[i]))
    return failed(
        f"deal.rebury_indicator bars {', '.join(sorted(barred))} ({plural(len(bad), 'card')} in play); "
        f"turning and reburying in the middle of a stock of {length} only ever turns the "
        f"cards at {len(set(seen))} positions, so a shuffle with barred cards at positions "
        f"{', '.join(map(str, worst[:12]))}{'...' if len(worst) > 12 else ''} never ends "
        f"(rule briscola.deal.rebury)"
    )


def _turned_positions(length: int, where: str) -> list[int]:
    """Which original positions of the stock get turned, in order, while every
    turned card is barred (``briscola.deal.rebury``: a barred card goes back
    into the middle, the next card is turned from the same end)."""
    stock = list(range(length))
    end = -1 if where == "bottom" else 0
    turned: list[int] = []
    for _ in range(length + 1):
        if not stock:
            break
        card = stock.pop(end)
        turned.append(card)
        stock.insert(len(stock) // 2, card)
    return turned


@invariant(
    "deal.redeal-can-end",
    "The conditions that void a deal leave some table that plays: a deal is not voided forever.",
    DEAL_READS,
)
def redeal_can_end(ruleset: Ruleset) -> Verdict:
    """``scopa.deal.redeal``: the deal is void when the face-up table cards
    hold enough of a face (three Kings). Some choice of table cards from the
    pack must trigger none of the conditions, or every deal is void."""
    triggers = option(ruleset, "deal.redeal", ()) or ()
    params, t, size = deal_of(ruleset)
    if not triggers or not params.table:
        return not_applicable("no condition voids a deal")
    pack = Pack(ruleset)
    in_play = sorted({c.rank for c in pack.cards})
    shown = {r: z3.Int(f"table_{pack.ranks[r]}") for r in in_play}
    facts = [z3.Sum(list(shown.values())) == params.table]
    facts += [z3.And(0 <= v, v <= sum(1 for c in pack.cards if c.rank == r)) for r, v in shown.items()]
    voids = [shown[pack.ranks.index(tr.rank)] >= tr.at_least for tr in triggers if pack.ranks.index(tr.rank) in shown]
    names = {r.id: r.name for r in ruleset.deck.ranks}
    rules = " or ".join(f"{tr.at_least} or more {faces(names[tr.rank])}" for tr in triggers)
    # an existence claim: some table fires no condition
    if example(facts + [z3.Not(z3.Or(voids))] if voids else facts) is not None:
        return proved(f"a table of {params.table} can avoid {rules}")
    return failed(
        f"every table of {params.table} cards from this pack holds {rules} (deal.redeal), so every "
        f"deal would be voided and dealt again forever"
    )
