"""The state of a hand in OpenSpiel (`regola.envs.openspiel`): the
reference's state, the deck order drawn so far, and the chain of steps
(`regola.envs.history.Step`) each player's information state is read
from."""

from __future__ import annotations

import json
from typing import Any

import pyspiel

from regola.reference import ShuffleAction, apply, initial_state, legal_actions, view

from .history import Step

MAX_DEALS = 4
"""Deals of one hand before the game gives up with every return 0."""


class RegolaState(pyspiel.State):
    """A hand in progress. Players are seats turned by ``offset`` (0 with
    ``seats=fixed``): player ``p`` plays seat ``(p + offset) % n``."""

    def __init__(self, game: Any, start: Any = None) -> None:
        super().__init__(game)
        self.shape = game.shape
        ref = start if start is not None else initial_state(self.shape.ruleset)
        self.step = Step(ref, None, "start")
        self.offset: int | None = None if self.shape.random_seats else 0
        self.drawn: list[int] = []
        self.decks: list[tuple[str, ...]] = []
        self.start_hands = ref.match.hands_played
        self.start_scores = self.shape.scorer.scores(ref)
        self._legal: list[int] | None = None

    @property
    def ref(self) -> Any:
        """The reference's state of the hand."""
        return self.step.state

    @property
    def deals(self) -> int:
        return self.step.deals

    def seat_of(self, player: int) -> int:
        return (player + (self.offset or 0)) % self.shape.players

    def player_of(self, seat: int) -> int:
        return (seat - (self.offset or 0)) % self.shape.players

    # --- whose turn ---------------------------------------------------------

    def _hand_over(self) -> bool:
        return bool(self.ref.is_over) or self.ref.match.hands_played > self.start_hands

    def is_terminal(self) -> bool:
        return self._hand_over() or (self.deals >= MAX_DEALS and bool(self.ref.is_chance))

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.offset is None or self.ref.is_chance:
            return pyspiel.PlayerId.CHANCE
        return self.player_of(int(self.ref.to_move))

    def _legal_actions(self, player: int) -> list[int]:
        if self._legal is None:
            table = tuple(self.ref.table) if self.shape.fishing else ()
            space = self.shape.space
            self._legal = sorted(space.index_of(space_action(a), table) for a in legal_actions(self.ref))
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
        if self.ref.is_chance:
            self.drawn.append(action)
            if len(self.drawn) == len(self.shape.cards):
                deck = tuple(self.shape.cards[i] for i in self.drawn)
                self.decks.append(deck)
                self.step = self.step.then(apply(self.ref, ShuffleAction(deck=deck)), "deal")
                self.drawn = []
            return
        seat = int(self.ref.to_move)
        table = tuple(self.ref.table) if self.shape.fishing else ()
        move = self.shape.space.action_of(action, seat, table)
        self.step = self.step.then(apply(self.ref, move), "move", seat)
        self.step.action = action

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seats turned by {action}" if self.offset is None else f"draw {self.shape.cards[action]}"
        return self.shape.space.label(action)

    def returns(self) -> list[float]:
        if not self._hand_over():
            return [0.0] * self.shape.players
        end = self.shape.scorer.scores(self.ref)
        by_seat = [a - b for a, b in zip(end, self.start_scores)]
        return [by_seat[self.seat_of(p)] for p in range(self.shape.players)]

    # --- what a seat sees -----------------------------------------------------

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.step.record(seat, self.shape).view

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
        return json.dumps(view(self.ref), sort_keys=True) + f" drawn={len(self.drawn)}"


def space_action(action: Any) -> dict[str, Any]:
    from regola.reference import action_dict

    return action_dict(action)


def continue_match(state: RegolaState) -> RegolaState:
    """A new game state for the next hand of the match ``state`` finished
    (its returns count from the scores at that point; the players keep
    their seats)."""
    if not state.is_terminal() or state.ref.is_over:
        raise ValueError("continue_match: the hand is not over, or the match is")
    nxt = RegolaState(state.get_game(), start=state.ref)
    nxt.offset = state.offset
    return nxt
