"""Adapter for ``libbisca`` (PyPI), Portuguese Bisca for two:
``libbisca.state.State``.

- Deck: ``State(hand_size, turn, stock)`` takes the pack as a list it
  draws from the end (``stock.pop()``) and whose first element is the trump
  card; the adapter passes the trace's deck reversed, so the engine's own
  deal code runs on the trace's deck.
- Seats: the engine's ``turn`` at the start (the eldest hand, ``SOUTH``)
  is dealt first and leads, so it sits after the dealer; ``NORTH`` deals.
  ``State.play(card)`` plays for the player whose turn it is.
- Cards: ranks ``2 3 4 5 6 Q J K 7 A`` and suits ``H D S C`` are regola's
  ids with a lower-case suit (variant ``bisca-2``, French deck).
- Legal actions: ``State.legal_moves`` (any card of the hand of the player
  to move). Not reported: seat views, and the match (one hand per engine
  game; the adapter deals each hand afresh).
"""

from __future__ import annotations

from typing import Any

from regola.conformance.protocol.engine import ActionRejected

from .base import (
    CardMap,
    HandByHandAdapter,
    HandContext,
    HandDriver,
    Snapshot,
    by_construction,
)

_RANKS = "A234567JQK"
_SUITS = "HDSC"


class LibbiscaHand(HandDriver):
    engine = "libbisca"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__(ctx)
        import libbisca
        from libbisca.state import Player, State

        self.Player = Player
        self.cards = CardMap({(r, s): f"{r}{s.lower()}" for r in _RANKS for s in _SUITS})
        self.eldest = Player.SOUTH
        stock = [libbisca.get_card(r + s) for r, s in (self.cards.to_key[c] for c in reversed(ctx.deck))]
        self.state = State(hand_size=ctx.ruleset.deal.hand_size, turn=self.eldest, stock=stock)
        self.last: tuple[int, list[tuple[int, str]]] | None = None

    def _seat(self, player: Any) -> int:
        return self.ctx.seat_of(0 if player is self.eldest else 1)

    def _id(self, card: Any) -> str:
        return f"{card.rank.repr}{card.suit.value.lower()}"

    def _card(self, card: str) -> Any:
        import libbisca

        rank, suit = self.cards.to_key[card]
        return libbisca.get_card(rank + suit)

    def play(self, seat: int, card: str) -> None:
        st = self.state
        if seat != self._seat(st.turn):
            raise by_construction("libbisca", f"State.play has no player argument: it plays for seat {self._seat(st.turn)}, whose turn it is")
        leader = self._seat(st.turn) if not st.table else self._seat(st.turn.opponent)
        try:
            result = st.play(self._card(card))
        except ValueError as exc:  # list.remove: the card is not in the hand of the player to move
            raise ActionRejected(None, f"libbisca refused: {exc}") from None
        if result is not None:
            winner, _, table, _ = result
            first, second = table
            self.last = (self._seat(winner), [(leader, self._id(first)), (1 - leader, self._id(second))])

    def legal(self) -> list[dict[str, Any]]:
        st = self.state
        seat = self._seat(st.turn)
        return [{"type": "play", "seat": seat, "card": self._id(c)} for c in st.legal_moves]

    def snapshot(self) -> Snapshot:
        st = self.state
        n = 2
        hands: list[list[str]] = [[] for _ in range(n)]
        won: list[list[str]] = [[] for _ in range(n)]
        points = [0] * n
        tricks = 0
        for player, ps in st.players.items():
            seat = self._seat(player)
            hands[seat] = [self._id(c) for c in ps.hand]
            won[seat] = [self._id(c) for table in ps.pile for c in table]
            points[seat] = ps.score
            tricks += len(ps.pile)
        # the trump card is stock[0], drawn last; the top of the stock is stock[-1]
        face_up = bool(st.stock)
        stock = [self._id(c) for c in reversed(st.stock[1:])] if face_up else []
        trick = []
        if st.table:
            trick = [(self._seat(st.turn.opponent), self._id(st.table[0]))]
        leader = self._seat(st.turn.opponent) if st.table else self._seat(st.turn)
        finished = st.is_endgame()
        winner = None
        if finished:
            w = st.get_winner()
            winner = None if w is None else self._seat(w)
        return Snapshot(
            to_move=self._seat(st.turn),
            trump=self._id(st.trump)[-1],
            indicator=self._id(st.trump) if face_up else None,
            stock=stock,
            hands=hands,
            trick=trick,
            leader=leader,
            tricks_played=tricks,
            last_trick=self.last,
            won=won,
            points=points,
            finished=finished,
            winner=winner,
        )


class LibbiscaAdapter(HandByHandAdapter):
    NAME = "libbisca"
    DISTRIBUTION = "libbisca"
    VARIANTS = ("bisca-2",)
    LEGAL = True
    DRIVER = LibbiscaHand
