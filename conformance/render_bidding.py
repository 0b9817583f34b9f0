"""Printing the bidding games (Briscola Chiamata, Albastini) for ``regola play``.

Registers handlers with `.render` for the auction (``bid``, ``pass``,
``all-passed``, ``reopen``, ``auction-won``), the call (``call``,
``partner-revealed``), Albastini's trump guess (``turn-indicator``,
``bid-exchange``, ``bid-returned``) and a contract ``hand-over``. Events of
the same name from other games (a fishing ``redeal``, a trick-game
``hand-over``) are handed back to the handlers already registered.
"""

from __future__ import annotations

from typing import Any

from .render import HANDLERS, INDENT, GameRenderer, _match_score, renders

_earlier_redeal = HANDLERS.get("redeal")
_earlier_hand_over = HANDLERS["hand-over"]


def _face(r: GameRenderer, rank: str | None) -> str:
    for face in r.ruleset.deck.ranks:
        if face.id == rank:
            return face.name
    return str(rank)


def _signed(values: list[int]) -> str:
    return ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(values))


@renders("bid")
def _bid(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    seat = f"{INDENT}seat {e.get('seat')}"
    if e.get("card"):
        return [f"{seat} bids {e['card']}, guessing {r.suit(e['card'][-1])} for trumps"]
    if e.get("rank") and e.get("points"):
        return [f"{seat} bids {_face(r, e['rank'])} for {e['points']}"]
    if e.get("rank"):
        return [f"{seat} bids {_face(r, e['rank'])}"]
    return [f"{seat} bids {e.get('points')} points"]


@renders("pass")
def _pass(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} passes"]


@renders("all-passed")
def _all_passed(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if r.view.get("auction", {}).get("reopening"):
        return [f"{INDENT}everyone passed: the dealer asks each player in turn whether to reopen"]
    return [f"{INDENT}everyone passed"]


@renders("redeal")
def _redeal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if "rank" in e and _earlier_redeal is not None:
        return _earlier_redeal(r, e)
    return [f"{INDENT}nobody bid: the hand is thrown in and {r.seat(e.get('dealer'))} deals again"]


@renders("reopen")
def _reopen(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} reopens the auction at {e.get('points')}"]


@renders("auction-won")
def _auction_won(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if e.get("rank") and e.get("points"):
        bid = f"{_face(r, e['rank'])} for {e['points']}"
    elif e.get("rank"):
        bid = _face(r, e["rank"])
    else:
        bid = f"{e.get('points')} points"
    return [f"{INDENT}seat {e.get('seat')} wins the auction with {bid}: his side needs {e.get('target')} card points"]


@renders("call")
def _call(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    lines = []
    if r.pending_plays:  # a call after the first trick (prima mano al buio)
        played = ", ".join(f"seat {p['seat']} {p['card']}" for p in r.pending_plays)
        lines.append(f"{INDENT}first trick played before trumps are known: {played}")
    lines.append(
        f"{INDENT}seat {e.get('seat')} calls {e.get('card')}: trumps are {r.suit(e.get('trump'))}, "
        f"and whoever holds {e.get('card')} is his secret partner"
    )
    return lines


@renders("partner-revealed")
def _revealed(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if e.get("alone"):
        return [f"{INDENT}{e.get('card')} is out: seat {e.get('seat')} called his own card and plays alone"]
    bidder = (r.view.get("contract") or {}).get("bidder")
    return [f"{INDENT}{e.get('card')} is out: seat {e.get('seat')} is seat {bidder}'s partner"]


@renders("turn-indicator")
def _turn_indicator(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}indicator {e.get('card')} turned: trumps are {r.suit(e.get('trump'))}"]


@renders("bid-exchange")
def _bid_exchange(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}seat {e.get('seat')} bid in trumps: he takes {e.get('indicator')} and "
        f"{e.get('card')} becomes the face-up trump card"
    ]


@renders("bid-returned")
def _bid_returned(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} takes back {e.get('card')}"]


@renders("hand-over")
def _hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    contract = e.get("contract")
    if not contract:
        return _earlier_hand_over(r, e)
    side = f"seat {contract['bidder']}" + (
        " alone" if contract.get("alone") else f" and seat {contract.get('partner')}"
    )
    verdict = "is made" if contract.get("made") else "fails"
    doubled = ", doubled for cappotto" if contract.get("doubled") else ""
    lines = [
        f"{INDENT}hand over: {r.per_seat(e.get('points', []))} card points",
        f"{INDENT}{side} took {contract.get('side_points')} of the {contract.get('target')} needed: "
        f"the contract {verdict}{doubled}",
        f"{INDENT}payoffs: {_signed(e.get('game_points', []))}",
    ]
    match = r.view.get("match") or {}
    if not match.get("over"):
        score = _match_score(r, match)
        if score:
            lines.append(f"{INDENT}match so far: {score}")
    return lines
