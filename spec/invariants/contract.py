"""Contract hands (Briscola Chiamata): payoffs add up to zero, bands are consistent.

Rules ``chiamata.score.target`` (the bidding side needs the contract's
target), ``chiamata.score.payoff`` (the bidder, his partner and each
defender are paid by the row of the payoff table for the target),
``chiamata.score.alone`` (a bidder who called his own card plays alone
against everyone) and ``chiamata.score.cappotto`` (every payment doubled).
Payments are encoded per seat over a symbolic contract: any target the
auction can reach, made or failed, alone or with a partner, with or without
a cappotto.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..schema import Ruleset
from .core import Verdict, example, failed, find_violation, invariant, maximum, not_applicable, proved, value
from .facts import Pack, bidding_kind, players, scoring_kind
from .scoring import SCORING_READS

ROLES = ("bidder", "partner", "defender", "alone_bidder", "alone_defender")


def contract_targets(ruleset: Ruleset, target: z3.ArithRef) -> list[z3.BoolRef]:
    """``chiamata.score.target``: the targets an auction can end on. A face
    bid (or a plain Two) needs ``min_points``; a raised Two or a points bid
    needs its points, from ``min_points`` up to ``max_points``, in steps of
    ``raise_step`` when raises go by steps."""
    bidding = ruleset.bidding
    low, high = bidding.min_points, bidding.max_points
    if bidding_kind(ruleset) == "low-card":
        return [target == low]
    facts = [target >= low, target <= high]
    if bidding.raise_rule == "step":
        k = z3.FreshInt("raises")
        facts += [k >= 0, target == low + k * bidding.raise_step]
    return facts


def band_term(ruleset: Ruleset, target: z3.ArithRef, role: str) -> z3.ArithRef:
    """The amount of ``role`` in the last band whose ``min_target`` the
    target reaches (0 below the first band)."""
    out: z3.ArithRef = z3.IntVal(0)
    for band in ruleset.hand_scoring.contract.bands:
        out = z3.If(target >= band.min_target, getattr(band, role), out)
    return out


def in_no_band(ruleset: Ruleset, target: z3.ArithRef) -> z3.BoolRef:
    return target < ruleset.hand_scoring.contract.bands[0].min_target


@dataclass(frozen=True)
class Contract:
    """A symbolic contract hand and every seat's payment."""

    target: z3.ArithRef
    made: z3.BoolRef
    alone: z3.BoolRef
    cappotto: z3.BoolRef
    bidder: z3.ArithRef
    partner: z3.ArithRef
    pay: list[z3.ArithRef]
    facts: list[z3.BoolRef]
    two: z3.BoolRef = z3.BoolVal(False)
    """Two called cards held by two partners, seats 1 and 2 (``chiamata.score.two-partners``)."""


def contract_hand(ruleset: Ruleset) -> Contract:
    n = players(ruleset)
    scoring = ruleset.hand_scoring.contract
    target, bidder, partner = z3.Ints("target bidder partner")
    made, alone, cappotto = z3.Bools("made alone cappotto")
    facts = contract_targets(ruleset, target)
    # Seats play no part in the payoff table, so the bidder may be seat 0
    # and a partner seat 1 (renumbering the seats covers every other case).
    facts += [bidder == 0, z3.Or(partner == 0, partner == 1), alone == (partner == bidder)]
    if scoring.double_on == "none":
        facts.append(z3.Not(cappotto))
    two = z3.Bool("two_partners")
    at = ruleset.calling.two_cards_at
    if at is None or n < 4:
        facts.append(z3.Not(two))
    else:
        facts.append(z3.Implies(two, z3.And(target >= at, partner == 1)))
    # chiamata.score.two-partners: the defenders share the bidder's and partners' amounts
    shared = (band_term(ruleset, target, "bidder") + 2 * band_term(ruleset, target, "partner")) / max(n - 3, 1)
    pay = []
    for seat in range(n):
        amount = z3.If(
            alone,
            z3.If(bidder == seat, band_term(ruleset, target, "alone_bidder"), -band_term(ruleset, target, "alone_defender")),
            z3.If(
                bidder == seat,
                band_term(ruleset, target, "bidder"),
                z3.If(
                    z3.Or(partner == seat, z3.And(two, seat == 2)),
                    band_term(ruleset, target, "partner"),
                    -z3.If(two, shared, band_term(ruleset, target, "defender")),
                ),
            ),
        )
        signed = z3.If(made, amount, -amount)
        pay.append(z3.If(cappotto, scoring.double_factor * signed, signed))
    return Contract(target, made, alone, cappotto, bidder, partner, pay, facts, two)


def _is_contract(ruleset: Ruleset) -> bool:
    return scoring_kind(ruleset) == "contract"


@invariant(
    "scoring.zero-sum",
    "Contract payoffs add up to zero for every target, made or failed, alone or "
    "with a partner, with or without a cappotto.",
    SCORING_READS,
)
def zero_sum(ruleset: Ruleset) -> Verdict:
    """``chiamata.score.payoff``, ``chiamata.score.alone``, ``chiamata.score.cappotto``."""
    if not _is_contract(ruleset):
        return not_applicable("no contract payoffs: the winner alone scores")
    hand = contract_hand(ruleset)
    model = find_violation(
        hand.facts, z3.Sum(hand.pay) == 0, [hand.target, hand.alone, hand.cappotto, z3.Not(hand.made)]
    )
    if model is None:
        return proved(f"every payment table row adds up to 0 over {players(ruleset)} players")
    t = value(model, hand.target)
    made = "made" if z3.is_true(model.eval(hand.made)) else "failed"
    alone = z3.is_true(model.eval(hand.alone))
    capp = " with a cappotto" if z3.is_true(model.eval(hand.cappotto, model_completion=True)) else ""
    b, p = value(model, hand.bidder), value(model, hand.partner)
    pays = [value(model, x) for x in hand.pay]
    n = len(pays)
    if alone:
        parts = f"the bidder {pays[b]:+d} and each of the {n - 1} others {pays[(b + 1) % n]:+d}"
        how = "alone"
    elif z3.is_true(model.eval(hand.two, model_completion=True)):
        parts = f"the bidder {pays[0]:+d}, each partner {pays[1]:+d} and each of the {n - 3} defenders {pays[3]:+d}"
        how = "with two partners"
    else:
        d = next(s for s in range(n) if s not in (b, p))
        parts = f"the bidder {pays[b]:+d}, the partner {pays[p]:+d} and each of the {n - 2} defenders {pays[d]:+d}"
        how = "with a partner"
    return failed(
        f"a contract of {t} {made} {how}{capp} pays {parts}: the payments add up to "
        f"{sum(pays):+d}, not 0 (hand_scoring.contract.bands)"
    )


def bands_consistent(ruleset: Ruleset) -> Verdict:
    """``chiamata.score.payoff``: every target the auction can reach falls in
    a band, a higher target never pays less, and every band can apply."""
    target, other = z3.Ints("target other")
    facts = contract_targets(ruleset, target)
    model = find_violation(facts, z3.Not(in_no_band(ruleset, target)), [target])
    first = ruleset.hand_scoring.contract.bands[0].min_target
    if model is not None:
        return failed(
            f"a contract of {value(model, target)} is below the first payoff band "
            f"(min_target {first}), so it would pay nothing"
        )
    both = facts + contract_targets(ruleset, other)
    for role in ROLES:
        lower, higher = band_term(ruleset, target, role), band_term(ruleset, other, role)
        model = find_violation(both, z3.Implies(target <= other, lower <= higher), [target, other])
        if model is not None:
            return failed(
                f"a contract of {value(model, target)} pays the {role.replace('_', ' ')} "
                f"{value(model, lower)} but a higher one of {value(model, other)} only "
                f"{value(model, higher)}"
            )
    for band in ruleset.hand_scoring.contract.bands:
        if example(facts + [target >= band.min_target]) is None:
            return failed(
                f"the payoff band from {band.min_target} never applies: contracts go up to "
                f"{ruleset.bidding.max_points} at most (bidding.max_points)"
            )
    return proved(", ".join(f"{b.min_target}+: {b.bidder}/{b.partner}/-{b.defender}" for b in ruleset.hand_scoring.contract.bands))


def contract_exclusive(ruleset: Ruleset) -> Verdict:
    """``chiamata.score.target`` and ``chiamata.score.cappotto``: the bidding
    side wins exactly when it takes at least the target, the defenders
    otherwise; no hand has both; a cappotto belongs to one side only."""
    pack = Pack(ruleset)
    tricks = pack.size // players(ruleset)
    target, side, side_tricks = z3.Ints("target side_points side_tricks")
    facts = contract_targets(ruleset, target)
    facts += [0 <= side, side <= pack.total, 0 <= side_tricks, side_tricks <= tricks]
    made = side >= target
    bidders_win, defenders_win = made, z3.Not(made)
    capp_b, capp_d = side_tricks == tricks, side_tricks == 0
    claim = z3.And(bidders_win != defenders_win, z3.Not(z3.And(capp_b, capp_d)))
    model = find_violation(facts, claim, [target])
    if model is not None:
        return failed(f"with a target of {value(model, target)}, both sides could win or both take every trick")
    return proved(f"the bidding side wins with its target or more, else the defenders; {tricks} tricks")


def most_payoff(ruleset: Ruleset) -> int | None:
    """The most one seat can win in one contract hand."""
    hand = contract_hand(ruleset)
    return maximum(hand.facts, hand.pay[0])
