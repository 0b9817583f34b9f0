"""Actions: JSON objects tagged by ``type``.

``shuffle`` is the chance action (the deck order, top card first);
``play`` and ``exchange`` are a player's. Player actions name the seat that
makes them, so an action out of turn can be told from one in turn. The
bidding games add ``bid``, ``pass`` and ``call`` (shapes in
`.auction`, `.calling` and `.albastini`); fields that do not
apply are left out of the JSON form.
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


class BidAction(_Action):
    """A bid: a face (``rank``), a raised Two (``rank`` and ``points``), a
    point target (``points``), or an Albastini bid card (``card``)."""

    type: Literal["bid"] = "bid"
    seat: int
    rank: str | None = None
    points: int | None = None
    card: str | None = None


class PassAction(_Action):
    """A player passes in the auction (or declines to reopen it)."""

    type: Literal["pass"] = "pass"
    seat: int


class CallAction(_Action):
    """The auction's winner names trumps: a ``suit`` (the called face is
    fixed by the bid or the variant) or a ``card``."""

    type: Literal["call"] = "call"
    seat: int
    suit: str | None = None
    card: str | None = None


Action = Annotated[
    Union[ShuffleAction, PlayAction, ExchangeAction, BidAction, PassAction, CallAction],
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(data: Any) -> ShuffleAction | PlayAction | ExchangeAction:
    """Read an action from a model or a JSON-like mapping.

    A malformed action is an `IllegalAction` under
    ``briscola.play.phase``, naming the field that is wrong.
    """
    if isinstance(data, (ShuffleAction, PlayAction, ExchangeAction, BidAction, PassAction, CallAction)):
        return data
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "action"
        raise IllegalAction(
            "briscola.play.phase",
            f"malformed action {data!r}: field {loc}: {err['msg']} "
            f"(expected one of: shuffle {{deck}}, play {{seat, card}}, exchange {{seat, card}}, "
            f"bid {{seat, rank|points|card}}, pass {{seat}}, call {{seat, suit|card}})",
        ) from None


def action_dict(action: ShuffleAction | PlayAction | ExchangeAction) -> dict[str, Any]:
    """The action as plain JSON data (fields that do not apply left out)."""
    data = action.model_dump(mode="json", exclude_none=True)
    return data
