"""OpenSpiel: every variant as a Python game, registered with
``pyspiel.register_game`` as ``regola_<variant>`` (dashes as underscores).

A game is one hand (`regola.envs.openspiel_state.RegolaState`). Chance is
explicit: with ``seats=random`` a first chance node turns the seats (each
of the ``n`` turns alike: who deals); then the shuffle is dealt card by
card, each chance node drawing the next card of the deck order (top card
first) uniformly from those left, so chance outcomes are card indices of
the canonical pack; once the order is complete the hand is dealt (rule
``briscola.deal.*`` / ``scopa.deal.*``). A hand the rules deal again (an
auction where all pass, rule ``chiamata.bid.all-pass``; too many Kings or
Aces on the table, ``scopa.deal.redeal``) draws a new order, up to
`MAX_DEALS` deals; a hand not played by then ends with every return 0.
Player actions are those of `regola.envs.encoding`.

Parameters (``pyspiel.load_game("regola_scopa_2(reward=diff)")``):
``reward``, ``"win"`` (the default), ``"points"`` or ``"diff"``
(`regola.envs.rewards`): the returns are what the hand pays each player;
``seats``, ``"fixed"`` (the default: player ``p`` in seat ``p``, seat 0
dealing) or ``"random"``; ``core``, ``"fast"`` (the default) or
``"reference"`` (`regola.envs.core`). The game type says ``ZERO_SUM`` where every
outcome's returns add up to zero (``diff``, and the contract games of
Chiamata under ``win``), ``CONSTANT_SUM`` where they add up to the same
total (card points, where every hand ends with all of them won, between
single players or sides of one size), else
``GENERAL_SUM``; the utility bounds are `regola.envs.rewards.hand_bounds`.

Observation tensors are `regola.envs.observation`'s; the information
state (tensor and string) is `regola.envs.history`'s, made from the
seat's views alone. ``resample_from_infostate`` (`regola.envs.resample`)
draws a state the player cannot tell from the true one, so OpenSpiel's
``ISMCTSBot`` runs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from regola.spec import Ruleset, load, variant_ids

from .core import check_core, is_fast
from .encoding import action_space
from .fast_observation import FastObserver
from .game import ruleset_of
from .history import history_layout
from .observation import OBSERVATION_VERSION, Observer
from .openspiel_state import MAX_DEALS, RegolaState, continue_match
from .rewards import Scorer, check_reward, hand_bounds

PARAMETERS = {"reward": "win", "seats": "fixed", "core": "fast"}


def short_name(variant_id: str) -> str:
    return "regola_" + variant_id.replace("-", "_")


class _Shape:
    """What a game's tensors and bounds are, derived once from the ruleset
    (kept, not copied, when OpenSpiel deep-copies a state)."""

    def __init__(self, ruleset: Ruleset, reward: str, seats: str, core: str = "fast") -> None:
        self.ruleset = ruleset
        self.core = check_core(core)
        self.reward = check_reward(reward)
        if seats not in ("fixed", "random"):
            raise ValueError(f"seats: expected 'fixed' or 'random', got {seats!r}")
        self.random_seats = seats == "random"
        self.space = action_space(ruleset)
        self.observer = Observer(ruleset)
        self.fast_observer = FastObserver(self.observer)
        self.scorer = Scorer(ruleset, reward, core)
        self._indices: dict[Any, int] = {}
        self.cards = ruleset.deck.cards()
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.players = ruleset.seating.players
        self.fishing = ruleset.play.kind == "fishing"
        self.history = history_layout(ruleset)
        self.history_at = self.history.offsets()
        self.max_length = (1 if self.random_seats else 0) + MAX_DEALS * (len(self.cards) + self.history.length)
        self.obs_size = self.observer.layout.size
        self.info_size = self.obs_size + self.history.size

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shape:
        return self

    def observe(self, core: Any, seat: int) -> np.ndarray:
        """The observation tensor of ``seat`` (`regola.envs.observation`)."""
        if is_fast(core):
            return self.fast_observer.encode(core, seat)
        return self.observer.encode(core.view(seat))

    def table(self, core: Any) -> tuple[str, ...]:
        if not self.fishing:
            return ()
        return tuple(self.cards[c] for c in core.table) if is_fast(core) else tuple(core.table)

    def index_of(self, core: Any, move: Any) -> int:
        """The action index of one of the core's legal moves (remembered)."""
        index = self._indices.get(move)
        if index is None:
            index = self._indices[move] = self.space.index_of(core.action(move), self.table(core))
        return index

    def move_of(self, core: Any, index: int) -> Any:
        """The core's move for a legal action index."""
        action = self.space.action_of(index, int(core.to_move), self.table(core))
        return core.move(action)


def utility(ruleset: Ruleset, reward: str) -> pyspiel.GameType.Utility:
    """Zero-sum, constant-sum or general-sum, for one hand under ``reward``."""
    sides = ruleset.seating.sides()
    if reward == "diff" or (reward == "win" and ruleset.hand_scoring.kind == "contract"):
        return pyspiel.GameType.Utility.ZERO_SUM  # chiamata.score.payoff: every payment has a payer
    if reward == "points" and every_card_point_is_won(ruleset) and len({len(s) for s in sides}) == 1:
        return pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def every_card_point_is_won(ruleset: Ruleset) -> bool:
    """Whether every hand ends with all the pack's card points won, one
    side's or another's: a trick game where every card is played
    (``briscola.draw.*``: the indicator drawn too) and no hand is void (a
    tie dealt again, ``briscola.score.tie``, or an auction where all pass,
    ``chiamata.bid.all-pass``, pays nobody)."""
    return (
        ruleset.play.kind != "fishing"
        and ruleset.bidding.kind == "none"
        and ruleset.hand_scoring.tie != "replay"
        and (ruleset.deal.indicator == "none" or ruleset.draw.take_indicator)
    )


def game_type(ruleset: Ruleset, reward: str = "win") -> pyspiel.GameType:
    n = ruleset.seating.players
    return pyspiel.GameType(
        short_name=short_name(ruleset.id),
        long_name=f"regola {ruleset.name} ({ruleset.id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility(ruleset, reward),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
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
        params = {**PARAMETERS, **(params or {})}
        self.shape = _Shape(ruleset, params["reward"], params["seats"], params["core"])
        low, high = hand_bounds(ruleset, self.shape.reward)
        kind = utility(ruleset, self.shape.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shape.space.size,
            max_chance_outcomes=max(len(self.shape.cards), self.shape.players),
            num_players=self.shape.players,
            min_utility=low,
            max_utility=high,
            utility_sum=self._sum(ruleset, kind),
            max_game_length=self.shape.max_length,
        )
        super().__init__(game_type(ruleset, self.shape.reward), info, params)

    def _sum(self, ruleset: Ruleset, kind: Any) -> float | None:
        if kind == pyspiel.GameType.Utility.ZERO_SUM:
            return 0.0
        if kind == pyspiel.GameType.Utility.CONSTANT_SUM:
            side = len(ruleset.seating.sides()[0])
            return float(ruleset.deck.total_points * side)
        return None

    def new_initial_state(self) -> RegolaState:
        return RegolaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RegolaObserver:
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return RegolaObserver(self.shape, perfect_recall)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what rebuilds it: the variant's id, or its ruleset,
        and the parameters."""
        ruleset = self.shape.ruleset
        seats = "random" if self.shape.random_seats else "fixed"
        params = {"reward": self.shape.reward, "seats": seats, "core": self.shape.core}
        return (_rebuild, (ruleset, params))


def _rebuild(ruleset: Ruleset, params: dict[str, Any]) -> RegolaGame:
    return RegolaGame(params, ruleset=ruleset)


class RegolaObserver:
    """Observation (``perfect_recall=False``) or information state (True)
    tensors and strings of one player."""

    def __init__(self, shape: _Shape, perfect_recall: bool) -> None:
        self.shape = shape
        self.perfect_recall = perfect_recall
        size = shape.info_size if perfect_recall else shape.obs_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: shape.obs_size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[shape.obs_size :]

    def set_from(self, state: RegolaState, player: int) -> None:
        seat = state.seat_of(player)
        self.tensor[: self.shape.obs_size] = self.shape.observe(state.core, seat)
        if self.perfect_recall:
            self.tensor[self.shape.obs_size :] = state.step.record(seat, self.shape).tensor

    def string_from(self, state: RegolaState, player: int) -> str:
        return state.seat_string(state.seat_of(player), self.perfect_recall)


def openspiel_game(
    variant: str | Ruleset, options: dict[str, Any] | None = None, **params: Any
) -> RegolaGame:
    """The OpenSpiel game of a variant (any id, file or options; not
    registered, so not loadable by name); ``params``: ``reward``, ``seats``."""
    return RegolaGame(params, ruleset=ruleset_of(variant, options))


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
        # a class per variant, as OpenSpiel's own Python games register theirs; a module-level name, to pickle
        cls = type(f"RegolaGame_{name}", (RegolaGame,), {"RULESET": ruleset, "__module__": __name__})
        globals()[cls.__name__] = cls
        pyspiel.register_game(game_type(ruleset), cls)
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
