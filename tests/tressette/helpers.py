"""Building hand-worked Tressette deals.

`deck_for` lays out a deck order from the hands each seat must receive:
packets of five, going round from the seat after the dealer (rule
``briscola.deal.hands``), then the stock in the order it will be drawn.
The card values here are written out from the rules (P-TRE), not read from
the spec, so the tests check the spec and the interpreter against them.
"""

from __future__ import annotations

from typing import Any

from step_helpers import events, rejects  # noqa: F401 - shared, re-exported for this folder's tests

from regola.reference import apply, new_game
from regola.spec import Ruleset, load

THIRDS = {"A": 3, "2": 1, "3": 1, "K": 1, "H": 1, "J": 1}
"""P-TRE: an Ace is one point, a Three, Two or picture a third; in thirds."""


def thirds(cards) -> int:
    """Card points of ``cards`` in thirds of a point, by the rules' values."""
    return sum(THIRDS.get(c[:-1], 0) for c in cards)


def ruleset(variant: str, **options: Any) -> Ruleset:
    return load(variant, {k.replace("__", "."): v for k, v in options.items()} or None)


def pack(rules: Ruleset) -> list[str]:
    return [r.id + s.id for s in rules.deck.suits for r in rules.deck.ranks if r.id + s.id not in rules.deck.removed]


def deck_for(rules: Ruleset, hands: dict[int, list[str]], stock: list[str] = (), dealer: int = 0) -> list[str]:
    """A deck order dealing ``hands`` (every hand in full, in packets as the
    variant deals) with ``stock`` on top of the cards left over."""
    n = rules.seating.players
    out: list[str] = []
    taken = 0
    for packet in rules.deal.packets:
        for i in range(1, n + 1):
            out += hands[(dealer + i) % n][taken : taken + packet]
        taken += packet
    out += list(stock)
    assert len(set(out)) == len(out), "a card is placed twice"
    return out + [c for c in pack(rules) if c not in out]


def start(variant: str, hands, stock=(), **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands, stock))


def act(state, *actions: dict[str, Any]):
    for action in actions:
        state = apply(state, action)
    return state


def play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card}


# Four hands, seat 0 deals so seat 1 leads. Seat 1 holds the Napoletana in
# coins and three Aces; seat 3 three Threes; seats 0 and 2 nothing to declare.
FOUR = {
    1: ["Ad", "2d", "3d", "Ac", "As", "4d", "5d", "6d", "7d", "Jd"],
    2: ["Hd", "Kd", "4c", "5c", "6c", "7c", "Jc", "Hc", "Kc", "2c"],
    3: ["3c", "3s", "3b", "4s", "5s", "6s", "7s", "Js", "Hs", "Ks"],
    0: ["2s", "Ab", "2b", "4b", "5b", "6b", "7b", "Jb", "Hb", "Kb"],
}
