"""Checking a deck order, the one chance event of every game
(rules ``briscola.deal.shuffle``, ``scopa.deal.shuffle``)."""

from __future__ import annotations

from collections import Counter

from .errors import IllegalAction


def check_deck_order(cards: tuple[str, ...], deck: tuple[str, ...], rule_id: str) -> None:
    """Raise `IllegalAction` under ``rule_id`` unless ``deck`` holds
    each card of the pack (``cards``) exactly once, naming what is missing,
    foreign or repeated."""
    if len(deck) == len(cards) and set(deck) == set(cards):
        return
    counts = Counter(deck)
    in_pack = set(cards)
    missing = [c for c in cards if c not in counts]
    extra = sorted(c for c in counts if c not in in_pack)
    twice = sorted(c for c, k in counts.items() if k > 1)
    parts = []
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if extra:
        parts.append(f"not in this pack: {', '.join(extra)}")
    if twice:
        parts.append(f"repeated: {', '.join(twice)}")
    raise IllegalAction(
        rule_id,
        f"the deck order must hold each of the {len(cards)} cards of the pack once ({'; '.join(parts)})",
    )
