"""The families of games the interpreter plays, and the one place a ruleset
is sent to its own.

The spec names each ruleset's family in ``play.kind``: ``tricks`` (Briscola,
its bidding games, Albastini: `regola.reference.tricks`) or ``fishing``
(Scopa, Scopone: `regola.reference.fishing`). A family is a package whose
``game`` module has the same four entry points (`Family`); each of its
states carries its ruleset (``state.ruleset``), so a state finds its family
the way a ruleset does. A new family is a new package and one more entry in
`FAMILIES`.
"""

from __future__ import annotations

from typing import Any, Protocol

from regola.spec import Ruleset

from .fishing import game as fishing_game
from .fishing.state import FishingState
from .tricks import game as tricks_game
from .tricks.state import State

AnyState = State | FishingState
"""The state of a match of any family."""


class Family(Protocol):
    """What the public API asks of a family (see `regola.reference`)."""

    def initial_state(self, ruleset: Ruleset) -> Any: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def view(self, state: Any, seat: int | None = None) -> dict[str, Any]: ...


FAMILIES: dict[str, Family] = {
    "tricks": tricks_game,
    "fishing": fishing_game,
}
"""``play.kind`` -> the entry points of the family that plays it."""


def family_of(ruleset: Ruleset) -> Family:
    """The family that plays ``ruleset``."""
    return FAMILIES[ruleset.play.kind]


FAMILY_OF_STATE: dict[type, Family] = {
    State: tricks_game,
    FishingState: fishing_game,
}
"""The type of a state -> the family that made it: each family builds
states of its own class only, so this answers as `family_of` does for the
state's ruleset, with one lookup instead of reading ``ruleset.play.kind``
at every step."""
