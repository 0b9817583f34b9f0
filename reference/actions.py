"""Actions: JSON objects tagged by ``type``.

The two every family has are here: ``shuffle``, the chance action (the deck
order, top card first), and ``play``, a player's card. Player actions name
the seat that makes them, so an action out of turn can be told from one in
turn. Each family adds its own (`regola.reference.tricks.actions`:
``exchange``, and ``bid``, ``pass``, ``call`` for the bidding games;
`regola.reference.fishing.actions`: ``capture``) and reads them with its own
``parse_action``; fields that do not apply are left out of the JSON form.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class ActionModel(BaseModel):
    """What every action is: a frozen value that forbids unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ShuffleAction(ActionModel):
    """Chance: the order of the shuffled pack for the next hand, top card first."""

    type: Literal["shuffle"] = "shuffle"
    deck: tuple[str, ...]


class PlayAction(ActionModel):
    """A player puts a card from his hand on the trick (or, in the fishing
    games, on the table without capturing)."""

    type: Literal["play"] = "play"
    seat: int
    card: str


@cache
def play_action(seat: int, card: str) -> PlayAction:
    """The action of ``seat`` playing ``card``, built once and shared (actions
    are immutable): ``legal_actions`` asks for the same few actions at every
    step, and validating them anew was a large part of a step's cost."""
    return PlayAction(seat=seat, card=card)


def action_dict(action: BaseModel) -> dict[str, Any]:
    """The action as plain JSON data (fields that do not apply left out)."""
    data = action.model_dump(mode="json", exclude_none=True)
    return data
