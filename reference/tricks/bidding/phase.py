"""The phases that come before play in the bidding games: the Chiamata
auction and call (`.auction`, `.calling`) and Albastini's trump
guess (`.trump_guess`). The trick family's `regola.reference.tricks.game`
hands them every ``bid``, ``pass`` and ``call`` action, and every action
made while bidding or calling.
"""

from __future__ import annotations

from ...errors import IllegalAction
from ..state import State
from .actions import BidAction, CallAction, DiscardAction, OwnCallAction, PassAction, ShowHandAction
from .auction import apply_auction, auction_actions, show_hand, start_auction
from .calling import apply_call, call_actions
from .monte import apply_monte, monte_actions
from .trump_guess import apply_guess, guess_actions, start_guessing

BIDDING_PHASES = ("bid", "call", "discard")
BIDDING_ACTIONS = ("bid", "pass", "call", "discard", "own-call", "show-hand")


def is_contract_game(state: State) -> bool:
    return state.ruleset.bidding.kind in ("rank-auction", "points-auction", "low-card")


def open_bidding(state: State) -> State:
    """After the deal: open the auction or the trump guess, if the variant has one."""
    kind = state.ruleset.bidding.kind
    if kind == "none":
        return state
    if kind == "trump-guess":
        return start_guessing(state)
    return start_auction(state)


def bidding_actions(state: State) -> list[BidAction | PassAction | CallAction]:
    """The legal actions while bidding or calling, in canonical order."""
    if state.phase == "call":
        return list(call_actions(state))
    if state.phase == "discard":
        return list(monte_actions(state))
    if state.ruleset.bidding.kind == "trump-guess":
        return list(guess_actions(state))
    return list(auction_actions(state))


def apply_bidding(state: State, act) -> State:  # noqa: ANN001 - any parsed action
    """Apply an action made while bidding or calling, or a bid, pass or call
    made at another time (which is refused with the rule that closes it)."""
    kind = state.ruleset.bidding.kind
    if kind == "none":
        raise IllegalAction("briscola.play.phase", f"this variant has no auction: no {act.type} is possible")
    if kind == "trump-guess":
        if isinstance(act, (BidAction, PassAction)):
            return apply_guess(state, act)
        when = "while the dealer's opponents bid" if state.phase == "bid" else "in this game"
        raise IllegalAction("albastini.bid.turn", f"no {act.type} is possible {when}")
    if isinstance(act, (DiscardAction, OwnCallAction)):
        if state.phase != "discard":
            raise IllegalAction("chiamata.phase.order", f"no {act.type} is possible now (phase {state.phase})")
        return apply_monte(state, act)
    if state.phase == "discard":
        raise IllegalAction("chiamata.call.monte", f"no {act.type} is possible while the bidder discards")
    if isinstance(act, ShowHandAction):
        return show_hand(state, act)
    if isinstance(act, (BidAction, PassAction)):
        return apply_auction(state, act)
    if isinstance(act, CallAction):
        return apply_call(state, act)
    what = "the auction" if state.phase == "bid" else "the call"
    raise IllegalAction("chiamata.phase.order", f"no {act.type} is possible during {what}")
