"""Perft: how many action sequences of a given length a deal allows.

As in chess engines, ``perft(d)`` counts the distinct sequences of exactly
``d`` actions from the deal; engines that agree on every count agree on the
legal actions along the way. A shuffle between hands is a chance step: it
counts as one node, and the deck it deals is fixed by the seed (hand ``k``
is dealt from the ``k``-th deck order of
`regola.conformance.trace.record.SeededPlay`, whichever way play went),
so the tree has no chance branching. A sequence that reaches the end of the
match before ``d`` actions is not counted.
"""

from __future__ import annotations

from collections.abc import Callable

from regola.conformance.trace.record import Action, SeededPlay
from regola.reference import State, action_dict, apply, legal_actions, new_game
from regola.spec import Ruleset

DeckSource = Callable[[int], list[str]]
"""Hand number (0 for the first hand) -> its deck order."""


def seeded_decks(ruleset: Ruleset, seed: int) -> DeckSource:
    """Deck orders drawn from ``seed``, the ``k``-th for hand ``k``."""
    play = SeededPlay(ruleset, seed)
    decks: list[list[str]] = []

    def deck(hand: int) -> list[str]:
        while len(decks) <= hand:
            decks.append(play.deck())
        return decks[hand]

    return deck


def count(state: State, depth: int, decks: DeckSource, hand: int) -> int:
    """Sequences of exactly ``depth`` actions from ``state``, in which
    ``hand`` hands have been dealt so far."""
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    if state.is_chance:
        shuffled = apply(state, {"type": "shuffle", "deck": decks(hand)})
        return count(shuffled, depth - 1, decks, hand + 1)
    return sum(count(apply(state, a), depth - 1, decks, hand) for a in legal_actions(state))


def divide(state: State, depth: int, decks: DeckSource, hand: int = 1) -> list[tuple[Action, int]]:
    """For each first action from ``state`` (in canonical order), the number
    of sequences of ``depth`` actions that start with it."""
    if depth < 1:
        raise ValueError("divide needs a depth of at least 1")
    if state.is_over:
        return []
    if state.is_chance:
        first: Action = {"type": "shuffle", "deck": decks(hand)}
        return [(first, count(apply(state, first), depth - 1, decks, hand + 1))]
    return [(action_dict(a), count(apply(state, a), depth - 1, decks, hand)) for a in legal_actions(state)]


def perft(ruleset: Ruleset, seed: int, depth: int) -> int:
    """Sequences of ``depth`` actions from the first deal of ``seed``."""
    if depth < 0:
        raise ValueError("the depth cannot be negative")
    decks = seeded_decks(ruleset, seed)
    return count(new_game(ruleset, decks(0)), depth, decks, 1)


def perft_divide(ruleset: Ruleset, seed: int, depth: int) -> list[tuple[Action, int]]:
    """`divide` from the first deal of ``seed``."""
    decks = seeded_decks(ruleset, seed)
    return divide(new_game(ruleset, decks(0)), depth, decks, 1)
