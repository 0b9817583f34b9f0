"""Adapter for ``briscas`` (PyPI), Puerto Rican Briscas for two:
``briscas.game.Game``.

- The engine runs a whole hand in ``Game.play()``, asking each player
  object for a card (``player.play(life_card, thrown)``). The adapter runs
  ``Game.play()`` in a thread with two scripted players: each call blocks
  until the adapter hands it the trace's card, which the player takes from
  its hand as every player class of the package does
  (``self.hand.pop(i)``). The state is read back while the engine waits
  for the next card, or once ``play()`` has returned.
- Deck: ``Deck()`` shuffles the 48-card pack with ``random.shuffle``; while
  the game is built, the adapter gives the module a ``shuffle`` that puts
  the pack in the trace's order (top card first: ``Deck.pop`` takes index
  0, and the last card is the "life" card that fixes trumps).
- Seats: ``player1`` receives the first card and leads, so it sits after
  the dealer; ``player2`` deals.
- Cards: ``Card(number, suite)`` with numbers 1-12 and suites ORO, COPA,
  ESPADA, BASTON are regola's ``A``, ``2``-``9``, ``S``, ``C``, ``R`` and
  ``o c e b`` (variants ``brisca-2`` for the 40 cards both share, and
  ``briscas-2`` for the 48-card pack).
- Not reported: legal actions, seat views, the match.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from regola.conformance.protocol.engine import EngineFailure

from .base import (
    PATCH_LOCK,
    CardMap,
    HandByHandAdapter,
    HandContext,
    HandDriver,
    Snapshot,
    by_construction,
)

_RANKS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "S", 11: "C", 12: "R"}
_SUITS = {"ORO": "o", "COPA": "c", "ESPADA": "e", "BASTON": "b"}
_TIMEOUT = 10.0


class _Abandon(BaseException):
    """Ends a game thread the adapter no longer needs."""


class _ScriptedRandom:
    """Stands in for the ``random`` module of ``briscas.models`` while the
    pack is shuffled."""

    def __init__(self, order: list[tuple[int, str]]) -> None:
        self.pos = {key: i for i, key in enumerate(order)}

    def shuffle(self, cards: list) -> None:
        cards.sort(key=lambda c: self.pos[(c.number, c.suite.name)])


class BriscasHand(HandDriver):
    engine = "briscas"

    def __init__(self, ctx: HandContext) -> None:
        super().__init__(ctx)
        from briscas import game as game_mod
        from briscas import models
        from briscas.players import Player

        driver = self
        self.cards = CardMap({(n, s): f"{r}{sid}" for n, r in _RANKS.items() for s, sid in _SUITS.items()})
        pack = set(ctx.ruleset.deck.cards())
        if any(cid not in pack for cid in self.cards.to_key):
            # briscas always plays its 48 cards: a 40-card deck order cannot be dealt
            missing = sorted(set(self.cards.to_key) - pack, key=list(self.cards.to_key).index)
            raise EngineFailure(
                "unsupported",
                f"briscas always plays with 48 cards; the {ctx.ruleset.id} pack lacks {' '.join(missing)}",
            )

        class Scripted(Player):
            def play(self, life_card: Any, thrown: Any = None) -> Any:
                return driver._turn(self, life_card, thrown)

        self.p1, self.p2 = Scripted("player1"), Scripted("player2")
        with PATCH_LOCK:
            saved = models.random
            models.random = _ScriptedRandom([self.cards.to_key[c] for c in ctx.deck])
            try:
                self.game = game_mod.Game(self.p1, self.p2)
            finally:
                models.random = saved
        self.requests: queue.Queue[Any] = queue.Queue()  # engine -> adapter: waiting player, or None when done
        self.answers: queue.Queue[Any] = queue.Queue()  # adapter -> engine: card index, or _Abandon
        self.waiting: tuple[Any, Any] | None = None  # (player, thrown card) the engine asks now
        self.done = False
        self.error: BaseException | None = None
        self.last: tuple[int, list[tuple[int, str]]] | None = None
        self.trick_leader: Any = None
        self.thread = threading.Thread(target=self._run, name="briscas-game", daemon=True)
        self.thread.start()
        self._wait()

    # -- the engine's thread --------------------------------------------------

    def _run(self) -> None:
        try:
            self.game.play()
        except _Abandon:
            return
        except BaseException as exc:  # noqa: BLE001 - reported to the adapter as a crash
            self.error = exc
        self.requests.put(None)

    def _turn(self, player: Any, life_card: Any, thrown: Any) -> Any:
        self.requests.put((player, thrown))
        answer = self.answers.get()
        if answer is _Abandon:
            raise _Abandon()
        return player.hand.pop(answer)

    # -- the adapter's side ---------------------------------------------------

    def _wait(self) -> None:
        try:
            item = self.requests.get(timeout=_TIMEOUT)
        except queue.Empty:
            raise EngineFailure("timeout", "briscas did not ask for a card nor finish") from None
        if item is None:
            self.done, self.waiting = True, None
            if self.error is not None:
                raise EngineFailure("crash", f"briscas raised {type(self.error).__name__}: {self.error}")
        else:
            self.waiting = item

    def _seat(self, player: Any) -> int:
        return self.ctx.seat_of(0 if player is self.p1 else 1)

    def _id(self, card: Any) -> str:
        return self.cards.to_id[(card.number, card.suite.name)]

    def play(self, seat: int, card: str) -> None:
        if self.waiting is None:
            raise by_construction("briscas", "the hand is over and Game.play() has returned")
        player, thrown = self.waiting
        if seat != self._seat(player):
            raise by_construction("briscas", f"the game asks seat {self._seat(player)} for a card, not seat {seat}")
        hand = [self._id(c) for c in player.hand]
        if card not in hand:
            raise by_construction("briscas", f"a player gives a card from its own hand, and seat {seat} does not hold {card}")
        if thrown is None:
            self.trick_leader = player
            before = None
        else:
            before = (len(self.p1.pile), len(self.p2.pile))
            lead_card = self._id(thrown)
        self.answers.put(hand.index(card))
        self._wait()
        if before is not None:
            winner = self.p1 if len(self.p1.pile) > before[0] else self.p2
            lead = self._seat(self.trick_leader)
            self.last = (self._seat(winner), [(lead, lead_card), (seat, card)])

    def snapshot(self) -> Snapshot:
        cards = [self._id(c) for c in self.game.deck._cards]
        life = self.game.life_card
        face_up = bool(cards)  # the life card is the pack's last card until drawn
        hands: list[list[str]] = [[], []]
        won: list[list[str]] = [[], []]
        points = [0, 0]
        for p in (self.p1, self.p2):
            s = self._seat(p)
            hands[s] = [self._id(c) for c in p.hand]
            won[s] = [self._id(c) for c in p.pile]
            points[s] = self.game.score(p.pile)
        trick: list[tuple[int, str]] = []
        to_move = leader = None
        if self.waiting is not None:
            player, thrown = self.waiting
            to_move = self._seat(player)
            if thrown is None:
                leader = to_move
            else:
                leader = 1 - to_move
                trick = [(leader, self._id(thrown))]
        winner = None
        if self.done and self.game.winner is not None:
            winner = self._seat(self.game.winner)
        return Snapshot(
            to_move=to_move,
            trump=_SUITS[life.suite.name],
            indicator=self._id(life) if face_up else None,
            stock=cards[:-1] if face_up else [],
            hands=hands,
            trick=trick,
            leader=leader,
            tricks_played=len(self.game.plays),
            last_trick=self.last,
            won=won,
            points=points,
            finished=self.done,
            winner=winner,
        )

    def close(self) -> None:
        if not self.done and self.thread.is_alive():
            self.answers.put(_Abandon)
            self.thread.join(timeout=1.0)


class BriscasAdapter(HandByHandAdapter):
    NAME = "briscas"
    DISTRIBUTION = "briscas"
    VARIANTS = ("brisca-2", "briscas-2")
    DRIVER = BriscasHand
