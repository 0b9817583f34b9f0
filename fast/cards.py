"""Cards as ints, and what is derived once per ruleset.

Card ``c`` is the ``c``-th card of ``ruleset.deck.cards()`` (rule
``briscola.deck.composition``, ``scopa.deck.composition``: the pack in
its canonical order), so sorting ints sorts cards the canonical way, and a
set of cards is a bitmask.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from regola.spec import Ruleset

T = TypeVar("T")

KEPT = 32
"""Rulesets whose tables are kept (the most recently built)."""


def per_ruleset(build: Callable[[Ruleset], T]) -> Callable[[Ruleset], T]:
    """``build`` remembered for the `KEPT` most recently used rulesets,
    looked up by identity (a ruleset is frozen; the memo holds it, so its
    id cannot be taken by another)."""
    recent: dict[int, tuple[Ruleset, T]] = {}

    @wraps(build)
    def cached(ruleset: Ruleset) -> T:
        hit = recent.get(id(ruleset))
        if hit is None:
            hit = (ruleset, build(ruleset))
            if len(recent) >= KEPT:
                del recent[next(iter(recent))]
            recent[id(ruleset)] = hit
        return hit[1]

    cached.cache_clear = recent.clear  # type: ignore[attr-defined]
    return cached


class Pack:
    """The cards of a ruleset as ints, with their ids, suits and ranks."""

    __slots__ = ("cards", "index", "size", "suit_ids", "suit", "suit_id", "rank", "points", "sides", "side_of",
                 "players")

    def __init__(self, ruleset: Ruleset) -> None:
        deck = ruleset.deck
        self.cards: tuple[str, ...] = deck.cards()
        """Card int -> its id."""
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.cards)}
        """Card id -> its int."""
        self.size = len(self.cards)
        self.suit_ids: tuple[str, ...] = tuple(s.id for s in deck.suits)
        """The suits in canonical order."""
        position = {s: i for i, s in enumerate(self.suit_ids)}
        self.suit: tuple[int, ...] = tuple(position[c[-1]] for c in self.cards)
        """Card -> the position of its suit in `suit_ids`."""
        self.suit_id: tuple[str, ...] = tuple(c[-1] for c in self.cards)
        """Card -> its suit id."""
        self.rank: tuple[str, ...] = tuple(c[:-1] for c in self.cards)
        """Card -> its rank id."""
        by_rank = {r.id: r.points for r in deck.ranks}
        self.points: tuple[int, ...] = tuple(by_rank[r] for r in self.rank)
        """Card -> its card points (``briscola.deck.points``, ``tressette.deck.points``)."""
        self.players = ruleset.seating.players
        self.sides: tuple[tuple[int, ...], ...] = ruleset.seating.sides()
        self.side_of: tuple[int, ...] = ruleset.seating.side_of()

    def ints(self, ids) -> list[int]:  # noqa: ANN001 - card ids
        """The ints of some card ids (KeyError for an id not in the pack)."""
        index = self.index
        return [index[c] for c in ids]

    def ids(self, cards) -> list[str]:  # noqa: ANN001 - card ints
        """The ids of some card ints."""
        names = self.cards
        return [names[c] for c in cards]

    def deck_order(self, deck) -> list[int] | None:  # noqa: ANN001 - a deck order as the caller gave it
        """The ints of a deck order that holds every card of the pack once
        (``briscola.deal.shuffle``, ``scopa.deal.shuffle``), or None."""
        if len(deck) != self.size:
            return None
        index = self.index
        try:
            order = [c if type(c) is int and 0 <= c < self.size else index[c] for c in deck]
        except (KeyError, TypeError):
            return None
        return order if len(set(order)) == self.size else None
