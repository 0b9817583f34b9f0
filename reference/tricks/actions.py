"""Actions of the trick games: the shared ``shuffle`` and ``play``, the
``exchange`` of a trump for the face-up indicator, and the bidding games'
``bid``, ``pass`` and ``call`` (`.bidding.actions`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter, ValidationError

from ..actions import ActionModel, PlayAction, ShuffleAction
from ..errors import IllegalAction
from .bidding.actions import BidAction, CallAction, DiscardAction, OwnCallAction, PassAction, ShowHandAction


class ExchangeAction(ActionModel):
    """A player swaps a trump from his hand for the face-up indicator."""

    type: Literal["exchange"] = "exchange"
    seat: int
    card: str


AnyAction = ShuffleAction | PlayAction | ExchangeAction

Action = Annotated[
    Union[
        ShuffleAction, PlayAction, ExchangeAction, BidAction, PassAction, CallAction, DiscardAction, OwnCallAction,
        ShowHandAction,
    ],
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(data: Any) -> ShuffleAction | PlayAction | ExchangeAction:
    """Read an action from a model or a JSON-like mapping.

    A malformed action is an `IllegalAction` under
    ``briscola.play.phase``, naming the field that is wrong. A
    `PlayAction`, the common case, is recognised first, by its exact type.
    """
    if type(data) is PlayAction:
        return data
    if isinstance(data, (ShuffleAction, PlayAction, ExchangeAction, BidAction, PassAction, CallAction, DiscardAction,
                         OwnCallAction, ShowHandAction)):
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
            f"bid {{seat, rank|points|card}}, pass {{seat}}, call {{seat, suit|card}}, discard {{seat, card}}, "
            f"own-call {{seat, show}}, show-hand {{seat}})",
        ) from None
