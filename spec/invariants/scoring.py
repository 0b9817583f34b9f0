"""Scoring a hand by card points: exclusive wins, ties, game-point tiers, targets.

Rules ``briscola.score.majority`` (the side with strictly the most card
points wins; with two sides, 61 or more of 120), ``briscola.score.tie`` (the
variant's tiebreak: a draw, a void hand, the last trick, more cards),
``briscola.score.game-points`` (the last tier the winner reached, the first
when he reached none), ``albastini.score.victory-points`` (doubled when
another side took fewer than ``double_below``) and ``briscola.match.end``.
A hand's outcome is encoded over symbolic splits of the card points and of
the cards among the sides. Contract hands are in `.contract`, Scopa
hands in `.scopa`; `target_reachable` covers all three.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..schema import Ruleset
from .core import (
    Verdict,
    count,
    example,
    failed,
    find_violation,
    invariant,
    maximum,
    minimum,
    not_applicable,
    parameters_key,
    plural,
    proved,
    term_cache,
    value,
)
from .facts import Pack, draws, has_indicator, indicator_taken, option, scoring_kind, side_names, sides

SCORING_READS = ("deck", "seating", "deal", "draw", "play.kind", "hand_scoring", "match", "bidding", "capture", "counting")


@dataclass(frozen=True)
class Outcome:
    """A symbolic end of a hand: points, cards and last trick per side."""

    points: list[z3.ArithRef]
    cards: list[z3.ArithRef]
    last: z3.ArithRef
    """The side that took the last trick."""
    top: list[z3.BoolRef]
    """Side i has the most points (possibly shared)."""
    wins: list[z3.BoolRef]
    facts: list[z3.BoolRef]

    @property
    def unique_top(self) -> z3.BoolRef:
        return count(self.top) == 1

    def winner_points(self) -> z3.ArithRef:
        """The winner's card points (meaningful when somebody wins)."""
        out: z3.ArithRef = z3.IntVal(0)
        for w, p in zip(self.wins, self.points):
            out = z3.If(w, p, out)
        return out

    def someone_wins(self) -> z3.BoolRef:
        return z3.Or(self.wins)

    def doubled(self, below: int) -> z3.BoolRef:
        """``albastini.score.victory-points``: some side other than the winner
        took fewer than ``below`` card points."""
        if not below:
            return z3.BoolVal(False)
        return z3.Or(
            [
                z3.And(self.wins[i], z3.Or([self.points[j] < below for j in range(len(self.points)) if j != i]))
                for i in range(len(self.points))
            ]
        )


_OUTCOMES: dict[tuple[str, str], Outcome] = {}


def hand_outcome(ruleset: Ruleset, tag: str = "") -> Outcome:
    """`build_outcome`, built once per scoring parameters and tag (z3
    terms are shared by every query)."""
    key = (parameters_key(ruleset, SCORING_READS), tag)
    if key not in _OUTCOMES:
        if len(_OUTCOMES) > 256:
            _OUTCOMES.clear()
        _OUTCOMES[key] = build_outcome(ruleset, tag)
    return _OUTCOMES[key]


term_cache(_OUTCOMES.clear)


def build_outcome(ruleset: Ruleset, tag: str = "") -> Outcome:
    """Every way a hand can end, as far as scoring can tell: the points of the
    cards won split among the sides, the cards won likewise, one side taking
    the last trick; then who wins by the rule text. An indicator left out of
    play (``albastini.draw.indicator-stays``) takes its points with it."""
    pack = Pack(ruleset)
    n_sides = len(sides(ruleset))
    points = [z3.Int(f"points{tag}_{i}") for i in range(n_sides)]
    cards = [z3.Int(f"cards{tag}_{i}") for i in range(n_sides)]
    last = z3.Int(f"last{tag}")
    facts = []
    stays = has_indicator(ruleset) and draws(ruleset) and not indicator_taken(ruleset)
    out_points = z3.Int(f"indicator_points{tag}")
    worth = sorted({c.points for c in pack.cards})
    facts.append(z3.Or([out_points == w for w in worth]) if stays else out_points == 0)
    facts += [z3.Sum(points) == pack.total - out_points, z3.Sum(cards) == pack.size - (1 if stays else 0)]
    facts += [z3.And(p >= 0, c >= 0, p <= pack.max_points * c) for p, c in zip(points, cards)]
    facts += [0 <= last, last < n_sides]
    facts += [z3.Implies(last == i, cards[i] >= 1) for i in range(n_sides)]
    top = [z3.And([p >= q for q in points]) for p in points]
    unique = count(top) == 1
    tie = option(ruleset, "hand_scoring.tie", "draw")
    wins = []
    for i in range(n_sides):
        if tie == "last-trick":
            breaks = last == i
        elif tie == "more-cards":
            breaks = z3.And([z3.Implies(top[j], cards[i] > cards[j]) for j in range(n_sides) if j != i])
        else:  # draw, replay: nobody wins a tie
            breaks = z3.BoolVal(False)
        wins.append(z3.And(top[i], z3.Or(unique, breaks)))
    return Outcome(points, cards, last, top, wins, facts)


def _split(ruleset: Ruleset, out: Outcome, model: z3.ModelRef) -> str:
    names = side_names(ruleset)
    parts = [
        f"{names[i]} {value(model, p)} points in {value(model, c)} cards"
        for i, (p, c) in enumerate(zip(out.points, out.cards))
    ]
    return "; ".join(parts) + f"; last trick to {names[value(model, out.last)]}"


def _card_points_kind(ruleset: Ruleset) -> bool:
    return scoring_kind(ruleset) == "card-points"


@invariant(
    "scoring.exclusive",
    "At most one side wins a hand, a side with strictly the most points always wins, "
    "and a tie happens exactly where the tie rule says.",
    SCORING_READS,
)
def exclusive(ruleset: Ruleset) -> Verdict:
    """``briscola.score.majority`` and ``briscola.score.tie`` (contract hands:
    ``chiamata.score.target``, in `.contract`)."""
    if scoring_kind(ruleset) == "contract":
        from .contract import contract_exclusive

        return contract_exclusive(ruleset)
    if scoring_kind(ruleset) == "count":
        from .counting import count_exclusive

        return count_exclusive(ruleset)
    if not _card_points_kind(ruleset):
        return not_applicable("Scopa scores categories, not one winner: see scoring.scopa-bounded")
    out = hand_outcome(ruleset)
    total = Pack(ruleset).total
    n_sides = len(out.points)
    claims = [count(out.wins) <= 1]
    claims += [z3.Implies(z3.And(out.unique_top, out.top[i]), out.wins[i]) for i in range(n_sides)]
    two_sides = n_sides == 2 and not (has_indicator(ruleset) and not indicator_taken(ruleset))
    if two_sides:
        # "with two sides that means 61 or more of the 120"
        need = total // 2 + 1
        claims += [z3.And(out.unique_top, out.top[i]) == (out.points[i] >= need) for i in range(n_sides)]
    model = find_violation(out.facts, z3.And(claims), [*out.points, *out.cards, out.last])
    if model is not None:
        winners = [side_names(ruleset)[i] for i, w in enumerate(out.wins) if z3.is_true(model.eval(w))]
        who = " and ".join(winners) if winners else "nobody"
        return failed(f"with {_split(ruleset, out, model)}, {who} would win the hand")
    least = minimum(out.facts + [out.someone_wins()], out.winner_points())
    tie = option(ruleset, "hand_scoring.tie", "draw")
    note = f"a win needs at least {least} card points; ties: {tie}"
    if two_sides:
        note = f"a majority is {total // 2 + 1}+ of {total}; " + note
    return proved(note)


def game_points_term(ruleset: Ruleset, out: Outcome) -> z3.ArithRef:
    """``briscola.score.game-points``: the last tier whose ``min_points`` the
    winner reached (the first tier when he reached none), doubled by
    ``albastini.score.victory-points`` when another side is below
    ``double_below``."""
    tiers = ruleset.hand_scoring.game_points
    reached = out.winner_points()
    gp: z3.ArithRef = z3.IntVal(tiers[0].game_points)
    for tier in tiers[1:]:
        gp = z3.If(reached >= tier.min_points, tier.game_points, gp)
    below = option(ruleset, "hand_scoring.double_below", 0) or 0
    return z3.If(out.doubled(below), 2 * gp, gp) if below else gp


@invariant(
    "scoring.tiers",
    "Game-point tiers (and contract payoff bands) are consistent: every result falls "
    "in one, a better result never earns less, and every one can be reached.",
    SCORING_READS,
)
def tiers(ruleset: Ruleset) -> Verdict:
    """``briscola.score.game-points`` and ``albastini.score.victory-points``
    over two symbolic winning outcomes; contract bands in `.contract`."""
    if scoring_kind(ruleset) == "contract":
        from .contract import bands_consistent

        return bands_consistent(ruleset)
    if not _card_points_kind(ruleset):
        return not_applicable(f"{'a counting hand' if scoring_kind(ruleset) == 'count' else 'Scopa'} has no game-point tiers")
    rows = ruleset.hand_scoring.game_points
    a, b = hand_outcome(ruleset, "_a"), hand_outcome(ruleset, "_b")
    xa, xb = a.winner_points(), b.winner_points()
    facts = a.facts + b.facts + [a.someone_wins(), b.someone_wins()]
    ga, gb = game_points_term(ruleset, a), game_points_term(ruleset, b)
    below = option(ruleset, "hand_scoring.double_below", 0) or 0
    same_loss = z3.BoolVal(True)
    if below:
        # compare like with like: the doubling depends on the losers, not the winner
        same_loss = a.doubled(below) == b.doubled(below)
    model = find_violation(facts, z3.Implies(z3.And(xa <= xb, same_loss), ga <= gb), [xa, xb, *a.points, *b.points])
    if model is not None:
        return failed(
            f"a winner with {value(model, xa)} card points scores {value(model, ga)} game points "
            f"but one with {value(model, xb)} scores only {value(model, gb)}"
        )
    win = a.facts + [a.someone_wins()]
    for tier in rows[1:]:
        if example(win + [xa >= tier.min_points]) is None:
            most = maximum(win, xa)
            return failed(
                f"the tier for {tier.min_points} card points ({plural(tier.game_points, 'game point')}) "
                f"can never be reached: a winning side takes at most {most} card points"
            )
    shown = ", ".join(f"{t.min_points}+: {t.game_points}" for t in rows)
    if below:
        for doubled, word in ((True, "doubled"), (False, "plain")):
            if example(win + [a.doubled(below) == doubled]) is None:
                return failed(
                    f"hand_scoring.double_below is {below}, so a win is never {word}: "
                    f"{'no' if doubled else 'every'} losing side can take fewer than {below} card points"
                )
        shown += f"; doubled below {below}"
    return proved(f"tiers {shown}")


def _most_per_hand(ruleset: Ruleset) -> tuple[int | None, str]:
    """The most one side can add towards the match target in one hand, and the unit."""
    kind = scoring_kind(ruleset)
    if kind == "contract":
        from .contract import most_payoff

        return most_payoff(ruleset), "point"
    if kind == "scopa":
        from .scopa import most_points

        return most_points(ruleset), "point"
    if kind == "count":
        from .counting import most_count

        return most_count(ruleset), "point"
    out = hand_outcome(ruleset)
    if option(ruleset, "match.kind", "single") == "first-to-card-points":
        return maximum(out.facts, out.points[0]), "card point"
    return maximum(out.facts + [out.wins[0]], game_points_term(ruleset, out)), "game point"


@invariant(
    "scoring.target-reachable",
    "The match target can be reached: some sequence of hands ends the match.",
    SCORING_READS,
)
def target_reachable(ruleset: Ruleset) -> Verdict:
    """``briscola.match.end``, ``scopa.match.end``, ``chiamata.match.end``:
    the most a side can gain in one hand is found with z3; the target is
    reachable when that is positive, in ``ceil(need / most)`` hands."""
    kind = option(ruleset, "match.kind", "single")
    target = option(ruleset, "match.target", 1)
    if kind == "deals":
        return proved(f"{plural(target, 'hand')} are played, then one more while the leaders tie")
    most, unit = _most_per_hand(ruleset)
    need = {"single": 1, "best-of": target // 2 + 1}.get(kind, target)
    if most is None or most <= 0:
        return failed(
            f"no hand can give a side any {unit}s, so the match target of {plural(need, unit)} "
            f"(match.kind {kind}, target {target}) is never reached"
        )
    return proved(f"{plural(need, unit)} reachable in {plural(-(-need // most), 'hand')}")
