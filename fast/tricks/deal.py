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


def deal(t: TrickTables, dealer: int, order: list[int]) -> tuple[list[list[int]], list[int], int | None, int | None]:
    """The hands (sorted), the stock (top card LAST, so a draw is a
    ``pop``), the indicator and the first leader of a hand dealt from
    ``order`` (top card first; the list is used up) by ``dealer``.

    ``briscola.deal.hands``: packets in seat order from the seat after the
    dealer. ``briscola.deal.indicator``: the card after the deal, the
    bottom card, or the top card before dealing (``after-bids``: none yet,
    `regola.reference` turns it once the bids are over). The first lead
    (``briscola.play.first-lead``): the seat after the dealer, the seat
    before him, or (``chiamata.play.bidder-leads``) nobody yet."""
    where = t.indicator_at
    seats = t.dealt_seats[dealer]
    leader = t.first_leader[dealer]
    if t.one_by_one and where == "after-deal" and not t.rebury:
        # the common deal, in slices: one card at a time, the next card turned
        count = len(seats)
        at = count * len(t.packets)
        hands: list[list[int]] = [[] for _ in range(t.players)]
        for i, seat in enumerate(seats):
            hand = order[i:at:count]
            hand.sort()
            hands[seat] = hand
        if at >= len(order):
            raise DealRefused
        return hands, order[:at:-1], order[at], leader
    pack = order
    indicator = None
    if where == "before-deal":
        indicator = turn_indicator(t, pack, 0)
    hands = [[] for _ in range(t.players)]
    at = 0
    for packet in t.packets:
        for seat in seats:
            hands[seat] += pack[at : at + packet]
            at += packet
    del pack[:at]
    if where == "after-deal":
        indicator = turn_indicator(t, pack, 0)
    elif where == "bottom":
        indicator = turn_indicator(t, pack, -1)
    for hand in hands:
        hand.sort()
    pack.reverse()
    return hands, pack, indicator, leader
