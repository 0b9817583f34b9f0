"""A small Briscola engine for two players, written in its own terms.

It stands for "your engine": it knows nothing of regola. Cards are
``(value, suit)`` pairs with values 1-10 (1 the Ace, 8 the Jack, 9 the
Horse, 10 the King) and suit names; players are 0 (who receives first and
leads) and 1 (the dealer). It plays one hand.
"""

from __future__ import annotations

STRENGTH = [1, 3, 10, 9, 8, 7, 6, 5, 4, 2]  # strongest first
POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}


class Game:
    """One hand: deal from ``deck`` (top card first), then play tricks."""

    def __init__(self, deck: list[tuple[int, str]]) -> None:
        deck = list(deck)
        self.hands: list[list[tuple[int, str]]] = [[], []]
        for _ in range(3):  # one card at a time, player 0 first
            for player in (0, 1):
                self.hands[player].append(deck.pop(0))
        # the next card lies face up under the stock: its suit is trumps
        self.briscola: tuple[int, str] | None = deck.pop(0)
        self.trump = self.briscola[1]
        self.stock = deck  # face down, top card first
        self.table: list[tuple[int, tuple[int, str]]] = []  # (player, card)
        self.captured: list[list[tuple[int, str]]] = [[], []]
        self.turn = 0
        self.leader = 0
        self.tricks_done = 0
        self.last_trick: tuple[int, list[tuple[int, tuple[int, str]]]] | None = None

    @property
    def finished(self) -> bool:
        return not any(self.hands) and not self.table

    def score(self, player: int) -> int:
        return sum(POINTS.get(value, 0) for value, _ in self.captured[player])

    def play(self, player: int, card: tuple[int, str]) -> None:
        if player != self.turn:
            raise ValueError(f"it is player {self.turn}'s turn")
        if card not in self.hands[player]:
            raise ValueError(f"player {player} does not hold {card}")
        self.hands[player].remove(card)
        self.table.append((player, card))
        if len(self.table) == 1:
            self.turn = 1 - player
            return
        (first, lead), (second, answer) = self.table
        higher = STRENGTH.index(answer[0]) < STRENGTH.index(lead[0])
        trumped = answer[1] == self.trump != lead[1]
        beats = (answer[1] == lead[1] and higher) or trumped
        winner = second if beats else first
        self.captured[winner] += [lead, answer]
        self.last_trick = (winner, self.table)
        self.table = []
        self.tricks_done += 1
        # the winner draws first; the face-up card is the last one drawn
        for p in (winner, 1 - winner):
            if self.stock:
                self.hands[p].append(self.stock.pop(0))
            elif self.briscola is not None:
                self.hands[p].append(self.briscola)
                self.briscola = None
        self.turn = self.leader = winner
