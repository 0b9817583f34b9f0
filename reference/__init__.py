"""What the rules DO: the slow, obviously correct reference interpreter.

One small API for every game: `initial_state`, `new_game`, `legal_actions`,
`apply` and `view`. Each sends its ruleset, or its state's, once to the
family that plays it (`regola.reference.families`): the trick games in
`regola.reference.tricks`, the fishing games in `regola.reference.fishing`.
What the families share stays here: the shuffle and play actions
(`.actions`), the one error (`.errors`), the check of a deck order
(`.shuffle`), what is derived once per ruleset (`.cache`), seeded shuffles
and random playouts (`.playout`).

Speed, without a second way of playing: every rule is still played by the
one function that cites its id, and what is done for speed only spares
work whose answer is already known.

- Per-ruleset tables, built once and kept (`.cache.per_ruleset`): card
  points, strengths and suits (`briscola.deck.points`,
  `briscola.trick.winner`), the order seats draw in after a trick
  (`briscola.draw.order`), capture values (`scopa.deck.values`), and the
  state before the first shuffle, a frozen value handed out again.
- Capture searches remembered per table (`scopa.capture.match`,
  `scopa.capture.sum`): a capture depends only on the ruleset's tables,
  the table cards and the card played, so the answer for a (table, card)
  seen before is looked up (`.fishing.tables.remembered`); the search for
  sums grows only the sets still below the card's value.
- Immutable actions and states built without revalidation: legal actions
  are built once and shared (`.actions.play_action`), and a new state
  copies the old one's fields and changes a few (``replace``) instead of
  running the dataclass constructor again. A step builds one new state:
  a trick's last card is played and the trick taken, drawn and scored into
  one state (`.tricks.game._finish_trick`), a fishing card's play and the
  turn that follows likewise (`.fishing.game._next_turn`).
- The options a step reads are plain fields of the per-ruleset tables
  (`.tricks.tables.Tables`), and what only some variants do (a contract,
  shown cards) sits behind one test, so a plain trick runs none of it.
- One dict lookup sends a state to its family (`.families.FAMILY_OF_STATE`).

Every memo has ``cache_clear``, so the mutants of
`regola.conformance.explain.misreadings` empty them on the way in and out.
The committed corpus replays byte for byte (`regola corpus check`), which
is the check that these change nothing; ``benchmarks/bench_reference.py``
measures what they gain.

Imports ``regola.spec`` only.
"""

from __future__ import annotations

from typing import Any

from regola.spec import Ruleset

from .actions import ActionModel, PlayAction, ShuffleAction, action_dict
from .errors import IllegalAction
from .families import FAMILY_OF_STATE, AnyState, Family, family_of
from .fishing.state import FishingState
from .playout import random_playout, shuffled_deck
from .tricks.actions import ExchangeAction, parse_action
from .tricks.state import HandResult, MatchScore, State


def initial_state(ruleset: Ruleset) -> AnyState:
    """A match before its first shuffle: seat 0 is to deal."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"expected a Ruleset (regola.spec.load(...)), got {type(ruleset).__name__}")
    return family_of(ruleset).initial_state(ruleset)


def new_game(ruleset: Ruleset, deck_order: list[str] | tuple[str, ...]) -> AnyState:
    """Start a match and deal its first hand from ``deck_order`` (top card first)."""
    if isinstance(deck_order, (str, bytes)) or not isinstance(deck_order, (list, tuple)):
        raise TypeError(f"new_game: deck_order must be a list of card ids, got {type(deck_order).__name__}")
    wrong = [card for card in deck_order if not isinstance(card, str)]
    if wrong:
        raise TypeError(f"new_game: deck_order must be a list of card ids (strings), got {wrong[0]!r}")
    return apply(initial_state(ruleset), ShuffleAction(deck=tuple(deck_order)))


def legal_actions(state: AnyState) -> list[ActionModel]:
    """Every legal player action, in canonical order (trick games: plays by
    card order, then the exchange; bids from the lowest, then the pass;
    fishing games: card by card, laying the card before its captures).
    Empty between hands (a chance step: see `State.is_chance`) and once the
    match is over."""
    return (FAMILY_OF_STATE.get(type(state)) or _family(state, "legal_actions")).legal_actions(state)


def apply(state: AnyState, action: ActionModel | dict[str, Any]) -> AnyState:
    """Apply one action and return the new state.

    Raises `IllegalAction` naming the rule broken: a shuffle during a
    hand or a play between hands (``briscola.play.phase``,
    ``scopa.play.phase``), out of turn (``briscola.play.turn``), a card not
    held (``briscola.play.in-hand``), and so on.
    """
    family = FAMILY_OF_STATE.get(type(state)) or _family(state, "apply")
    seat = action.get("seat") if isinstance(action, dict) else None
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        # pydantic would read "1" or True as seat 1: a malformed action instead
        rule = "scopa.play.phase" if state.ruleset.play.kind == "fishing" else "briscola.play.phase"
        raise IllegalAction(rule, f"malformed action {action!r}: field seat: a seat is an integer, got {seat!r}")
    return family.apply(state, action)


def view(state: AnyState, seat: int | None = None) -> dict[str, Any]:
    """The canonical view of ``state``: plain JSON data with a fixed set of
    keys, omniscient if ``seat`` is None, otherwise what that seat may see
    (hidden hands are ``null``, their sizes always shown). Each family's
    `view` lists its keys."""
    family = FAMILY_OF_STATE.get(type(state)) or _family(state, "view")
    if seat is not None:
        _check_seat(seat, "view: seat")
    return family.view(state, seat)


def _family(state: Any, what: str) -> Family:
    """The family of a state whose exact type is not in `FAMILY_OF_STATE`
    (a subclass of a family's state), or a clear TypeError. The public
    functions look the state's type up first: one dict lookup per step
    instead of a type check and a walk to ``ruleset.play.kind``."""
    _check_state(state, what)
    return family_of(state.ruleset)


def _check_state(state: Any, what: str) -> None:
    """A clear TypeError for a value that is not a match state (rather than
    an AttributeError from inside a family)."""
    if not isinstance(state, (State, FishingState)):
        raise TypeError(f"{what}: expected a match state (from new_game or initial_state), got {type(state).__name__}")


def _check_seat(seat: Any, what: str) -> None:
    """Seats are ints: a bool or a string is refused, not read as one."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"{what} must be an int, got {seat!r} ({type(seat).__name__})")


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
