"""Random play of a plain trick hand, inlined for speed.

`plain_playout` plays what `TrickMatch.apply` would for the same random
choices, card after card, with the match's fields held in locals: the
trick is taken (``briscola.trick.winner``), drawn after
(``briscola.draw.*``) and the hand scored (`TrickMatch._finish_hand`)
exactly as a step does. It serves the hands with nothing but cards to
play (no exchange, no contract, no shown cards); `regola.fast.match`'s
``playout`` steps the others one move at a time. The tests play both ways
from the same seeds and compare every view.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from .scoring import declarations

if TYPE_CHECKING:
    from .match import TrickMatch


def is_plain(m: TrickMatch) -> bool:
    """Whether `plain_playout` can play this hand on."""
    t = m.t
    return m.delegate is None and m.contract is None and not t.exchanges and not t.shows_drawn


def plain_playout(m: TrickMatch, rnd: Callable[[], float], stop: int | None) -> int:
    """Play random cards until the hand ends or seat ``stop`` is to move;
    each card is ``legal[int(rnd() * len(legal))]``. Returns the number of
    cards played."""
    t = m.t
    if t.in_hand == 2 and not t.must_follow and not m.trick and stop is None and t.players == 2:
        return two_playout(m, rnd)
    hands, won, taken, tricks_won = m.hands, m.won, m.points, m.tricks_won
    beats, size, points, suit = m.beats, t.size, t.pack.points, t.pack.suit
    next_of, in_hand, out, from_seat = t.next_of, t.in_hand, m.out, t.from_seat
    must_follow, draws, takes, counts = t.must_follow, t.draws, t.takes_indicator, t.counts
    stock = m.stock
    trick = m.trick
    seat = m.to_move
    leader = m.leader
    played = 0
    while seat != stop:
        hand = hands[seat]
        if must_follow and trick:
            led = suit[trick[0][1]]
            same = [c for c in hand if suit[c] == led]
            if same:
                card = same[int(rnd() * len(same))]
                hand.remove(card)
            else:
                card = hand.pop(int(rnd() * len(hand)))
        else:
            card = hand.pop(int(rnd() * len(hand)))
        played += 1
        trick.append((seat, card))
        if len(trick) < in_hand:
            seat = next_of[seat]
            if seat == out:
                seat = next_of[seat]
            continue
        winner, best = trick[0]
        for s, c in trick:
            if beats[best * size + c]:
                winner, best = s, c
        pile = won[winner]
        total = 0
        for _, c in trick:
            pile.append(c)
            total += points[c]
        taken[winner] += total
        tricks_won[winner] += 1
        m.tricks_played += 1
        if counts and m.tricks_played == 1:
            m.declared = declarations(t, hands, trick)
        m.last_trick = (winner, tuple(trick))
        trick = m.trick = []
        seat = leader = winner
        if draws and (stock or (takes and m.indicator is not None)):
            for s in from_seat[winner]:
                if stock:
                    insort(hands[s], stock.pop())
                elif takes and m.indicator is not None:
                    insort(hands[s], m.indicator)
                    m.indicator = None
                else:
                    break
        if not any(hands):
            m.leader = m.to_move = winner
            m._finish_hand()
            return played
    m.to_move = seat
    m.leader = leader
    return played


def two_playout(m: TrickMatch, rnd: Callable[[], float]) -> int:
    """`plain_playout` for two players with no suit to follow, from the
    start of a trick to the end of the hand, a trick at a time. What only
    the end of the hand needs is worked out once, after its last trick:
    the last trick itself, and each seat's tricks and card points, from
    the cards its pile gained (two a trick)."""
    t = m.t
    hands, won = m.hands, m.won
    beats, size = m.beats, t.size
    draws, takes = t.draws, t.takes_indicator
    declare = t.counts and m.tricks_played == 0
    stock = m.stock
    leader = m.to_move
    had = (len(won[0]), len(won[1]))
    while True:
        other = 1 - leader
        hand = hands[leader]
        first = hand.pop(int(rnd() * len(hand)))
        hand = hands[other]
        second = hand.pop(int(rnd() * len(hand)))
        winner = other if beats[first * size + second] else leader
        won[winner] += (first, second)
        if declare:
            m.declared = declarations(t, hands, ((leader, first), (other, second)))
            declare = False
        if draws:
            if stock:
                insort(hands[winner], stock.pop())
                if stock:
                    insort(hands[1 - winner], stock.pop())
                elif takes and m.indicator is not None:
                    insort(hands[1 - winner], m.indicator)
                    m.indicator = None
            elif takes and m.indicator is not None:
                insort(hands[winner], m.indicator)
                m.indicator = None
        if not (hands[0] or hands[1]):
            break
        leader = winner
    points = t.pack.points
    tricks = 0
    for seat in (0, 1):
        gained = won[seat][had[seat]:]
        m.tricks_won[seat] += len(gained) // 2
        m.points[seat] += sum([points[c] for c in gained])
        tricks += len(gained) // 2
    m.tricks_played += tricks
    m.last_trick = (winner, ((leader, first), (other, second)))
    m.trick = []
    m.leader = m.to_move = winner
    m._finish_hand()
    return 2 * tricks
