"""``resample_from_infostate``: a state of the hand that one player cannot
tell from the true one, for information-set search (OpenSpiel's
``ISMCTSBot``).

The cards the player's seat has never seen in any of its views are dealt
again at random among the places they had in each deck order (rules
``briscola.info.hidden``, ``scopa.info.hidden``), and the moves are played
again. A move the player saw is replayed as it was; a move it could not
see (the bidder's discards into the monte, ``chiamata.call.monte``) is
replayed if it is still legal and leaves the player's view as it was, else
replaced by another that does. A deal that cannot explain the moves (a
card dealt to a seat that later showed it had none of that suit) is
drawn again. Every state returned gives the player the same sequence of
views, so the same information state; the deals are drawn uniformly among
those tried, which is not the exact posterior (the other seats' choices
are not weighed by how likely they made them).
"""

from __future__ import annotations

import json
import random
from typing import Any

MAX_TRIES = 2000


def _seen_cards(state: Any, seat: int) -> set[str]:
    """Every card that appears in one of ``seat``'s views of the hand."""
    seen: set[str] = set()
    node = state.step
    cards = set(state.shape.cards)
    while node is not None:
        text = json.dumps(node.record(seat, state.shape).view)
        seen.update(c for c in cards if f'"{c}"' in text)
        node = node.parent
    return seen


def _chain(state: Any) -> list[Any]:
    out, node = [], state.step
    while node is not None:
        out.append(node)
        node = node.parent
    return out[::-1]


def resample(state: Any, player: int, sampler: Any) -> Any:
    """A state ``player`` cannot tell from ``state`` (see the module)."""
    shape = state.shape
    seat = state.seat_of(player)
    chain = _chain(state)
    hidden = sorted(set(shape.cards) - _seen_cards(state, seat))
    rng = random.Random(int(float(sampler()) * 2**53) if callable(sampler) else None)
    for _ in range(MAX_TRIES):
        found = _replay(state, chain, seat, hidden, rng)
        if found is not None:
            return found
    raise RuntimeError(f"resample_from_infostate: no deal found in {MAX_TRIES} tries that explains the moves")


def _deck(deck: tuple[str, ...], hidden: list[str], rng: random.Random) -> list[str]:
    spots = [i for i, c in enumerate(deck) if c in set(hidden)]
    cards = [deck[i] for i in spots]
    rng.shuffle(cards)
    out = list(deck)
    for i, c in zip(spots, cards):
        out[i] = c
    return out


def _replay(state: Any, chain: list[Any], seat: int, hidden: list[str], rng: random.Random) -> Any | None:
    game = state.get_game()
    shape = state.shape
    new = type(state)(game, start=chain[0].state)
    if state.offset is not None and new.offset is None:
        new.apply_action(state.offset)
    deals = iter(state.decks)
    for node in chain[1:]:
        want = node.record(seat, shape).view
        if node.kind == "deal":
            for card in _deck(next(deals), hidden, rng):
                new.apply_action(shape.card_index[card])
        elif not _move(new, node, seat, want, rng):
            return None
        if new.step.record(seat, shape).view != want:
            return None
    for index in state.drawn:  # a deck order still being drawn: the player sees none of it
        left = [a for a, _ in new.chance_outcomes()]
        new.apply_action(index if index in left else rng.choice(left))
    return new


def _move(new: Any, node: Any, seat: int, want: dict[str, Any], rng: random.Random) -> bool:
    """Play the move of ``node`` in ``new``, or one the seat cannot tell
    from it; False when there is none."""
    if new.is_terminal() or new.is_chance_node() or int(new.core.to_move) != node.mover:
        return False
    legal = new.legal_actions()
    if node.action in legal and _keeps(new, node.action, seat, want):
        new.apply_action(node.action)
        return True
    if node.mover == seat:
        return False
    others = [a for a in legal if a != node.action]
    rng.shuffle(others)
    for action in others:
        if _keeps(new, action, seat, want):
            new.apply_action(action)
            return True
    return False


def _keeps(new: Any, action: int, seat: int, want: dict[str, Any]) -> bool:
    trial = new.clone()
    trial.apply_action(action)
    return trial.step.record(seat, new.shape).view == want
