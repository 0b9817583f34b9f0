"""Building hand-worked Albastini deals.

:func:`deck_for` lays out a deck order from the hands each seat must receive
(five rounds of one card from the seat after the dealer, rule
briscola.deal.hands), the card that will be turned for trumps after the bids
(the next one, rule albastini.bid.turn-indicator) and the top of the stock.
Nothing here asks the interpreter for an outcome.
"""

from __future__ import annotations

from typing import Any

from regola.reference import apply, new_game
from regola.spec import Ruleset, load
from step_helpers import events, rejects  # noqa: F401 - shared, re-exported for this folder's tests


def ruleset(variant: str, **options: Any) -> Ruleset:
    return load(variant, {k.replace("__", "."): v for k, v in options.items()} or None)


def pack(rules: Ruleset) -> list[str]:
    """The 36 cards in canonical order, read from the deck."""
    return [r.id + s.id for s in rules.deck.suits for r in rules.deck.ranks if r.id + s.id not in rules.deck.removed]


def deck_for(rules: Ruleset, hands: dict[int, list[str]], turned: str, stock: list[str] = (), dealer: int = 0) -> list[str]:
    n = rules.seating.players
    out: list[str] = []
    for round_ in range(rules.deal.hand_size):
        for i in range(1, n + 1):
            out.append(hands[(dealer + i) % n][round_])
    out += [turned, *stock]
    assert len(set(out)) == len(out), "a card is placed twice"
    return out + [c for c in pack(rules) if c not in out]


def start(variant: str, hands, turned, stock=(), **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands, turned, stock))


def act(state, *actions: dict[str, Any]):
    for action in actions:
        state = apply(state, action)
    return state


def bid(seat: int, card: str) -> dict[str, Any]:
    return {"type": "bid", "seat": seat, "card": card}


def pas(seat: int) -> dict[str, Any]:
    return {"type": "pass", "seat": seat}


def play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card}

