"""A game as text a person can follow: the deal, each trick, the scores.

`GameRenderer` turns the steps of a game (each action with the state
after it) into lines of plain text, one handler per event type. A handler is
a function ``(renderer, event) -> list[str]`` registered with
`renders`; an event type without a handler is printed generically
(``type: key=value, ...``), so a new kind of event shows up readably before
anyone writes a handler for it.

Cards are printed by id (rank id + suit id, e.g. ``Ad``); `GameRenderer.legend`
says what the ids stand for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from regola.reference import view
from regola.spec import Ruleset, ruleset_hash

Handler = Callable[["GameRenderer", dict[str, Any]], list[str]]
HANDLERS: dict[str, Handler] = {}
INDENT = "  "
DRAW_EVENTS = ("draw", "take-indicator")


def renders(event_type: str) -> Callable[[Handler], Handler]:
    """Register the function that prints events of ``event_type``."""

    def register(handler: Handler) -> Handler:
        HANDLERS[event_type] = handler
        return handler

    return register


class GameRenderer:
    """Turns a game's steps into text, one step at a time."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.sides: tuple[tuple[int, ...], ...] = ruleset.seating.sides()
        self.suit_names = {s.id: s.name for s in ruleset.deck.suits}
        self.in_tricks = getattr(ruleset.play, "kind", "tricks") == "tricks"
        self.pending_plays: list[dict[str, Any]] = []
        """Plays of the trick in progress, printed when the trick is complete."""
        self.pending_draws: list[str] = []
        """Draws after a trick, printed together on one line."""
        self.view: dict[str, Any] = {}
        """The omniscient view after the step being printed."""

    # --- whole game ------------------------------------------------------

    def header(self, seed: int | None, options: dict[str, Any] | None = None) -> list[str]:
        r = self.ruleset
        lines = [f"{r.name} ({r.id})" + (f", seed {seed}" if seed is not None else "")]
        if options:
            shown = (f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())
            lines.append("options: " + ", ".join(shown))
        lines.append(f"ruleset {ruleset_hash(r)}")
        lines.append(self.legend())
        order = ", ".join(self.side(i) for i in range(len(self.sides)))
        lines.append(f"scores are listed in the order {order}")
        return lines

    def legend(self) -> str:
        """What the card ids mean, e.g. ``A Ace, 2 Two, ...; d coins, ...``."""
        deck = self.ruleset.deck
        ranks = ", ".join(f"{k.id} {k.name}" for k in deck.ranks)
        suits = ", ".join(f"{s.id} {s.name}" for s in deck.suits)
        return f"cards are rank + suit: {ranks}; {suits}"

    def step(self, action: Any, state: Any) -> list[str]:
        """Lines for one step: every event the step produced."""
        self.view = view(state)
        lines: list[str] = []
        for event in state.events:
            kind = event.get("type", "")
            if kind not in DRAW_EVENTS:
                lines += self.flush_draws()
            lines += HANDLERS.get(kind, _generic)(self, event)
        lines += self.flush_draws()
        if self.pending_plays and not self.in_tricks:
            lines += [INDENT + _describe_play(p) for p in self.pending_plays]
            self.pending_plays.clear()
        return lines

    def game(self, steps: Iterable[tuple[Any, Any]]) -> Iterable[str]:
        """Every line of a whole game, lazily, ending with the final state's summary."""
        state = None
        for action, state in steps:
            yield from self.step(action, state)
        if state is not None and not state.is_over:
            hands = self.view.get("match", {}).get("hands_played", "?")
            yield f"stopped after {hands} hands without a match winner"

    # --- helpers for handlers --------------------------------------------

    def flush_draws(self) -> list[str]:
        if not self.pending_draws:
            return []
        line = f"{INDENT * 3}draw: {', '.join(self.pending_draws)}"
        self.pending_draws.clear()
        return [line]

    def seat(self, seat: int | None) -> str:
        return "nobody" if seat is None else f"seat {seat}"

    def side(self, index: int | None) -> str:
        """A side by index: ``seat 1``, or ``seats 0+2`` in a partnership."""
        if index is None:
            return "nobody"
        seats = self.sides[index]
        if len(seats) == 1:
            return f"seat {seats[0]}"
        return "seats " + "+".join(str(s) for s in seats)

    def wins(self, index: int | None) -> str:
        """``seat 1 wins`` or ``seats 0+2 win``."""
        label = self.side(index)
        return f"{label} {'win' if label.startswith('seats') else 'wins'}"

    def per_side(self, values: Iterable[Any]) -> str:
        """``seat 0 70, seat 1 50`` for a list with one value per side."""
        return ", ".join(f"{self.side(i)} {v}" for i, v in enumerate(values))

    def per_seat(self, values: Iterable[Any]) -> str:
        return ", ".join(f"seat {i} {v}" for i, v in enumerate(values))

    def side_points_now(self) -> list[int] | None:
        """Card points taken so far by each side, from the current view."""
        points = self.view.get("points")
        if not isinstance(points, list) or len(points) != len(self.view.get("hands") or points):
            return None
        return [sum(points[s] for s in side) for side in self.sides]

    def suit(self, suit_id: str | None) -> str:
        return self.suit_names.get(suit_id or "", str(suit_id))


# --- the handlers -----------------------------------------------------------


@renders("deal")
def _deal(r: GameRenderer, e: dict[str, Any]) -> list[str]:
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
        lines.append(f"{INDENT}seat {s} holds {' '.join(hands[s])}")
    if e.get("table"):
        lines.append(f"{INDENT}table: {' '.join(e['table'])}")
    for card in e.get("reburied") or []:
        lines.append(f"{INDENT}{card} is turned but may not stay: it goes back into the stock")
    if e.get("indicator"):
        lines.append(
            f"{INDENT}indicator {e['indicator']}: trumps are {r.suit(e.get('trump'))}"
        )
    elif "trump" in e and e.get("trump") is None and "indicator" in e:
        lines.append(f"{INDENT}no indicator yet: trumps are not fixed")
    if "stock_size" in e:
        lines.append(f"{INDENT}{e['stock_size']} cards in the stock")
    return lines


@renders("play")
def _play(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_plays.append(e)
    return []


@renders("trick")
def _trick(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    plays = r.pending_plays[-len(e.get("cards", [])) :] if e.get("cards") else r.pending_plays
    r.pending_plays.clear()
    played = ", ".join(f"seat {p['seat']} {p['card']}" for p in plays) or " ".join(e.get("cards", []))
    number = e.get("number", "?")
    points = e.get("points", 0)
    line = f"{INDENT}trick {number:>2}: {played}  ->  seat {e.get('winner')} takes {points} point{'s' if points != 1 else ''}"
    total = r.side_points_now()
    if total is not None:
        line += f"  ({'-'.join(str(t) for t in total)})"
    return [line]


@renders("draw")
def _draw(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_draws.append(f"seat {e.get('seat')} {e.get('card')}")
    return []


@renders("take-indicator")
def _take_indicator(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    r.pending_draws.append(f"seat {e.get('seat')} takes the indicator {e.get('card')}")
    return []


@renders("exchange")
def _exchange(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    return [
        f"{INDENT}seat {e['seat']} exchanges {e['card']} for the indicator {e.get('indicator')}"
    ]


@renders("hand-over")
def _hand_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    if "outcome" not in e:  # another family's result: print it as it is
        return _generic(r, e)
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
    match = r.view.get("match") or {}
    if not match.get("over"):
        score = _match_score(r, match)
        if score:
            lines.append(f"{INDENT}match so far: {score}")
    return lines


@renders("match-over")
def _match_over(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    match = r.view.get("match") or {}
    hands = match.get("hands_played")
    lines = ["", f"Match over after {hands} hand{'s' if hands != 1 else ''}: {r.wins(e.get('winner'))}"]
    score = _match_score(r, match)
    if score:
        lines.append(f"final score: {score}")
    return lines


def _match_score(r: GameRenderer, match: dict[str, Any]) -> str:
    kind = getattr(r.ruleset.match, "kind", "")
    parts = []
    if kind == "first-to-card-points" and "card_points" in match:
        parts.append(f"{r.per_side(match['card_points'])} card points")
    elif "game_points" in match:
        parts.append(f"{r.per_side(match['game_points'])} game points")
    elif "points" in match:
        parts.append(f"{r.per_side(match['points'])} points")
    target = getattr(r.ruleset.match, "target", None)
    if parts and kind and kind != "single":
        parts.append(f"({kind} {target})")
    return " ".join(parts)


def _describe_play(e: dict[str, Any]) -> str:
    return f"seat {e.get('seat')} plays {e.get('card')}"


def _generic(r: GameRenderer, e: dict[str, Any]) -> list[str]:
    """Any event without its own handler: its type and fields, in one line."""
    fields = ", ".join(f"{k}={_short(v)}" for k, v in e.items() if k != "type")
    return [f"{INDENT}{e.get('type', 'event')}: {fields}"]


def _short(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "[" + " ".join(value) + "]"
    return str(value)


# The fishing games register their own handlers (kept in their own module).
from . import render_fishing  # noqa: E402,F401
# The bidding games too (Briscola Chiamata, Albastini).
from . import render_bidding  # noqa: E402,F401
