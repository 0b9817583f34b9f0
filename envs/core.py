"""The engine an environment steps (``core=``): ``"fast"`` (the default),
`regola.fast`'s match, proved equal to the reference by the conformance
suite; or ``"reference"``, `regola.reference` itself behind the same few
calls, for a cross-check or where speed does not matter.

Both give a mutable match with: ``phase``, ``is_chance``, ``is_over``,
``to_move``, ``hands_played``, ``legal()`` (moves in the reference's
canonical order), ``apply(move)``, ``action(move)`` (a move as the
reference's JSON action), ``move(action)`` (back), ``shuffle(deck)``,
``view(seat)`` (the reference's canonical view, `regola.reference.view`),
``copy()`` and ``to_reference()``. A refused move raises the reference's
``IllegalAction`` with the rule id it cites.
"""

from __future__ import annotations

from typing import Any

from regola.fast import new_match
from regola.reference import ShuffleAction, action_dict, apply, initial_state, legal_actions, view
from regola.spec import Ruleset

CORES = ("fast", "reference")


class ReferenceMatch:
    """`regola.reference`'s immutable states behind the fast core's calls."""

    def __init__(self, ruleset: Ruleset, state: Any = None) -> None:
        self.ruleset = ruleset
        self.state = state if state is not None else initial_state(ruleset)

    phase = property(lambda self: self.state.phase)
    is_chance = property(lambda self: bool(self.state.is_chance))
    is_over = property(lambda self: bool(self.state.is_over))
    to_move = property(lambda self: self.state.to_move)
    hands_played = property(lambda self: self.state.match.hands_played)
    table = property(lambda self: self.state.table)

    def legal(self) -> list[Any]:
        return legal_actions(self.state)

    def apply(self, move: Any) -> None:
        self.state = apply(self.state, move)

    def action(self, move: Any) -> dict[str, Any]:
        return action_dict(move)

    def move(self, action: dict[str, Any]) -> Any:
        return action

    def shuffle(self, deck: Any) -> None:
        self.state = apply(self.state, ShuffleAction(deck=tuple(deck)))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view(self.state, seat)

    def copy(self) -> ReferenceMatch:
        return ReferenceMatch(self.ruleset, self.state)

    def to_reference(self) -> Any:
        return self.state


def check_core(core: Any) -> str:
    if core not in CORES:
        raise ValueError(f"core: expected 'fast' or 'reference', got {core!r}")
    return core


def new_core(ruleset: Ruleset, core: str = "fast") -> Any:
    """A match of ``ruleset`` before its first shuffle (seat 0 deals), on ``core``."""
    return ReferenceMatch(ruleset) if check_core(core) == "reference" else new_match(ruleset)


def is_fast(match: Any) -> bool:
    return not isinstance(match, ReferenceMatch)
