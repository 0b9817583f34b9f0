"""Scoring a contract hand (rules ``chiamata.score.*``).

Every seat is its own scoring side in Chiamata (the partnership lasts one
hand), so the result's ``points`` and ``game_points`` are per seat; the
payoffs always add up to zero.
"""

from __future__ import annotations

from ..state import HandResult, State


def _cappotto(state: State, side: tuple[int, ...]) -> bool:
    """``chiamata.score.cappotto``: one side (either) took every trick, every
    card point, or every card that counts, as the variant says."""
    rule = state.ruleset.hand_scoring.contract.double_on
    tables = state.tables
    n = tables.players
    others = [s for s in range(n) if s not in side]
    if rule == "all-tricks":
        counts = [sum(state.tricks_won[s] for s in group) for group in (side, others)]
    elif rule == "all-points":
        counts = [sum(tables.points[c] for s in group for c in state.won[s]) for group in (side, others)]
    elif rule == "all-counting-cards":
        counts = [sum(1 for s in group for c in state.won[s] if tables.points[c]) for group in (side, others)]
    else:
        return False
    return 0 in counts and sum(counts) > 0


def score_contract(state: State) -> tuple[HandResult, list[str]]:
    """Did the bidding side reach the target, and what does each seat win or
    pay. ``chiamata.score.target``: at least the contract's target.
    ``chiamata.score.payoff`` / ``chiamata.score.alone``: the row of the
    payoff table for that target. ``chiamata.score.cappotto``: doubled."""
    tables = state.tables
    contract = state.contract
    scoring = state.ruleset.hand_scoring.contract
    n = tables.players
    side = contract.side()
    per_seat = tuple(sum(tables.points[c] for c in state.won[s]) for s in range(n))
    side_points = sum(per_seat[s] for s in side)
    made = side_points >= contract.target
    band = [b for b in scoring.bands if contract.target >= b.min_target][-1]
    sign = 1 if made else -1
    used = ["briscola.score.count", "briscola.deck.points", "chiamata.score.target"]
    doubled = _cappotto(state, side)
    factor = scoring.double_factor if doubled else 1
    payoffs = [0] * n
    for seat in range(n):
        if contract.alone:
            amount = band.alone_bidder if seat == contract.bidder else -band.alone_defender
        elif seat == contract.bidder:
            amount = band.bidder
        elif seat == contract.partner:
            amount = band.partner
        else:
            amount = -band.defender
        payoffs[seat] = sign * amount * factor
    used.append("chiamata.score.alone" if contract.alone else "chiamata.score.payoff")
    if doubled:
        used.append("chiamata.score.cappotto")
    details = {
        "bidder": contract.bidder,
        "partner": None if contract.alone else contract.partner,
        "alone": contract.alone,
        "called": contract.called,
        "target": contract.target,
        "side_points": side_points,
        "made": made,
        "doubled": doubled,
    }
    result = HandResult(
        points=per_seat,
        cards=tuple(len(state.won[s]) for s in range(n)),
        outcome="made" if made else "defeated",
        winner=None,
        decided_by=None,
        game_points=tuple(payoffs),
        contract=details,
    )
    return result, used
