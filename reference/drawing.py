"""Drawing after a trick (rules ``briscola.draw.*``)."""

from __future__ import annotations

from typing import Any


def draw_round(
    hands: list[list[str]],
    stock: list[str],
    indicator: str | None,
    winner: int,
    players: int,
) -> tuple[str | None, list[dict[str, Any]], list[str]]:
    """Every player draws one card, the trick winner first, then in seat order.

    ``briscola.draw.order`` and ``briscola.draw.indicator-last``: the stock is
    drawn from the top and the face-up indicator is the last card drawn.
    Mutates ``hands`` and ``stock``; returns the indicator left on the table,
    the events and the rule ids exercised.
    """
    events: list[dict[str, Any]] = []
    rules: list[str] = []
    if not stock and indicator is None:
        return None, events, rules
    rules.append("briscola.draw.order")
    for i in range(players):
        seat = (winner + i) % players
        if stock:
            card = stock.pop(0)
            hands[seat].append(card)
            events.append({"type": "draw", "seat": seat, "card": card})
        elif indicator is not None:
            hands[seat].append(indicator)
            events.append({"type": "take-indicator", "seat": seat, "card": indicator})
            rules.append("briscola.draw.indicator-last")
            indicator = None
    return indicator, events, rules
