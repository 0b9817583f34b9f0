"""Scoring a trick hand and the match it belongs to (rules
``briscola.score.*``, ``tressette.score.*``, ``tressette.declare.*``,
``chiamata.score.*``, ``briscola.match.*``).

A hand's result is kept as the dict the view shows (`regola.reference`'s
``HandResult.to_json``), built once at the end of the hand.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .match import TrickMatch
    from .tables import TrickTables


def side_sums(t: TrickTables, per_seat: list[int]) -> list[int]:
    """Per-seat counts added up per side (a copy when each seat is a side)."""
    if t.solo:
        return list(per_seat)
    out = []
    for side in t.pack.sides:
        total = 0
        for seat in side:
            total += per_seat[seat]
        out.append(total)
    return out


def score_hand(m: TrickMatch) -> dict[str, Any]:
    """The result of the hand just played, by the variant's kind of scoring."""
    t = m.t
    if t.scoring == "contract":
        return score_contract(m)
    if t.scoring == "count":
        return score_count(m)
    return score_points(m)


def score_points(m: TrickMatch) -> dict[str, Any]:
    """``briscola.score.count``: each side's card points and cards;
    ``briscola.score.majority``: strictly most points wins;
    ``briscola.score.tie``: the variant's tiebreak; ``briscola.score.game-points``:
    the winner's tier (``albastini.score.victory-points``: doubled when a
    loser is under ``double_below``)."""
    t = m.t
    points = side_sums(t, m.points)
    cards = side_sums(t, list(map(len, m.won)))
    best = max(points)
    top = [i for i, p in enumerate(points) if p == best] if points.count(best) > 1 else [points.index(best)]
    winner: int | None = None
    decided_by = None
    outcome = "draw"
    tie = t.tie
    if len(top) == 1:
        winner, decided_by, outcome = top[0], "majority", "win"
    elif tie == "replay":
        outcome = "void"
    elif tie == "last-trick" and m.last_trick is not None:
        side = t.pack.side_of[m.last_trick[0]]
        if side in top:
            winner, decided_by, outcome = side, "last-trick", "win"
    elif tie == "more-cards":
        most = max(cards[i] for i in top)
        leaders = [i for i in top if cards[i] == most]
        if len(leaders) == 1:
            winner, decided_by, outcome = leaders[0], "more-cards", "win"
    game_points = [0] * len(points)
    if winner is not None:
        tiers = t.tiers  # (min_points, game points), in order
        won = tiers[0][1]
        for least, value in tiers:
            if points[winner] >= least:
                won = value
        double_below = t.double_below
        if double_below and any(p < double_below for i, p in enumerate(points) if i != winner):
            won *= 2
        game_points[winner] = won
    return {"points": points, "cards": cards, "outcome": outcome, "winner": winner, "decided_by": decided_by,
            "game_points": game_points}


def score_count(m: TrickMatch) -> dict[str, Any]:
    """``tressette.score.count``: each side scores the whole points of its
    units (``tressette.deck.points``) with the last trick's bonus
    (``tressette.score.last-trick``), plus its declarations; more points
    win, equal points draw. ``tressette.score.cappotto``: every trick taken
    by one side (or one player) is recorded (`every_trick`)."""
    t = m.t
    counting = t.ruleset.counting
    unit = counting.unit
    units = side_sums(t, m.points)
    last = t.pack.side_of[m.last_trick[0]] if m.last_trick is not None else None
    bonus = counting.last_trick * unit if m.last_trick is not None else 0
    counted = [u + (bonus if i == last else 0) for i, u in enumerate(units)]
    declared = m.declared or [0] * len(units)
    game_points = [c // unit + d for c, d in zip(counted, declared)]
    best = max(game_points)
    top = [i for i, p in enumerate(game_points) if p == best]
    winner = top[0] if len(top) == 1 else None
    out = {"points": units, "cards": side_sums(t, [len(w) for w in m.won]),
           "outcome": "win" if winner is not None else "draw", "winner": winner,
           "decided_by": "majority" if winner is not None else None, "game_points": game_points,
           "counted": counted}
    if counting.cappotto:
        sweep = every_trick(m)
        if sweep is not None:
            out["cappotto"] = sweep
    return out


def every_trick(m: TrickMatch) -> dict[str, Any] | None:
    """``tressette.score.cappotto``, where played: one side took every
    trick (a cappotto), or, in a partnership game where the cappottone is
    played, one player did by himself; what it is, who made it and the
    games the win counts as, or None."""
    t = m.t
    counting = t.ruleset.counting
    taken = [len(w) for w in m.won]
    dealt = sum(taken)
    if not dealt:
        return None
    if counting.cappottone and not t.solo:
        for seat, count in enumerate(taken):
            if count == dealt:
                return {"kind": "cappottone", "side": t.pack.side_of[seat], "seat": seat, "games": counting.cappottone}
    for i, side in enumerate(t.pack.sides):
        if sum(taken[s] for s in side) == dealt:
            return {"kind": "cappotto", "side": i, "games": counting.cappotto}
    return None


def declarations(t: TrickTables, hands: list[list[int]], trick: list[tuple[int, int]]) -> list[int]:
    """``tressette.declare.napoletana`` and ``tressette.declare.of-a-kind``:
    at the end of the first trick every player declares the combinations of
    the hand he was dealt (his hand now with the card he played); the whole
    points declared per side."""
    decl = t.ruleset.counting.declarations
    index = t.pack.index
    rank = t.pack.rank
    declared = [0] * len(t.pack.sides)
    for seat, card in trick:
        held = {*hands[seat], card}
        side = t.pack.side_of[seat]
        if decl.sequence:
            for suit in t.pack.suit_ids:
                cards = [index.get(r + suit) for r in decl.sequence]
                if all(c is not None and c in held for c in cards):
                    declared[side] += decl.sequence_points
        for face in decl.of_a_kind:
            count = sum(1 for c in held if rank[c] == face)
            if count == 4 and decl.four_points:
                declared[side] += decl.four_points
            elif count == 3 and decl.three_points:
                declared[side] += decl.three_points
    return declared


def won_with_discards(m: TrickMatch) -> list[list[int]]:
    """``chiamata.call.monte``: the cards each seat took, the bidder's
    discards going to the winner of the last trick."""
    contract = m.contract
    if contract is None or not contract.discards or m.last_trick is None:
        return m.won
    won = [list(w) for w in m.won]
    won[m.last_trick[0]] += m.pack.ints(contract.discards)
    return won


def _cappotto(m: TrickMatch, side: tuple[int, ...]) -> bool:
    """``chiamata.score.cappotto``: one side took every trick, every card
    point or every card that counts, as the variant says."""
    rule = m.t.ruleset.hand_scoring.contract.double_on
    points = m.pack.points
    others = [s for s in range(m.players) if s not in side]
    if rule == "all-tricks":
        counts = [sum(m.tricks_won[s] for s in group) for group in (side, others)]
    elif rule in ("all-points", "all-counting-cards"):
        won = won_with_discards(m)
        if rule == "all-points":
            counts = [sum(points[c] for s in group for c in won[s]) for group in (side, others)]
        else:
            counts = [sum(1 for s in group for c in won[s] if points[c]) for group in (side, others)]
    else:
        return False
    return 0 in counts and sum(counts) > 0


def score_contract(m: TrickMatch) -> dict[str, Any]:
    """``chiamata.score.target``: did the bidding side reach the target;
    ``chiamata.score.payoff`` / ``chiamata.score.alone``: each seat's payoff
    from the row of the table for the target (``chiamata.score.two-partners``:
    the defenders share what three win); ``chiamata.score.cappotto``: doubled.
    A seat sitting out neither wins nor pays (``chiamata.seat.dealer-sits-out``)."""
    t = m.t
    contract = m.contract
    scoring = t.ruleset.hand_scoring.contract
    n = m.players
    side = contract.side()
    won = won_with_discards(m)
    points = m.pack.points
    per_seat = [sum(points[c] for c in won[s]) for s in range(n)]
    side_points = sum(per_seat[s] for s in side)
    made = side_points >= contract.target
    band = [b for b in scoring.bands if contract.target >= b.min_target][-1]
    sign = 1 if made else -1
    doubled = _cappotto(m, side)
    factor = scoring.double_factor if doubled else 1
    partners = contract.partners()
    defender = band.defender
    if len(partners) == 2:
        defender = (band.bidder + 2 * band.partner) // (t.in_hand - 3)
    out = m.dealer if t.dealer_sits_out else None
    alone = contract.alone
    payoffs = [0] * n
    for seat in range(n):
        if seat == out:
            continue
        if alone:
            amount = band.alone_bidder if seat == contract.bidder else -band.alone_defender
        elif seat == contract.bidder:
            amount = band.bidder
        elif seat in partners:
            amount = band.partner
        else:
            amount = -defender
        payoffs[seat] = sign * amount * factor
    details: dict[str, Any] = {
        "bidder": contract.bidder,
        "partner": None if contract.partner == contract.bidder else contract.partner,
        "alone": alone,
        "called": contract.called,
        "target": contract.target,
        "side_points": side_points,
        "made": made,
        "doubled": doubled,
    }
    if contract.second is not None:
        details["second"] = contract.second
        details["second_partner"] = None if contract.second_partner == contract.bidder else contract.second_partner
    return {"points": per_seat, "cards": [len(won[s]) for s in range(n)], "outcome": "made" if made else "defeated",
            "winner": None, "decided_by": None, "game_points": payoffs, "contract": details}


def update_match(m: TrickMatch, result: dict[str, Any]) -> None:
    """``briscola.match.end`` (and ``chiamata.match.end``): add the hand to
    the match and decide whether it is over: a cappotto at once
    (``tressette.score.cappotto``); a single hand; the best of N
    (first to N // 2 + 1 game points); first to N game points; first to N
    game points or N hands, the sole highest total winning; first to N card
    points, the higher total winning when several reach it."""
    kind, target = m.t.match_kind, m.t.match_target
    void = result["outcome"] == "void"
    game_points = list(map(add, m.totals, result["game_points"]))
    card_points = m.card_totals if void else list(map(add, m.card_totals, result["points"]))
    over, winner = False, None
    if "cappotto" in result:
        # tressette.score.cappotto: every trick taken wins the match at once
        over, winner = True, result["cappotto"]["side"]
    elif kind == "single":
        over, winner = not void, result["winner"]
    elif kind in ("best-of", "first-to-wins"):
        need = target // 2 + 1 if kind == "best-of" else target
        for i, gp in enumerate(game_points):
            if gp >= need:
                over, winner = True, i
                break
    else:
        if kind == "deals":
            reached = list(range(len(game_points))) if m.hands_played + 1 >= target else []
            totals = game_points
        elif kind == "first-to-points":
            reached = [i for i, gp in enumerate(game_points) if gp >= target]
            totals = game_points
        else:  # first-to-card-points
            reached = [i for i, cp in enumerate(card_points) if cp >= target]
            totals = card_points
        if reached:
            best = max(totals[i] for i in reached)
            leaders = [i for i in reached if totals[i] == best]
            if len(leaders) == 1:
                over, winner = True, leaders[0]
    m.totals = game_points
    m.card_totals = list(card_points)
    m.hands_played += 1
    m.over = over
    m.winner = winner


def next_dealer(m: TrickMatch, result: dict[str, Any]) -> int:
    """``briscola.match.next-dealer``: the next seat deals; a void hand is
    dealt again by the same dealer. ``albastini.match.winner-deals``: the
    winning side's next seat after the dealer deals (the same dealer after
    a drawn hand)."""
    if result["outcome"] == "void":
        return m.dealer
    n = m.players
    if m.t.winner_deals:
        if result["winner"] is None:
            return m.dealer
        side = m.pack.sides[result["winner"]]
        return next(s for s in ((m.dealer + i) % n for i in range(1, n + 1)) if s in side)
    return (m.dealer + 1) % n
