"""Shapes of a deal: the wrong number of cards dealt to each hand
(``*.deal.hands`` at a new hand, ``scopa.deal.refill`` for a fishing
game's later rounds) or turned face up to the table (``scopa.deal.table``).

A deal's size is a constant in real code (``for i in range(3)``, a slice of
the deck), and an engine that has it wrong deals every hand the same wrong
number of cards, the rest staying in the stock. The shape reads the
reference's deal event (the cards it gave each hand and the table) and
finds the engine's hands all larger or smaller by one amount, or its table,
with the stock's size making up the difference when the engine reports it.
"""

from __future__ import annotations

from typing import Any

from regola.conformance.explain.shapes.base import Context, Finding

HAND_KEYS = ("hands", "hand_sizes")


def _sizes(view: dict[str, Any]) -> list[int] | None:
    """Each seat's number of cards in hand, as far as the view says."""
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list) and all(isinstance(n, int) for n in sizes):
        return list(sizes)
    hands = view.get("hands")
    if isinstance(hands, list) and all(isinstance(h, list) for h in hands):
        return [len(h) for h in hands]
    return None


def _deal_event(ctx: Context) -> dict[str, Any] | None:
    return next((e for e in reversed(ctx.events) if e.get("type") == "deal"), None)


def deal_sizes(ctx: Context) -> list[Finding]:
    """Every hand dealt the same wrong number of cards, or the table."""
    if not (ctx.kind.deal or ctx.kind.refill):
        return []
    event = _deal_event(ctx)
    want, got = _sizes(ctx.after), _sizes(ctx.engine)
    if event is None or not want:
        return []
    dealt = [len(h) for h in event.get("hands") or [] if isinstance(h, list)]
    dealt_table = event.get("table") if isinstance(event.get("table"), list) else []
    if ctx.kind.deal and (want != dealt or len(ctx.after.get("table") or []) != len(dealt_table)):
        return []  # the view after the deal is not the deal's (a void deal, dealt again)
    hand_keys = [k for k in ctx.keys if k in HAND_KEYS]
    table = ctx.engine.get("table")
    table_diff = len(table) - len(ctx.after.get("table") or []) if isinstance(table, list) else 0
    table_rule = ctx.rule("deal.table")
    table_wrong = bool(table_rule and "table" in ctx.keys and table_diff and (dealt_table or ctx.kind.deal))
    if table_wrong:
        if not ctx.after.get("stock_size") and not ctx.engine.get("stock_size"):
            # the whole pack dealt: the hands took what the table did not (or gave it)
            return [Finding(table_rule, frozenset({"table", *hand_keys}), "deal-size",
                            f"the engine turned {len(dealt_table) + table_diff} cards to the table instead of "
                            f"{len(dealt_table)} (the whole pack dealt, the hands took the difference)")]
    out: list[Finding] = []
    extra = 0
    hand_rule = ctx.rule("deal.refill") if ctx.kind.refill else ctx.rule("deal.hands")
    if hand_rule and hand_keys and got and len(want) == len(got) and dealt and len(set(dealt)) == 1:
        steps = {g - w for g, w in zip(got, want)}
        if len(steps) == 1 and 0 not in steps:
            step = steps.pop()
            extra = step * len(want)
            last = ctx.rule("deal.last-deal")
            left = ctx.after.get("stock_size")  # the stock before this deal: what is left and what it dealt
            left = left + sum(dealt) + len(dealt_table) if isinstance(left, int) else None
            rest = left is not None and (dealt[0] + step) * len(want) in (left, left - len(dealt_table))
            if last and (dealt[0] != ctx.ruleset.deal.hand_size or rest):
                hand_rule = last  # the rules, or the engine, dealt a short stock's rest: how that is dealt
            out.append(Finding(hand_rule, frozenset(hand_keys), "deal-size",
                               f"the engine dealt {dealt[0] + step} cards to each hand instead of {dealt[0]}"))
    if table_wrong:
        out.append(Finding(table_rule, frozenset({"table"}), "deal-size",
                           f"the engine turned {len(dealt_table) + table_diff} cards to the table instead of "
                           f"{len(dealt_table)}"))
    else:
        table_diff = 0
    if out and "stock_size" in ctx.keys and isinstance(ctx.engine.get("stock_size"), int):
        short = (ctx.after.get("stock_size") or 0) - ctx.engine["stock_size"]
        if short != extra + table_diff:
            return []  # the stock does not make up the difference: the cards came from elsewhere
        first = out[0]
        out[0] = Finding(first.rule, first.keys | ({"stock_size", "stock"} & set(ctx.keys)), first.shape,
                         first.text + " (the rest left in the stock)")
    return out
