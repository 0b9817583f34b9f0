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

    For speed the seats drawing from the stock are paired with its top
    cards in one ``zip`` (it stops at the shorter, so a short stock serves
    the first seats only), and the seat after the last of them, if any,
    takes the indicator: the same draws as one seat at a time.
    """
    if not stock and indicator is None:
        return hands, stock, indicator, [], []
    hands = list(hands)
    events: list[dict[str, Any]] = []
    rules = ["briscola.draw.order"]
    insert = tables.insert
    order = tables.from_seat[winner]
    for seat, card in zip(order, stock):
        events.append({"type": "draw", "seat": seat, "card": card})
        hands[seat] = insert(hands[seat], card)
    taken = len(events)
    if taken < len(order) and indicator is not None:
        seat, card, indicator = order[taken], indicator, None
        events.append({"type": "take-indicator", "seat": seat, "card": card})
        rules.append("briscola.draw.indicator-last")
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
