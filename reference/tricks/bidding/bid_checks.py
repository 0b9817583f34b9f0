"""Whether a bid may be made (rules ``chiamata.bid.*``): the speaker's turn
and a pass that is final, then the bid itself. Each refusal ends its check,
so that an action the rules forbid breaks one rule alone."""

from __future__ import annotations

from ...errors import IllegalAction
from ..state import State
from .actions import BidAction
from .values import bid_faces, overcalls, raises_above, span, target_of


def check_speaker(state: State, seat: int, is_bid: bool) -> None:
    """``chiamata.bid.pass-final`` and ``chiamata.bid.turn``."""
    auction = state.auction
    if is_bid and seat in auction.passed and not auction.reopening:
        raise IllegalAction(
            "chiamata.bid.pass-final",
            f"seat {seat} has passed and is out of the auction: a pass is final",
        )
    if seat != state.to_move:
        raise IllegalAction(
            "chiamata.bid.turn", f"it is seat {state.to_move}'s turn to speak, not seat {seat}'s"
        )


def check_bid(state: State, act: BidAction) -> list[str]:
    """Raise `IllegalAction` unless ``act`` overcalls the current bid;
    return the rule ids it exercises."""
    rules = state.ruleset.bidding
    auction = state.auction
    if auction.reopening:
        if act.points != rules.min_points or act.rank is not None or act.card is not None:
            raise IllegalAction(
                "chiamata.bid.reopen",
                f"the auction can only be reopened with a bid of {rules.min_points} points",
            )
        return ["chiamata.bid.turn", "chiamata.bid.reopen"]
    kind = rules.kind
    overcall = act.card is None and (act.rank, act.points) in overcalls(state)
    kind_rule = {
        "points-auction": "chiamata.bid.points",
        "low-card": "chiamata.bid.single-round",
        "rank-auction": "chiamata.bid.lower-rank",
    }[kind]
    if overcall:
        used = ["chiamata.bid.turn", kind_rule]
        if act.points is not None and kind == "rank-auction":
            used[-1] = "chiamata.bid.after-two"
        if kind != "points-auction":
            used.append("chiamata.bid.face")
        return used
    if kind == "points-auction":
        return _refuse_points(state)
    return _refuse_rank(state, act, kind)


def _refuse_points(state: State) -> list[str]:
    """``chiamata.bid.points``: a bid of a points auction that is not one of
    the raises allowed. Each refusal below ends its check: nothing after it
    is a second reason for the same bid."""
    high = state.auction.high
    allowed = raises_above(state, high.points if high else None)
    need = f"one of {span(allowed)}" if allowed else "nothing: no higher bid is possible"
    raise IllegalAction(
        "chiamata.bid.points",
        f"a bid here is a number of points only, {need} (the current bid is {high.points if high else 'none'})",
    )


def _refuse_rank(state: State, act: BidAction, kind: str) -> list[str]:
    """``chiamata.bid.face`` (a face of the ladder, and no points),
    ``chiamata.bid.lower-rank`` (weaker than the current bid), or
    ``chiamata.bid.after-two`` (after a Two, a Two with a higher point
    target)."""
    high = state.auction.high
    ladder = bid_faces(state)
    two = ladder[-1]
    if act.card is not None or act.rank is None or act.rank not in ladder:
        raise IllegalAction("chiamata.bid.face", f"a bid names one of the faces {' '.join(ladder)}, and no suit or card")
    elif kind == "rank-auction" and (act.points is not None or (high is not None and high.rank == two)):
        _refuse_after_two(state, act, two)
    elif act.points is not None:
        raise IllegalAction("chiamata.bid.face", "in this auction a bid names a face only, with no points")
    else:
        raise IllegalAction(
            "chiamata.bid.lower-rank",
            f"a bid must name a face weaker than the current bid {high.rank if high else ''}: one of "
            f"{' '.join(rank for rank, points in overcalls(state) if points is None and rank) or 'none'}",
        )
    return []


def _refuse_after_two(state: State, act: BidAction, two: str) -> None:
    """``chiamata.bid.after-two``: once the Two has been bid, only a Two with
    a higher point target; a point target only after a Two."""
    high = state.auction.high
    if act.rank != two or act.points is None:
        raise IllegalAction(
            "chiamata.bid.after-two",
            f"once the Two ({two}) has been bid, a bid must be a Two with a higher point target",
        )
    elif high is None or high.rank != two:
        raise IllegalAction("chiamata.bid.after-two", "a point target may only be bid after a Two")
    else:
        allowed = raises_above(state, target_of(state, high))
        raise IllegalAction(
            "chiamata.bid.after-two",
            f"a raise of the current target {target_of(state, high)} must be "
            f"{span(allowed) if allowed else 'impossible: the target is at its maximum'}, not {act.points}",
        )


