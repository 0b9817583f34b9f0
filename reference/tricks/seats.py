"""Who takes part in a hand: every seat, or all but the dealer (rule
``chiamata.seat.dealer-sits-out``). Turns pass in seat order and skip the
seat sitting out."""

from __future__ import annotations

from .state import State


def sitting_out(state: State) -> int | None:
    """``chiamata.seat.dealer-sits-out``: the seat that sits this hand out, if any."""
    return state.dealer if state.tables.dealer_sits_out else None


def in_hand(state: State) -> int:
    """How many players take part in this hand (``seating.in_hand``, read
    once per ruleset into `Tables.in_hand` for speed)."""
    return state.tables.in_hand


def next_seat(state: State, seat: int) -> int:
    """The next seat in play order that takes part in this hand (read from
    `Tables.next_of` for speed: the same ``(seat + 1) % players``)."""
    next_of = state.tables.next_of
    nxt = next_of[seat]
    return next_of[nxt] if nxt == sitting_out(state) else nxt


def previous_seat(state: State, seat: int) -> int:
    """The seat before ``seat`` in play order that takes part in this hand."""
    n = state.tables.players
    prev = (seat - 1) % n
    return (prev - 1) % n if prev == sitting_out(state) else prev


def speaker_after(state: State, seat: int) -> int:
    """``chiamata.bid.turn``: the seat that speaks after ``seat`` in an
    auction, in the order of play or, with ``bidding.order = "reverse"``,
    the other way round."""
    if state.ruleset.bidding.order == "reverse":
        return previous_seat(state, seat)
    return next_seat(state, seat)


def dealt_seats(state: State) -> tuple[int, ...]:
    """The seats dealt in, in dealing order from the seat after the dealer
    (all but the one `sitting_out`); listed by list comprehensions, for
    speed: the same seats."""
    n = state.tables.players
    out = sitting_out(state)
    return tuple([s for s in [(state.dealer + i) % n for i in range(1, n + 1)] if s != out])
