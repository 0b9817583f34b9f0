"""Capturing by fifteen: Scopa di Quindici and Cirulla (rule
``scopa.capture.fifteen``).

A played card takes a set of one or more table cards that adds up with it
to 15 (a Seven takes a Jack; a Two takes an Ace, a Five and a Seven).
With ``capture.fifteen = "only"`` that is the only way to capture; with
``"also"`` it is open beside the usual captures by equal value.
"""

from __future__ import annotations

from .tables import FishingTables

Take = tuple[str, ...]

FIFTEEN = 15


def fifteen_sets(tables: FishingTables, table: Take, card: str) -> list[Take]:
    """``scopa.capture.fifteen``: every set of one or more table cards whose
    values add up, with the played card's value, to 15, each in canonical
    order."""
    target = FIFTEEN - tables.value[card]
    if target <= 0:
        return []
    cards = tables.sort(table)
    found: list[Take] = []

    def extend(start: int, chosen: Take, total: int) -> None:
        for i in range(start, len(cards)):
            c = cards[i]
            t = total + tables.value[c]
            if t > target:
                continue
            if t == target:
                found.append(chosen + (c,))
                continue
            extend(i + 1, chosen + (c,), t)

    extend(0, (), 0)
    return found


def plays_fifteen(tables: FishingTables) -> str:
    """The variant's ``capture.fifteen``: ``none``, ``only`` or ``also``
    (read once per ruleset into `FishingTables.fifteen`, for speed)."""
    return tables.fifteen


def with_fifteen(tables: FishingTables, table: Take, card: str, by_value: list[Take]) -> list[Take]:
    """The captures of ``card`` once fifteen is played: ``only`` replaces the
    captures by value, ``also`` adds the sets of fifteen not already among
    them."""
    mode = plays_fifteen(tables)
    if mode == "none":
        return by_value
    sets = fifteen_sets(tables, table, card)
    if mode == "only":
        return sets
    return by_value + [s for s in sets if s not in by_value]


def is_fifteen(tables: FishingTables, card: str, take: Take) -> bool:
    """Whether ``card`` and ``take`` add up to 15."""
    return bool(take) and tables.value[card] + sum(tables.value[c] for c in take) == FIFTEEN
