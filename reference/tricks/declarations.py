"""Declarations at the first trick (rules ``tressette.declare.*``).

Declarations are made for every player automatically, from the cards he
was dealt, once the first trick is complete. Declaring can only add points
to a side, and the rules give no penalty and no choice beyond whether to
claim them, so a player never has a reason to keep quiet: announcing them
as a player's action would add a step to every hand without changing any
result. An engine reports them as events of the step that completes the
first trick.
"""

from __future__ import annotations

from typing import Any

from .tables import Tables


def combinations(tables: Tables, hand: tuple[str, ...] | list[str]) -> list[dict[str, Any]]:
    """The combinations in ``hand``, in deck order: a `sequence` of one
    suit (the Napoletana, ``tressette.declare.napoletana``), then three or
    four cards of one `of_a_kind` face (``tressette.declare.of-a-kind``).
    Each is ``{"combination", "cards", "points"}``, points in whole points."""
    decl = tables.ruleset.counting.declarations
    held = set(hand)
    found: list[dict[str, Any]] = []
    if decl.sequence:
        for suit in tables.ruleset.deck.suits:
            cards = [rank + suit.id for rank in decl.sequence]
            if all(c in held for c in cards):
                found.append({"combination": "napoletana", "cards": cards, "points": decl.sequence_points})
    for rank in decl.of_a_kind:
        cards = [c for c in tables.cards if tables.rank[c] == rank and c in held]
        if len(cards) == 4 and decl.four_points:
            found.append({"combination": "four-of-a-kind", "cards": cards, "points": decl.four_points})
        elif len(cards) == 3 and decl.three_points:
            found.append({"combination": "three-of-a-kind", "cards": cards, "points": decl.three_points})
    return found


def declare(
    tables: Tables, hands: list[tuple[str, ...]], trick: tuple[tuple[int, str], ...]
) -> tuple[tuple[int, ...], list[dict[str, Any]], list[str]]:
    """At the end of the first trick, every player declares what he was
    dealt: his hand now with the card he played to the trick. Returns the
    whole points declared per side, one ``declare`` event per combination
    (in seat order from the trick's leader) and the rule ids exercised."""
    declared = [0] * len(tables.sides)
    events: list[dict[str, Any]] = []
    rules: list[str] = []
    for seat, card in trick:
        for found in combinations(tables, [*hands[seat], card]):
            declared[tables.side_of[seat]] += found["points"]
            events.append({"type": "declare", "seat": seat, **found})
            rule = "tressette.declare.napoletana" if found["combination"] == "napoletana" else "tressette.declare.of-a-kind"
            if rule not in rules:
                rules.append(rule)
    return tuple(declared), events, rules
