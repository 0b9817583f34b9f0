"""What an auction's bids are worth (rules ``chiamata.bid.*``,
``chiamata.score.target``): the faces that may be bid, the point targets
that raise a bid, every bid that overcalls the current highest."""

from __future__ import annotations

from ..state import State
from .bids import Bid


def target_of(state: State, bid: Bid) -> int:
    """``chiamata.score.target``: a face or a plain Two needs the minimum
    (61); a raised Two or a points bid needs its points."""
    return bid.points if bid.points is not None else state.ruleset.bidding.min_points


def raises_above(state: State, current: int | None) -> list[int]:
    """Point targets a bid may name over ``current`` (None: the first bid of
    a points auction). ``chiamata.bid.after-two`` / ``chiamata.bid.points``."""
    b = state.ruleset.bidding
    if current is None:
        return list(range(b.min_points, b.max_points + 1)) if b.raise_rule == "any-higher" else [b.min_points]
    if b.raise_rule == "any-higher":
        return list(range(current + 1, b.max_points + 1))
    nxt = current + b.raise_step
    return [nxt] if nxt <= b.max_points else []


def bid_faces(state: State) -> tuple[str, ...]:
    """``chiamata.bid.face``, ``chiamata.bid.lower-rank``: the faces that may be bid, from the
    lowest bid (the strongest face) to the highest (the weakest, "the Two");
    a face with no card in play cannot be called, so it cannot be bid."""
    tables = state.tables
    return tuple(f for f in state.ruleset.deck.strength if any(f + s.id in tables.order for s in state.ruleset.deck.suits))


def overcalls(state: State) -> list[tuple[str | None, int | None]]:
    """The (face, points) of every bid that overcalls the current highest,
    lowest first: a face, a raised Two (the Two and points) or a point
    target. `higher_bids` makes them actions; `check_bid` looks a bid up
    here, without building sixty actions for it (for speed: a bid is
    checked against this list at every step of an auction)."""
    kind = state.ruleset.bidding.kind
    high = state.auction.high
    if kind == "points-auction":
        return [(None, p) for p in raises_above(state, high.points if high else None)]
    ladder = bid_faces(state)  # the strongest face is the lowest bid
    # chiamata.bid.single-round: in low-card bidding any face may be named
    faces = ladder if high is None or kind == "low-card" else ladder[ladder.index(high.rank) + 1 :]
    out: list[tuple[str | None, int | None]] = [(f, None) for f in faces]
    two = ladder[-1]
    if kind == "rank-auction" and high is not None and high.rank == two:
        out += [(two, p) for p in raises_above(state, target_of(state, high))]
    return out


def span(values: list[int]) -> str:
    if len(values) == 1:
        return str(values[0])
    return f"{values[0]} to {values[-1]}" if values == list(range(values[0], values[-1] + 1)) else ", ".join(map(str, values))
