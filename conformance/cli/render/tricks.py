"""Printing the trick games (Briscola and its relatives) for ``regola play``:
the deal, plays gathered into whole tricks, draws, exchanges, the hand's and
the match's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import INDENT, generic, in_points, match_score, match_so_far

if TYPE_CHECKING:
    from .game import GameRenderer



def deal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    hand_no = r.view.get("hand_number", 0) + 1
    if (e.get("round") or 1) > 1:  # a further deal within the same hand
        lines = [f"{INDENT}deal {e['round']} of hand {hand_no}, {r.seat(e.get('dealer'))} deals"]
    else:
        lines = ["", f"Hand {hand_no}, {r.seat(e.get('dealer'))} deals"]
    hands = e.get("hands") or []
    n = len(hands)
    dealer = e.get("dealer", -1)
    for i in range(1, n + 1):  # in the order the cards were given
        s = (dealer + i) % n if n else 0
        held = f"holds {' '.join(hands[s])}" if hands[s] else "sits this hand out"  # chiamata.seat.dealer-sits-out
        lines.append(f"{INDENT}seat {s} {held}")
    if e.get("table"):
        lines.append(f"{INDENT}table: {' '.join(e['table'])}")
    for card in e.get("reburied") or []:
        lines.append(f"{INDENT}{card} is turned but may not stay: it goes back into the stock")
    if e.get("indicator"):
        lines.append(
            f"{INDENT}indicator {e['indicator']}: trumps are {r.suit(e.get('trump'))}"
        )
    elif "trump" in e and e.get("trump") is None and "indicator" in e and _no_trumps(r):
        lines.append(f"{INDENT}no card is turned: there are no trumps")
    elif "trump" in e and e.get("trump") is None and "indicator" in e:
        lines.append(f"{INDENT}no indicator yet: trumps are not fixed")
    if "stock_size" in e:
        lines.append(f"{INDENT}{e['stock_size']} cards in the stock")
    return lines


def _no_trumps(r: GameRenderer) -> bool:
    """A game played without trumps (Tressette, ``tressette.play.no-trumps``)."""
    rs = r.ruleset
    return getattr(rs.deal, "indicator", "") == "none" and getattr(getattr(rs, "bidding", None), "kind", "none") == "none"


def play(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_plays.append(e)
    return []


def trick(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    plays = r.pending_plays[-len(e.get("cards", [])) :] if e.get("cards") else r.pending_plays
    r.pending_plays.clear()
    played = ", ".join(f"seat {p['seat']} {p['card']}" for p in plays) or " ".join(e.get("cards", []))
    number = e.get("number", "?")
    points = e.get("points", 0)
    shown = in_points(r, points)
    line = f"{INDENT}trick {number:>2}: {played}  ->  seat {e.get('winner')} takes {shown} point{'s' if shown != '1' else ''}"
    total = r.side_points_now()
    if total is not None:
        line += f"  ({'-'.join(in_points(r, t) for t in total)})"
    return [line]


def draw(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_draws.append(f"seat {e.get('seat')} {e.get('card')}")
    return []


def take_indicator(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_draws.append(f"seat {e.get('seat')} takes the indicator {e.get('card')}")
    return []


def exchange(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}seat {e['seat']} exchanges {e['card']} for the indicator {e.get('indicator')}"
    ]


def hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if "outcome" not in e:  # another family's result: print it as it is
        return generic(r, e)
    lines = [f"{INDENT}hand over: {r.per_side(e.get('points', []))} card points"]
    outcome = e["outcome"]
    if outcome == "win":
        how = {"majority": "with more card points", "last-trick": "on the tie, by the last trick",
               "more-cards": "on the tie, with more cards"}.get(e.get("decided_by"), "")
        won = e.get("game_points", [])[e["winner"]] if e.get("game_points") else None
        gp = f", scoring {won} game point{'s' if won != 1 else ''}" if won is not None else ""
        lines.append(f"{INDENT}{r.wins(e['winner'])} the hand {how}{gp}")
    elif outcome == "void":
        lines.append(f"{INDENT}a tie: the hand does not count and is dealt again")
    else:
        lines.append(f"{INDENT}a tie: the hand is drawn")
    return lines + match_so_far(r)


def match_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    match = r.view.get("match") or {}
    hands = match.get("hands_played")
    lines = ["", f"Match over after {hands} hand{'s' if hands != 1 else ''}: {r.wins(e.get('winner'))}"]
    score = match_score(r, match)
    if score:
        lines.append(f"final score: {score}")
    return lines
