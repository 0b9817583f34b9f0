"""Deck orders restacked for house rules that deal otherwise.

A house rule may change how a deck order becomes a deal: three cards at a
time instead of one, the bottom card turned for trumps instead of the card
after the deal. Replayed as it is, a trace's deck order would then give
other hands, and the trace would be cut at its first play. So each deck
order is restacked: the same cards are put where the house rule's dealing
gives them the same places (each seat's hand, the face-up card, the table,
the stock in the same order), and the trace plays on with the same hands.

Where the roles cannot be matched (the house rule deals more or fewer
cards, or reburies a card the trace's deal did not), the deck order is
kept as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regola import reference


def _roles(state: Any) -> dict[str, tuple[str, int]] | None:
    """Card -> its place after the deal: ("hand", seat), ("indicator", 0),
    ("stock", position) or ("table", position)."""
    out: dict[str, tuple[str, int]] = {}
    for seat, hand in enumerate(getattr(state, "hands", ()) or ()):
        for card in hand:
            out[card] = ("hand", seat)
    indicator = getattr(state, "indicator", None)
    if indicator:
        out[indicator] = ("indicator", 0)
    for k, card in enumerate(getattr(state, "stock", ()) or ()):
        out[card] = ("stock", k)
    for k, card in enumerate(getattr(state, "table", ()) or ()):
        out[card] = ("table", k)
    return out or None


def restacked(before: Any, after: Any, deck: Sequence[str]) -> list[str]:
    """``deck`` (dealt under ruleset ``before``) restacked so that ruleset
    ``after`` deals its cards to the same places; the deck itself if they
    cannot be matched."""
    deck = list(deck)
    try:
        want = _roles(reference.new_game(before, deck))
        pack = list(after.deck.cards())
        places = _roles(reference.new_game(after, pack))
    except (reference.IllegalAction, ValueError, KeyError, TypeError):
        return deck
    if want is None or places is None or set(want) != set(pack) or len(places) != len(pack):
        return deck
    by_role: dict[tuple[str, int], list[str]] = {}
    for card in deck:  # a hand's cards in the order the deck gives them
        by_role.setdefault(want[card], []).append(card)
    out = []
    for card in pack:
        wanted = by_role.get(places[card])
        if not wanted:
            return deck
        out.append(wanted.pop(0))
    try:
        if _roles(reference.new_game(after, out)) != want:
            return deck  # a card of its own moved things (a reburied indicator)
    except (reference.IllegalAction, ValueError):
        return deck
    return out


def restack_trace_decks(before: Any, after: Any, header: dict[str, Any], items: Sequence[dict[str, Any]]) -> tuple[list[str], list[dict[str, Any]]]:
    """The trace's first deck order and its shuffle steps, restacked."""
    if before.deal == after.deal:
        return list(header["deck"]), list(items)
    first = restacked(before, after, header["deck"])
    out = []
    for item in items:
        action = item.get("action") or {}
        if item.get("kind") == "step" and action.get("type") == "shuffle" and isinstance(action.get("deck"), list):
            item = {**item, "action": {**action, "deck": restacked(before, after, action["deck"])}}
        out.append(item)
    return first, out
