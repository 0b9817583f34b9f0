"""Lookup tables of a trick game, derived once from a ruleset, so rules
read as plain lookups.

For speed, the options a step consults (``play.follow_suit``,
``draw.*``, ``seating.in_hand`` ...) are also read here once per ruleset
into plain fields (`Tables.must_follow`, `Tables.draws` ...), so a step
reads one attribute instead of walking the pydantic spec two levels deep
(or running a property) every time. A ruleset is frozen, so a value read
once stays its value; the tables are built afresh whenever
`regola.reference.cache.per_ruleset` empties its memory.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from regola.spec import Ruleset

from ..actions import play_action
from ..cache import pack, per_ruleset


@dataclass(frozen=True)
class Tables:
    """Everything about cards and seats the rules need, keyed by card id or seat."""

    ruleset: Ruleset
    players: int
    cards: tuple[str, ...]
    """Cards in play, in canonical order."""
    order: dict[str, int]
    """Card id -> position in canonical order (sorts hands and actions)."""
    suit: dict[str, str]
    rank: dict[str, str]
    strength: dict[str, int]
    """Card id -> strength within its suit (higher beats lower)."""
    points: dict[str, int]
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    """Seat -> index of its side in ``sides``."""
    from_seat: tuple[tuple[int, ...], ...] = ()
    """Seat -> every seat in turn order starting with it (who draws after
    a trick: ``briscola.draw.order``), so a step reads the order instead of
    working it out seat by seat."""
    next_of: tuple[int, ...] = ()
    """Seat -> the seat after it in turn order (before skipping a seat
    that sits the hand out: `regola.reference.tricks.seats.next_seat`)."""
    in_hand: int = 0
    """``seating.in_hand``: players taking part in a hand (all but the dealer
    where ``chiamata.seat.dealer-sits-out``)."""
    dealer_sits_out: bool = False
    """``seating.sits_out == "dealer"`` (``chiamata.seat.dealer-sits-out``)."""
    must_follow: bool = False
    """``play.follow_suit == "must-follow"`` (``briscola.play.follow-suit``)."""
    exchanges: bool = False
    """``exchange.card != "none"``: the indicator may be exchanged."""
    draws: bool = False
    """``draw.enabled`` (``briscola.draw.order``)."""
    takes_indicator: bool = False
    """``draw.take_indicator`` (``briscola.draw.indicator-last``)."""
    shows_drawn: bool = False
    """``draw.shown`` (``tressette.draw.shown``)."""
    no_trumps: bool = False
    """Neither an indicator nor bidding names trumps (``tressette.play.no-trumps``)."""
    counts: bool = False
    """``hand_scoring.kind == "count"`` (``tressette.declare.*``)."""
    bidder_leads: bool = False
    """``play.first_lead == "bidder"`` (``chiamata.play.bidder-leads``)."""
    partner_view: str = "never"
    """``information.partner_view``: when partners see each other's hands
    (``briscola.info.partner-view``, ``briscola.info.captain-view``)."""
    plays: tuple[dict[str, object], ...] = ()
    """Seat -> card -> the shared `PlayAction` of that seat playing that
    card (`regola.reference.actions.play_action`), so listing the legal
    plays is a dict lookup per card."""

    @classmethod
    def of(cls, ruleset: Ruleset) -> Tables:
        """The tables of ``ruleset``, built once and kept for the few most
        recently used rulesets (`regola.reference.cache`)."""
        return _tables_of(ruleset)

    @classmethod
    def _build(cls, ruleset: Ruleset) -> Tables:
        deck = ruleset.deck
        cards = pack(ruleset)
        n_strength = len(deck.strength)
        by_rank = {r: n_strength - i for i, r in enumerate(deck.strength)}
        points_by_rank = {r.id: r.points for r in deck.ranks}
        sides = ruleset.seating.sides()
        n = ruleset.seating.players
        return cls(
            ruleset=ruleset,
            players=ruleset.seating.players,
            cards=cards,
            order={c: i for i, c in enumerate(cards)},
            suit={c: c[-1] for c in cards},
            rank={c: c[:-1] for c in cards},
            strength={c: by_rank.get(c[:-1], 0) for c in cards},
            points={c: points_by_rank[c[:-1]] for c in cards},
            sides=sides,
            side_of=ruleset.seating.side_of(),
            from_seat=tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)),
            next_of=tuple((seat + 1) % n for seat in range(n)),
            in_hand=ruleset.seating.in_hand,
            dealer_sits_out=ruleset.seating.sits_out == "dealer",
            must_follow=ruleset.play.follow_suit == "must-follow",
            exchanges=ruleset.exchange.card != "none",
            draws=ruleset.draw.enabled,
            takes_indicator=ruleset.draw.take_indicator,
            shows_drawn=ruleset.draw.shown,
            no_trumps=ruleset.deal.indicator == "none" and ruleset.bidding.kind == "none",
            counts=ruleset.hand_scoring.kind == "count",
            bidder_leads=ruleset.play.first_lead == "bidder",
            partner_view=ruleset.information.partner_view,
            plays=tuple({c: play_action(seat, c) for c in cards} for seat in range(n)),
        )

    def sort(self, cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        """Cards in canonical order."""
        return tuple(sorted(cards, key=self.order.__getitem__))

    def insert(self, hand: tuple[str, ...], card: str) -> tuple[str, ...]:
        """``hand`` (in canonical order) with ``card`` added in its place."""
        order = self.order
        at = bisect_left(hand, order[card], key=order.__getitem__)
        return (*hand[:at], card, *hand[at:])

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on this seat's side."""
        return tuple(s for s in self.sides[self.side_of[seat]] if s != seat)


_tables_of = per_ruleset(Tables._build)
