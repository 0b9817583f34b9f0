"""A match of a trick game, played in place (rules ``briscola.*``,
``albastini.*``, ``tressette.*``, and ``chiamata.*`` once the call is made).

The common step is `TrickMatch.apply` with a card: checked (turn, in hand,
following suit), put on the trick, and, when the trick is full, taken
(``briscola.trick.winner`` by one table lookup per card), drawn after and
scored at the end of the hand. Nothing is rebuilt: the lists of the match
change in place.

The bidding games' phases before play are delegated to the reference
(`regola.fast.match`): the shuffle, the auction, the call, the trump
guess, the monte, and the first trick of a hand whose call waits for it
(``chiamata.call.after-first-trick``); the match is read back once the
call is made.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import replace as replace_record
from typing import Any

from regola.reference import parse_action

from ..match import Match
from ..moves import CARD, EXCHANGE
from . import bridge, views
from .deal import DealRefused, deal
from .playout import is_plain, plain_playout
from .scoring import declarations, next_dealer, score_hand, update_match
from .tables import TrickTables, tables_of


class TrickMatch(Match):
    """A trick game's match (see `regola.fast` for the fields)."""

    __slots__ = ("t", "indicator", "trump", "beats", "trick", "leader", "won", "points", "tricks_won",
                 "tricks_played", "last_trick", "card_totals", "declared", "shown", "auction", "contract", "out")

    def __init__(self, ruleset: Any) -> None:
        t: TrickTables = tables_of(ruleset)
        self.t = t
        self._start(ruleset, t.pack)
        self.indicator: int | None = None
        self.trump: str | None = None
        self.beats = t.beats[None]
        self.trick: list[tuple[int, int]] = []
        self.leader: int | None = None
        self.won: list[list[int]] = []
        self.points: list[int] = []
        self.tricks_won: list[int] = []
        self.tricks_played = 0
        self.last_trick: tuple[int, tuple[tuple[int, int], ...]] | None = None
        self.card_totals = [0] * len(t.pack.sides)
        self.declared: list[int] | None = None
        self.shown: list[list[int]] | None = None
        self.auction: Any = None
        self.contract: Any = None
        self.out = -1

    # --- the shuffle ----------------------------------------------------------------

    def _shuffled(self, order: list[int]) -> None:
        """Deal the next hand from ``order`` (a permutation of the pack, top
        card first): `regola.fast.tricks.deal`, or the reference's deal and
        auction in the bidding games."""
        if self.t.bidding:
            self._delegate({"type": "shuffle", "deck": self.pack.ids(order)})
            return
        try:
            hands, stock, indicator, leader = deal(self.t, self.dealer, order)
        except DealRefused:
            self._refuse({"type": "shuffle", "deck": self.pack.ids(order)})
        n = self.players
        self.phase = "play"
        self.hands = hands
        self.stock = stock
        self.indicator = indicator
        self.trump = self.pack.suit_id[indicator] if indicator is not None else None
        self.beats = self.t.beats[self.trump]
        self.trick = []
        self.leader = self.to_move = leader
        self.won = [[] for _ in range(n)]
        self.points = [0] * n
        self.tricks_won = [0] * n
        self.tricks_played = 0
        self.last_trick = None
        self.result = None
        self.declared = None
        self.shown = None
        self.out = self.dealer if self.t.dealer_sits_out else -1

    # --- legal moves ------------------------------------------------------------------

    def legal(self) -> list[Any]:
        """Every legal move, in the reference's order: plays by card order
        (``briscola.play.free``, ``briscola.play.follow-suit``), then the
        exchange (``briscola.exchange.*``)."""
        if self.delegate is not None:
            return self._delegated_legal()
        if self.phase != "play":
            return []
        seat = self.to_move
        hand = self.hands[seat]
        trick = self.trick
        if trick and self.t.must_follow:
            suit = self.pack.suit
            led = suit[trick[0][1]]
            moves = [c for c in hand if suit[c] == led] or hand[:]
        else:
            moves = hand[:]
        if self.t.exchanges:
            card = self._exchangeable(seat)
            if card is not None:
                moves.append(EXCHANGE | card)
        return moves

    def _exchangeable(self, seat: int) -> int | None:
        """The trump ``seat`` may swap for the indicator now, if any:
        ``briscola.exchange.card`` (the one card, held), ``briscola.exchange.window``
        (the first trick, or while the stock lasts), ``briscola.exchange.after-win``."""
        t = self.t
        card = t.exchange_card(self.trump, self.indicator)
        if card is None or card not in self.hands[seat]:
            return None
        if not (self.tricks_played == 0 if t.exchange_window == "before-first-trick" else self.stock):
            return None
        if t.exchange_after_win and self.tricks_won[seat] == 0:
            return None
        return card

    # --- a step -----------------------------------------------------------------------

    def apply(self, move: Any) -> None:
        """Play a move (an int, or an action dict or object); raises the
        reference's `IllegalAction` for one the rules forbid.

        ``briscola.play.turn`` (the move is the seat to move's),
        ``briscola.play.in-hand``, ``briscola.play.follow-suit``; then the
        card goes from the hand to the trick (`_play`)."""
        if type(move) is not int or self.delegate is not None or self.phase != "play":
            if type(move) is int:
                move = self.action(move) if self.phase == "play" else {"type": "play", "seat": -1, "card": ""}
            self._apply_action(move)
            return
        seat = self.to_move
        hand = self.hands[seat]
        if move in hand:
            trick = self.trick
            if trick and self.t.must_follow:
                suit = self.pack.suit
                led = suit[trick[0][1]]
                if suit[move] != led:
                    for card in hand:
                        if suit[card] == led:
                            self._refuse(move)
            self._play(seat, hand, move)
            return
        if move & EXCHANGE:
            card = self._exchangeable(seat)
            if card is not None and move == EXCHANGE | card:
                self._exchange(seat, card)
                return
        if not 0 <= move & ~EXCHANGE < self.pack.size:
            raise ValueError(f"{self.ruleset.id}: {move} is not a move of a trick game (see regola.fast.moves)")
        self._refuse(move)

    def _exchange(self, seat: int, card: int) -> None:
        """``briscola.exchange.card``: the trump goes under the stock face up
        and the indicator into the hand."""
        hand = self.hands[seat]
        hand.remove(card)
        insort(hand, self.indicator)
        self.indicator = card

    def _play(self, seat: int, hand: list[int], card: int) -> None:
        """``briscola.play.*``: the card goes from the hand to the trick; the
        next seat in the hand plays (``briscola.play.turn``), or the full
        trick is taken."""
        hand.remove(card)
        if self.shown is not None and card in self.shown[seat]:
            self.shown[seat].remove(card)  # tressette.draw.shown: known until played
        if self.contract is not None:
            self._reveal(card)
        trick = self.trick
        trick.append((seat, card))
        t = self.t
        if len(trick) < t.in_hand:
            nxt = t.next_of[seat]
            self.to_move = t.next_of[nxt] if nxt == self.out else nxt
        else:
            self._take_trick(t, trick)

    def _reveal(self, card: int) -> None:
        """``chiamata.info.reveal``: a called card played shows who holds it."""
        contract = self.contract
        name = self.cards[card]
        if contract.second is not None and not contract.second_revealed and name == contract.second:
            self.contract = replace_record(contract, second_revealed=True)
        elif not contract.revealed and name == contract.called:
            self.contract = replace_record(contract, revealed=True)

    def _take_trick(self, t: TrickTables, trick: list[tuple[int, int]]) -> None:
        """``briscola.trick.winner`` and ``briscola.trick.lead-next``, the
        declarations after the first trick (``tressette.declare.*``), the
        draw, and the end of the hand once every card is played."""
        beats = self.beats
        size = t.size
        winner, best = trick[0]
        for seat, card in trick:
            if beats[best * size + card]:
                winner, best = seat, card
        pile = self.won[winner]
        points = t.pack.points
        total = 0
        for _, card in trick:
            pile.append(card)
            total += points[card]
        self.points[winner] += total
        self.tricks_won[winner] += 1
        self.tricks_played = played = self.tricks_played + 1
        hands = self.hands
        if played == 1 and t.counts:
            self.declared = declarations(t, hands, trick)
        self.last_trick = (winner, tuple(trick))
        self.trick = []
        self.leader = self.to_move = winner
        if t.draws and (self.stock or self.indicator is not None):
            self._draw(winner)
        for hand in hands:
            if hand:
                return
        self._finish_hand()

    def _draw(self, winner: int) -> None:
        """``briscola.draw.order``: each player draws from the top of the
        stock, the trick's winner first; ``briscola.draw.indicator-last``:
        the face-up indicator is the last card drawn;
        ``tressette.draw.shown``: a card drawn from the stock is shown."""
        stock = self.stock
        takes = self.t.takes_indicator and self.indicator is not None
        if not stock and not takes:
            return
        hands = self.hands
        shows = self.t.shows_drawn
        if shows and self.shown is None:
            self.shown = [[] for _ in range(self.players)]
        for seat in self.t.from_seat[winner]:
            if stock:
                card = stock.pop()
                insort(hands[seat], card)
                if shows:
                    self.shown[seat].append(card)
            elif takes:
                insort(hands[seat], self.indicator)
                self.indicator = None
                takes = False
            else:
                break

    def _finish_hand(self) -> None:
        """The hand's score, the match, and the next dealer (``briscola.match.*``)."""
        result = score_hand(self)
        update_match(self, result)
        self.result = result
        self.to_move = self.leader = None
        if self.over:
            self.phase = "over"
            return
        self.phase = "shuffle"
        self.dealer = next_dealer(self, result)
        self.hand_number += 1

    def _playout(self, rnd: Any, seat: int | None) -> int:
        """Random moves until the hand ends or ``seat`` is to move: a plain
        hand inlined (`regola.fast.tricks.playout`), the others a move at a time."""
        played = 0
        while self.phase not in ("shuffle", "over") and self.to_move != seat:
            if self.phase == "play" and is_plain(self):
                return played + plain_playout(self, rnd, seat)
            moves = self.legal()
            self.apply(moves[int(rnd() * len(moves))])
            played += 1
        return played

    # --- JSON, views and the reference -------------------------------------------------

    def _action(self, move: int) -> dict[str, Any]:
        kind = "exchange" if move & EXCHANGE else "play"
        return {"type": kind, "seat": self.to_move, "card": self.cards[move & CARD]}

    def move(self, action: dict[str, Any]) -> Any:
        """The move of a JSON action (the reference's action object in a
        delegated phase); IllegalAction if it is not one this match knows."""
        if self.delegate is not None:
            return parse_action(action)
        found = self._parse(action)
        if found is None:
            self._refuse(action)
        return found

    def _parse(self, action: dict[str, Any]) -> int | None:
        kind = action.get("type")
        card = action.get("card")
        if kind not in ("play", "exchange") or len(action) != 3 or type(card) is not str:
            return None
        seat = action.get("seat")
        if type(seat) is not int:
            return None
        c = self.pack.index.get(card)
        if c is None:
            return None
        return c if kind == "play" else EXCHANGE | c

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _export(self) -> Any:
        return bridge.export(self)

    def _import(self, state: Any) -> None:
        bridge.load(self, state)

    def _takes_back(self, state: Any) -> bool:
        return bridge.takes_back(state)

