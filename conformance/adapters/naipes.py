"""Adapter for ``naipes`` (PyPI), Spanish Brisca for two: a human against
the program, ``naipes.games.brisca.state.GameState``.

- Deck: ``GameState.new(seed)`` builds the ordered pack and shuffles it with
  the package's own generator; while it deals, the adapter swaps in a
  generator whose shuffle leaves the pack in the trace's order (top card
  first, as ``GameState`` draws from index 0), so the engine's own deal code
  runs on the trace's deck.
- Seats: the engine's ``HUMAN`` is dealt first and leads the first trick,
  so it sits after the dealer; ``AI`` is the dealer. Both are scripted:
  ``play_card(player, hand_index)`` is called with the position of the
  trace's card in that player's hand.
- Cards: ``Card(rank, suit)`` with ranks 1-7, 10 (Sota), 11 (Caballo),
  12 (Rey) and suits O C E B are regola's ``A``-``7``, ``S``, ``C``, ``R``
  and ``o c e b`` (variant ``brisca-2``).
- Not reported: legal actions (the engine has no list), seat views, and the
  match (the engine plays one hand; the adapter deals each hand afresh).
"""

from __future__ import annotations

from typing import Any

from regola.conformance.protocol.engine import ActionRejected

from .base import (
    PATCH_LOCK,
    CardMap,
    HandByHandAdapter,
    HandContext,
    HandDriver,
    Snapshot,
    by_construction,
)

_RANKS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 10: "S", 11: "C", 12: "R"}


def _card_map() -> CardMap:
    return CardMap({(r, s): f"{rid}{s.lower()}" for r, rid in _RANKS.items() for s in "OCEB"})


class _ScriptedRng:
    """Stands in for naipes' generator while a hand is dealt: its shuffle
    puts the pack in the trace's order."""

    order: list[tuple[int, str]] = []

    def __init__(self, seed: int) -> None:
        pass

    def shuffle(self, items: list) -> None:
        pos = {key: i for i, key in enumerate(self.order)}
        items.sort(key=lambda c: pos[(c.rank, c.suit)])


class NaipesHand(HandDriver):
    engine = "naipes"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__(ctx)
        from naipes.games.brisca import state as mod

        self.mod = mod
        self.cards = _card_map()
        self.human_seat = ctx.seat_of(0)
        with PATCH_LOCK:
            saved = mod.Rng
            _ScriptedRng.order = [self.cards.to_key[c] for c in ctx.deck]
            mod.Rng = _ScriptedRng
            try:
                self.game = mod.GameState.new(0)
            finally:
                mod.Rng = saved

    def _seat(self, player: Any) -> int:
        return self.human_seat if player is self.mod.Player.HUMAN else 1 - self.human_seat

    def _player(self, seat: int) -> Any:
        return self.mod.Player.HUMAN if seat == self.human_seat else self.mod.Player.AI

    def _id(self, card: Any) -> str:
        return self.cards.to_id[(card.rank, card.suit)]

    def play(self, seat: int, card: str) -> None:
        player = self._player(seat)
        hand = [self._id(c) for c in self.game.hand_of(player)]
        if card not in hand:
            raise by_construction("naipes", f"play_card takes a position in the hand, and seat {seat} does not hold {card}")
        try:
            self.game.play_card(player, hand.index(card))
        except (RuntimeError, IndexError) as exc:  # the engine's own refusals (turn, position)
            raise ActionRejected(None, f"naipes refused: {exc}") from None

    def snapshot(self) -> Snapshot:
        g = self.game
        deck = [self._id(c) for c in g.deck]
        trump_card = self._id(g.trump_card)
        # the face-up trump card lies at deck[-1] until it is drawn
        face_up = bool(deck) and deck[-1] == trump_card
        stock = deck[:-1] if face_up else deck
        hands = [[], []]
        won = [[], []]
        for player in self.mod.Player:
            hands[self._seat(player)] = [self._id(c) for c in g.hand_of(player)]
            won[self._seat(player)] = [self._id(c) for c in g.captured_of(player)]
        trick = []
        if g.pending_leader_card is not None:
            trick = [(self._seat(g.pending_leader), self._id(g.pending_leader_card))]
        last = None
        if g.trick_log:
            rec = g.trick_log[-1]
            first, second = (rec.human_card, rec.ai_card) if rec.leader is self.mod.Player.HUMAN else (rec.ai_card, rec.human_card)
            lead = self._seat(rec.leader)
            last = (self._seat(rec.winner), [(lead, self._id(first)), (1 - lead, self._id(second))])
        finished = g.is_finished()
        if g.pending_leader_card is not None:
            to_move = 1 - self._seat(g.pending_leader)
            leader = self._seat(g.pending_leader)
        else:
            to_move = leader = self._seat(g.leader)
        points = [0, 0]
        for player in self.mod.Player:
            points[self._seat(player)] = g.score_of(player)
        winner = None
        if finished:
            # naipes.cli.loop._outcome_for: over 60 wins, 60 is a draw
            human = g.score_of(self.mod.Player.HUMAN)
            winner = self.human_seat if human > 60 else (1 - self.human_seat if human < 60 else None)
        return Snapshot(
            to_move=to_move,
            trump=g.trump_suit.lower(),
            indicator=trump_card if face_up else None,
            stock=stock,
            hands=hands,
            trick=trick,
            leader=leader,
            tricks_played=len(g.trick_log),
            last_trick=last,
            won=won,
            points=points,
            finished=finished,
            winner=winner,
        )


class NaipesAdapter(HandByHandAdapter):
    NAME = "naipes"
    DISTRIBUTION = "naipes"
    VARIANTS = ("brisca-2",)
    DRIVER = NaipesHand
