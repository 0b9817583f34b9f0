"""Playing to a trick and resolving it (rules ``briscola.play.*``, ``briscola.trick.*``)."""

from __future__ import annotations

from ..errors import IllegalAction
from .state import State
from .tables import Tables


def playable(state: State, seat: int, barred: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Cards ``seat`` may play now, in canonical order.

    ``briscola.play.free``: any card in hand. ``briscola.play.follow-suit``:
    a player holding the suit led must play that suit. ``barred`` are cards
    the seat may not play at all now (``chiamata.play.blind-first-trick``):
    they do not count for following suit, so a player whose only cards of
    the suit led are barred may play any other card; with
    ``calling.blind_barred_follow = oblige`` they do count, and such a
    player has no legal card (a spec `regola check` refuses).
    """
    hand = tuple(c for c in state.hands[seat] if c not in barred) if barred else state.hands[seat]
    tables = state.tables
    if tables.must_follow and state.trick:
        suit = tables.suit
        led = suit[state.trick[0][1]]
        same = tuple(c for c in hand if suit[c] == led)
        if same:
            return same
        if barred and tables.ruleset.calling.blind_barred_follow == "oblige":
            if any(suit[c] == led for c in barred):
                return ()
    return hand


def check_play(state: State, seat: int, card: str, barred: frozenset[str] = frozenset()) -> list[str]:
    """Raise `IllegalAction` unless ``seat`` may play ``card``; return
    the rule ids the play exercises. A ``barred`` card is left to the rule
    that bars it (see `playable`)."""
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction(
            "briscola.play.in-hand",
            f"seat {seat} does not hold {card} (hand: {' '.join(hand) or 'empty'})",
        )
    if state.tables.must_follow:
        allowed = playable(state, seat, barred)
        if card not in allowed and card not in barred:
            led = state.tables.suit[state.trick[0][1]]
            raise IllegalAction(
                "briscola.play.follow-suit",
                f"seat {seat} must follow suit {led} with one of {' '.join(allowed)}",
            )
        return ["briscola.play.turn", "briscola.play.in-hand", "briscola.play.follow-suit"]
    return ["briscola.play.turn", "briscola.play.in-hand", "briscola.play.free"]


def trick_winner(tables: Tables, trick: tuple[tuple[int, str], ...], trump: str | None) -> int:
    """``briscola.trick.winner``: the seat whose card takes the trick.

    The strongest trump if any trump was played, otherwise the strongest
    card of the suit led; cards of other suits never win.
    """
    suit, strength = tables.suit, tables.strength
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        if suit[card] == suit[best_card]:
            if strength[card] > strength[best_card]:
                best_seat, best_card = seat, card
        elif suit[card] == trump:
            # the first trump on a trick of another suit takes the lead
            best_seat, best_card = seat, card
        # a card of any other suit cannot win
    return best_seat
