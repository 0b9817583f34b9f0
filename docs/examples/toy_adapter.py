"""The adapter that puts the toy engine through regola's conformance suite.

A hand-at-a-time engine needs only a :class:`HandDriver`: deal one hand from
a deck order in regola's card ids, play a card for a seat, and read the hand
back as a :class:`Snapshot`. :class:`HandByHandAdapter` strings the hands
into a match and builds the views.
"""

from __future__ import annotations

from typing import Any

from regola.conformance.adapters.base import (
    CardMap,
    HandByHandAdapter,
    HandContext,
    HandDriver,
    Snapshot,
)
from regola.conformance.protocol.engine import PROTOCOL, ActionRejected

import toy_briscola

SUITS = {"d": "coins", "c": "cups", "s": "swords", "b": "batons"}
FACES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
         "J": 8, "H": 9, "K": 10}
CARDS = CardMap({(v, s): f + i for f, v in FACES.items() for i, s in SUITS.items()})


class ToyHand(HandDriver):
    engine = "toy_briscola"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__(ctx)
        self.game = toy_briscola.Game([CARDS.to_key[c] for c in ctx.deck])

    def play(self, seat: int, card: str) -> None:
        if card not in CARDS.to_key:  # not a card of the pack at all
            raise ActionRejected(None, f"there is no card {card!r} in the pack")
        try:
            self.game.play(self.ctx.position_of(seat), CARDS.to_key[card])
        except ValueError as exc:  # the engine's own refusal
            raise ActionRejected(None, str(exc)) from None

    def snapshot(self) -> Snapshot:
        g, ids = self.game, CARDS.ids
        seat, position = self.ctx.seat_of, self.ctx.position_of

        def by_seat(per_player: list) -> list[list[str]]:
            return [ids(per_player[position(s)]) for s in (0, 1)]

        last = None
        if g.last_trick is not None:
            winner, played = g.last_trick
            last = (seat(winner), [(seat(p), CARDS.to_id[c]) for p, c in played])
        finished = g.finished
        points = [g.score(position(s)) for s in (0, 1)]
        winner = None
        if finished and points[0] != points[1]:
            winner = 0 if points[0] > points[1] else 1
        return Snapshot(
            to_move=seat(g.turn),
            trump=next(i for i, s in SUITS.items() if s == g.trump),
            indicator=CARDS.to_id[g.briscola] if g.briscola else None,
            stock=ids(g.stock),
            hands=by_seat(g.hands),
            trick=[(seat(p), CARDS.to_id[c]) for p, c in g.table],
            leader=seat(g.leader),
            tricks_played=g.tricks_done,
            last_trick=last,
            won=by_seat(g.captured),
            points=points,
            finished=finished,
            winner=winner,
        )


class ToyAdapter(HandByHandAdapter):
    NAME = "toy_briscola"
    VARIANTS = ("briscola-2",)
    FIELDS = ("to_move", "trump", "indicator", "stock_size", "hands", "trick",
              "leader", "tricks_played", "last_trick", "won", "points", "stock")
    DRIVER = ToyHand

    def hello(self) -> dict[str, Any]:
        # The base class reads the version of an installed distribution;
        # the toy engine is a plain module, so say it here.
        return {"protocol": PROTOCOL, "engine": self.NAME, "version": "1.0",
                "variants": list(self.VARIANTS), "fields": list(self.FIELDS),
                "seat_views": False, "legal": False}
