"""Actions: JSON objects tagged by ``type``.

``shuffle`` is the chance action (the deck order, top card first);
``play`` and ``exchange`` are a player's. Player actions name the seat that
makes them, so an action out of turn can be told from one in turn.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import IllegalAction


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ShuffleAction(_Action):
    """Chance: the order of the shuffled pack for the next hand, top card first."""

    type: Literal["shuffle"] = "shuffle"
    deck: tuple[str, ...]


class PlayAction(_Action):
    """A player puts a card from his hand on the trick."""

    type: Literal["play"] = "play"
    seat: int
    card: str


@cache
def play_action(seat: int, card: str) -> PlayAction:
    """The action of ``seat`` playing ``card``, built once and shared (actions
    are immutable): ``legal_actions`` asks for the same few actions at every
    step, and validating them anew was a large part of a step's cost."""
    return PlayAction(seat=seat, card=card)


class ExchangeAction(_Action):
    """A player swaps a trump from his hand for the face-up indicator."""

    type: Literal["exchange"] = "exchange"
    seat: int
    card: str


Action = Annotated[
    Union[ShuffleAction, PlayAction, ExchangeAction], Field(discriminator="type")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(data: Any) -> ShuffleAction | PlayAction | ExchangeAction:
    """Read an action from a model or a JSON-like mapping.

    A malformed action is an :class:`IllegalAction` under
    ``briscola.play.phase``, naming the field that is wrong.
    """
    if isinstance(data, (ShuffleAction, PlayAction, ExchangeAction)):
        return data
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "action"
        raise IllegalAction(
            "briscola.play.phase",
            f"malformed action {data!r}: field {loc}: {err['msg']} "
            f"(expected one of: shuffle {{deck}}, play {{seat, card}}, exchange {{seat, card}})",
        ) from None


def action_dict(action: ShuffleAction | PlayAction | ExchangeAction) -> dict[str, Any]:
    """The action as plain JSON data."""
    data = action.model_dump(mode="json")
    return data
