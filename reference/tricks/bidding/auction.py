"""The Chiamata auction (rules ``chiamata.bid.*``).

Actions, as JSON:

* ``{"type": "bid", "seat": s, "rank": "3"}`` names a face (rank auction,
  low-card bidding); a weaker face is a higher bid.
* ``{"type": "bid", "seat": s, "rank": "2", "points": 63}`` is a raised Two:
  after the weakest face has been bid, further bids keep the face and raise
  the point target (rank auction).
* ``{"type": "bid", "seat": s, "points": 70}`` is a point target (points
  auction, and the reopening bid of Subito al Due).
* ``{"type": "pass", "seat": s}`` passes (or declines to reopen).

Legal actions come in canonical order: the bids from the lowest to the
highest (faces from the strongest to the weakest, then raised Twos or point
targets upwards), then the pass.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..seats import in_hand, sitting_out, speaker_after
from ..state import HandResult, State, replace
from .actions import BidAction, PassAction, ShowHandAction
from .bids import Auction, Bid, Contract
from .bid_checks import check_bid, check_speaker
from .values import bid_faces, overcalls, target_of  # noqa: F401 - bid_faces for the call


def first_speaker(state: State) -> int:
    """``chiamata.bid.turn``: the seat after the dealer, or before him."""
    n = state.tables.players
    step = 1 if state.ruleset.bidding.first_speaker == "after-dealer" else -1
    return (state.dealer + step) % n


def start_auction(state: State) -> State:
    """Open the auction on a freshly dealt hand (``chiamata.phase.order``)."""
    first = first_speaker(state)
    leader = None if state.ruleset.play.first_lead == "bidder" else state.leader
    return replace(
        state,
        phase="bid",
        to_move=first,
        leader=leader,
        trump=None,
        auction=Auction(first=first),
        contract=None,
        rules=(*state.rules, *_dealt(state), "chiamata.phase.order"),
    )


def _dealt(state: State) -> tuple[str, ...]:
    """``chiamata.deal.whole-pack`` unless a monte is left (``chiamata.call.monte``);
    ``chiamata.seat.dealer-sits-out``: the dealer is dealt no cards."""
    out = () if state.ruleset.calling.monte else ("chiamata.deal.whole-pack",)
    return out + (("chiamata.seat.dealer-sits-out",) if sitting_out(state) is not None else ())


def higher_bids(state: State, seat: int) -> list[BidAction]:
    """Every bid ``seat`` may make to overcall the current highest, lowest first."""
    return [BidAction(seat=seat, rank=rank, points=points) for rank, points in overcalls(state)]


def auction_actions(state: State) -> list[BidAction | PassAction]:
    """The legal actions of the seat to speak, in canonical order."""
    seat = state.to_move
    if state.auction.reopening:
        return [BidAction(seat=seat, points=state.ruleset.bidding.min_points), PassAction(seat=seat)]
    shows = [ShowHandAction(seat=seat)] if may_show_hand(state, seat) else []
    return [*higher_bids(state, seat), PassAction(seat=seat), *shows]


def may_show_hand(state: State, seat: int) -> bool:
    """``chiamata.bid.no-counters``: at his first turn to speak, a player
    holding no card that counts points may show his hand for a new deal."""
    if not state.ruleset.bidding.no_counters_redeal or state.auction.reopening:
        return False
    if any(b.seat == seat for b in state.auction.history):
        return False
    return not any(state.tables.points[c] for c in state.hands[seat])


def show_hand(state: State, act: ShowHandAction) -> State:
    """``chiamata.bid.no-counters``: the hand is shown and thrown in; the same dealer deals again."""
    if state.phase != "bid":
        raise IllegalAction(
            "chiamata.bid.no-counters", f"a hand may be shown only during the auction (phase {state.phase})"
        )
    check_speaker(state, act.seat, False)
    if not may_show_hand(state, act.seat):
        raise IllegalAction(
            "chiamata.bid.no-counters",
            f"seat {act.seat} may not show his hand for a new deal: only at his first turn, "
            "holding no card that counts",
        )
    events: list[dict[str, Any]] = [{"type": "show-hand", "seat": act.seat, "hand": list(state.hands[act.seat])}]
    return _redeal(state, state.auction, events, ["chiamata.bid.turn", "chiamata.bid.no-counters"])


def apply_auction(state: State, act: BidAction | PassAction) -> State:
    """One bid or pass; closes the auction, or throws the hand in, when it ends."""
    if state.phase != "bid":
        raise IllegalAction(
            "chiamata.bid.end", f"the auction is over: no {act.type} is possible now (phase {state.phase})"
        )
    is_bid = isinstance(act, BidAction)
    check_speaker(state, act.seat, is_bid)
    bidding = state.ruleset.bidding
    auction = state.auction
    n = in_hand(state)
    if is_bid:
        used = check_bid(state, act)
        bid = Bid(seat=act.seat, kind="bid", rank=act.rank, points=act.points)
    else:
        bid = Bid(seat=act.seat, kind="pass")
        used = ["chiamata.bid.turn"]
        if auction.reopening:
            used.append("chiamata.bid.reopen")
        elif bidding.kind == "low-card":
            used.append("chiamata.bid.single-round")
        else:
            used.append("chiamata.bid.pass-final" if bidding.passes_final else "chiamata.bid.pass-turn")
    events: list[dict[str, Any]] = [{"type": bid.kind, **bid.to_json()}]
    history = (*auction.history, bid)
    if auction.reopening:
        return _reopening_turn(state, auction, bid, history, events, used)
    if is_bid:
        high = bid if _overcalls(state, bid, auction.high) else auction.high
        auction = replace_auction(auction, history=history, high=high, passes_in_row=0, spoken=auction.spoken + 1)
    else:
        passed = (*auction.passed, act.seat) if bidding.passes_final and bidding.kind != "low-card" else auction.passed
        auction = replace_auction(
            auction, history=history, passed=passed, passes_in_row=auction.passes_in_row + 1, spoken=auction.spoken + 1
        )
    if is_bid and opens_with_two(state, bid):
        return _close(state, auction, events, [*used, "chiamata.bid.opening-two"])
    if bidding.kind == "low-card":
        if auction.spoken == n:
            return _close(state, auction, events, used) if auction.high else _all_passed(state, auction, events, used)
        return replace(state, auction=auction, to_move=speaker_after(state, act.seat), events=tuple(events), rules=tuple(used))
    out = len(auction.passed) if bidding.passes_final else auction.passes_in_row
    if auction.high is None and out >= n:
        return _all_passed(state, auction, events, used)
    if auction.high is not None and (out >= n - 1 or not overcalls(replace(state, auction=auction))):
        return _close(state, auction, events, used)
    return replace(state, auction=auction, to_move=_next_speaker(state, auction, act.seat), events=tuple(events), rules=tuple(used))


def opens_with_two(state: State, bid: Bid) -> bool:
    """``chiamata.bid.opening-two``: where the variant says so, a Two bid
    as the auction's first bid shuts everyone else out."""
    return (
        state.ruleset.bidding.opening_two_ends
        and state.auction.high is None
        and bid.points is None
        and bid.rank == bid_faces(state)[-1]
    )


def _overcalls(state: State, bid: Bid, high: Bid | None) -> bool:
    """Whether ``bid`` becomes the highest bid. In every auction but the
    low-card one a legal bid always does; in low-card bidding
    (``chiamata.bid.single-round``) only a face weaker than the weakest
    named so far does, so of two players naming the same face the first
    keeps it (seed 004 does not say; an equal bid overcalls in no auction)."""
    if state.ruleset.bidding.kind != "low-card" or high is None:
        return True
    ladder = bid_faces(state)
    return ladder.index(bid.rank) > ladder.index(high.rank)


def replace_auction(auction: Auction, **changes: Any) -> Auction:
    """A copy of ``auction`` with some fields changed."""
    data = {k: getattr(auction, k) for k in auction.__dataclass_fields__}
    data.update(changes)
    return Auction(**data)


def _next_speaker(state: State, auction: Auction, seat: int) -> int:
    """The next seat in order that is still in the auction (and in the hand)."""
    nxt = seat
    for _ in range(state.tables.players):
        nxt = speaker_after(state, nxt)
        if nxt not in auction.passed:
            return nxt
    raise AssertionError("nobody left to speak in an open auction")


def _reopening_turn(state, auction, bid, history, events, used) -> State:
    """``chiamata.bid.reopen``: a player reopens at the minimum, or declines."""
    n = in_hand(state)
    if bid.kind == "bid":
        reopened = replace_auction(
            auction, history=history, passed=(), high=bid, passes_in_row=0, spoken=0, reopening=False
        )
        events.append({"type": "reopen", "seat": bid.seat, "points": bid.points})
        return replace(
            state, auction=reopened, to_move=speaker_after(state, bid.seat), events=tuple(events), rules=tuple(used)
        )
    asked = replace_auction(auction, history=history, spoken=auction.spoken + 1)
    if asked.spoken == n:
        return _redeal(state, asked, events, used)
    return replace(state, auction=asked, to_move=speaker_after(state, bid.seat), events=tuple(events), rules=tuple(used))


def _all_passed(state: State, auction: Auction, events, used) -> State:
    """Nobody bid: ``chiamata.bid.all-pass`` or ``chiamata.bid.reopen``."""
    events.append({"type": "all-passed"})
    if state.ruleset.bidding.all_pass == "reopen":
        first = auction.first
        asking = replace_auction(auction, passed=(), passes_in_row=0, spoken=0, reopening=True)
        return replace(
            state, auction=asking, to_move=first, events=tuple(events), rules=(*used, "chiamata.bid.reopen")
        )
    return _redeal(state, auction, events, [*used, "chiamata.bid.all-pass"])


def _redeal(state: State, auction: Auction, events, used) -> State:
    """The hand is thrown in and the same dealer deals again; nothing is
    scored and the match does not count the hand."""
    events.append({"type": "redeal", "dealer": state.dealer})
    n = state.tables.players
    zeros = tuple(0 for _ in state.tables.sides)
    result = HandResult(
        points=zeros, cards=zeros, outcome="void", winner=None, decided_by=None, game_points=zeros
    )
    return replace(
        state,
        phase="shuffle",
        to_move=None,
        leader=None,
        hand_number=state.hand_number + 1,
        hands=tuple(() for _ in range(n)),
        auction=replace_auction(auction, closed=True),
        result=result,
        events=tuple(events),
        rules=tuple(used),
    )


def _close(state: State, auction: Auction, events, used) -> State:
    """``chiamata.bid.end``: the last bidder wins; the call follows (or, with
    a late call, the play)."""
    high = auction.high
    target = target_of(state, high)
    contract = Contract(bidder=high.seat, rank=high.rank, target=target)
    events.append({"type": "auction-won", "seat": high.seat, "rank": high.rank, "points": high.points, "target": target})
    rule = "chiamata.bid.single-round" if state.ruleset.bidding.kind == "low-card" else "chiamata.bid.end"
    used = [*used, rule] if rule not in used else list(used)
    leader = high.seat if state.ruleset.play.first_lead == "bidder" else state.leader
    late = state.ruleset.calling.when == "after-first-trick"
    return replace(
        state,
        phase="play" if late else "call",
        to_move=leader if late else high.seat,
        leader=leader,
        auction=replace_auction(auction, closed=True),
        contract=contract,
        events=tuple(events),
        rules=tuple(used),
    )
