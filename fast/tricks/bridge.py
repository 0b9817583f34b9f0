"""The same trick match as a `regola.reference` state, both ways: to hand
a delegated phase to the reference (and to ask it why a move is refused),
and to read the match back once the phase is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regola.reference import HandResult, MatchScore, State, initial_state

if TYPE_CHECKING:
    from .match import TrickMatch

DELEGATED_PHASES = ("bid", "call", "discard")
"""The reference's phases the fast core does not play."""


def takes_back(state: State) -> bool:
    """Whether the fast core plays on from ``state``: no delegated phase is
    on, and no contract waits for its call (``chiamata.call.after-first-trick``:
    the first trick is played in the dark, and the call completes it)."""
    if state.phase in DELEGATED_PHASES:
        return False
    return state.contract is None or state.contract.called is not None


def export(m: TrickMatch) -> State:
    """The reference's state of the match (no events, no rules)."""
    names = m.cards
    dealt = bool(m.hands)
    result = m.result
    return State(
        tables=initial_state(m.ruleset).tables,
        phase=m.phase,
        dealer=m.dealer,
        match=MatchScore(
            game_points=tuple(m.totals),
            card_points=tuple(m.card_totals),
            hands_played=m.hands_played,
            over=m.over,
            winner=m.winner,
        ),
        hand_number=m.hand_number,
        hands=tuple(tuple(names[c] for c in h) for h in m.hands),
        stock=tuple(names[c] for c in reversed(m.stock)),
        indicator=names[m.indicator] if m.indicator is not None else None,
        trump=m.trump,
        trick=tuple((s, names[c]) for s, c in m.trick),
        leader=m.leader,
        to_move=m.to_move,
        won=tuple(tuple(names[c] for c in w) for w in m.won) if dealt else (),
        tricks_won=tuple(m.tricks_won) if dealt else (),
        tricks_played=m.tricks_played,
        last_trick=(m.last_trick[0], tuple((s, names[c]) for s, c in m.last_trick[1])) if m.last_trick else None,
        result=None if result is None else HandResult(
            points=tuple(result["points"]),
            cards=tuple(result["cards"]),
            outcome=result["outcome"],
            winner=result["winner"],
            decided_by=result["decided_by"],
            game_points=tuple(result["game_points"]),
            contract=result.get("contract"),
            counted=tuple(result["counted"]) if "counted" in result else None,
            cappotto=result.get("cappotto"),
        ),
        auction=m.auction,
        contract=m.contract,
        declared=tuple(m.declared) if m.declared is not None else (),
        shown=tuple(tuple(names[c] for c in cards) for cards in m.shown) if m.shown is not None else (),
    )


def load(m: TrickMatch, state: State) -> None:
    """Read the reference's state into the match."""
    ints = m.pack.ints
    match = state.match
    m.phase = state.phase
    m.dealer = state.dealer
    m.hand_number = state.hand_number
    m.to_move = state.to_move
    m.hands = [ints(h) for h in state.hands]
    m.stock = ints(reversed(state.stock))
    m.indicator = m.pack.index[state.indicator] if state.indicator is not None else None
    m.trump = state.trump
    m.beats = m.t.beats[state.trump]
    m.trick = [(s, m.pack.index[c]) for s, c in state.trick]
    m.leader = state.leader
    m.won = [ints(w) for w in state.won]
    points = m.pack.points
    m.points = [sum(points[c] for c in w) for w in m.won]
    m.tricks_won = list(state.tricks_won)
    m.tricks_played = state.tricks_played
    last = state.last_trick
    m.last_trick = (last[0], tuple((s, m.pack.index[c]) for s, c in last[1])) if last else None
    m.result = state.result.to_json() if state.result is not None else None
    m.totals = list(match.game_points)
    m.card_totals = list(match.card_points)
    m.hands_played = match.hands_played
    m.over = match.over
    m.winner = match.winner
    m.auction = state.auction
    m.contract = state.contract
    m.declared = list(state.declared) if state.declared else None
    m.shown = [ints(cards) for cards in state.shown] if state.shown else None
    m.out = state.dealer if m.t.dealer_sits_out else -1
