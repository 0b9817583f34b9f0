"""Drawing after a trick (rules ``briscola.draw.*``)."""

from __future__ import annotations

from typing import Any

from .tables import Tables


def draw_round(
    tables: Tables,
    hands: list[tuple[str, ...]],
    stock: tuple[str, ...],
    indicator: str | None,
    winner: int,
) -> tuple[list[tuple[str, ...]], tuple[str, ...], str | None, list[dict[str, Any]], list[str]]:
    """Every player draws one card, the trick winner first, then in seat order.

    ``briscola.draw.order`` and ``briscola.draw.indicator-last``: the stock is
    drawn from the top and the face-up indicator (None where it is not drawn)
    is the last card drawn. Returns the hands (each still in canonical
    order), the stock and the indicator after the draw, the events and the
    rule ids.
    """
    players = tables.players
    if not stock and indicator is None:
        return hands, stock, indicator, [], []
    hands = list(hands)
    events: list[dict[str, Any]] = []
    rules = ["briscola.draw.order"]
    taken = 0
    for i in range(players):
        seat = (winner + i) % players
        if taken < len(stock):
            card = stock[taken]
            taken += 1
            events.append({"type": "draw", "seat": seat, "card": card})
        elif indicator is not None:
            card, indicator = indicator, None
            events.append({"type": "take-indicator", "seat": seat, "card": card})
            rules.append("briscola.draw.indicator-last")
        else:
            break
        hands[seat] = tables.insert(hands[seat], card)
    return hands, stock[taken:], indicator, events, rules
