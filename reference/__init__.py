"""What the rules DO: the slow, obviously correct reference interpreter.

One small API for every game: `initial_state`, `new_game`, `legal_actions`,
`apply` and `view`. Each sends its ruleset, or its state's, once to the
family that plays it (`regola.reference.families`): the trick games in
`regola.reference.tricks`, the fishing games in `regola.reference.fishing`.
What the families share stays here: the shuffle and play actions
(`.actions`), the one error (`.errors`), the check of a deck order
(`.shuffle`), what is derived once per ruleset (`.cache`), seeded shuffles
and random playouts (`.playout`).

Imports ``regola.spec`` only.
"""

from __future__ import annotations

from typing import Any

from regola.spec import Ruleset

from .actions import ActionModel, PlayAction, ShuffleAction, action_dict
from .errors import IllegalAction
from .families import AnyState, family_of
from .playout import random_playout, shuffled_deck
from .tricks.actions import ExchangeAction, parse_action
from .tricks.state import HandResult, MatchScore, State


def initial_state(ruleset: Ruleset) -> AnyState:
    """A match before its first shuffle: seat 0 is to deal."""
    return family_of(ruleset).initial_state(ruleset)


def new_game(ruleset: Ruleset, deck_order: list[str] | tuple[str, ...]) -> AnyState:
    """Start a match and deal its first hand from ``deck_order`` (top card first)."""
    return apply(initial_state(ruleset), ShuffleAction(deck=tuple(deck_order)))


def legal_actions(state: AnyState) -> list[ActionModel]:
    """Every legal player action, in canonical order (trick games: plays by
    card order, then the exchange; bids from the lowest, then the pass;
    fishing games: card by card, laying the card before its captures).
    Empty between hands (a chance step: see `State.is_chance`) and once the
    match is over."""
    return family_of(state.ruleset).legal_actions(state)


def apply(state: AnyState, action: ActionModel | dict[str, Any]) -> AnyState:
    """Apply one action and return the new state.

    Raises `IllegalAction` naming the rule broken: a shuffle during a
    hand or a play between hands (``briscola.play.phase``,
    ``scopa.play.phase``), out of turn (``briscola.play.turn``), a card not
    held (``briscola.play.in-hand``), and so on.
    """
    return family_of(state.ruleset).apply(state, action)


def view(state: AnyState, seat: int | None = None) -> dict[str, Any]:
    """The canonical view of ``state``: plain JSON data with a fixed set of
    keys, omniscient if ``seat`` is None, otherwise what that seat may see
    (hidden hands are ``null``, their sizes always shown). Each family's
    `view` lists its keys."""
    return family_of(state.ruleset).view(state, seat)


__all__ = [
    "ExchangeAction",
    "HandResult",
    "IllegalAction",
    "MatchScore",
    "PlayAction",
    "ShuffleAction",
    "State",
    "action_dict",
    "apply",
    "initial_state",
    "legal_actions",
    "new_game",
    "parse_action",
    "random_playout",
    "shuffled_deck",
    "view",
]
