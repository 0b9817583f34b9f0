"""The auction: bids are bounded, every auction ends, the called card exists.

Rules ``chiamata.bid.lower-rank`` (a bid names a weaker face than the last,
read from ``deck.strength``), ``chiamata.bid.after-two`` and
``chiamata.bid.points`` (point targets, raised to any higher total or by a
step, up to ``max_points``), ``chiamata.bid.pass-final`` /
``chiamata.bid.pass-turn``, ``chiamata.bid.end``, ``chiamata.bid.reopen``,
``chiamata.bid.single-round``, ``albastini.bid.dealer-side``, and the call
(``chiamata.call.*``).

Termination is proved with a ranking function: a number computed from the
auction's state (the bids still possible above the current one, and who may
still speak) that every bid or pass makes strictly smaller and that never
goes below zero. Its value at the start bounds the number of turns.
"""

from __future__ import annotations

import z3

from ..schema import Ruleset
from .cards import beats_function
from .core import Verdict, failed, find_violation, invariant, not_applicable, plural, proved, value
from .contract import contract_targets
from .facts import Pack, bidding_kind, has_indicator, players, sides

BIDDING_READS = ("deck", "seating", "deal", "bidding", "calling", "hand_scoring.kind")
AUCTIONS = ("rank-auction", "points-auction", "low-card")


@invariant(
    "bidding.bids-bounded",
    "Every contract an auction can reach is within the card points in play, and "
    "the number of bids is bounded.",
    BIDDING_READS,
)
def bids_bounded(ruleset: Ruleset) -> Verdict:
    """``chiamata.bid.points`` / ``chiamata.score.target``: a target above the
    card points of the pack could never be made."""
    kind = bidding_kind(ruleset)
    if kind == "trump-guess":
        eligible = _guessers(ruleset)
        n_suits = len(ruleset.deck.suits)
        return proved(f"at most {min(eligible, n_suits)} bids: one per player not on the dealer's side, each of a new suit")
    if kind not in AUCTIONS:
        return not_applicable("there is no auction")
    pack = Pack(ruleset)
    target = z3.Int("target")
    model = find_violation(contract_targets(ruleset, target), z3.And(target >= 1, target <= pack.total), [target])
    if model is None:
        low, high = ruleset.bidding.min_points, ruleset.bidding.max_points
        return proved(f"targets {low} to {high} of {pack.total} card points")
    return failed(
        f"a contract of {value(model, target)} can be bid (bidding.min_points "
        f"{ruleset.bidding.min_points}, bidding.max_points {ruleset.bidding.max_points}), but the "
        f"cards in play carry only {pack.total} card points, so it could never be made"
    )


def _guessers(ruleset: Ruleset) -> int:
    """``albastini.bid.dealer-side``: the players not on the dealer's side."""
    n = players(ruleset)
    dealer_side = next(len(side) for side in sides(ruleset) if 0 in side)
    return n - dealer_side


def bid_faces(ruleset: Ruleset) -> tuple[str, ...]:
    """``chiamata.bid.lower-rank``: the faces that may be bid, in the order
    of ``deck.strength`` (the strongest is the lowest bid); a face with no
    card in play cannot be called, so it cannot be bid. The last is "the
    Two" of ``chiamata.bid.after-two``."""
    in_play = {c[:-1] for c in ruleset.deck.cards()}
    return tuple(f for f in ruleset.deck.strength if f in in_play)


def _raises_above(ruleset: Ruleset, target: z3.ArithRef) -> z3.ArithRef:
    """How many further point bids remain above ``target``."""
    b = ruleset.bidding
    if b.raise_rule == "step":
        return z3.If(target >= b.max_points, 0, (b.max_points - target) / b.raise_step)
    return z3.If(target >= b.max_points, 0, b.max_points - target)


def _auction_model(ruleset: Ruleset) -> tuple[list[z3.BoolRef], z3.BoolRef, z3.ArithRef, z3.ArithRef, dict]:
    """One turn of a rank or points auction, symbolically.

    Returns the facts, whether the turn is a bid (else a pass), the bids
    still possible above the current high bid before and after the turn,
    and the named terms for a counterexample."""
    b = ruleset.bidding
    kind = bidding_kind(ruleset)
    pack = Pack(ruleset)
    ladder = bid_faces(ruleset)
    listed_before, facts = beats_function(pack, ladder)
    faces = [i for i, r in enumerate(pack.ranks) if r in ladder]
    two = pack.ranks.index(ladder[-1]) if ladder else -1
    has_high, is_bid = z3.Bools("has_high is_bid")
    high_face, high_target, face, target = z3.Ints("high_face high_target face target")

    def weaker(x: z3.ArithRef, y: z3.ArithRef) -> z3.BoolRef:
        """x is listed after y in deck.strength: a higher bid (chiamata.bid.lower-rank)."""
        return listed_before(y, x)

    def in_ladder(x: z3.ArithRef) -> z3.BoolRef:
        return z3.Or([x == i for i in faces]) if faces else z3.BoolVal(False)

    def remaining(x: z3.ArithRef, t: z3.ArithRef) -> z3.ArithRef:
        if kind == "points-auction":
            return _raises_above(ruleset, t)
        after = z3.Sum([z3.If(weaker(z3.IntVal(i), x), 1, 0) for i in range(len(pack.ranks))])
        return z3.If(x == two, _raises_above(ruleset, t), after + _raises_above(ruleset, z3.IntVal(b.min_points)))

    if kind == "points-auction":
        first = (target >= b.min_points) if b.raise_rule == "any-higher" else (target == b.min_points)
        first_bid = z3.And(first, target <= b.max_points)
        over = (target > high_target) if b.raise_rule == "any-higher" else (target == high_target + b.raise_step)
        higher = z3.And(over, target <= b.max_points)
        start = (b.max_points - b.min_points + 1) if b.raise_rule == "any-higher" else 1 + (b.max_points - b.min_points) // b.raise_step
        total: z3.ArithRef = z3.IntVal(start)
        facts += [face == two, high_face == two]
    else:
        first_bid = z3.And(in_ladder(face), target == b.min_points)
        face_bid = z3.And(weaker(face, high_face), target == b.min_points)
        over = (target > high_target) if b.raise_rule == "any-higher" else (target == high_target + b.raise_step)
        raised = z3.And(z3.BoolVal(kind == "rank-auction"), high_face == two, face == two, over, target <= b.max_points)
        higher = z3.Or(face_bid, raised)
        total = len(faces) + _raises_above(ruleset, z3.IntVal(b.min_points))
        facts += [z3.And(0 <= v, v < len(pack.ranks)) for v in (face, high_face)]
        facts += [in_ladder(high_face)]
    facts += [high_target >= b.min_points, high_target <= b.max_points]
    legal = z3.If(has_high, higher, first_bid)
    facts.append(z3.Implies(is_bid, legal))
    before = z3.If(has_high, remaining(high_face, high_target), total)
    after = z3.If(is_bid, remaining(face, target), before)
    names = {"face": face, "target": target, "high_face": high_face, "high_target": high_target, "has_high": has_high}
    return facts, is_bid, before, after, names


@invariant(
    "bidding.auction-ends",
    "Every auction ends, within a number of turns computed from the spec.",
    BIDDING_READS,
)
def auction_ends(ruleset: Ruleset) -> Verdict:
    """A ranking function that every turn decreases: with final passes,
    (bids still possible) + (players still in); with passes that only skip a
    turn, (bids still possible) x players + (players yet to pass in a row)."""
    kind = bidding_kind(ruleset)
    n = players(ruleset)
    if kind == "trump-guess":
        return proved(f"one round of at most {plural(_guessers(ruleset), 'turn')} (albastini.bid.turn)")
    if kind == "low-card":
        return proved(f"one round of {plural(n, 'turn')}: each player speaks once (chiamata.bid.single-round)")
    if kind not in AUCTIONS:
        return not_applicable("there is no auction")
    facts, is_bid, before, after, names = _auction_model(ruleset)
    final = ruleset.bidding.passes_final
    out, out_after = z3.Ints("out out_after")  # passed players, or passes in a row
    # the auction is still open: fewer than n-1 out after a bid, fewer than n before one
    facts += [out >= 0, out < n - 1 + z3.If(names["has_high"], 0, 1)]
    facts.append(out_after == z3.If(is_bid, out if final else 0, out + 1))
    weight = 1 if final else n
    rank = before * weight + (n - out)
    rank_after = after * weight + (n - out_after)
    canonical = [names["has_high"], names["high_face"], names["face"], names["high_target"], names["target"], out, is_bid]
    model = find_violation(facts + [before >= 0], z3.And(rank_after < rank, rank_after >= 0, after >= 0), canonical)
    if model is None:
        start = _start_bound(ruleset, weight)
        return proved(f"ends within {start} turns")
    pack = Pack(ruleset)
    if not z3.is_true(model.eval(is_bid)):
        return failed("a pass does not bring the auction closer to its end")
    face, high = pack.ranks[value(model, names["face"])], pack.ranks[value(model, names["high_face"])]
    if kind == "points-auction":
        what = f"a bid of {value(model, names['target'])} over {value(model, names['high_target'])}"
    elif z3.is_true(model.eval(names["has_high"])):
        what = f"a bid of {face} over {high}"
    else:
        what = f"an opening bid of {face}"
    repeated = [r for r in set(ruleset.deck.strength) if ruleset.deck.strength.count(r) > 1]
    why = ""
    if repeated:
        why = (
            f" (deck.strength lists {', '.join(sorted(repeated))} more than once, so a face can "
            f"count as weaker than itself)"
        )
    return failed(
        f"{what} is legal but leaves {value(model, after)} bids still possible, no fewer than the "
        f"{value(model, before)} before it{why}; players can go on bidding it in turn and the "
        f"auction need not end"
    )


def _start_bound(ruleset: Ruleset, weight: int) -> int:
    """The ranking function at the start, plus a reopened auction (reopening
    round, then an auction that starts with the minimum bid held)."""
    facts, _, before, _, names = _auction_model(ruleset)
    n = players(ruleset)
    solver = z3.Solver()
    solver.add(*facts, z3.Not(names["has_high"]))
    solver.check()
    start = solver.model().eval(before, model_completion=True).as_long() * weight + n
    if ruleset.bidding.all_pass == "reopen":
        again = z3.Solver()
        again.add(*facts, names["has_high"], names["high_target"] == ruleset.bidding.min_points)
        again.check()
        start += n + again.model().eval(before, model_completion=True).as_long() * weight + n
    return start


@invariant(
    "bidding.called-card",
    "The card the auction's winner calls exists in the pack and is not the trump indicator.",
    BIDDING_READS,
)
def called_card(ruleset: Ruleset) -> Verdict:
    """``chiamata.call.suit``, ``chiamata.call.two``, ``chiamata.call.card``,
    ``chiamata.call.lowest-not-held``: whatever face the auction ends on,
    some suit names a called card in play (a suit whose card of that face is
    out of play cannot be called), and it is never the indicator; with the
    lowest trump not held, a suit always has a card outside the bidder's hand."""
    kind = ruleset.calling.kind
    if kind == "none":
        return not_applicable("nothing is called")
    pack = Pack(ruleset)
    suit, face = z3.Ints("suit face")
    facts = [0 <= suit, suit < len(pack.suits), 0 <= face, face < len(pack.ranks)]
    fixed = ruleset.calling.rank
    if kind == "card":
        faces = list(dict.fromkeys(pack.ranks[c.rank] for c in pack.cards))
    elif fixed is not None:
        faces = [fixed]
    else:
        faces = list(dict.fromkeys(bid_faces(ruleset)))
    facts.append(z3.Or([face == pack.ranks.index(f) for f in faces]))

    def in_play(s: z3.ArithRef) -> z3.BoolRef:
        return z3.Or([z3.And(face == c.rank, s == c.suit) for c in pack.cards])

    # some suit gives a called card in play, whatever face the auction ended on
    model = find_violation(facts, z3.Or([in_play(z3.IntVal(s)) for s in range(len(pack.suits))]), [face])
    if model is not None:
        return failed(
            f"the auction can end on the face {pack.ranks[value(model, face)]}, but no card of that "
            f"face is in play (deck.removed), so there is no card to call"
        )
    if has_indicator(ruleset):
        indicator = z3.Int("indicator")
        facts += [0 <= indicator, indicator < pack.size, in_play(suit)]
        differs = z3.And(
            [z3.Implies(indicator == i, z3.Or(face != c.rank, suit != c.suit)) for i, c in enumerate(pack.cards)]
        )
        model = find_violation(facts, differs, [face, suit])
        if model is not None:
            card = pack.card_id(value(model, face), value(model, suit))
            return failed(f"the called card {card} can be the face-up trump indicator, which no player holds")
    if ruleset.calling.lowest_not_held:
        hand = ruleset.deal.hand_size
        smallest = min(sum(1 for c in pack.cards if c.suit == s) for s in range(len(pack.suits)))
        held = z3.Int("held_of_suit")
        spare = find_violation([held >= 0, held <= hand, held <= smallest], held < smallest)
        if spare is not None:
            return failed(
                f"a hand of {hand} cards can hold all {smallest} cards of a suit, so the lowest trump "
                f"not held (calling.lowest_not_held) may not exist"
            )
    return proved(f"faces {' '.join(faces) if len(faces) < 12 else 'any'}: always a card in play, never the indicator")
