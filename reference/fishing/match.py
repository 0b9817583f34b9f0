"""Match progression of the fishing games (rules ``scopa.match.*``)."""

from __future__ import annotations

from .state import FishingMatch, FishingResult, FishingState


def update_match(state: FishingState, result: FishingResult) -> FishingMatch:
    """Add a hand's points to the match and decide whether it is over.

    ``scopa.match.end``: with `first-to-points`, a side that has reached the
    target and is strictly ahead of every other side wins; while the highest
    totals are equal another hand is played. With `single`, the one hand
    decides (equal totals: a draw). ``scopa.score.napoleone``: a side that
    took every coin wins at once, where that is played;
    ``scopa.match.cappotto``: so does a side at the cappotto score while
    every other side has none.
    """
    old = state.match
    rules = state.ruleset.match
    points = tuple(a + b for a, b in zip(old.points, result.points))
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    over, winner = False, None
    cappotto = state.ruleset.hand_scoring.scopa.cappotto
    if result.napoleone is not None:
        over, winner = True, result.napoleone
    elif cappotto_winner(points, cappotto) is not None:
        over, winner = True, cappotto_winner(points, cappotto)
    elif rules.kind == "single":
        over, winner = True, (leaders[0] if len(leaders) == 1 else None)
    elif best >= rules.target and len(leaders) == 1:
        over, winner = True, leaders[0]
    return FishingMatch(points=points, hands_played=old.hands_played + 1, over=over, winner=winner)


def next_dealer(state: FishingState) -> int:
    """``scopa.match.next-dealer``: the deal passes to the next seat."""
    return (state.dealer + 1) % state.tables.players


def cappotto_winner(points: tuple[int, ...], cappotto: int) -> int | None:
    """``scopa.match.cappotto``: the side with at least ``cappotto`` points
    while every other side has none (never when ``cappotto`` is 0)."""
    if cappotto <= 0:
        return None
    ahead = [i for i, p in enumerate(points) if p >= cappotto]
    if len(ahead) == 1 and all(p == 0 for i, p in enumerate(points) if i != ahead[0]):
        return ahead[0]
    return None
