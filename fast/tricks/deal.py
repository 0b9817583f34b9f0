"""Dealing a hand from a deck order (rules ``briscola.deal.*``)."""

from __future__ import annotations

from .tables import TrickTables


class DealRefused(Exception):
    """The deal cannot be made from this pack (``briscola.deal.indicator``,
    ``briscola.deal.rebury``); the reference says why."""


def turn_indicator(t: TrickTables, pack: list[int], take_from: int) -> int:
    """``briscola.deal.rebury``: turn the card at ``take_from`` (0 top, -1
    bottom); while its face may not stay, put it back in the middle of the
    pack and turn again. ``briscola.deal.indicator``: a pack with no card
    left to turn cannot be dealt."""
    if not pack:
        raise DealRefused
    card = pack.pop(take_from)
    rank = t.pack.rank
    for _ in range(len(pack) + 1):
        if rank[card] not in t.rebury:
            return card
        pack.insert(len(pack) // 2, card)
        card = pack.pop(take_from)
    raise DealRefused


def dealt_seats(t: TrickTables, dealer: int) -> list[int]:
    """``briscola.deal.hands``: the seats dealt in, from the seat after the
    dealer; ``chiamata.seat.dealer-sits-out``: all but the dealer, where he
    sits out."""
    n = t.players
    seats = [(dealer + i) % n for i in range(1, n + 1)]
    return [s for s in seats if s != dealer] if t.dealer_sits_out else seats


def deal(t: TrickTables, dealer: int, order: list[int]) -> tuple[list[list[int]], list[int], int | None, int | None]:
    """The hands (sorted), the stock (top card LAST, so a draw is a
    ``pop``), the indicator and the first leader of a hand dealt from
    ``order`` (top card first) by ``dealer``.

    ``briscola.deal.hands``: packets in seat order from the seat after the
    dealer. ``briscola.deal.indicator``: the card after the deal, the
    bottom card, or the top card before dealing (``after-bids``: none yet,
    `regola.reference` turns it once the bids are over). The first lead
    (``briscola.play.first-lead``): the seat after the dealer, the seat
    before him, or (``chiamata.play.bidder-leads``) nobody yet."""
    pack = list(order)
    where = t.indicator_at
    indicator = None
    if where == "before-deal":
        indicator = turn_indicator(t, pack, 0)
    hands: list[list[int]] = [[] for _ in range(t.players)]
    seats = dealt_seats(t, dealer)
    for packet in t.packets:
        for seat in seats:
            hands[seat] += pack[:packet]
            del pack[:packet]
    if where == "after-deal":
        indicator = turn_indicator(t, pack, 0)
    elif where == "bottom":
        indicator = turn_indicator(t, pack, -1)
    n = t.players
    if t.first_lead == "after-dealer":
        leader: int | None = (dealer + 1) % n
    elif t.first_lead == "bidder":
        leader = None
    else:
        leader = (dealer - 1) % n
    for hand in hands:
        hand.sort()
    pack.reverse()
    return hands, pack, indicator, leader
