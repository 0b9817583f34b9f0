"""Cirulla's bonuses (rules ``scopa.bonus.*``, ``scopa.score.grande``).

At every deal a hand of three cards adding up to less than 10 scores 3
points, three of a kind 10 (``scopa.bonus.hand``); the wildcard, where
played, may stand for any face to make one (``scopa.bonus.wildcard``).
When the four table cards of the first deal add up to 15 or 30 the dealer
takes them as one or two scope (``scopa.bonus.table``).
"""

from __future__ import annotations

from typing import Any

from .tables import FishingTables

Take = tuple[str, ...]

LOW_HAND = 10
"""A hand adding up to less than this scores the low-hand bonus."""
LOW_POINTS = 3
TRIPLE_POINTS = 10
TABLE_SCOPE = {15: 1, 30: 2}
"""Table total -> scope for the dealer."""


def hand_bonus(tables: FishingTables, hand: Take) -> tuple[str, int] | None:
    """``scopa.bonus.hand``: the bonus a hand of three as dealt scores, the
    better one where it makes both (three Aces are three of a kind, 10),
    or None. ``scopa.bonus.wildcard``: the wildcard counts as an Ace for
    the low hand and as the face of the other two for three of a kind."""
    if len(hand) != 3:
        return None
    wild = tables.ruleset.hand_scoring.scopa.bonus_wildcard
    plain = [c for c in hand if c != wild]
    faces = {tables.face[c] for c in plain}
    if len(faces) <= 1:
        return "three-of-a-kind", TRIPLE_POINTS
    total = sum(tables.value[c] for c in plain) + (len(hand) - len(plain))
    if total < LOW_HAND:
        return "low-hand", LOW_POINTS
    return None


def uses_wildcard(tables: FishingTables, hand: Take) -> bool:
    """Whether the hand's bonus needs its wildcard (``scopa.bonus.wildcard``)."""
    wild = tables.ruleset.hand_scoring.scopa.bonus_wildcard
    if wild not in hand:
        return False
    natural = hand_bonus_without_wildcard(tables, hand)
    return natural != hand_bonus(tables, hand)


def hand_bonus_without_wildcard(tables: FishingTables, hand: Take) -> tuple[str, int] | None:
    """The bonus the hand would score with its wildcard at face value."""
    if len(hand) != 3:
        return None
    if len({tables.face[c] for c in hand}) == 1:
        return "three-of-a-kind", TRIPLE_POINTS
    if sum(tables.value[c] for c in hand) < LOW_HAND:
        return "low-hand", LOW_POINTS
    return None


def deal_bonuses(
    tables: FishingTables, hands: tuple[Take, ...], bonus: tuple[int, ...]
) -> tuple[tuple[int, ...], list[dict[str, Any]], list[str]]:
    """``scopa.bonus.hand`` for every hand just dealt, in seat order: the new
    bonus points per side, a ``bonus`` event per hand that scores, and the
    rule ids exercised. Every bonus is counted as if declared (a player
    never gains by keeping one quiet)."""
    if not tables.ruleset.hand_scoring.scopa.hand_bonuses:
        return bonus, [], []
    totals = list(bonus) if bonus else [0] * len(tables.sides)
    events: list[dict[str, Any]] = []
    rules: list[str] = []
    for seat, hand in enumerate(hands):
        found = hand_bonus(tables, hand)
        if found is None:
            continue
        kind, points = found
        side = tables.side_of[seat]
        totals[side] += points
        events.append({"type": "bonus", "seat": seat, "side": side, "kind": kind, "points": points, "cards": list(hand)})
        if "scopa.bonus.hand" not in rules:
            rules.append("scopa.bonus.hand")
        if uses_wildcard(tables, hand) and "scopa.bonus.wildcard" not in rules:
            rules.append("scopa.bonus.wildcard")
    return tuple(totals), events, rules


def table_bonus(tables: FishingTables, table: Take) -> int:
    """``scopa.bonus.table``: the scope the dealer takes with the table cards
    as dealt (their capture values add up to 15: one, to 30: two), or 0.
    ``scopa.bonus.table-wildcard``: where played, the wildcard among them
    counts as whatever value the dealer likes (`table_wildcard_value`)."""
    opts = tables.ruleset.hand_scoring.scopa
    if not opts.table_bonus or not table:
        return 0
    wild = table_wildcard_value(tables, table)
    if wild is not None:
        rest = sum(tables.value[c] for c in table if c != opts.bonus_wildcard)
        return TABLE_SCOPE.get(rest + wild, 0)
    return TABLE_SCOPE.get(sum(tables.value[c] for c in table), 0)


def table_wildcard_value(tables: FishingTables, table: Take) -> int | None:
    """``scopa.bonus.table-wildcard``: the value the wildcard among the table
    cards takes to make the table 15 or 30 when its own value does not, or
    None (no wildcard played on the table, none there, or no value helps).
    The values tried are those of the pack's faces; 30 (two scope) is
    preferred to 15, though no four cards can reach both."""
    opts = tables.ruleset.hand_scoring.scopa
    if not opts.table_wildcard or opts.bonus_wildcard not in table:
        return None
    rest = sum(tables.value[c] for c in table if c != opts.bonus_wildcard)
    if rest + tables.value[opts.bonus_wildcard] in TABLE_SCOPE:
        return None  # it makes the bonus at face value: no wildcard needed
    values = sorted(set(tables.value.values()))
    for total in sorted(TABLE_SCOPE, reverse=True):
        if total - rest in values:
            return total - rest
    return None


def grande_holder(tables: FishingTables, piles: tuple[Take, ...]) -> int | None:
    """``scopa.score.grande``: the side holding the King, Horse and Jack of coins."""
    wanted = [tables.coin(f) for f in ("K", "H", "J")]
    if any(c is None for c in wanted):
        return None
    for i, pile in enumerate(piles):
        if all(c in pile for c in wanted):
            return i
    return None


GRANDE_POINTS = 5
