"""Scopa hands: category points are bounded, the primiera scale is sane.

Rules ``scopa.score.cards``, ``scopa.score.coins``, ``scopa.score.settebello``,
``scopa.score.primiera``, ``scopa.score.scopas``, ``scopa.score.tie`` (a
category tied between the best sides scores for nobody),
``scopa.score.re-bello``, ``scopa.score.napola`` and ``scopa.score.grande``;
and ``scopa.match.cappotto`` (a cappotto ends a match short of its target). A hand's end is encoded
over symbolic splits among the sides of the cards, the coins, the primes,
the sweeps, and of who holds each single card that scores.
"""

from __future__ import annotations

import z3

from ..schema import Ruleset
from .core import Verdict, failed, find_violation, invariant, maximum, not_applicable, plural, proved, value, witness
from .facts import Pack, option, scoring_kind, sides, table_cards

SCOPA_READS = ("deck", "seating", "deal", "hand_scoring", "capture")


def _coins(pack: Pack) -> int | None:
    """The index of the suit standing for the Italian coins (denari)."""
    for i, suit in enumerate(pack.deck.suits):
        if suit.italian == "d":
            return i
    return None


def _card_of(pack: Pack, italian_rank: str, suit: int | None) -> str | None:
    """The id of the card in play of that Italian face in that suit."""
    if suit is None:
        return None
    for c in pack.cards:
        if c.suit == suit and pack.deck.ranks[c.rank].italian == italian_rank:
            return c.id
    return None


def _sole_best(values: list[z3.ArithRef], eligible: list[z3.BoolRef] | None = None) -> list[z3.BoolRef]:
    """``scopa.score.tie``: side i takes the category only with strictly the
    best value among the sides that compete."""
    ok = eligible or [z3.BoolVal(True)] * len(values)
    return [
        z3.And(ok[i], *[z3.Implies(ok[j], values[i] > values[j]) for j in range(len(values)) if j != i])
        for i in range(len(values))
    ]


def scopa_hand(ruleset: Ruleset) -> tuple[list[z3.BoolRef], list[z3.ArithRef], list[z3.ArithRef], int]:
    """The facts, each side's category points, each side's sweeps, and the
    most the categories can give in one hand."""
    pack = Pack(ruleset)
    opts = ruleset.hand_scoring.scopa
    m = len(sides(ruleset))
    coins = _coins(pack)
    n_coins = sum(1 for c in pack.cards if c.suit == coins)
    cards = [z3.Int(f"cards_{i}") for i in range(m)]
    coin = [z3.Int(f"coins_{i}") for i in range(m)]
    prime = [z3.Int(f"prime_{i}") for i in range(m)]
    full = [z3.Bool(f"four_suits_{i}") for i in range(m)]
    sweeps = [z3.Int(f"scopas_{i}") for i in range(m)]
    napola = [z3.Int(f"napola_{i}") for i in range(m)]
    facts = [z3.Sum(cards) == pack.size, z3.Sum(coin) == n_coins]
    facts += [z3.And(c >= 0, k >= 0, k <= c, p >= 0, s >= 0) for c, k, p, s in zip(cards, coin, prime, sweeps)]
    owner = {}
    faces = (("settebello", "7"), ("re bello", "K"), ("A", "A"), ("2", "2"), ("3", "3"), ("H", "H"), ("J", "J"))
    for name, face in faces:
        card = _card_of(pack, face, coins)
        if card is not None:
            owner[name] = z3.Int(f"holder of {card}")
            facts += [0 <= owner[name], owner[name] < m]
    awards: list[list[z3.BoolRef]] = []
    most = 0
    if opts.cards:
        awards.append(_sole_best(cards))
    if opts.coins:
        awards.append(_sole_best(coin))
    if opts.primiera.enabled:
        competes = full if opts.primiera.missing_suit == "disqualifies" else None
        awards.append(_sole_best(prime, competes))
    if opts.settebello and "settebello" in owner:
        awards.append([owner["settebello"] == i for i in range(m)])
    if opts.re_bello and "re bello" in owner:
        awards.append([owner["re bello"] == i for i in range(m)])
    most += len(awards)
    run = all(k in owner for k in ("A", "2", "3"))
    for i in range(m):
        if opts.napola and run:
            holds = z3.And([owner[k] == i for k in ("A", "2", "3")])
            facts += [z3.Implies(holds, z3.And(napola[i] >= 3, napola[i] <= opts.napola_max))]
            facts += [z3.Implies(z3.Not(holds), napola[i] == 0)]
        else:
            facts.append(napola[i] == 0)
    if opts.napola and run:
        most += opts.napola_max
    grande = [z3.IntVal(0)] * m
    if opts.grande and all(k in owner for k in ("re bello", "H", "J")):
        # scopa.score.grande: 5 points to the side holding King, Horse and Jack of coins
        grande = [z3.If(z3.And([owner[k] == i for k in ("re bello", "H", "J")]), 5, 0) for i in range(m)]
        most += 5
    points = [z3.Sum([z3.If(a[i], 1, 0) for a in awards] + [napola[i], grande[i]]) for i in range(m)]
    return facts, points, sweeps, most


@invariant(
    "scoring.scopa-bounded",
    "The category points of a Scopa hand are at most one per category (4 in the "
    "standard game) plus the sweeps: a tied category scores for nobody.",
    SCOPA_READS,
)
def scopa_bounded(ruleset: Ruleset) -> Verdict:
    """``scopa.score.*``: each category goes to one side at most."""
    if scoring_kind(ruleset) != "scopa":
        return not_applicable("not a Scopa hand")
    facts, points, sweeps, most = scopa_hand(ruleset)
    total = z3.Sum(points)
    model = find_violation(facts, total <= most)
    if model is None:
        return proved(f"at most {most} + scopas points a hand")
    return failed(f"the sides could share {value(model, total)} category points in one hand, more than {most}")


def most_points(ruleset: Ruleset) -> int | None:
    """The most one side can score in one Scopa hand: every category, and a
    sweep with every card played but the last (``scopa.sweep.last-play``)."""
    facts, points, sweeps, _ = scopa_hand(ruleset)
    plays = Pack(ruleset).size - table_cards(ruleset)
    last = 0 if option(ruleset, "capture.last_play_scopa", False) else 1
    scored = ruleset.hand_scoring.scopa.scopas
    facts += [s <= (plays - last if scored else 0) for s in sweeps]
    return maximum(facts, points[0] + (sweeps[0] if scored else 0))


@invariant(
    "scoring.primiera-scale",
    "The primiera scale is sane: a side's prime never drops when it takes another "
    "card, and no card outvalues the Seven of its suit.",
    ("deck", "hand_scoring.scopa.primiera", "hand_scoring.kind"),
)
def primiera_scale(ruleset: Ruleset) -> Verdict:
    """``scopa.score.primiera``: the prime is the sum of the best card of each
    suit by the scale; two symbolic piles, one inside the other."""
    if scoring_kind(ruleset) != "scopa":
        return not_applicable("not a Scopa hand")
    primiera = ruleset.hand_scoring.scopa.primiera
    if not primiera.enabled:
        return not_applicable("the primiera is not scored")
    if primiera.scale in ("most-sevens", "lexicographic"):
        return not_applicable(f"the {primiera.scale} primiera compares faces; it has no scale of values")
    pack = Pack(ruleset)
    halves = primiera.halves()
    worth = {c.id: halves[pack.deck.ranks[c.rank].italian] for c in pack.cards}
    small = {c.id: z3.Bool(f"held {c.id}") for c in pack.cards}
    large = {c.id: z3.Bool(f"held later {c.id}") for c in pack.cards}
    facts = [z3.Implies(small[c], large[c]) for c in small]

    def best(held: dict[str, z3.BoolRef], suit: int) -> z3.ArithRef:
        out: z3.ArithRef = z3.IntVal(0)
        for c in sorted((c for c in pack.cards if c.suit == suit), key=lambda c: worth[c.id]):
            out = z3.If(held[c.id], worth[c.id], out)
        return out

    suits = range(len(pack.suits))
    a = z3.Sum([best(small, s) for s in suits])
    b = z3.Sum([best(large, s) for s in suits])
    model = find_violation(facts, a <= b, [a, b])
    if model is not None:
        return failed(f"taking more cards lowers a prime from {value(model, a) / 2} to {value(model, b) / 2}")
    sevens = {c.suit: c.id for c in pack.cards if pack.deck.ranks[c.rank].italian == "7"}
    for s, seven in sorted(sevens.items()):
        model = find_violation(facts, best(large, s) <= worth[seven], [best(large, s)])
        if model is not None:
            top = max((c for c in pack.cards if c.suit == s), key=lambda c: worth[c.id])
            return failed(
                f"scale {primiera.scale} values {top.id} at {worth[top.id] / 2}, more than the Seven "
                f"of its suit {seven} at {worth[seven] / 2}: the Sevens must be the best primiera cards"
            )
    top = max(worth.values()) / 2
    return proved(f"scale {primiera.scale}: every Seven is the best card of its suit, worth {top}")



@invariant(
    "scoring.scopa-cappotto",
    "The cappotto score is below the match target, so a cappotto can end a "
    "match that the target has not.",
    ("hand_scoring.scopa.cappotto", "hand_scoring.kind", "match"),
)
def scopa_cappotto(ruleset: Ruleset) -> Verdict:
    """``scopa.match.cappotto``: some total at the cappotto score, the other
    sides at 0, is still short of ``match.target``."""
    if scoring_kind(ruleset) != "scopa":
        return not_applicable("not a Scopa hand")
    cappotto = ruleset.hand_scoring.scopa.cappotto
    if not cappotto:
        return not_applicable("the cappotto is not played")
    target = ruleset.match.target
    score = z3.Int("cappotto side's points")
    model = find_violation([score >= cappotto], score >= target)
    if model is None:
        return failed(
            f"hand_scoring.scopa.cappotto {cappotto} is not below match.target {target}: "
            f"the cappotto could never end a match early"
        )
    return proved(f"{value(model, score)} points with every other side at 0 win by cappotto, short of {target}")



def rest_deal(ruleset: Ruleset) -> Verdict:
    """``scopa.deal.last-deal`` (``deal.last_deal = rest``): full deals of
    ``hand_size`` each while the stock holds two full deals or more, then
    one deal of the whole rest, which must split equally among the players,
    so that the stock empties and everyone plays as many cards. The deal
    invariants ``deal.stock-drains-evenly`` and ``deal.equal-plays`` give
    this verdict for such a deal."""
    n = ruleset.seating.players
    full = n * ruleset.deal.hand_size
    left = Pack(ruleset).size - full - table_cards(ruleset)
    stock, rounds, rest = z3.Ints("stock full_deals rest")
    facts = [stock == left, rounds >= 0, rest == stock - rounds * full, rest >= 0, rest < 2 * full,
             z3.Or(rounds == 0, rest + full >= 2 * full)]
    model = find_violation(facts, rest % n == 0, [rounds, rest])
    if model is not None:
        return failed(
            f"{left} cards left after the first deal: {plural(value(model, rounds), 'full deal')} of {full}, "
            f"then {value(model, rest)} cards, which {n} players cannot share equally"
        )
    m = witness(facts)
    return proved(
        f"{plural(value(m, rounds), 'full deal')} of {full}, then the last {value(m, rest)} cards "
        f"shared out, {value(m, rest) // n} each"
    )
