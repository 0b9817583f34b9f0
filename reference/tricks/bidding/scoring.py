"""Scoring a contract hand (rules ``chiamata.score.*``).

Every seat is its own scoring side in Chiamata (the partnership lasts one
hand), so the result's ``points`` and ``game_points`` are per seat; the
payoffs always add up to zero.
"""

from __future__ import annotations

from ..seats import in_hand, sitting_out
from .monte import won_with_discards
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
        won = won_with_discards(state)
        counts = [sum(tables.points[c] for s in group for c in won[s]) for group in (side, others)]
    elif rule == "all-counting-cards":
        won = won_with_discards(state)
        counts = [sum(1 for s in group for c in won[s] if tables.points[c]) for group in (side, others)]
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
    won = won_with_discards(state)  # chiamata.call.monte: the discards go with the last trick
    per_seat = tuple(sum(tables.points[c] for c in won[s]) for s in range(n))
    side_points = sum(per_seat[s] for s in side)
    made = side_points >= contract.target
    band = [b for b in scoring.bands if contract.target >= b.min_target][-1]
    sign = 1 if made else -1
    used = ["briscola.score.count", "briscola.deck.points", "chiamata.score.target"]
    doubled = _cappotto(state, side)
    factor = scoring.double_factor if doubled else 1
    payoffs = [0] * n
    out = sitting_out(state)
    partners = contract.partners()
    defender = band.defender
    if len(partners) == 2:
        # chiamata.score.two-partners: the defenders share what the three win
        defender = (band.bidder + 2 * band.partner) // (in_hand(state) - 3)
    for seat in range(n):
        if seat == out:
            continue  # chiamata.seat.dealer-sits-out: he neither wins nor pays
        if contract.alone:
            amount = band.alone_bidder if seat == contract.bidder else -band.alone_defender
        elif seat == contract.bidder:
            amount = band.bidder
        elif seat in partners:
            amount = band.partner
        else:
            amount = -defender
        payoffs[seat] = sign * amount * factor
    used.append("chiamata.score.alone" if contract.alone else "chiamata.score.payoff")
    if len(partners) == 2:
        used.append("chiamata.score.two-partners")
    if doubled:
        used.append("chiamata.score.cappotto")
    details = {
        "bidder": contract.bidder,
        "partner": None if contract.partner == contract.bidder else contract.partner,
        "alone": contract.alone,
        "called": contract.called,
        "target": contract.target,
        "side_points": side_points,
        "made": made,
        "doubled": doubled,
    }
    if contract.second is not None:
        details["second"] = contract.second
        details["second_partner"] = None if contract.second_partner == contract.bidder else contract.second_partner
    result = HandResult(
        points=per_seat,
        cards=tuple(len(won[s]) for s in range(n)),
        outcome="made" if made else "defeated",
        winner=None,
        decided_by=None,
        game_points=tuple(payoffs),
        contract=details,
    )
    return result, used
