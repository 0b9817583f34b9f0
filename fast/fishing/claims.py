"""Chiamarsi fuori: the claim that a side has reached the target, in the
middle of a hand (rules ``scopa.match.claim``, ``scopa.match.claim-right``,
``scopa.match.claim-wrong``). The claim counts only what is already
certain: the match points, this hand's scope and bonuses, and each
category no card still in play can take from the side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import GRANDE_POINTS, grande_holder, holder, napola_run, primiera_values

if TYPE_CHECKING:
    from .match import FishingMatch
    from .tables import FishingTables


def _certain(own: int, others: list[int], rest: int) -> bool:
    """No other side can reach ``own`` even with every card still in play."""
    return all(own > other + rest for other in others)


def secured_points(m: FishingMatch, side: int) -> int:
    """``scopa.match.claim``: the points ``side`` is sure of now."""
    t = m.t
    opts = t.scopa
    piles = m.captured
    held = {c for pile in piles for c in pile}
    rest = [c for c in range(t.size) if c not in held]
    others = [i for i in range(len(piles)) if i != side]
    points = m.totals[side]
    if opts.scopas:
        points += m.scope[side]
    if m.bonus:
        points += m.bonus[side]
    if opts.cards:
        counts = [len(p) for p in piles]
        points += _certain(counts[side], [counts[i] for i in others], len(rest))
    if opts.coins:
        coin = t.coin
        counts = [sum(1 for c in p if coin[c]) for p in piles]
        points += _certain(counts[side], [counts[i] for i in others], sum(1 for c in rest if coin[c]))
    if opts.settebello:
        points += holder(piles, t.coin_of.get("7")) == side
    if opts.re_bello:
        points += holder(piles, t.coin_of.get("K")) == side
    if opts.primiera.enabled:
        points += _prime_certain(t, piles, side, rest)
    if opts.napola:
        run = napola_run(t, piles[side])
        points += min(run, opts.napola_max) if run >= 3 else 0
    if opts.grande and grande_holder(t, piles) == side:
        points += GRANDE_POINTS
    return int(points)


def _prime_certain(t: FishingTables, piles: list[list[int]], side: int, rest: list[int]) -> bool:
    """The side's prime beats the best any other side could still make."""
    for other in range(len(piles)):
        if other == side:
            continue
        _, keys = primiera_values(t, [piles[side], piles[other] + rest])
        if keys[0] is None or (keys[1] is not None and not keys[0] > keys[1]):
            return False
    return True


def claim(m: FishingMatch, seat: int) -> None:
    """The match ends on ``seat``'s claim: a right claim wins it for his
    side, a wrong one loses it (the other side with the most match points
    wins; nobody when the best of them are level)."""
    side = m.side_of[seat]
    right = secured_points(m, side) >= m.ruleset.match.target
    if right:
        winner: int | None = side
    else:
        points = m.totals
        others = [i for i in range(len(points)) if i != side]
        best = max(points[i] for i in others)
        leaders = [i for i in others if points[i] == best]
        winner = leaders[0] if len(leaders) == 1 else None
    m.over = True
    m.winner = winner
    m.phase = "over"
    m.to_move = None
