"""Printing the bidding games (Briscola Chiamata, Albastini) for ``regola play``.

Printers for the auction (``bid``, ``pass``, ``all-passed``, ``reopen``,
``auction-won``), the call (``call``, ``partner-revealed``), Albastini's
trump guess (``turn-indicator``, ``bid-exchange``, ``bid-returned``), an
auction nobody bid in (``redeal``) and a contract ``hand-over``.
`.handlers` picks them where another family names an event alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import INDENT, match_so_far

if TYPE_CHECKING:
    from .game import GameRenderer


def _face(r: GameRenderer, rank: str | None) -> str:
    for face in r.ruleset.deck.ranks:
        if face.id == rank:
            return face.name
    return str(rank)


def _signed(values: list[int]) -> str:
    return ", ".join(f"seat {i} {v:+d}" for i, v in enumerate(values))


def bid(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    seat = f"{INDENT}seat {e.get('seat')}"
    if e.get("card"):
        return [f"{seat} bids {e['card']}, guessing {r.suit(e['card'][-1])} for trumps"]
    if e.get("rank") and e.get("points"):
        return [f"{seat} bids {_face(r, e['rank'])} for {e['points']}"]
    if e.get("rank"):
        return [f"{seat} bids {_face(r, e['rank'])}"]
    return [f"{seat} bids {e.get('points')} points"]


def passed(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} passes"]


def all_passed(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if r.view.get("auction", {}).get("reopening"):
        return [f"{INDENT}everyone passed: the dealer asks each player in turn whether to reopen"]
    return [f"{INDENT}everyone passed"]


def redeal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}nobody bid: the hand is thrown in and {r.seat(e.get('dealer'))} deals again"]


def reopen(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} reopens the auction at {e.get('points')}"]


def auction_won(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if e.get("rank") and e.get("points"):
        bid = f"{_face(r, e['rank'])} for {e['points']}"
    elif e.get("rank"):
        bid = _face(r, e["rank"])
    else:
        bid = f"{e.get('points')} points"
    return [f"{INDENT}seat {e.get('seat')} wins the auction with {bid}: his side needs {e.get('target')} card points"]


def call(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    lines = []
    if r.pending_plays:  # a call after the first trick (prima mano al buio)
        played = ", ".join(f"seat {p['seat']} {p['card']}" for p in r.pending_plays)
        lines.append(f"{INDENT}first trick played before trumps are known: {played}")
    if e.get("second"):  # chiamata.call.two-cards
        called = f"{e.get('card')} and {e.get('second')}"
        lines.append(
            f"{INDENT}seat {e.get('seat')} calls {called}: trumps are {r.suit(e.get('trump'))}, "
            f"and whoever holds either card is his secret partner"
        )
        return lines
    lines.append(
        f"{INDENT}seat {e.get('seat')} calls {e.get('card')}: trumps are {r.suit(e.get('trump'))}, "
        f"and whoever holds {e.get('card')} is his secret partner"
    )
    return lines


def revealed(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if e.get("alone"):
        return [f"{INDENT}{e.get('card')} is out: seat {e.get('seat')} called his own card and plays alone"]
    bidder = (r.view.get("contract") or {}).get("bidder")
    if e.get("seat") == bidder:  # one of two called cards was his own (chiamata.call.two-cards)
        return [f"{INDENT}{e.get('card')} is out: seat {bidder} called his own card"]
    return [f"{INDENT}{e.get('card')} is out: seat {e.get('seat')} is seat {bidder}'s partner"]


def monte(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """``chiamata.call.monte``."""
    return [f"{INDENT}seat {e.get('seat')} takes the {e.get('cards')} cards of the monte unseen"]


def show_hand(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """``chiamata.bid.no-counters``."""
    return [f"{INDENT}seat {e.get('seat')} shows {' '.join(e.get('hand') or [])}: no counting card, a new deal"]


def discard(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} lays a card face down ({e.get('count')} so far)"]


def own_card_shown(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """``chiamata.call.own-card-shown``."""
    return [
        f"{INDENT}seat {e.get('seat')} shows the called {e.get('card')}: seat {e.get('partner')}, "
        f"on his right, is his partner"
    ]


def own_call(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} says nothing of the called card"]


def turn_indicator(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}indicator {e.get('card')} turned: trumps are {r.suit(e.get('trump'))}"]


def bid_exchange(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}seat {e.get('seat')} bid in trumps: he takes {e.get('indicator')} and "
        f"{e.get('card')} becomes the face-up trump card"
    ]


def bid_returned(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [f"{INDENT}seat {e.get('seat')} takes back {e.get('card')}"]


def hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    contract = e["contract"]
    partners = [p for p in (contract.get("partner"), contract.get("second_partner")) if p is not None]
    side = f"seat {contract['bidder']}" + (
        " alone" if contract.get("alone") else "".join(f" and seat {p}" for p in dict.fromkeys(partners))
    )
    verdict = "is made" if contract.get("made") else "fails"
    doubled = ", doubled for cappotto" if contract.get("doubled") else ""
    lines = [
        f"{INDENT}hand over: {r.per_seat(e.get('points', []))} card points",
        f"{INDENT}{side} took {contract.get('side_points')} of the {contract.get('target')} needed: "
        f"the contract {verdict}{doubled}",
        f"{INDENT}payoffs: {_signed(e.get('game_points', []))}",
    ]
    return lines + match_so_far(r)
