"""Exchanging a trump for the face-up indicator (rules ``briscola.exchange.*``)."""

from __future__ import annotations

from ..errors import IllegalAction
from .state import State


def exchange_card(state: State) -> str | None:
    """``briscola.exchange.card``: the trump card that may be swapped for the
    indicator now, or None if no exchange is possible in this variant or the
    indicator is gone."""
    rule = state.ruleset.exchange.card
    if rule == "none" or state.indicator is None:
        return None
    tables = state.tables
    if rule == "seven-or-two":
        seven = "7" + state.trump
        above_seven = seven in tables.strength and (
            tables.strength[state.indicator] > tables.strength[seven]
        )
        rank = "7" if above_seven else "2"
    else:
        rank = "7" if rule == "seven" else "2"
    card = rank + state.trump
    return card if card in tables.order else None


def window_open(state: State) -> bool:
    """``briscola.exchange.window``: during the first trick, or while face-down
    cards remain in the stock."""
    if state.ruleset.exchange.window == "before-first-trick":
        return state.tricks_played == 0
    return bool(state.stock)


def may_exchange(state: State, seat: int) -> bool:
    """Whether ``seat`` (the player to move) may exchange now: whether
    `check_exchange` lets him. For speed, a seat that does not hold the one
    card that may be exchanged (``briscola.exchange.card``), the answer at
    almost every step, is told so without raising and catching the error
    `check_exchange` would raise (``briscola.play.in-hand``)."""
    card = exchange_card(state)
    if card is None or card not in state.hands[seat]:
        return False
    try:
        check_exchange(state, seat, card)
    except IllegalAction:
        return False
    return True


def check_exchange(state: State, seat: int, card: str) -> list[str]:
    """Raise `IllegalAction` unless ``seat`` may swap ``card`` for the
    indicator now; return the rule ids exercised."""
    if state.ruleset.exchange.card == "none":
        raise IllegalAction("briscola.exchange.card", "this variant has no exchange for the indicator")
    if state.indicator is None:
        raise IllegalAction("briscola.exchange.window", "the indicator has already been drawn")
    wanted = exchange_card(state)
    if card != wanted:
        raise IllegalAction(
            "briscola.exchange.card",
            f"only {wanted or 'no card'} may be exchanged for the indicator {state.indicator}, not {card}",
        )
    if card not in state.hands[seat]:
        raise IllegalAction("briscola.play.in-hand", f"seat {seat} does not hold {card}")
    if not window_open(state):
        when = (
            "during the first trick"
            if state.ruleset.exchange.window == "before-first-trick"
            else "while face-down cards remain in the stock"
        )
        raise IllegalAction("briscola.exchange.window", f"the exchange is allowed only {when}")
    rules = ["briscola.play.turn", "briscola.exchange.card", "briscola.exchange.window"]
    if state.ruleset.exchange.requires_trick_won:
        if state.tricks_won[seat] == 0:
            raise IllegalAction(
                "briscola.exchange.after-win",
                f"seat {seat} has not won a trick yet, so may not exchange",
            )
        rules.append("briscola.exchange.after-win")
    return rules
