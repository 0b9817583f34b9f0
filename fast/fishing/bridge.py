"""The same fishing match as a `regola.reference` state, for the reference
to explain a refused move (nothing of a fishing game is delegated)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regola.reference import initial_state
from regola.reference.fishing.state import CaptureRecord, FishingResult, FishingState
from regola.reference.fishing.state import FishingMatch as MatchRecord

if TYPE_CHECKING:
    from .match import FishingMatch


def export(m: FishingMatch) -> FishingState:
    """The reference's state of the match (no events, no rules)."""
    names = m.cards
    last = m.last_capture
    return FishingState(
        tables=initial_state(m.ruleset).tables,
        phase=m.phase,
        dealer=m.dealer,
        match=MatchRecord(points=tuple(m.totals), hands_played=m.hands_played, over=m.over, winner=m.winner),
        hand_number=m.hand_number,
        hands=tuple(tuple(names[c] for c in h) for h in m.hands),
        table=tuple(names[c] for c in m.table),
        stock=tuple(names[c] for c in reversed(m.stock)),
        to_move=m.to_move,
        deals=m.deals,
        played=m.played,
        captured=tuple(tuple(names[c] for c in p) for p in m.captured),
        scope=tuple(m.scope),
        bonus=tuple(m.bonus),
        last_capture=None if last is None else CaptureRecord(
            seat=last[0], card=names[last[1]], take=tuple(names[c] for c in last[2]), scopa=last[3]
        ),
        result=None if m.result is None else _result(m.result),
    )


def _result(result: dict[str, Any]) -> FishingResult:
    return FishingResult(
        cards=tuple(result["cards"]),
        coins=tuple(result["coins"]),
        primiera=tuple(tuple(p) if isinstance(p, list) else p for p in result["primiera"]),
        scope=tuple(result["scope"]),
        categories=dict(result["categories"]),
        napola=tuple(result["napola"]),
        napoleone=result["napoleone"],
        points=tuple(result["points"]),
        bonus=tuple(result.get("bonus", ())),
        grande=tuple(result.get("grande", ())),
    )


def load(m: FishingMatch, state: FishingState) -> None:
    """Read the reference's state into the match."""
    ints = m.pack.ints
    index = m.pack.index
    match = state.match
    m.phase = state.phase
    m.dealer = state.dealer
    m.hand_number = state.hand_number
    m.to_move = state.to_move
    m.hands = [ints(h) for h in state.hands]
    m.table = ints(state.table)
    m.mask = 0
    for c in m.table:
        m.mask |= 1 << c
    m.stock = ints(reversed(state.stock))
    m.deals = state.deals
    m.played = state.played
    m.captured = [ints(p) for p in state.captured]
    m.scope = list(state.scope)
    m.bonus = list(state.bonus)
    last = state.last_capture
    m.last_capture = None if last is None else (last.seat, index[last.card], tuple(ints(last.take)), last.scopa)
    m.result = state.result.to_json() if state.result is not None else None
    m.totals = list(match.points)
    m.hands_played = match.hands_played
    m.over = match.over
    m.winner = match.winner
