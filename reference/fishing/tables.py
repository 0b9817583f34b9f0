"""Lookup tables of a fishing game, derived once from a ruleset, so rules
read as plain lookups."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from weakref import WeakValueDictionary

from regola.spec import Ruleset

from ..cache import per_ruleset


@dataclass(frozen=True)
class FishingTables:
    """Cards and seats as plain lookups (rules ``scopa.deck.*``).

    For speed the options a capture search consults at every card are also
    read here once per ruleset into plain fields (`ace_takes_all`,
    `fifteen`), so a search reads one attribute instead of walking the spec:
    a ruleset is frozen, so a value read once stays its value."""

    ruleset: Ruleset
    players: int
    cards: tuple[str, ...]
    """Cards in play, in canonical order."""
    order: dict[str, int]
    """Card id -> position in canonical order (sorts hands, table and actions)."""
    value: dict[str, int]
    """Card id -> capture value (``scopa.deck.values``)."""
    face: dict[str, str]
    """Card id -> the Italian face it stands for (``A``..``7``, ``J``, ``H``, ``K``)."""
    coins: frozenset[str]
    """The cards of the coins suit."""
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    """Seat -> index of its side in ``sides``."""
    ace_takes_all: bool = False
    """``capture.ace_takes_all != "none"`` (``scopa.capture.ace-takes-all``)."""
    fifteen: str = "none"
    """``capture.fifteen`` (``scopa.capture.fifteen``)."""
    memo: Memo = field(default_factory=lambda: Memo(), compare=False, repr=False)
    """(search, table cards, card played) -> what the search found, for
    the searches of `regola.reference.fishing.capture` marked `remembered`
    (the captures a card can make, the sets of cards adding up to its
    value...): each depends on nothing else (the variant's rules are these
    tables'), so a table seen again is a lookup instead of a new subset
    search. Filled as play goes; emptied when it holds `MEMO_KEPT`."""

    @classmethod
    def of(cls, ruleset: Ruleset) -> FishingTables:
        """The tables of ``ruleset``, built once and kept for the few most
        recently used rulesets (`regola.reference.cache`)."""
        return _tables_of(ruleset)

    @classmethod
    def _build(cls, ruleset: Ruleset) -> FishingTables:
        deck = ruleset.deck
        cards = deck.cards()
        rank_by_id = {r.id: r for r in deck.ranks}
        coin_suits = {s.id for s in deck.suits if s.italian == "d"}
        sides = ruleset.seating.sides()
        return cls(
            ruleset=ruleset,
            players=ruleset.seating.players,
            cards=cards,
            order={c: i for i, c in enumerate(cards)},
            value={c: rank_by_id[c[:-1]].value or 0 for c in cards},
            face={c: rank_by_id[c[:-1]].italian for c in cards},
            coins=frozenset(c for c in cards if c[-1] in coin_suits),
            sides=sides,
            side_of=ruleset.seating.side_of(),
            ace_takes_all=ruleset.capture.ace_takes_all != "none",
            fifteen=ruleset.capture.fifteen,
        )

    def sort(self, cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        """Cards in canonical order."""
        return tuple(sorted(cards, key=self.order.__getitem__))

    def coin(self, face: str) -> str | None:
        """The coins card of this Italian face (``7`` -> the settebello), if in play."""
        for c in self.coins:
            if self.face[c] == face:
                return c
        return None


_tables_of = per_ruleset(FishingTables._build)

MEMO_KEPT = 1 << 12
"""How many entries `FishingTables.memo` keeps at most: enough for every
search of a step and the next, which is where the answers are asked for
again; a table seen in another hand is rare, and a large memo costs
memory and garbage collection for nothing."""


class Memo(dict):
    """(search, table cards, card played) -> found, for one ruleset's tables.
    Every memo made is known to `remembered` (weakly), so ``cache_clear``
    can empty them all."""

    def __init__(self) -> None:
        super().__init__()
        _MEMOS[id(self)] = self


_MEMOS: WeakValueDictionary[int, Memo] = WeakValueDictionary()


Search = Callable[[FishingTables, tuple[str, ...], str], list[tuple[str, ...]]]


def remembered(search: Search) -> Search:
    """``search`` (a pure function of the tables, the table cards and the
    card played) looked up in `FishingTables.memo` before it is run: for
    speed, since ``legal_actions`` asks for the captures of every card in
    hand, and ``apply`` asks again for the card played, for the rest of the
    hand (to tell a free card, ``scopa.play.free-card``) and for the rules
    a capture exercises, all on the same table. Each caller gets a fresh
    list, so no caller can change what another is given."""
    name = search.__name__

    @wraps(search)
    def lookup(tables: FishingTables, table: tuple[str, ...], card: str) -> list[tuple[str, ...]]:
        memo = tables.memo
        key = (name, table, card)
        found = memo.get(key)
        if found is None:
            if len(memo) >= MEMO_KEPT:
                memo.clear()
            found = memo[key] = tuple(search(tables, table, card))
        return list(found)

    lookup.cache_clear = clear_memos  # type: ignore[attr-defined]
    return lookup


def clear_memos() -> None:
    """Empty every memo: the ``cache_clear`` of every `remembered`
    search, as `functools.cache` functions have. The mutants of
    `regola.conformance.explain.misreadings` call it on the way in and out,
    so a patched search is never answered from a memo the original filled,
    nor the original from one the mutant filled."""
    for memo in list(_MEMOS.values()):
        memo.clear()
