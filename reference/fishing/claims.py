"""Chiamarsi fuori: claiming the match in the middle of a hand (rules
``scopa.match.claim``, ``scopa.match.claim-right``, ``scopa.match.claim-wrong``).

On his turn a player may claim that his side has reached the target. The
claim counts only what is already certain: the match points, the scope
and bonuses made in this hand, and each category no card still in play
can take from the side (P-SCO: with two players, 21 cards for the cards
point, 6 coins for the coins point, a prime that cannot be beaten). A
right claim wins the match at once; a wrong one loses it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .bonuses import GRANDE_POINTS, grande_holder
from .scoring import holder, napola_run, primiera_values
from .state import FishingState
from .tables import FishingTables

Take = tuple[str, ...]


def _unplayed(state: FishingState) -> Take:
    """The cards no side has captured yet: in the hands, on the table, in the stock."""
    held = {c for pile in state.captured for c in pile}
    return tuple(c for c in state.tables.cards if c not in held)


def _certain(own: int, others: list[int], rest: int) -> bool:
    """A count is certainly the sole best when no other side can reach it
    even with every card still in play."""
    return all(own > other + rest for other in others)


def secured_points(state: FishingState, side: int) -> int:
    """``scopa.match.claim``: the points ``side`` is sure of now: its match
    points, this hand's scope and bonuses, and every category it has won
    whatever becomes of the cards still in play."""
    tables: FishingTables = state.tables
    opts = tables.ruleset.hand_scoring.scopa
    piles = state.captured
    rest = _unplayed(state)
    others = [i for i in range(len(piles)) if i != side]
    points = state.match.points[side]
    if opts.scopas:
        points += state.scope[side]
    if state.bonus:
        points += state.bonus[side]
    if opts.cards:
        counts = [len(p) for p in piles]
        points += _certain(counts[side], [counts[i] for i in others], len(rest))
    if opts.coins:
        counts = [sum(1 for c in p if c in tables.coins) for p in piles]
        points += _certain(counts[side], [counts[i] for i in others], sum(1 for c in rest if c in tables.coins))
    if opts.settebello:
        points += holder(tables, piles, tables.coin("7")) == side
    if opts.re_bello:
        points += holder(tables, piles, tables.coin("K")) == side
    if opts.primiera.enabled:
        points += _prime_certain(tables, piles, side, rest)
    if opts.napola:
        run = napola_run(tables, piles[side])
        points += min(run, opts.napola_max) if run >= 3 else 0
    if opts.grande and grande_holder(tables, piles) == side:
        points += GRANDE_POINTS
    return int(points)


def _prime_certain(tables: FishingTables, piles: tuple[Take, ...], side: int, rest: Take) -> bool:
    """The side's prime beats the best prime any other side could still
    make with every card in play (a prime only grows as cards are taken)."""
    for other in range(len(piles)):
        if other == side:
            continue
        _, keys = primiera_values(tables, [piles[side], piles[other] + rest])
        if keys[0] is None or (keys[1] is not None and not keys[0] > keys[1]):
            return False
    return True


def claim_winner(state: FishingState, side: int, right: bool) -> int | None:
    """``scopa.match.claim-right``: a right claim wins for the claimant's
    side; ``scopa.match.claim-wrong``: a wrong one loses, and the other side
    with the most match points wins (with two sides, the other side; None
    when the best of the others are tied)."""
    if right:
        return side
    points = state.match.points
    others = [i for i in range(len(points)) if i != side]
    best = max(points[i] for i in others)
    leaders = [i for i in others if points[i] == best]
    return leaders[0] if len(leaders) == 1 else None


def claim(state: FishingState, seat: int, rules: list[str]) -> FishingState:
    """The match ends on ``seat``'s claim (``scopa.match.claim``)."""
    tables = state.tables
    side = tables.side_of[seat]
    target = tables.ruleset.match.target
    secured = secured_points(state, side)
    right = secured >= target
    winner = claim_winner(state, side, right)
    match = replace(state.match, over=True, winner=winner)
    events: list[dict[str, Any]] = [
        {"type": "claim", "seat": seat, "side": side, "secured": secured, "target": target, "right": right},
        {"type": "match-over", "winner": winner, "points": list(match.points)},
    ]
    verdict = "scopa.match.claim-right" if right else "scopa.match.claim-wrong"
    return replace(
        state,
        phase="over",
        to_move=None,
        match=match,
        events=tuple(events),
        rules=(*rules, "scopa.match.claim", verdict),
    )
