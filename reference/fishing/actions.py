"""Actions of the fishing games.

``shuffle`` (chance) and ``play`` (a card that captures nothing and stays on
the table) are shared with the trick games; ``capture`` plays a card and
takes the named table cards:
``{"type": "capture", "seat": 1, "card": "7d", "take": ["3c", "4s"]}``,
``take`` listed in canonical card order. Where chiamarsi fuori is played,
``claim`` (``{"type": "claim", "seat": 1}``) claims that the seat's side
has reached the target (rule ``scopa.match.claim``).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter, ValidationError

from ..actions import ActionModel, PlayAction, ShuffleAction
from ..errors import IllegalAction


class CaptureAction(ActionModel):
    """A player plays a card and takes table cards with it."""

    type: Literal["capture"] = "capture"
    seat: int
    card: str
    take: tuple[str, ...]


class ClaimAction(ActionModel):
    """A player claims, mid-hand, that his side has reached the target
    (chiamarsi fuori, rule ``scopa.match.claim``)."""

    type: Literal["claim"] = "claim"
    seat: int


FishingAction = Annotated[
    Union[ShuffleAction, PlayAction, CaptureAction, ClaimAction], Field(discriminator="type")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(FishingAction)
AnyFishingAction = ShuffleAction | PlayAction | CaptureAction | ClaimAction


def parse_action(data: Any) -> AnyFishingAction:
    """Read a fishing-game action from a model or a JSON-like mapping.

    A malformed action, or one of another family (an exchange), is an
    `IllegalAction` under ``scopa.play.phase`` naming the field.
    """
    if isinstance(data, (ShuffleAction, PlayAction, CaptureAction, ClaimAction)):
        return data
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "action"
        raise IllegalAction(
            "scopa.play.phase",
            f"malformed action {data!r}: field {loc}: {err['msg']} (expected one of: "
            f"shuffle {{deck}}, play {{seat, card}}, capture {{seat, card, take}}, claim {{seat}})",
        ) from None


@cache
def lay_action(seat: int, card: str) -> PlayAction:
    """``seat`` plays ``card`` to the table without capturing (built once: actions are immutable)."""
    return PlayAction(seat=seat, card=card)


@cache
def capture_action(seat: int, card: str, take: tuple[str, ...]) -> CaptureAction:
    """``seat`` plays ``card`` and takes ``take`` (built once: actions are immutable)."""
    return CaptureAction(seat=seat, card=card, take=take)


@cache
def claim_action(seat: int) -> ClaimAction:
    """``seat`` claims the match (built once: actions are immutable)."""
    return ClaimAction(seat=seat)
