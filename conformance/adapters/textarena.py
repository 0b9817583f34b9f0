"""Adapter for the Briscola environment of ``textarena`` (PyPI):
``textarena.envs.Briscola.env.BriscolaEnv``.

- Deck: ``reset()`` copies the 40-card pack and shuffles it with
  ``random.shuffle``; while it runs, the adapter gives the environment's
  module a ``shuffle`` that puts the pack in the trace's order. The
  environment deals and draws from the end of its list, so that list is
  the trace's deck reversed.
- Seats: player 0 is dealt first and leads, so it sits after the dealer;
  the others follow in order of play. Moves are the environment's own
  text actions, ``[play N]`` with the position of the trace's card in the
  hand of the player to move.
- Cards: ranks ``A 2-7 J Q K`` (the Queen standing for the Horse, as the
  environment's points and strength say) and suits ``♦ ♥ ♠ ♣`` are the
  Italian ids ``A 2-7 J H K`` and ``d c s b`` (variants ``briscola-2``,
  ``briscola-3`` and ``briscola-4-solo``, the player counts it accepts).
- Not reported: legal actions, seat views, the match.
"""

from __future__ import annotations

import random as _random
from typing import Any

from regola.conformance.protocol.engine import ActionRejected, EngineFailure

from .base import (
    PATCH_LOCK,
    CardMap,
    HandByHandAdapter,
    HandContext,
    HandDriver,
    Snapshot,
    by_construction,
)

_RANKS = {"A": "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "J": "J", "Q": "H", "K": "K"}
_SUITS = {"♦": "d", "♥": "c", "♠": "s", "♣": "b"}


class _ScriptedRandom:
    """Stands in for the environment module's ``random`` while it shuffles."""

    def __init__(self, order: list[tuple[str, str]]) -> None:
        self.pos = {key: i for i, key in enumerate(order)}

    def shuffle(self, cards: list) -> None:
        cards.sort(key=lambda c: self.pos[(c["rank"], c["suit"])])

    def __getattr__(self, name: str) -> Any:
        return getattr(_random, name)


class TextarenaHand(HandDriver):
    engine = "textarena"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__(ctx)
        from textarena.envs.Briscola import env as env_mod

        self.cards = CardMap({(r, s): f"{rid}{sid}" for r, rid in _RANKS.items() for s, sid in _SUITS.items()})
        pack = ctx.ruleset.deck.cards()
        if sorted(pack) != sorted(self.cards.to_key):
            removed = sorted(set(self.cards.to_key) - set(pack))
            raise EngineFailure(
                "unsupported",
                f"textarena always plays all 40 cards; {ctx.ruleset.id} takes out {' '.join(removed)}",
            )
        self.env = env_mod.BriscolaEnv()
        order = [self.cards.to_key[c] for c in reversed(ctx.deck)]
        with PATCH_LOCK:
            saved = env_mod.random
            env_mod.random = _ScriptedRandom(order)
            try:
                self.env.reset(num_players=ctx.players)
            finally:
                env_mod.random = saved
        self.last: tuple[int, list[tuple[int, str]]] | None = None

    @property
    def gs(self) -> dict[str, Any]:
        return self.env.state.game_state

    def _id(self, card: dict[str, Any]) -> str:
        return self.cards.to_id[(card["rank"], card["suit"])]

    def play(self, seat: int, card: str) -> None:
        gs, st = self.gs, self.env.state
        if st.done:
            raise by_construction("textarena", "the environment has ended the game")
        pid = self.ctx.position_of(seat)
        if pid != st.current_player_id:
            raise by_construction("textarena", f"step() plays for the current player, seat {self.ctx.seat_of(st.current_player_id)}")
        hand = [self._id(c) for c in gs["players"][pid]["hand"]]
        if card not in hand:
            raise by_construction("textarena", f"[play N] names a position in the hand, and seat {seat} does not hold {card}")
        before = list(gs["current_trick"])
        won_before = {p: len(t) for p, t in gs["tricks_won"].items()}
        self.env.step(f"[play {hand.index(card) + 1}]")
        if st.made_invalid_move:
            raise ActionRejected(None, "textarena refused the move")
        if len(before) + 1 == self.ctx.players:
            winner = next(p for p, t in gs["tricks_won"].items() if len(t) > won_before[p])
            cards = [(self.ctx.seat_of(p), self._id(c)) for p, c in before] + [(seat, card)]
            self.last = (self.ctx.seat_of(winner), cards)

    def snapshot(self) -> Snapshot:
        gs, st = self.gs, self.env.state
        n = self.ctx.players
        deck = [self._id(c) for c in reversed(gs["deck"])]  # top card first
        trump_card = gs["trump_card"]
        # the trump card is put at the bottom of the deck list (index 0) and drawn last
        face_up = bool(gs["deck"]) and gs["deck"][0] is trump_card
        stock = deck[:-1] if face_up else deck
        hands: list[list[str]] = [[] for _ in range(n)]
        won: list[list[str]] = [[] for _ in range(n)]
        points = [0] * n
        for pid in range(n):
            seat = self.ctx.seat_of(pid)
            hands[seat] = [self._id(c) for c in gs["players"][pid]["hand"]]
            won[seat] = [self._id(c) for trick in gs["tricks_won"][pid] for _, c in trick]
            points[seat] = gs["points_won"][pid]
        trick = [(self.ctx.seat_of(p), self._id(c)) for p, c in gs["current_trick"]]
        finished = gs["phase"] == "finished"
        winner = None
        if finished and st.rewards:
            winner = self.ctx.seat_of(max(st.rewards, key=lambda p: st.rewards[p]))
        to_move = self.ctx.seat_of(st.current_player_id)
        leader = trick[0][0] if trick else to_move
        return Snapshot(
            to_move=to_move,
            trump=_SUITS[gs["trump_suit"]],
            indicator=self._id(trump_card) if face_up else None,
            stock=stock,
            hands=hands,
            trick=trick,
            leader=leader,
            tricks_played=sum(len(t) for t in gs["tricks_won"].values()),
            last_trick=self.last,
            won=won,
            points=points,
            finished=finished,
            winner=winner,
        )


class TextarenaAdapter(HandByHandAdapter):
    NAME = "textarena"
    DISTRIBUTION = "textarena"
    VARIANTS = ("briscola-2", "briscola-3", "briscola-4-solo")
    DRIVER = TextarenaHand
