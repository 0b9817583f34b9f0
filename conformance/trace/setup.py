"""The position a focused trace starts from.

A **focused** trace (header ``purpose: "focused"``) is about one rule, or
the few rules one step exercises (header ``focus``), in one situation. Its
header holds the first deal as every trace does, then ``setup``: the
actions that lead from that deal to the situation. They are played, not
checked: the runner sends them to the engine, which must accept them, and
compares nothing until the position is reached. The step lines that follow
are few (the step that exercises the rule, and the next), so a bug the
engine has elsewhere (a wrong score two hands earlier, say) neither stops
the trace nor is blamed in it: that is what the other traces are for.

Everything that replays a trace through the reference starts from
`start_state` so that a focused trace and a whole one are read alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regola import reference


@dataclass(frozen=True)
class SetupStep:
    """One setup action as the reference plays it: the deal it makes (a
    shuffle's deal event, for an engine that takes the deal of each new
    hand) and the rule ids it exercises (to blame a refusal)."""

    action: dict[str, Any]
    deal: dict[str, Any] | None
    rules: tuple[str, ...]


def setup_actions(header: dict[str, Any]) -> Sequence[dict[str, Any]]:
    """The header's setup actions (none for a trace that starts at its deal)."""
    return header.get("setup") or ()


def start_state(ruleset: Any, header: dict[str, Any]) -> Any:
    """The reference's state at the trace's first step line: the header's
    deal, then its setup actions. Raises `reference.IllegalAction` if the
    rules refuse a setup action."""
    state = reference.new_game(ruleset, header["deck"])
    for action in setup_actions(header):
        state = reference.apply(state, action)
    return state


def setup_steps(ruleset: Any, header: dict[str, Any]) -> list[SetupStep]:
    """The setup actions with the deal and rule ids of each, played by the
    reference from the header's deck."""
    state = reference.new_game(ruleset, header["deck"])
    out = []
    for action in setup_actions(header):
        state = reference.apply(state, action)
        deal = None
        if action.get("type") == "shuffle":
            deal = next((e for e in state.events if e.get("type") == "deal"), None)
        out.append(SetupStep(dict(action), deal, tuple(state.rules)))
    return out
