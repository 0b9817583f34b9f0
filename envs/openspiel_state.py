"""The state of a hand in OpenSpiel (`regola.envs.openspiel`): the match
(on the core of `regola.envs.core`), the deck order drawn so far, and the
chain of steps (`regola.envs.history.Step`, one copy of the match each)
each player's information state is read from."""

from __future__ import annotations

import json
from typing import Any

import pyspiel

from .core import new_core
from .history import Step

MAX_DEALS = 4
"""Deals of one hand before the game gives up with every return 0."""


class RegolaState(pyspiel.State):
    """A hand in progress. Players are seats turned by ``offset`` (0 with
    ``seats=fixed``): player ``p`` plays seat ``(p + offset) % n``."""

    def __init__(self, game: Any, start: Any = None) -> None:
        super().__init__(game)
        self.shape = game.shape
        ref = start if start is not None else new_core(self.shape.ruleset, self.shape.core)
        self.step = Step(ref, None, "start")
        self.offset: int | None = None if self.shape.random_seats else 0
        self.drawn: list[int] = []
        self.decks: list[tuple[str, ...]] = []
        self.start_hands = ref.hands_played
        self.start_scores = self.shape.scorer.scores(ref)
        self._legal: list[int] | None = None

    @property
    def core(self) -> Any:
        """The match now (a copy kept by its step: never change it)."""
        return self.step.state

    @property
    def ref(self) -> Any:
        """The match as a `regola.reference` state (converted: for checks)."""
        return self.step.state.to_reference()

    @property
    def deals(self) -> int:
        return self.step.deals

    def seat_of(self, player: int) -> int:
        return (player + (self.offset or 0)) % self.shape.players

    def player_of(self, seat: int) -> int:
        return (seat - (self.offset or 0)) % self.shape.players

    # --- whose turn ---------------------------------------------------------

    def _hand_over(self) -> bool:
        core = self.step.state
        return core.is_over or core.hands_played > self.start_hands

    def is_terminal(self) -> bool:
        return self._hand_over() or (self.deals >= MAX_DEALS and self.step.state.is_chance)

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.offset is None or self.step.state.is_chance:
            return pyspiel.PlayerId.CHANCE
        return self.player_of(int(self.step.state.to_move))

    def table(self) -> tuple[str, ...]:
        return self.shape.table(self.step.state)

    def _legal_actions(self, player: int) -> list[int]:
        if self._legal is None:
            self._legal = sorted(self.shape.index_of(self.step.state, m) for m in self.step.state.legal())
        return list(self._legal) if player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.offset is None:  # who sits where: each turn of the seats alike
            n = self.shape.players
            return [(k, 1.0 / n) for k in range(n)]
        left = sorted(set(range(len(self.shape.cards))) - set(self.drawn))
        return [(c, 1.0 / len(left)) for c in left]

    # --- moves ------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        self._legal = None
        if self.offset is None:
            self.offset = action
            return
        core = self.step.state
        if core.is_chance:
            self.drawn.append(action)
            if len(self.drawn) == len(self.shape.cards):
                deck = tuple(self.shape.cards[i] for i in self.drawn)
                self.decks.append(deck)
                after = core.copy()
                after.shuffle(list(deck))
                self.step = self.step.then(after, "deal")
                self.drawn = []
            return
        seat = int(core.to_move)
        move = self.shape.move_of(core, action)
        after = core.copy()
        after.apply(move)
        self.step = self.step.then(after, "move", seat)
        self.step.action = action

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seats turned by {action}" if self.offset is None else f"draw {self.shape.cards[action]}"
        return self.shape.space.label(action)

    def returns(self) -> list[float]:
        if not self._hand_over():
            return [0.0] * self.shape.players
        end = self.shape.scorer.scores(self.step.state)
        by_seat = [a - b for a, b in zip(end, self.start_scores)]
        return [by_seat[self.seat_of(p)] for p in range(self.shape.players)]

    # --- what a seat sees -----------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The canonical view of the hand now (`regola.reference.view`)."""
        return self.step.state.view(seat)

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.step.state.view(seat)

    def seat_string(self, seat: int, perfect_recall: bool) -> str:
        """The observation string (the seat's view as JSON) or the
        information-state string (`regola.envs.history`: every line the
        seat has seen since the hand began)."""
        if not perfect_recall:
            return json.dumps(self.seat_view(seat), sort_keys=True)
        seated = "" if self.offset is None else f" (player {self.player_of(seat)})"
        return f"seat {seat}{seated}\n" + "\n".join(self.step.lines(seat, self.shape))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RegolaState:
        from .resample import resample

        return resample(self, player_id, probability_sampler)

    def __str__(self) -> str:
        return json.dumps(self.step.state.view(), sort_keys=True) + f" drawn={len(self.drawn)}"


def continue_match(state: RegolaState) -> RegolaState:
    """A new game state for the next hand of the match ``state`` finished
    (its returns count from the scores at that point; the players keep
    their seats)."""
    if not state.is_terminal() or state.step.state.is_over:
        raise ValueError("continue_match: the hand is not over, or the match is")
    nxt = RegolaState(state.get_game(), start=state.step.state.copy())
    nxt.offset = state.offset
    return nxt
