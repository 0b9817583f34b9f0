"""What a match of either family shares: the public calls that are not the
common step, the phases delegated to the reference, and refusals.

A family's match (`regola.fast.tricks.match.TrickMatch`,
`regola.fast.fishing.match.FishingMatch`) plays its own phases of play
with int moves. While a phase the fast core does not play is on (an
auction, a call, a trump guess: the bidding games' phases before play),
``delegate`` holds the match as a reference state, and every call goes to
the reference until the phase ends. The public fields are read back from
the reference's state after every delegated step, and the fast core
plays on once the phase is over.

A refused action is always explained by the reference: the fast core
decides that a move is not legal, then asks the reference for the rule and
the reason, so a refusal carries the same rule id and message as the
reference's. If the reference would accept it after all, the two
implementations disagree, and `CoreDisagreement` says so.
"""

from __future__ import annotations

import marshal
import random
from typing import Any

from regola.reference import IllegalAction, action_dict
from regola.reference import apply as reference_apply
from regola.reference import legal_actions as reference_legal
from regola.reference import view as reference_view

from .cards import Pack


class CoreDisagreement(AssertionError):
    """The fast core refused an action the reference accepts: a bug of the
    fast core (``regola conform --engine fast`` finds it)."""


class Match:
    """One match, changed in place by every call (see `regola.fast`)."""

    __slots__ = ("ruleset", "pack", "cards", "players", "sides", "side_of", "phase", "dealer", "hand_number",
                 "to_move", "hands", "stock", "result", "totals", "hands_played", "over", "winner", "delegate")

    def _start(self, ruleset: Any, pack: Pack) -> None:
        self.ruleset = ruleset
        self.pack = pack
        self.cards = pack.cards
        self.players = pack.players
        self.sides = pack.sides
        self.side_of = pack.side_of
        self.phase = "shuffle"
        self.dealer = 0
        self.hand_number = 0
        self.to_move: int | None = None
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.result: dict[str, Any] | None = None
        self.totals = [0] * len(pack.sides)
        self.hands_played = 0
        self.over = False
        self.winner: int | None = None
        self.delegate: Any = None

    # --- what every family has ------------------------------------------------

    @property
    def is_chance(self) -> bool:
        """Between hands: the next step is a shuffle."""
        return self.phase == "shuffle"

    @property
    def is_over(self) -> bool:
        """The match has ended."""
        return self.phase == "over"

    def copy(self) -> Match:
        """An independent copy (lists copied, records and tables shared)."""
        other = object.__new__(type(self))
        for name in _all_slots(type(self)):
            setattr(other, name, _copied(getattr(self, name)))
        return other

    def shuffle_random(self, rng: random.Random) -> None:
        """Shuffle with the deck order `regola.reference.shuffled_deck`
        draws from ``rng`` (the same draws give the same order)."""
        order = shuffled(rng, self.pack.size)
        if self.phase == "shuffle" and self.delegate is None:
            self._shuffled(order)  # a permutation of the pack: nothing to check
        else:
            self.shuffle(order)

    def playout(self, rng: random.Random, seat: int | None = None, hands: int | None = 1) -> int:
        """Play uniformly random legal moves: each is ``legal[int(rng.random()
        * len(legal))]``, so the game is the one a loop of `legal` and
        `apply` makes with the same draws. Stop when ``seat`` is to move, or
        once ``hands`` more hands have been scored (None: at the end of the
        match); each new hand is dealt with `shuffle_random`. Returns the
        number of moves played (shuffles not counted)."""
        rnd = rng.random
        start = self.hands_played
        played = 0
        while self.phase != "over":
            if self.phase == "shuffle":
                if hands is not None and self.hands_played - start >= hands:
                    break
                self.shuffle_random(rng)
            elif self.to_move == seat:
                break
            else:
                played += self._playout(rnd, seat)
        return played

    def _playout(self, rnd: Any, seat: int | None) -> int:
        """Random moves until the hand ends or ``seat`` is to move (one at a
        time here; a family may play faster)."""
        played = 0
        while self.phase not in ("shuffle", "over") and self.to_move != seat:
            moves = self.legal()
            self.apply(moves[int(rnd() * len(moves))])
            played += 1
        return played

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The canonical view (`regola.reference.view`), omniscient or a seat's."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise TypeError(f"view: seat must be an int, got {seat!r} ({type(seat).__name__})")
        if self.delegate is not None:
            return reference_view(self.delegate, seat)
        return self._view(seat)

    def to_reference(self) -> Any:
        """The same match as a `regola.reference` state (events and rules
        of the last step left empty)."""
        if self.delegate is not None:
            return self.delegate
        return self._export()

    # --- delegated phases -------------------------------------------------------

    def _delegated_legal(self) -> list[Any]:
        return reference_legal(self.delegate)

    def _delegated_apply(self, move: Any, state: Any = None) -> None:
        """A step of a delegated phase, through the reference (from
        ``state``, the delegate by default); the fast core takes the match
        back once the phase is over. A refused step changes nothing."""
        after = reference_apply(self.delegate if state is None else state, move)
        self._import(after)  # the public fields follow the delegated phase too
        self.delegate = None if self._takes_back(after) else after

    def _delegate(self, action: dict[str, Any]) -> None:
        """Hand the match to the reference for ``action`` and what follows."""
        self._delegated_apply(action, self._export())

    # --- actions as JSON --------------------------------------------------------

    def action(self, move: Any) -> dict[str, Any]:
        """A move as the reference's JSON action (made by the seat to move)."""
        if type(move) is not int:
            return action_dict(move)
        return self._action(move)

    def _apply_action(self, action: Any) -> None:
        """``apply`` for anything that is not an int move: a JSON action or
        one of the reference's action objects."""
        data = action if isinstance(action, dict) else action_dict(action)
        if self.delegate is not None:
            self._delegated_apply(data)
            return
        if data.get("type") == "shuffle" and len(data) == 2 and isinstance(data.get("deck"), (list, tuple)):
            self.shuffle(data["deck"])
            return
        move = self._parse(data)
        if move is None or data.get("seat") != self.to_move or move not in self.legal():
            self._refuse(data)
        self.apply(move)

    def _refuse(self, action: Any) -> None:
        """Raise the reference's `IllegalAction` for an action the fast core
        found illegal."""
        data = action if isinstance(action, dict) else self.action(action)
        try:
            reference_apply(self._export(), data)
        except IllegalAction:
            raise
        raise CoreDisagreement(
            f"{self.ruleset.id}: the fast core refuses {data!r}, which the reference accepts"
        )

    # --- what each family provides ----------------------------------------------

    def shuffle(self, deck: Any) -> None:
        """Deal the next hand from ``deck`` (card ids or ints, top card first)."""
        order = self.pack.deck_order(deck) if self.phase == "shuffle" and self.delegate is None else None
        if order is None:
            self._refuse({"type": "shuffle", "deck": self._deck_ids(deck)})
        self._shuffled(order)

    def _shuffled(self, order: list[int]) -> None:  # pragma: no cover - each family's
        """Deal from ``order``, a permutation of the pack."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _export(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _import(self, state: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def _takes_back(self, state: Any) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _action(self, move: int) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _parse(self, action: dict[str, Any]) -> int | None:  # pragma: no cover
        raise NotImplementedError

    def apply(self, move: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def legal(self) -> list[Any]:  # pragma: no cover
        raise NotImplementedError

    def _deck_ids(self, deck: Any) -> Any:
        """A deck order as card ids where it reads as one (for the reference
        to explain a refused shuffle)."""
        pack = self.pack
        try:
            return [pack.cards[c] if type(c) is int and 0 <= c < pack.size else c for c in deck]
        except TypeError:
            return deck


BIT_LENGTH = tuple(n.bit_length() for n in range(65))


def shuffled(rng: random.Random, size: int) -> list[int]:
    """The cards ``0..size-1`` in the order ``rng.shuffle`` puts them: the
    same Fisher-Yates swaps from the same ``getrandbits`` draws as
    CPython's ``random.shuffle`` (a test compares the two), written out for
    speed, as a shuffle is a tenth of a random hand's time."""
    order = list(range(size))
    getrandbits = rng.getrandbits
    bits = BIT_LENGTH
    for i in range(size - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


def _all_slots(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        names += getattr(klass, "__slots__", ())
    return tuple(names)


def _copied(value: Any) -> Any:
    """Lists (of ints, of lists, of tuples) copied two levels deep; other
    values (ints, strings, tuples, records, tables) are immutable or shared."""
    if type(value) is list:
        return [x[:] if type(x) is list else x for x in value]
    return value


def copy_json(value: Any) -> Any:
    """A JSON value copied, so the caller of a view may change it
    (``marshal`` copies plain data in C, many times faster than a walk)."""
    return value if value is None else marshal.loads(marshal.dumps(value))
