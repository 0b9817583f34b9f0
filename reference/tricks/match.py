"""Match progression (rules ``briscola.match.*``)."""

from __future__ import annotations

from .state import HandResult, MatchScore, State


def update_match(state: State, result: HandResult) -> MatchScore:
    """Add a hand's result to the match and decide whether the match is over.

    ``briscola.match.end``: single hand; best of N (first to N // 2 + 1 game
    points); first to N game points; first to N card points over hands, the
    higher total winning when several sides reach it and play going on while
    they are equal.

    For speed the totals are added in list comprehensions rather than
    generators (faster for a few sides): the same sums.
    """
    old = state.match
    rules = state.ruleset.match
    void = result.outcome == "void"
    game_points = tuple([a + b for a, b in zip(old.game_points, result.game_points)])
    card_points = (
        old.card_points
        if void
        else tuple([a + b for a, b in zip(old.card_points, result.points)])
    )
    over, winner = False, None
    if result.cappotto is not None:
        # tressette.score.cappotto, tressette.score.cappottone: every trick
        # taken wins the match there and then
        over, winner = True, result.cappotto["side"]
    elif rules.kind == "single":
        over, winner = not void, result.winner
    elif rules.kind in ("best-of", "first-to-wins"):
        need = rules.target // 2 + 1 if rules.kind == "best-of" else rules.target
        reached = [i for i, gp in enumerate(game_points) if gp >= need]
        if reached:
            over, winner = True, reached[0]
    elif rules.kind in ("first-to-points", "deals"):
        # chiamata.match.end: a race to `target` game points (a contract
        # hand's payoffs), or `target` hands; the sole highest total wins
        if rules.kind == "deals":
            ended = old.hands_played + 1 >= rules.target
            reached = list(range(len(game_points))) if ended else []
        else:
            reached = [i for i, gp in enumerate(game_points) if gp >= rules.target]
        if reached:
            best = max(game_points[i] for i in reached)
            leaders = [i for i in reached if game_points[i] == best]
            if len(leaders) == 1:
                over, winner = True, leaders[0]
    else:  # first-to-card-points
        reached = [i for i, cp in enumerate(card_points) if cp >= rules.target]
        if reached:
            best = max(card_points[i] for i in reached)
            leaders = [i for i in reached if card_points[i] == best]
            if len(leaders) == 1:
                over, winner = True, leaders[0]
    return MatchScore(
        game_points=game_points,
        card_points=card_points,
        hands_played=old.hands_played + 1,
        over=over,
        winner=winner,
    )


def next_dealer(state: State, result: HandResult) -> int:
    """``briscola.match.next-dealer``: the next seat deals; a void hand is
    dealt again by the same dealer. ``albastini.match.winner-deals``: the
    winner deals (a winning team's next member in seat order after the
    dealer), and after a tie the same dealer."""
    if result.outcome == "void":
        return state.dealer
    if state.ruleset.match.next_dealer == "winner":
        if result.winner is None:
            return state.dealer
        n = state.tables.players
        side = state.tables.sides[result.winner]
        return next(s for s in ((state.dealer + i) % n for i in range(1, n + 1)) if s in side)
    return (state.dealer + 1) % state.tables.players
