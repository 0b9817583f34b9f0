"""What a played card may capture (rules ``scopa.capture.*``) and whether a
capture is a sweep (``scopa.sweep*``).

A capture is the tuple of table cards taken, in canonical order (ints
ascending); ``()`` is an Ace taking only itself. The table is a sorted
list of card ints.
"""

from __future__ import annotations

from ..moves import mask_of
from .tables import MEMO_KEPT, FishingTables

FIFTEEN = 15


def choices(t: FishingTables, table: list[int], mask: int, card: int) -> tuple[tuple[tuple[int, ...], ...],
                                                                           tuple[int, ...]]:
    """Every distinct capture ``card`` can make from ``table`` (whose
    bitmask is ``mask``), in canonical order (compared card by card, a
    shorter prefix first), with the bitmask of each.

    Remembered by what the search reads (`_search`): the card's kind (its
    value, or an Ace taking all) and the table cards that can take part
    (`FishingTables.relevant`), so tables that differ only in cards too
    high to matter share one search."""
    relevant = mask & t.relevant[card]
    key = relevant << 7 | t.kind[card]
    memo = t.captures
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_KEPT:
            memo.clear()
        takes = _search(t, [c for c in table if relevant >> c & 1], card)
        found = memo[key] = (takes, tuple(map(mask_of, takes)))
    return found


def _search(t: FishingTables, table: list[int], card: int) -> tuple[tuple[int, ...], ...]:
    """``scopa.capture.ace-takes-all`` for an Ace where played (but
    ``scopa.capture.ace-on-ace``: where played, an Ace on a table holding
    an Ace captures as any card); otherwise ``scopa.capture.match`` (the
    table cards of its value, one at a time), ``scopa.capture.sum`` (sets
    of two or more adding up to it) where nothing matches or
    ``scopa.capture.free-choice`` allows both (not under
    ``scopa.capture.single-card-first``), and ``scopa.capture.fifteen``
    (sets making 15 with it) instead or besides."""
    if t.ace_takes_all and t.face[card] == "A" and not (t.ace_on_ace and any(t.face[c] == "A" for c in table)):
        found = _ace(t, table)
    else:
        value = t.value
        v = value[card]
        found = [(c,) for c in table if value[c] == v]
        if not found or t.free_choice:
            found += _sums(t, table, v)
        if t.fifteen == "only":
            found = _fifteens(t, table, card)
        elif t.fifteen == "also":
            found += [s for s in _fifteens(t, table, card) if s not in found]
    if len(found) > 1:
        found.sort()
    return tuple(found)


def _ace(t: FishingTables, table: list[int]) -> list[tuple[int, ...]]:
    """With no Ace on the table an Ace takes every table card, with one it
    takes only an Ace; on an empty table it takes itself
    (``scopa.capture.ace-takes-itself``) or nothing."""
    if not table:
        return [()] if t.ace_takes_itself else []
    face = t.face
    aces = [(c,) for c in table if face[c] == "A"]
    return aces or [tuple(table)]


def _sums(t: FishingTables, table: list[int], target: int) -> list[tuple[int, ...]]:
    """Sets of two or more table cards adding up to ``target``, in canonical
    order: each set still below the target grows by the cards after it; a
    set reaching it counts when it has two cards or more."""
    value = t.value
    found: list[tuple[int, ...]] = []
    growing: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for c in table:
        v = value[c]
        if v > target:
            continue
        for chosen, total in list(growing):
            s = total + v
            if s > target:
                continue
            taken = (*chosen, c)
            if s < target:
                growing.append((taken, s))
            elif chosen and v > 0:
                found.append(taken)
    found.sort()
    return found


def _fifteens(t: FishingTables, table: list[int], card: int) -> list[tuple[int, ...]]:
    """Sets of one or more table cards making 15 with ``card``, in the order
    a search from the first table card finds them."""
    target = FIFTEEN - t.value[card]
    if target <= 0:
        return []
    value = t.value
    found: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...], total: int) -> None:
        for i in range(start, len(table)):
            c = table[i]
            s = total + value[c]
            if s > target:
                continue
            if s == target:
                found.append((*chosen, c))
                continue
            extend(i + 1, (*chosen, c), s)

    extend(0, (), 0)
    return found


def is_scopa(t: FishingTables, table_after: list[int], take: tuple[int, ...], card: int, last_play: bool) -> bool:
    """``scopa.sweep``: a capture that leaves the table empty, except an Ace
    taking only itself, an Ace taking all (no Ace on the table) under Scopa
    d'Assi, and a capture with the hand's last card
    (``scopa.sweep.last-play``, unless ``scopa.sweep.last-play-counts``)."""
    if table_after or not take:
        return False
    face = t.face
    if t.ace_no_scopa and face[card] == "A" and not any(face[c] == "A" for c in take):
        return False  # the Ace took all: no Ace lay on the (now empty) table
    if last_play:
        return t.last_play_scopa
    return True
