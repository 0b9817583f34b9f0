"""OpenSpiel: every variant as a Python game, registered with
``pyspiel.register_game`` as ``regola_<variant>`` (dashes as underscores).

A game is one hand. Chance is explicit: the shuffle is dealt card by card,
each chance node drawing the next card of the deck order (top card first)
uniformly from those left, so chance outcomes are card indices of the
canonical pack; once the order is complete the hand is dealt (rule
``briscola.deal.*`` / ``scopa.deal.*``). A hand the rules deal again (an
auction where all pass, rule ``chiamata.bid.all-pass``; too many Kings or
Aces on the table, ``scopa.deal.redeal``) draws a new order, up to
`MAX_DEALS` deals; a hand not played by then ends with every return 0.
Player actions are those of `regola.envs.encoding`; returns are what the
hand scores for each seat (`regola.envs.game`).

Observation tensors are `regola.envs.observation`'s. The information-state
tensor adds the history of the deal: for each relative seat, the cards it
played in order (the k-th player action of the deal as (k+1)/length), the
cards it exchanged, the bids it made and how many times it passed. The
information-state string is the full record the seat has seen: every
action and every change of its own hand, in order.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from regola.reference import ShuffleAction, action_dict, apply, initial_state, legal_actions, view
from regola.spec import Ruleset, load, variant_ids

from .encoding import action_space
from .game import ruleset_of
from .observation import OBSERVATION_VERSION, Observer

MAX_DEALS = 4
"""Deals of one hand before the game gives up with every return 0."""


def short_name(variant_id: str) -> str:
    return "regola_" + variant_id.replace("-", "_")


class _Shared:
    """Immutable values a cloned state shares instead of copying
    (OpenSpiel clones a Python state by deep-copying its attributes)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Ref(_Shared):
    """The reference's state (immutable: every move makes a new one)."""

    def __init__(self, state: Any) -> None:
        self.state = state


class _Shape(_Shared):
    """What a game's tensors and bounds are, derived once from the ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.space = action_space(ruleset)
        self.observer = Observer(ruleset)
        self.cards = ruleset.deck.cards()
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.players = ruleset.seating.players
        self.fishing = ruleset.play.kind == "fishing"
        self.side_of = {s: i for i, side in enumerate(ruleset.seating.sides()) for s in side}
        n, cards = self.players, len(self.cards)
        self.bids = {k: i for i, k in enumerate(k for k in self.space.keys if k[0] == "bid")}
        self.exchange = "exchange" in self.space.kinds
        per_deal = cards + (cards if self.exchange else 0) + len(self.bids) + n * (len(self.bids) + 2) + 2
        self.max_length = MAX_DEALS * (cards + per_deal)
        self.history_size = n * cards * (2 if self.exchange else 1) + n * len(self.bids) + (n if self.bids else 0)
        self.obs_size = self.observer.layout.size
        self.info_size = self.obs_size + self.history_size

    def scores(self, ref: Any) -> list[float]:
        """Each seat's match score in ``ref`` (its side's, where sides score)."""
        points = ref.match.points if self.fishing else ref.match.game_points
        if not points:
            return [0.0] * self.players
        if len(points) == self.players:
            return [float(p) for p in points]
        return [float(points[self.side_of[s]]) for s in range(self.players)]


def game_type(ruleset: Ruleset) -> pyspiel.GameType:
    n = ruleset.seating.players
    return pyspiel.GameType(
        short_name=short_name(ruleset.id),
        long_name=f"regola {ruleset.name} ({ruleset.id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


class RegolaGame(pyspiel.Game):
    """One hand of a variant as an OpenSpiel game."""

    RULESET: Ruleset | None = None
    """The ruleset of a registered variant's class (see `register`)."""

    def __init__(self, params: dict[str, Any] | None = None, ruleset: Ruleset | None = None) -> None:
        ruleset = ruleset if ruleset is not None else self.RULESET
        if ruleset is None:
            raise ValueError(
                "RegolaGame: give a ruleset (use openspiel_game(variant) or pyspiel.load_game('regola_...'))"
            )
        self.shape = _Shape(ruleset)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shape.space.size,
            max_chance_outcomes=len(self.shape.cards),
            num_players=self.shape.players,
            min_utility=-1000.0,
            max_utility=1000.0,
            max_game_length=self.shape.max_length,
        )
        super().__init__(game_type(ruleset), info, params or {})

    def new_initial_state(self) -> RegolaState:
        return RegolaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RegolaObserver:
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return RegolaObserver(self.shape, perfect_recall)


class RegolaState(pyspiel.State):
    """A hand in progress: the reference's state, the deck order drawn so
    far and the record each seat has seen."""

    def __init__(self, game: RegolaGame) -> None:
        super().__init__(game)
        self.shape: _Shape = game.shape
        self._ref = _Ref(initial_state(self.shape.ruleset))
        self.drawn: list[int] = []
        self.start_hands = 0
        self.start_scores = [0.0] * self.shape.players
        self.deals = 0
        self.history_deal: list[tuple[int, tuple[Any, ...]]] = []
        self.logs: list[list[str]] = [[] for _ in range(self.shape.players)]
        self._legal: list[int] | None = None

    @property
    def ref(self) -> Any:
        """The reference's state of the hand."""
        return self._ref.state

    @ref.setter
    def ref(self, state: Any) -> None:
        self._ref = _Ref(state)

    # --- whose turn ---------------------------------------------------------

    def _hand_over(self) -> bool:
        return bool(self.ref.is_over) or self.ref.match.hands_played > self.start_hands

    def is_terminal(self) -> bool:
        return self._hand_over() or (self.deals >= MAX_DEALS and bool(self.ref.is_chance))

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.ref.is_chance:
            return pyspiel.PlayerId.CHANCE
        return int(self.ref.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        if self._legal is None:
            table = tuple(self.ref.table) if self.shape.fishing else ()
            self._legal = sorted(self.shape.space.index_of(action_dict(a), table) for a in legal_actions(self.ref))
        return list(self._legal) if player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(len(self.shape.cards))) - set(self.drawn))
        return [(c, 1.0 / len(left)) for c in left]

    # --- moves ------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.ref.is_chance:
            self.drawn.append(action)
            if len(self.drawn) == len(self.shape.cards):
                deck = tuple(self.shape.cards[i] for i in self.drawn)
                self.ref = apply(self.ref, ShuffleAction(deck=deck))
                self.drawn, self.deals, self.history_deal = [], self.deals + 1, []
                self._log_all(f"deal {self.deals}")
                self._log_hands()
            self._legal = None
            return
        seat = int(self.ref.to_move)
        table = tuple(self.ref.table) if self.shape.fishing else ()
        move = self.shape.space.action_of(action, seat, table)
        self.ref = apply(self.ref, move)
        self._legal = None
        self.history_deal.append((seat, self.shape.space.keys[action]))
        self._log_all(f"seat {seat}: {self.shape.space.label(action)}")
        self._log_hands()

    def _log_all(self, text: str) -> None:
        for log in self.logs:
            log.append(text)

    def _log_hands(self) -> None:
        hands = self.ref.hands or ()
        for seat, log in enumerate(self.logs):
            mine = " ".join(hands[seat]) if seat < len(hands) else ""
            if not log or not log[-1].startswith("hand:") or log[-1] != f"hand: {mine}":
                log.append(f"hand: {mine}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self.shape.cards[action]}"
        return self.shape.space.label(action)

    def returns(self) -> list[float]:
        if not self._hand_over():
            return [0.0] * self.shape.players
        end = self.shape.scores(self.ref)
        return [a - b for a, b in zip(end, self.start_scores)]

    def __str__(self) -> str:
        return json.dumps(view(self.ref), sort_keys=True) + f" drawn={len(self.drawn)}"


class RegolaObserver:
    """Observation (``perfect_recall=False``) or information state (True)
    tensors and strings of one seat."""

    def __init__(self, shape: _Shape, perfect_recall: bool) -> None:
        self.shape = shape
        self.perfect_recall = perfect_recall
        size = shape.info_size if perfect_recall else shape.obs_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: shape.obs_size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[shape.obs_size :]

    def set_from(self, state: RegolaState, player: int) -> None:
        self.tensor.fill(0.0)
        self.tensor[: self.shape.obs_size] = self.shape.observer.encode(view(state.ref, player))
        if self.perfect_recall:
            self._history(state, player)

    def _history(self, state: RegolaState, player: int) -> None:
        s = self.shape
        n, cards = s.players, len(s.cards)
        at = s.obs_size
        length = max(1, len(state.history_deal))
        blocks = {"play": at, "capture": at, "capture-all": at}
        if s.exchange:
            blocks["exchange"] = at + n * cards
        bids_at = at + n * cards * (2 if s.exchange else 1)
        passes_at = bids_at + n * len(s.bids)
        for k, (seat, key) in enumerate(state.history_deal):
            rel = (seat - player) % n
            kind = key[0]
            if kind in blocks:
                self.tensor[blocks[kind] + rel * cards + s.card_index[key[1]]] = (k + 1) / length
            elif kind == "bid":
                self.tensor[bids_at + rel * len(s.bids) + s.bids[key]] = 1.0
            elif kind == "pass":
                self.tensor[passes_at + rel] += 1.0 / (len(s.bids) + 2)

    def string_from(self, state: RegolaState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}\n" + "\n".join(state.logs[player])
        return json.dumps(view(state.ref, player), sort_keys=True)


def continue_match(state: RegolaState) -> RegolaState:
    """A new game state for the next hand of the match ``state`` finished
    (its returns count from the scores at that point)."""
    if not state.is_terminal() or state.ref.is_over:
        raise ValueError("continue_match: the hand is not over, or the match is")
    nxt = state.get_game().new_initial_state()
    nxt.ref = state.ref
    nxt.start_hands = state.ref.match.hands_played
    nxt.start_scores = state.shape.scores(state.ref)
    return nxt


def openspiel_game(variant: str | Ruleset, options: dict[str, Any] | None = None) -> RegolaGame:
    """The OpenSpiel game of a variant (any id, file or options; not
    registered, so not loadable by name)."""
    return RegolaGame(ruleset=ruleset_of(variant, options))


def register(variants: list[str] | None = None) -> list[str]:
    """Register each variant (every shipped one by default) with
    ``pyspiel.register_game``; return the short names, for
    ``pyspiel.load_game``. Registering twice is harmless."""
    names = []
    known = set(pyspiel.registered_names())
    for vid in variants if variants is not None else variant_ids():
        ruleset = load(vid)
        name = short_name(ruleset.id)
        names.append(name)
        if name in known:
            continue
        gtype = game_type(ruleset)
        # a class per variant, as OpenSpiel's own Python games register theirs
        cls = type(f"RegolaGame_{name}", (RegolaGame,), {"RULESET": ruleset, "__module__": __name__})
        pyspiel.register_game(gtype, cls)
        known.add(name)
    return names


__all__ = [
    "MAX_DEALS",
    "OBSERVATION_VERSION",
    "RegolaGame",
    "RegolaState",
    "continue_match",
    "openspiel_game",
    "register",
    "short_name",
]
