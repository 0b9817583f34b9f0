"""Lookup tables of a fishing game, derived once from a ruleset, so rules
read as plain lookups."""

from __future__ import annotations

from dataclasses import dataclass

from regola.spec import Ruleset


@dataclass(frozen=True)
class FishingTables:
    """Cards and seats as plain lookups (rules ``scopa.deck.*``)."""

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

    @classmethod
    def of(cls, ruleset: Ruleset) -> FishingTables:
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
