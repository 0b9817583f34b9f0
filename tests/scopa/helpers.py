"""Building hand-worked Scopa deals for the tests.

:func:`deck_for` turns the hands, table cards and stock a test wants into
the deck order that the deal procedure, as the rules describe it, turns
into exactly those (packets round the table from the seat after the dealer,
table cards after each round of packets, the rest face down in order). The
interpreter is never asked what the outcome should be.
"""

from __future__ import annotations

from typing import Any

from regola.reference import apply, legal_actions, new_game
from regola.spec import Ruleset, load
from step_helpers import events, rejects  # noqa: F401 - shared, re-exported for this folder's tests


def ruleset(variant: str, **options: Any) -> Ruleset:
    """Load a shipped variant; options are written with ``__`` for dots
    (``capture__compulsory=False``)."""
    return load(variant, {k.replace("__", "."): v for k, v in options.items()} or None)


def cards_of(rules: Ruleset) -> list[str]:
    """The cards in play in canonical order (suit by suit, face by face)."""
    removed = set(rules.deck.removed)
    return [r.id + s.id for s in rules.deck.suits for r in rules.deck.ranks if r.id + s.id not in removed]


ALL_CARDS = [r + s for s in "dcsb" for r in ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]]


def small_pack(variant: str, keep: list[str], **options: Any) -> Ruleset:
    """A variant played with only the cards ``keep`` (the rest removed from
    the pack), so that a whole hand can be worked by hand."""
    removed = [c for c in ALL_CARDS if c not in keep]
    return ruleset(variant, deck__removed=removed, **options)


def deck_for(
    rules: Ruleset,
    hands: dict[int, list[str]],
    table: list[str] = (),
    stock: list[str] = (),
    dealer: int = 0,
) -> list[str]:
    """The deck order (top first) that deals ``hands`` (seat -> its first
    hand) and ``table``, with ``stock`` next and the rest of the pack after
    it in canonical order (rules scopa.deal.hands, scopa.deal.table)."""
    n = rules.seating.players
    deal = rules.deal
    given = {s: 0 for s in range(n)}
    assert len(table) == sum(deal.table_packets), f"the deal puts {sum(deal.table_packets)} cards on the table"
    assert all(len(hands[s]) == deal.hand_size for s in range(n)), f"each hand holds {deal.hand_size} cards"
    table = list(table)
    out: list[str] = []
    for i, packet in enumerate(deal.packets):
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            out += hands[seat][given[seat] : given[seat] + packet]
            given[seat] += packet
        if i < len(deal.table_packets):
            count = deal.table_packets[i]
            out += table[:count]
            del table[:count]
    assert not table, "more table cards than the deal puts on the table"
    out += list(stock)
    assert len(set(out)) == len(out), f"a card is placed twice: {out}"
    every = cards_of(rules)
    unknown = [c for c in out if c not in every]
    assert not unknown, f"not in the pack: {unknown}"
    return out + [c for c in every if c not in out]


def start(rules: Ruleset, hands: dict[int, list[str]], table: list[str] = (), stock: list[str] = (), dealer: int = 0):
    """A new match whose first hand deals ``hands`` and ``table``."""
    return new_game(rules, deck_for(rules, hands, table, stock, dealer))


def play(state, seat: int, card: str):
    """``seat`` lays ``card`` on the table without capturing."""
    return apply(state, {"type": "play", "seat": seat, "card": card})


def capture(state, seat: int, card: str, *take: str):
    """``seat`` plays ``card`` and takes ``take``."""
    return apply(state, {"type": "capture", "seat": seat, "card": card, "take": list(take)})


def shuffle(state, deck: list[str]):
    return apply(state, {"type": "shuffle", "deck": list(deck)})


def legal(state) -> list[dict[str, Any]]:
    """The legal actions as plain JSON data."""
    return [a.model_dump(mode="json") for a in legal_actions(state)]


def captures_of(state, card: str) -> list[list[str]]:
    """The takes of every legal capture with ``card``, in the order listed."""
    return [a["take"] for a in legal(state) if a["type"] == "capture" and a["card"] == card]

