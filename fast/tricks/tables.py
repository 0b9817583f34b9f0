"""What a trick game reads at every step, derived once per ruleset.

The options a step consults are plain attributes, and who takes a trick
is a lookup: ``beats[trump][best * size + card]`` is 1 when ``card``, played
after ``best`` (the card winning the trick so far), takes the lead
(``briscola.trick.winner``: a higher card of the same suit, or the first
trump on a trick of another suit).
"""

from __future__ import annotations

from regola.spec import Ruleset

from ..cards import Pack, per_ruleset


class TrickTables:
    """A trick game's cards, seats and options, as plain lookups."""

    def __init__(self, ruleset: Ruleset) -> None:
        pack = self.pack = Pack(ruleset)
        deck = ruleset.deck
        n = pack.size
        self.ruleset = ruleset
        self.size = n
        by_rank = {r: len(deck.strength) - i for i, r in enumerate(deck.strength)}
        self.strength: tuple[int, ...] = tuple(by_rank.get(r, 0) for r in pack.rank)
        """Card -> its strength within its suit (higher beats lower)."""
        suit = pack.suit
        strength = self.strength
        self.beats: dict[str | None, bytes] = {}
        """Trump suit id (None: no trumps) -> who takes the lead (module docstring)."""
        for trump in (*pack.suit_ids, None):
            t = pack.suit_ids.index(trump) if trump is not None else -1
            row = bytearray(n * n)
            for best in range(n):
                for card in range(n):
                    if suit[card] == suit[best]:
                        row[best * n + card] = strength[card] > strength[best]
                    else:
                        row[best * n + card] = suit[card] == t
            self.beats[trump] = bytes(row)
        players = pack.players
        self.players = players
        self.next_of: tuple[int, ...] = tuple((s + 1) % players for s in range(players))
        self.from_seat: tuple[tuple[int, ...], ...] = tuple(
            tuple((s + i) % players for i in range(players)) for s in range(players)
        )
        """Seat -> every seat from it in turn order (``briscola.draw.order``)."""
        seating = ruleset.seating
        self.in_hand = seating.in_hand
        self.dealer_sits_out = seating.sits_out == "dealer"
        self.must_follow = ruleset.play.follow_suit == "must-follow"
        self.first_lead = ruleset.play.first_lead
        self.draws = ruleset.draw.enabled
        self.takes_indicator = ruleset.draw.take_indicator
        self.shows_drawn = ruleset.draw.shown
        self.exchange = ruleset.exchange.card
        self.exchanges = self.exchange != "none"
        self.exchange_window = ruleset.exchange.window
        self.exchange_after_win = ruleset.exchange.requires_trick_won
        self.counts = ruleset.hand_scoring.kind == "count"
        self.scoring = ruleset.hand_scoring.kind
        self.bidding = ruleset.bidding.kind != "none"
        self.partner_view = ruleset.information.partner_view
        self.open_hands = ruleset.information.open_hands
        self.stock_top_visible = ruleset.information.stock_top_visible
        self.rebury = frozenset(ruleset.deal.rebury_indicator)
        self.packets = ruleset.deal.packets
        self.indicator_at = ruleset.deal.indicator
        self.winner_deals = ruleset.match.next_dealer == "winner"
        self.one_by_one = all(p == 1 for p in self.packets)
        self.dealt_seats = tuple(self._dealt_seats(dealer) for dealer in range(players))
        """Dealer -> the seats dealt in, in order (``briscola.deal.hands``)."""
        self.first_leader = tuple(self._first_leader(dealer) for dealer in range(players))
        """Dealer -> the first to lead (``briscola.play.first-lead``), None
        while the auction will tell (``chiamata.play.bidder-leads``)."""
        self.match_kind = ruleset.match.kind
        self.match_target = ruleset.match.target
        scoring = ruleset.hand_scoring
        self.tie = scoring.tie
        self.tiers = tuple((tier.min_points, tier.game_points) for tier in scoring.game_points)
        self.double_below = scoring.double_below
        self.solo = all(len(side) == 1 for side in pack.sides)
        """Every seat is a side of its own."""

    def _dealt_seats(self, dealer: int) -> tuple[int, ...]:
        """The seats dealt in from the one after the dealer;
        ``chiamata.seat.dealer-sits-out``: all but the dealer, where he sits out."""
        n = self.players
        seats = [(dealer + i) % n for i in range(1, n + 1)]
        return tuple(s for s in seats if not (self.dealer_sits_out and s == dealer))

    def _first_leader(self, dealer: int) -> int | None:
        n = self.players
        if self.first_lead == "after-dealer":
            return (dealer + 1) % n
        if self.first_lead == "bidder":
            return None
        return (dealer - 1) % n

    def exchange_card(self, trump: str | None, indicator: int | None) -> int | None:
        """The trump that may be swapped for the indicator now
        (``briscola.exchange.card``): the Seven or the Two of trumps, or
        with ``seven-or-two`` the Seven when the indicator is above it and
        the Two otherwise; None when the variant has no exchange, the
        indicator is gone, or that card is not in the pack."""
        if not self.exchanges or indicator is None:
            return None
        index = self.pack.index
        if self.exchange == "seven-or-two":
            seven = index.get("7" + trump)
            above = seven is not None and self.strength[indicator] > self.strength[seven]
            rank = "7" if above else "2"
        else:
            rank = "7" if self.exchange == "seven" else "2"
        return index.get(rank + trump)


tables_of = per_ruleset(TrickTables)
"""The tables of a ruleset, built once and kept (`regola.fast.cards.per_ruleset`)."""
