"""The capture moves of a fishing variant, numbered from the deck alone.

A capture is a played card with the set of table cards it takes. Which sets
a card can ever take follows from the capture values (rule
``scopa.deck.values``): one other card of the same value
(``scopa.capture.match``) or two or more other cards whose values add up to
the card's value (``scopa.capture.sum``). Every such set is numbered once,
the played card first and then the sets in canonical card order, so the
numbering is the same for every state. Where an Ace takes the whole table
(``scopa.capture.ace-takes-all``, ``scopa.capture.ace-takes-itself``) the
set depends on the table, so each Ace has one extra key, "takes all".
"""

from __future__ import annotations

from typing import Any

from regola.spec import Ruleset


def capture_values(ruleset: Ruleset) -> dict[str, int]:
    """Card id -> capture value (``scopa.deck.values``)."""
    values = {}
    for card in ruleset.deck.cards():
        rank = ruleset.deck.rank(card[:-1])
        values[card] = rank.value if rank.value is not None else 0
    return values


def takes_for(
    card: str, cards: tuple[str, ...], values: dict[str, int], fifteen: str = "none"
) -> list[tuple[str, ...]]:
    """Every set of other cards ``card`` could take: one card of its value,
    or two or more adding up to it; with ``scopa.capture.fifteen``, one or
    more adding up to 15 with it (``only``: those alone). Each set in
    canonical order."""
    found = [] if fifteen == "only" else _sets(card, cards, values, values[card], 2)
    if fifteen != "none":
        found += _sets(card, cards, values, 15 - values[card], 1)
    order = {c: i for i, c in enumerate(cards)}
    return sorted(set(found), key=lambda take: (len(take), [order[c] for c in take]))


def _sets(card: str, cards: tuple[str, ...], values: dict[str, int], target: int, least: int) -> list[tuple[str, ...]]:
    """Sets of other cards whose values add up to ``target``: one card of
    exactly that value, and sets of ``least`` or more cards."""
    others = [c for c in cards if c != card and 0 < values[c] <= target]
    found: list[tuple[str, ...]] = [(c,) for c in others if values[c] == target]

    def extend(start: int, chosen: tuple[str, ...], total: int) -> None:
        for i in range(start, len(others)):
            c = others[i]
            t = total + values[c]
            if t > target:
                continue
            if t == target:
                if len(chosen) + 1 >= max(least, 2):
                    found.append(chosen + (c,))
                continue
            extend(i + 1, chosen + (c,), t)

    if target > 0:
        extend(0, (), 0)
    return found


def capture_keys(ruleset: Ruleset) -> list[tuple[Any, ...]]:
    """The capture keys of a fishing ruleset, card by card."""
    cards = ruleset.deck.cards()
    values = capture_values(ruleset)
    fifteen = getattr(ruleset.capture, "fifteen", "none")
    keys: list[tuple[Any, ...]] = []
    for card in cards:
        keys += [("capture", card, take) for take in takes_for(card, cards, values, fifteen)]
    if ruleset.capture.ace_takes_all != "none":
        keys += [("capture-all", c) for c in cards if ruleset.deck.rank(c[:-1]).italian == "A"]
    return keys
