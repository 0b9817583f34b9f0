"""Dealing a hand from a deck order (rules ``briscola.deal.*``)."""

from __future__ import annotations

from ..errors import IllegalAction
from ..shuffle import check_deck_order
from .seats import dealt_seats
from .state import State, replace
from .tables import Tables


def turn_indicator(
    tables: Tables, pack: list[str], take_from: int
) -> tuple[str, list[str]]:
    """``briscola.deal.rebury``: turn the card at ``take_from`` (0 top, -1
    bottom); while its face may not stay, put it back in the middle of the
    pack and turn again. Returns the indicator and the cards reburied."""
    barred = set(tables.ruleset.deal.rebury_indicator)
    reburied: list[str] = []
    if not pack:
        raise IllegalAction(
            "briscola.deal.indicator",
            "no card is left to turn up as the trump indicator: the deal used the whole pack "
            "(a ruleset that deals every card needs deal.indicator = none)",
        )
    card = pack.pop(take_from)
    for _ in range(len(pack) + 1):
        if tables.rank[card] not in barred:
            return card, reburied
        reburied.append(card)
        pack.insert(len(pack) // 2, card)
        card = pack.pop(take_from)
    raise IllegalAction(
        "briscola.deal.rebury",
        "no card of this pack may stay as indicator: every turn was reburied",
    )


def dealt_information(rules, stock_left: bool) -> list[str]:
    """The information rules the deal puts in force: the stock and the
    others' hands lie face down (``briscola.info.hidden``), unless hands are
    open (``briscola.info.open-hands``) or the stock's top card is face up
    (``briscola.info.stock-top``); partners who see each other's hands from
    the deal (``briscola.info.partner-view``, before the first trick)."""
    info = rules.information
    out = ["briscola.info.hidden"]
    if info.open_hands:
        out.append("briscola.info.open-hands")
    if info.stock_top_visible and stock_left:
        out.append("briscola.info.stock-top")
    if info.partner_view == "before-first-trick":
        out.append("briscola.info.partner-view")
    return out


def deal_hand(state: State, deck: tuple[str, ...]) -> State:
    """Deal a new hand from ``deck`` (top card first), dealer ``state.dealer``.

    ``briscola.deal.hands``: packets in seat order from the seat after the
    dealer. ``briscola.deal.indicator``: the indicator is the card after the
    deal, the bottom card, or the top card before dealing; with
    ``after-bids`` the card after the deal stays on top of the stock until
    the bids are over (``albastini.bid.turn-indicator``).
    ``briscola.deal.fresh-hand``: the hand starts with no pile, trick or
    result of an earlier one.
    """
    tables = state.tables
    rules = tables.ruleset
    check_deck_order(tables.cards, deck, "briscola.deal.shuffle")
    n = tables.players
    pack = list(deck)
    where = rules.deal.indicator
    indicator: str | None = None
    reburied: list[str] = []
    if where == "before-deal":
        indicator, reburied = turn_indicator(tables, pack, 0)
    hands: list[list[str]] = [[] for _ in range(n)]
    seats = dealt_seats(state)  # chiamata.seat.dealer-sits-out: all but the dealer, where he sits out
    for packet in rules.deal.packets:
        for seat in seats:
            hands[seat].extend(pack[:packet])
            del pack[:packet]
    if where == "after-deal":
        indicator, reburied = turn_indicator(tables, pack, 0)
    elif where == "bottom":
        indicator, reburied = turn_indicator(tables, pack, -1)
    if rules.play.first_lead == "after-dealer":
        leader = (state.dealer + 1) % n
    elif rules.play.first_lead == "bidder":
        leader = None  # chiamata.play.bidder-leads: known once the auction ends
    else:
        leader = (state.dealer - 1) % n
    sorted_hands = tuple(map(tables.sort, hands))
    event = {
        "type": "deal",
        "dealer": state.dealer,
        "hands": [list(h) for h in sorted_hands],
        "indicator": indicator,
        "trump": tables.suit[indicator] if indicator else None,
        "stock_size": len(pack),
        "reburied": reburied,
    }
    # briscola.deal.fresh-hand: nothing of an earlier hand is kept (piles, tricks, result)
    rule_ids = ["briscola.deck.composition", "briscola.deal.shuffle", "briscola.deal.hands", "briscola.deal.fresh-hand"]
    if indicator:
        rule_ids.append("briscola.deal.indicator")
    if reburied:
        rule_ids.append("briscola.deal.rebury")
    rule_ids += dealt_information(rules, bool(pack))
    return replace(
        state,
        phase="play",
        hands=sorted_hands,
        stock=tuple(pack),
        indicator=indicator,
        trump=tables.suit[indicator] if indicator else None,
        trick=(),
        leader=leader,
        to_move=leader,
        won=((),) * n,
        tricks_won=(0,) * n,
        tricks_played=0,
        last_trick=None,
        result=None,
        declared=(),
        shown=(),
        events=(event,),
        rules=tuple(rule_ids),
    )
