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


class ShowHandAction(ActionModel):
    """A player with no counting card shows his hand and asks for a new deal
    (``chiamata.bid.no-counters``)."""

    type: Literal["show-hand"] = "show-hand"
    seat: int


class PassAction(ActionModel):
    """A player passes in the auction (or declines to reopen it)."""

    type: Literal["pass"] = "pass"
    seat: int


class CallAction(ActionModel):
    """The auction's winner names trumps: a ``suit`` (the called face is
    fixed by the bid or the variant) or a ``card``, and where the contract
    allows it a ``second`` card of the same suit (``chiamata.call.two-cards``)."""

    type: Literal["call"] = "call"
    seat: int
    suit: str | None = None
    card: str | None = None
    second: str | None = None


class DiscardAction(ActionModel):
    """The auction's winner lays one card face down after taking the monte
    (``chiamata.call.monte``)."""

    type: Literal["discard"] = "discard"
    seat: int
    card: str


class OwnCallAction(ActionModel):
    """A bidder who holds the card he called plays alone without a word
    (``show`` false) or shows it and partners the player on his right
    (``show`` true) (``chiamata.call.own-card-shown``)."""

    type: Literal["own-call"] = "own-call"
    seat: int
    show: bool
