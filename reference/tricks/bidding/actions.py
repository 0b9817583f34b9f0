"""The actions of the bidding phases: ``bid``, ``pass`` and ``call`` (their
rules in `.auction`, `.calling` and `.trump_guess`)."""

from __future__ import annotations

from typing import Literal

from ...actions import ActionModel


class BidAction(ActionModel):
    """A bid: a face (``rank``), a raised Two (``rank`` and ``points``), a
    point target (``points``), or an Albastini bid card (``card``)."""

    type: Literal["bid"] = "bid"
    seat: int
    rank: str | None = None
    points: int | None = None
    card: str | None = None


class PassAction(ActionModel):
    """A player passes in the auction (or declines to reopen it)."""

    type: Literal["pass"] = "pass"
    seat: int


class CallAction(ActionModel):
    """The auction's winner names trumps: a ``suit`` (the called face is
    fixed by the bid or the variant) or a ``card``."""

    type: Literal["call"] = "call"
    seat: int
    suit: str | None = None
    card: str | None = None
