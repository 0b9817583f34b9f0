"""Briscola col Monte: the monte, the discards and the bidder's own card
(rules ``chiamata.call.monte``, ``chiamata.call.own-card-shown``).

Actions, as JSON:

* ``{"type": "discard", "seat": s, "card": "4c"}`` lays one card face down;
  the bidder discards one at a time until he has laid down as many cards as
  he took from the monte.
* ``{"type": "own-call", "seat": s, "show": false}``: a bidder who holds the
  called card once the discards are made plays alone without a word;
  ``"show": true`` shows it and partners the player on his right.

Legal actions come in canonical order: discards by card order; ``own-call``
silent, then shown.
"""

from __future__ import annotations

from dataclasses import replace as replace_record
from typing import Any

from ...errors import IllegalAction
from ..seats import next_seat
from ..state import State, replace
from .actions import DiscardAction, OwnCallAction


def take_monte(state: State) -> State:
    """``chiamata.call.monte``: the bidder takes the monte unseen into his hand."""
    bidder = state.contract.bidder
    hands = list(state.hands)
    hands[bidder] = state.tables.sort(hands[bidder] + state.stock)
    contract = replace_record(state.contract, monte=len(state.stock))
    return replace(state, hands=tuple(hands), stock=(), contract=contract)


def monte_actions(state: State) -> list[DiscardAction | OwnCallAction]:
    """The bidder's legal actions after the call: discards, then his choice."""
    contract = state.contract
    seat = contract.bidder
    if len(contract.discards) < contract.monte:
        return [DiscardAction(seat=seat, card=c) for c in state.hands[seat] if c != contract.called]
    return [OwnCallAction(seat=seat, show=False), OwnCallAction(seat=seat, show=True)]


def apply_monte(state: State, act: DiscardAction | OwnCallAction) -> State:
    """One discard, or the bidder's choice about his own card; play starts
    once both are done."""
    contract = state.contract
    if act.seat != contract.bidder:
        raise IllegalAction("chiamata.call.monte", f"only the bidder, seat {contract.bidder}, discards and chooses now")
    if isinstance(act, DiscardAction):
        return _discard(state, act)
    if len(contract.discards) < contract.monte:
        raise IllegalAction(
            "chiamata.call.monte",
            f"{contract.monte - len(contract.discards)} more card(s) must be discarded first",
        )
    return _own_call(state, act)


def _discard(state: State, act: DiscardAction) -> State:
    contract = state.contract
    seat = act.seat
    if len(contract.discards) >= contract.monte:
        raise IllegalAction("chiamata.call.monte", f"the {contract.monte} discards are made: no more cards go down")
    if act.card not in state.hands[seat]:
        raise IllegalAction("chiamata.call.monte", f"seat {seat} does not hold {act.card}")
    if act.card == contract.called:
        raise IllegalAction("chiamata.call.monte", f"the called card {act.card} may not be discarded")
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != act.card)
    contract = replace_record(contract, discards=(*contract.discards, act.card))
    # chiamata.call.monte: a card laid face down; only how many is public
    events: list[dict[str, Any]] = [{"type": "discard", "seat": seat, "count": len(contract.discards)}]
    after = replace(state, hands=tuple(hands), contract=contract, events=tuple(events), rules=("chiamata.call.monte",))
    if len(contract.discards) < contract.monte or contract.partner == contract.bidder:
        return after
    return _start_play(after)


def _own_call(state: State, act: OwnCallAction) -> State:
    """``chiamata.call.own-card-shown``: alone in silence, or the called card
    shown and the player on the bidder's right his partner."""
    contract = state.contract
    if contract.partner != contract.bidder or contract.own_call is not None:
        raise IllegalAction(
            "chiamata.call.own-card-shown", "only a bidder holding the card he called chooses, once"
        )
    if act.show:
        right = next_seat(state, contract.bidder)
        contract = replace_record(contract, own_call="show", partner=right, revealed=True)
        event = {"type": "own-card-shown", "seat": act.seat, "card": contract.called, "partner": right}
    else:
        contract = replace_record(contract, own_call="alone")
        event = {"type": "own-call", "seat": act.seat}
    after = replace(state, contract=contract, events=(event,), rules=("chiamata.call.own-card-shown",))
    return _start_play(after)


def _start_play(state: State) -> State:
    return replace(state, phase="play", to_move=state.leader)


def won_with_discards(state: State) -> tuple[tuple[str, ...], ...]:
    """``chiamata.call.monte``: the cards each seat took, the discards going
    to the winner of the last trick."""
    contract = state.contract
    if contract is None or not contract.discards or state.last_trick is None:
        return state.won
    won = list(state.won)
    winner = state.last_trick[0]
    won[winner] = won[winner] + contract.discards
    return tuple(won)
