"""The one table of event printers: which function prints which event.

Each family's printers live in their own module (`.tricks`, `.bidding`,
`.fishing`) and import nothing of each other's. Where two families name an
event alike, the choice between them is made here, from the event itself or
the ruleset, and nowhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import bidding, counting, fishing, tricks
from .common import Handler

if TYPE_CHECKING:
    from .game import GameRenderer


def _play(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """A card played: to the table in a fishing game, into the trick otherwise."""
    if getattr(r.ruleset.play, "kind", "tricks") == "fishing":
        return fishing.play(r, e)
    return tricks.play(r, e)


def _redeal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """A void deal names the rank that voided it; an auction nobody bid in does not."""
    if "rank" in e:
        return fishing.redeal(r, e)
    return bidding.redeal(r, e)


def _hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """A contract's result, a fishing hand's categories, or a trick game's points."""
    if e.get("contract"):
        return bidding.hand_over(r, e)
    if "categories" in e:
        return fishing.hand_over(r, e)
    if getattr(r.ruleset.hand_scoring, "kind", "") == "count":
        return counting.hand_over(r, e)
    return tricks.hand_over(r, e)


HANDLERS: dict[str, Handler] = {
    # shared names, chosen above
    "play": _play,
    "redeal": _redeal,
    "hand-over": _hand_over,
    # the trick games
    "deal": tricks.deal,
    "trick": tricks.trick,
    "draw": tricks.draw,
    "take-indicator": tricks.take_indicator,
    "exchange": tricks.exchange,
    "match-over": tricks.match_over,
    "declare": counting.declare,
    # the auction, the call and Albastini's trump guess
    "bid": bidding.bid,
    "pass": bidding.passed,
    "all-passed": bidding.all_passed,
    "reopen": bidding.reopen,
    "auction-won": bidding.auction_won,
    "call": bidding.call,
    "partner-revealed": bidding.revealed,
    "monte": bidding.monte,
    "show-hand": bidding.show_hand,
    "discard": bidding.discard,
    "own-card-shown": bidding.own_card_shown,
    "own-call": bidding.own_call,
    "turn-indicator": bidding.turn_indicator,
    "bid-exchange": bidding.bid_exchange,
    "bid-returned": bidding.bid_returned,
    # the fishing games
    "capture": fishing.capture,
    "leftovers": fishing.leftovers,
    "bonus": fishing.bonus,
    "table-bonus": fishing.table_bonus,
    "claim": fishing.claim,
}
"""Event type -> its printer; any other event is printed by `.common.generic`."""
