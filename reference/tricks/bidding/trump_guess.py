"""Albastini's trump guess (rules ``albastini.bid.*``).

After the deal, before trumps are known, each opponent of the dealer in
turn from the dealer's right may lay one card face up, in a suit nobody has
bid yet, or pass. Then the top card of the stock is turned for trumps: a bid
card of that suit is exchanged for it (the bid card becomes the face-up
trump), and the other bid cards go back to their owners' hands.

Actions, as JSON:

* ``{"type": "bid", "seat": s, "card": "4h"}`` lays a card face up.
* ``{"type": "pass", "seat": s}`` does not bid.

Legal actions come in canonical order: bids by card order, then the pass.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..state import State, replace
from .actions import BidAction, PassAction
from .auction import replace_auction
from .bids import Auction, Bid


def bidders(state: State) -> list[int]:
    """``albastini.bid.dealer-side``: the seats that may bid, in speaking
    order from the dealer's right; never the dealer or his partners."""
    n = state.tables.players
    tables = state.tables
    dealer_side = tables.side_of[state.dealer]
    order = [(state.dealer + i) % n for i in range(1, n + 1)]
    return [s for s in order if tables.side_of[s] != dealer_side]


def start_guessing(state: State) -> State:
    """Open the bids on a freshly dealt hand (the indicator is not turned yet)."""
    first = bidders(state)[0]
    return replace(
        state,
        phase="bid",
        to_move=first,
        trump=None,
        indicator=None,
        auction=Auction(first=first),
        contract=None,
    )


def _bid_suits(state: State) -> set[str]:
    return {state.tables.suit[c] for _, c in state.auction.table}


def guess_actions(state: State) -> list[BidAction | PassAction]:
    """The legal actions of the seat to bid, in canonical order."""
    seat = state.to_move
    taken = _bid_suits(state)
    bids = [BidAction(seat=seat, card=c) for c in state.hands[seat] if state.tables.suit[c] not in taken]
    return [*bids, PassAction(seat=seat)]


def apply_guess(state: State, act: BidAction | PassAction) -> State:
    """One bid or pass; after the last bidder, turn trumps and settle the bids."""
    if state.phase != "bid":
        raise IllegalAction("albastini.bid.turn", f"the bids are over: no {act.type} is possible now")
    eligible = bidders(state)
    if act.seat not in eligible:
        raise IllegalAction(
            "albastini.bid.dealer-side",
            f"seat {act.seat} is on the dealer's side (dealer: seat {state.dealer}) and may not bid",
        )
    if act.seat != state.to_move:
        raise IllegalAction("albastini.bid.turn", f"it is seat {state.to_move}'s turn to bid, not seat {act.seat}'s")
    auction = state.auction
    hands = list(state.hands)
    used = ["albastini.bid.dealer-side", "albastini.bid.turn"]
    if isinstance(act, BidAction):
        if act.card is None or act.rank is not None or act.points is not None:
            raise IllegalAction("albastini.bid.turn", "an Albastini bid is one card laid face up: {\"card\": ...}")
        if act.card not in hands[act.seat]:
            raise IllegalAction("briscola.play.in-hand", f"seat {act.seat} does not hold {act.card}")
        suit = state.tables.suit[act.card]
        if suit in _bid_suits(state):
            raise IllegalAction(
                "albastini.bid.distinct-suit", f"suit {suit} has already been bid: each bid must be in a new suit"
            )
        used.append("albastini.bid.distinct-suit")
        hands[act.seat] = tuple(c for c in hands[act.seat] if c != act.card)
        bid = Bid(seat=act.seat, kind="bid", card=act.card)
        table = (*auction.table, (act.seat, act.card))
    else:
        bid = Bid(seat=act.seat, kind="pass")
        table = auction.table
    auction = replace_auction(auction, history=(*auction.history, bid), table=table, spoken=auction.spoken + 1)
    events: list[dict[str, Any]] = [{"type": bid.kind, **bid.to_json()}]
    later = eligible[eligible.index(act.seat) + 1 :]
    if later:
        return replace(
            state, hands=tuple(hands), auction=auction, to_move=later[0], events=tuple(events), rules=tuple(used)
        )
    return _turn_trumps(state, auction, hands, events, used)


def _turn_trumps(state: State, auction: Auction, hands: list, events: list, used: list) -> State:
    """``albastini.bid.turn-indicator``: the top card of the stock is turned;
    ``albastini.bid.exchange``: a bid of its suit is swapped for it, the other
    bid cards go back to hand."""
    tables = state.tables
    stock = list(state.stock)
    indicator = stock.pop(0)
    trump = tables.suit[indicator]
    events.append({"type": "turn-indicator", "card": indicator, "trump": trump})
    used += ["albastini.bid.turn-indicator", "briscola.deal.indicator"]
    exchange = None
    for seat, card in auction.table:
        if tables.suit[card] == trump:
            hands[seat] = tables.sort((*hands[seat], indicator))
            exchange = (seat, card, indicator)
            events.append({"type": "bid-exchange", "seat": seat, "card": card, "indicator": indicator})
            indicator = card
        else:
            hands[seat] = tables.sort((*hands[seat], card))
            events.append({"type": "bid-returned", "seat": seat, "card": card})
    if auction.table:
        used.append("albastini.bid.exchange")
    if state.ruleset.information.partner_view == "before-first-lead":
        used.append("albastini.info.team-look")
    return replace(
        state,
        phase="play",
        hands=tuple(hands),
        stock=tuple(stock),
        indicator=indicator,
        trump=trump,
        to_move=state.leader,
        auction=replace_auction(auction, closed=True, exchange=exchange, table=()),
        events=tuple(events),
        rules=tuple(used),
    )
