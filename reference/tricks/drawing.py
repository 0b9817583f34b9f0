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
    if not stock and indicator is None:
        return hands, stock, indicator, [], []
    hands = list(hands)
    events: list[dict[str, Any]] = []
    rules = ["briscola.draw.order"]
    taken = 0
    left = len(stock)
    insert = tables.insert
    for seat in tables.from_seat[winner]:
        if taken < left:
            card = stock[taken]
            taken += 1
            events.append({"type": "draw", "seat": seat, "card": card})
        elif indicator is not None:
            card, indicator = indicator, None
            events.append({"type": "take-indicator", "seat": seat, "card": card})
            rules.append("briscola.draw.indicator-last")
        else:
            break
        hands[seat] = insert(hands[seat], card)
    return hands, stock[taken:], indicator, events, rules


def show_drawn(
    shown: tuple[tuple[str, ...], ...], drawn: list[dict[str, Any]], players: int
) -> tuple[tuple[str, ...], ...]:
    """``tressette.draw.shown``: each card just drawn from the stock is shown
    to everyone and stays known while its holder keeps it."""
    out = [list(cards) for cards in (shown or ((),) * players)]
    for event in drawn:
        if event["type"] == "draw":
            out[event["seat"]].append(event["card"])
    return tuple(tuple(cards) for cards in out)


def unshow(shown: tuple[tuple[str, ...], ...], seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    """``tressette.draw.shown``: a shown card leaves the list once played."""
    return tuple(tuple(c for c in cards if c != card) if s == seat else cards for s, cards in enumerate(shown))
