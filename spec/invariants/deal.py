"""Deal arithmetic: hands, table, indicator and stock account for every card.

Rules ``briscola.deal.hands``, ``briscola.deal.indicator``,
``briscola.draw.order``, ``briscola.draw.indicator-last``,
``briscola.draw.exhausted``, ``scopa.deal.table`` and ``scopa.deal.refill``.
The deal is encoded as integer terms over the spec's parameters (cards in play, players,
hand size, table cards, indicator, drawing); `deal_terms` is shared
with the inverse solve in `.deal_solve`, where the pack size is left
free.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..schema import Ruleset
from .core import (
    Verdict,
    failed,
    find_violation,
    invariant,
    not_applicable,
    plural,
    proved,
    value,
    witness,
)
from .facts import (
    Pack,
    draws,
    fishing,
    has_indicator,
    indicator_taken,
    option,
    players,
    refills,
    table_cards,
)
from .scopa import rest_deal

DEAL_READS = ("seating", "deal", "draw", "play.kind", "deck.suits", "deck.ranks", "deck.removed", "calling.monte")


@dataclass(frozen=True)
class DealParams:
    """The numbers of a deal, read from the spec."""

    players: int
    hand: int
    table: int = 0
    indicator: bool = False
    draw: bool = False
    indicator_where: str = "none"
    indicator_taken: bool = True
    fishing: bool = False
    refill: bool = False
    monte: bool = False
    """``chiamata.call.monte``: the cards left after the deal go to the
    bidder, who discards as many for the winner of the last trick."""

    @classmethod
    def of(cls, ruleset: Ruleset) -> DealParams:
        is_fishing = fishing(ruleset)
        return cls(
            players=players(ruleset),
            hand=ruleset.deal.hand_size,
            table=table_cards(ruleset),
            indicator=has_indicator(ruleset) and not is_fishing,
            draw=draws(ruleset) and not is_fishing,
            indicator_where=option(ruleset, "deal.indicator", "none"),
            indicator_taken=indicator_taken(ruleset),
            fishing=is_fishing,
            refill=is_fishing and refills(ruleset),
            monte=bool(option(ruleset, "calling.monte", False)),
        )

    @property
    def replenished(self) -> bool:
        """Whether hands are filled again from the stock during the hand."""
        return self.refill if self.fishing else self.draw

    @property
    def unit(self) -> int:
        """Cards handed out in one complete round of drawing (one each) or of
        dealing new hands (a hand each)."""
        return self.players * self.hand if self.fishing else self.players

    @property
    def excused(self) -> int:
        """Cards the rules leave out of play on purpose: an indicator that is
        never drawn (``draw.take_indicator = false``)."""
        return 1 if self.indicator and self.draw and not self.indicator_taken else 0

    def dealt_phrase(self) -> str:
        table = f" + {self.table} to the table" if self.table else ""
        return f"{self.players} players x {plural(self.hand, 'card')} = {self.players * self.hand} dealt{table}"


@dataclass(frozen=True)
class DealTerms:
    """Integer terms for one deal; ``facts`` tie them together."""

    pack: z3.ArithRef
    dealt: z3.ArithRef
    left: z3.ArithRef
    """Cards left after the first deal: the indicator and the stock."""
    stock: z3.ArithRef
    """The face-down stock (without the indicator)."""
    to_draw: z3.ArithRef
    """Cards handed out later: drawn after tricks, or dealt as new hands."""
    rounds: z3.ArithRef
    """Complete rounds of drawing (one card each) or of new hands (a hand each)."""
    short: z3.ArithRef
    """Cards in a last, incomplete round (0 when the stock drains evenly)."""
    played: z3.ArithRef
    """Cards that pass through the hands: dealt or drawn, all played."""
    must_play: z3.ArithRef
    """Cards in play that must be played: all but the table cards of a
    fishing game (captured, not played) and an indicator left out by rule."""
    facts: list[z3.BoolRef]

    def plays_of(self, params: DealParams, position: z3.ArithRef) -> z3.ArithRef:
        """Cards played in all by the player at ``position`` (0-based) in the
        order of the last round: the first hand, his share of every complete
        round, and what reaches him of a short last round."""
        h = params.hand
        if params.fishing:
            extra = z3.If(
                self.short >= (position + 1) * h, h, z3.If(self.short > position * h, self.short - position * h, 0)
            )
            return h + self.rounds * h + extra
        return h + self.rounds + z3.If(position < self.short, 1, 0)


def deal_terms(params: DealParams, pack: z3.ArithRef, tag: str = "") -> DealTerms:
    """The deal as integer terms, for a pack of ``pack`` cards (a number or a
    z3 term). ``briscola.draw.order``: each round every player draws one card,
    the face-up indicator last (``briscola.draw.indicator-last``) unless it
    stays out of play; ``scopa.deal.refill``: each round deals a new hand to
    everyone."""
    n = params.players
    dealt = z3.IntVal(n * params.hand + params.table)
    ind = 1 if params.indicator else 0
    stock, rounds, short = z3.Ints(f"stock{tag} rounds{tag} short{tag}")
    left = pack - dealt
    facts = [stock == z3.If(left - ind > 0, left - ind, 0)]
    if not params.replenished:
        to_draw: z3.ArithRef = z3.IntVal(0)
    elif params.fishing or params.indicator_taken:
        to_draw = z3.If(left > 0, left, 0)
    else:
        to_draw = stock
    facts += [to_draw == rounds * params.unit + short, 0 <= short, short < params.unit, rounds >= 0]
    played = n * params.hand + to_draw
    must_play = pack - params.excused - (params.table if params.fishing else 0)
    if params.monte:
        must_play = must_play - left  # the discards are won with the last trick, never played
    return DealTerms(pack, dealt, left, stock, to_draw, rounds, short, played, must_play, facts)


def deal_works(params: DealParams, terms: DealTerms) -> list[z3.BoolRef]:
    """Every claim of the deal invariants at once (for the inverse solve)."""
    claims = [terms.left >= 0, terms.short == 0, terms.played == terms.must_play]
    if params.indicator:
        claims.append(terms.left >= 1)
    return claims


def deal_of(ruleset: Ruleset) -> tuple[DealParams, DealTerms, int]:
    params = DealParams.of(ruleset)
    size = Pack(ruleset).size
    return params, deal_terms(params, z3.IntVal(size)), size


@invariant(
    "deal.cards-accounted",
    "Hands, table cards, indicator and stock account for every card in play, none negative.",
    DEAL_READS,
)
def cards_accounted(ruleset: Ruleset) -> Verdict:
    """``briscola.deal.hands``, ``scopa.deal.table``: the hands and table
    cards are dealt from the pack, so they must fit in it; what is left is
    the indicator and the stock."""
    params, t, size = deal_of(ruleset)
    model = find_violation(t.facts, t.left >= 0)
    if model is None:
        m = witness(t.facts)
        ind = 1 if params.indicator and value(m, t.left) > 0 else 0
        shown = f", {ind} indicator" if params.indicator else ""
        return proved(f"{params.dealt_phrase()}{shown}, {value(m, t.stock)} in the stock: {size} cards")
    need = params.players * params.hand + params.table
    return failed(
        f"{params.dealt_phrase()}: {need} cards are needed for the deal but the "
        f"pack has only {size} in play"
    )


@invariant(
    "deal.stock-drains-evenly",
    "The stock empties in complete rounds: one card per player after each trick "
    "(indicator included), or a new hand for everyone in the fishing games.",
    DEAL_READS,
)
def stock_drains_evenly(ruleset: Ruleset) -> Verdict:
    """``briscola.draw.order``: after each trick every player draws one card
    while the stock lasts, so the cards to draw must be a multiple of the
    number of players; ``scopa.deal.refill``: new hands of ``hand_size`` each
    must use up the stock exactly."""
    params, t, size = deal_of(ruleset)
    if not params.replenished:
        return not_applicable("nobody draws and no new hands are dealt")
    if params.fishing and option(ruleset, "deal.last_deal", "full") == "rest":
        return rest_deal(ruleset)
    model = find_violation(t.facts, t.short == 0)
    if model is None:
        m = witness(t.facts)
        what = "dealt as new hands" if params.fishing else "drawn"
        return proved(f"{value(m, t.to_draw)} cards {what} in {plural(value(m, t.rounds), 'round')}")
    to_draw, rounds, short = (value(model, x) for x in (t.to_draw, t.rounds, t.short))
    n = params.players
    if params.fishing:
        return failed(
            f"{params.dealt_phrase()}, {to_draw} left for new hands; {to_draw} is not a "
            f"multiple of {n} x {params.hand} = {params.unit}, so after "
            f"{plural(rounds, 'full deal')} the last deal has only {plural(short, 'card')}"
        )
    stock = value(model, t.stock)
    if not params.indicator:
        parts = ""
    elif params.indicator_taken:
        parts = f" ({stock} face down and the indicator)"
    else:
        parts = " (the indicator stays on the table)"
    return failed(
        f"{params.dealt_phrase()}, {to_draw} left in the stock{parts}; {to_draw} is not "
        f"a multiple of {n}, so the last drawing round is short: "
        f"{plural(rounds, 'full round')}, then {plural(short, 'card')} for {n} players"
    )


@invariant(
    "deal.equal-plays",
    "Every player plays the same number of cards in a hand.",
    DEAL_READS,
)
def equal_plays(ruleset: Ruleset) -> Verdict:
    """``briscola.deal.hands`` and ``briscola.draw.order``: each player holds
    a full hand and draws once per round; two players in any positions of the
    drawing order must end up playing as many cards."""
    params, t, size = deal_of(ruleset)
    if params.fishing and params.refill and option(ruleset, "deal.last_deal", "full") == "rest":
        return rest_deal(ruleset)
    p, q = z3.Ints("first second")
    n = params.players
    facts = t.facts + [0 <= p, p < n, 0 <= q, q < n]
    model = find_violation(facts, t.plays_of(params, p) == t.plays_of(params, q), [p, q])
    if model is None:
        return proved(f"{plural(value(witness(t.facts), t.plays_of(params, z3.IntVal(0))), 'card')} each")
    a, b = sorted((value(model, p), value(model, q)))
    more, fewer = (value(model, t.plays_of(params, z3.IntVal(x))) for x in (a, b))
    how, order = ("dealing new hands", "dealing") if params.fishing else ("drawing", "drawing")
    return failed(
        f"with {n} players and {value(model, t.to_draw)} cards to hand out by {how}, "
        f"the last round falls short: the player {_ordinal(a + 1)} in {order} order plays "
        f"{more} cards in all, the player {_ordinal(b + 1)} only {fewer}"
    )


@invariant(
    "deal.whole-tricks",
    "The cards played make a whole number of tricks, one card from each player.",
    DEAL_READS,
)
def whole_tricks(ruleset: Ruleset) -> Verdict:
    """``briscola.play.turn``: a trick takes one card from every player, so
    the cards played must be a multiple of the number of players."""
    params, t, size = deal_of(ruleset)
    if params.fishing:
        return not_applicable("the fishing games play no tricks")
    n = params.players
    tricks, over = z3.Ints("tricks over")
    facts = t.facts + [t.played == tricks * n + over, 0 <= over, over < n]
    model = find_violation(facts, over == 0)
    if model is None:
        return proved(f"{plural(value(witness(facts), tricks), 'trick')} of {n}")
    return failed(
        f"the {value(model, t.played)} cards played make {plural(value(model, tricks), 'full trick')} "
        f"of {n} and leave {value(model, over)} over, which cannot make one more trick"
    )


@invariant(
    "deal.all-cards-played",
    "Every card in play is played (or, in the fishing games, captured from the "
    "table), so every card ends in somebody's pile.",
    DEAL_READS,
)
def all_cards_played(ruleset: Ruleset) -> Verdict:
    """``briscola.draw.exhausted``, ``briscola.score.count`` and
    ``scopa.deal.refill``: the hand ends when the hands are played out; a card
    that is never dealt or drawn is never played and its points never count.
    Only an indicator the rules leave on the table is excused."""
    params, t, size = deal_of(ruleset)
    model = find_violation(t.facts, t.played == t.must_play)
    if model is None:
        extra = " (the indicator stays out)" if params.excused else ""
        if params.monte:
            extra = " (as many are discarded from the monte and won with the last trick)"
        return proved(f"{value(witness(t.facts), t.played)} cards played{extra}")
    played, must = value(model, t.played), value(model, t.must_play)
    never = must - played
    if never < 0:
        return failed(
            f"{params.dealt_phrase()} plus the cards handed out later would play {played} "
            f"cards, more than the {must} there are to play"
        )
    if params.fishing:
        why = "no new hands are dealt (deal.refill is false)"
    elif not params.draw:
        why = "there is no drawing (draw.enabled is false)"
    else:
        why = "the drawing stops before they are reached"
    return failed(
        f"{params.dealt_phrase()} out of {size}: {plural(never, 'card')} "
        f"{'is' if never == 1 else 'are'} never played because {why}, so "
        f"{'its' if never == 1 else 'their'} points are never won"
    )


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"
