"""What the reference does for speed builds the same values as the plain
way: a state copied with a few fields changed (``replace``, in both
families) is what `dataclasses.replace` builds, and a name that is not a
field is refused, as `dataclasses.replace` refuses it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from regola.reference import apply, legal_actions, new_game, shuffled_deck
from regola.reference.fishing import state as fishing_state
from regola.reference.tricks import state as trick_state

from .helpers import ruleset

FAMILIES = [("briscola-2", trick_state.replace), ("scopa-2", fishing_state.replace)]


def midway(variant: str, seed: int):
    """A state a few random steps into a hand of ``variant``."""
    rules = ruleset(variant)
    rng = random.Random(seed)
    state = new_game(rules, shuffled_deck(rules, rng))
    for _ in range(5):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@pytest.mark.rule("briscola.play.turn", "scopa.play.turn")
@pytest.mark.parametrize("variant, replace", FAMILIES)
def test_a_copy_with_changes_is_what_dataclasses_replace_builds(variant, replace):
    state = midway(variant, seed=4)
    changes = {"to_move": 1 - state.to_move, "events": ({"type": "note"},), "rules": ()}
    copied = replace(state, **changes)
    assert copied == dataclasses.replace(state, **changes)
    assert type(copied) is type(state) and copied is not state
    assert copied.to_move == 1 - state.to_move and copied.hands == state.hands
    assert replace(state) == state  # no change: an equal value


@pytest.mark.rule("briscola.play.turn", "scopa.play.turn")
@pytest.mark.parametrize("variant, replace", FAMILIES)
def test_a_name_that_is_not_a_field_is_refused(variant, replace):
    state = midway(variant, seed=5)
    with pytest.raises(TypeError, match="no field.*'to_mvoe'"):
        replace(state, to_mvoe=0)
    with pytest.raises(TypeError):
        dataclasses.replace(state, to_mvoe=0)
