"""The game an environment steps: a match of the fast core
(`regola.fast`, or ``core="reference"``: `regola.envs.core`) with a fixed
action space, an action mask, rewards and chance driven by a seed.

Every environment of `regola.envs` (PettingZoo, Gymnasium) and the
conformance adapter are thin layers over `Game`, so they all play the
reference's rules, step for step: the fast core is proved equal to the
reference by the conformance suite, and so are the environments.

Episodes (``episode``):

- ``"hand"`` (the default): an episode is one hand (a redeal, rule
  ``scopa.deal.redeal`` or an auction where all pass, stays in the same
  episode);
- ``"match"``: an episode is the whole match (``match.*`` rules), truncated
  after ``max_hands`` hands.

Rewards (``reward``, `regola.envs.rewards`): ``"win"`` (the match score:
game points, or points in the fishing games), ``"points"`` (card points
as tricks are won) or ``"diff"`` (zero-sum: the score less the mean of
every seat's); each step's reward is the change of the seat's score that
step.

Chance is the shuffle: each hand's deck order is drawn from a
``random.Random`` that `Game.reset` seeds; ``reset()`` without a seed goes
on drawing from the same generator, so a run seeded once is reproducible
from end to end. With ``chance="external"`` the caller deals each hand
with `Game.deal` (the conformance adapter replays the corpus's decks so).
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np

from regola.reference import apply, shuffled_deck
from regola.spec import Ruleset, load

from .core import check_core, is_fast, new_core
from .encoding import action_space
from .fast_observation import FastObserver
from .observation import Observer
from .rewards import Reward, Scorer, check_reward

Episode = Literal["hand", "match"]


def episode_and_reward(episode: Any, reward: Any) -> tuple[str, str]:
    """Check both options; ``reward="hand"`` or ``"match"`` (the episode,
    as version 1 named it) still works."""
    if reward in ("hand", "match"):
        episode, reward = reward, "win"
    if episode not in ("hand", "match"):
        raise ValueError(f"episode: expected 'hand' or 'match', got {episode!r}")
    return episode, check_reward(reward)


SEATINGS = ("fixed", "rotate", "random")


class Seats:
    """Which seat each player takes at a reset (``seats=``): ``"fixed"``,
    player ``p`` in seat ``p`` (seat 0 deals the first hand); ``"rotate"``,
    each reset moves every player one seat on (the first after a seed puts
    player ``p`` in seat ``p``), so each deals in turn; ``"random"``, the
    seats are turned by a number drawn from the run's generator. Seats keep
    their order of play: player ``p`` sits in seat ``(p + offset) % n``."""

    def __init__(self, players: int, mode: str = "fixed") -> None:
        if mode not in SEATINGS:
            raise ValueError(f"seats: expected one of {', '.join(map(repr, SEATINGS))}, got {mode!r}")
        self.players, self.mode = players, mode
        self.offset = 0
        self._resets = 0

    def reset(self, rng: random.Random, seeded: bool) -> None:
        if seeded:
            self._resets = 0
        if self.mode == "rotate":
            self.offset = self._resets % self.players
        elif self.mode == "random":
            self.offset = rng.randrange(self.players)
        self._resets += 1

    def seat(self, player: int) -> int:
        return (player + self.offset) % self.players

    def player(self, seat: int) -> int:
        return (seat - self.offset) % self.players


class IllegalMove(ValueError):
    """An action index the rules forbid now; ``rule`` is the rule id the
    reference cites (None for an index that is not the seat's to play)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule


def ruleset_of(variant: str | Ruleset, options: dict[str, Any] | None = None) -> Ruleset:
    """A ruleset from an id, a variant file path or a loaded `Ruleset`."""
    if isinstance(variant, Ruleset):
        if options:
            raise ValueError("options: give them with a variant id or file, not with a loaded Ruleset")
        return variant
    return load(variant, options or None)


class Game:
    """One match of a variant, stepped by action index."""

    def __init__(
        self,
        variant: str | Ruleset,
        options: dict[str, Any] | None = None,
        reward: Reward = "win",
        max_hands: int = 50,
        chance: Literal["seeded", "external"] = "seeded",
        episode: Episode = "hand",
        core: str = "fast",
    ) -> None:
        episode, reward = episode_and_reward(episode, reward)
        if chance not in ("seeded", "external"):
            raise ValueError(f"chance: expected 'seeded' or 'external', got {chance!r}")
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise ValueError(f"max_hands: expected a whole number of at least 1, got {max_hands!r}")
        self.ruleset = ruleset_of(variant, options)
        self.players = self.ruleset.seating.players
        self.space = action_space(self.ruleset)
        self.observer = Observer(self.ruleset)
        self.episode = episode
        self.reward = reward
        self.scorer = Scorer(self.ruleset, reward, core)
        self.max_hands = max_hands
        self.chance = chance
        self.fishing = self.ruleset.play.kind == "fishing"
        self.rng = random.Random()
        self.core = check_core(core)
        self.match: Any = new_core(self.ruleset, core)
        self.fast = is_fast(self.match)
        self.fast_observer = FastObserver(self.observer) if self.fast else None
        self.rewards = [0.0] * self.players
        self._scores: list[float] | None = None  # the scores as the last step left them
        self._legal: dict[int, Any] | None = None
        self._status: tuple[bool, bool, int | None] | None = None
        self._indices: dict[Any, int] = {}
        self._start_hands = 0
        self.decks: list[tuple[str, ...]] = []
        """The deck orders dealt since the last reset, in order."""

    # --- the episode -------------------------------------------------------

    @property
    def state(self) -> Any:
        """The match as a `regola.reference` state (converted from the fast
        core: for checks and tools, not for every step)."""
        return self.match.to_reference()

    def reset(self, seed: int | None = None, deck: list[str] | None = None) -> None:
        """A new match: seat 0 deals; the first hand is dealt from ``deck``,
        or shuffled from the generator (seeded anew with ``seed``, else
        going on; with ``chance="external"`` and no deck, the match waits
        for `deal`)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.match = new_core(self.ruleset, self.core)
        self.rewards = [0.0] * self.players
        self._legal = self._status = self._scores = None
        self._start_hands = 0
        self.decks = []
        if deck is not None:
            self.deal(deck)
        else:
            self._resolve_chance()

    def next_hand(self) -> None:
        """Episode ``"hand"``: go on to the next hand of the same match as a
        new episode (the next dealer deals, from the seeded generator)."""
        if self.episode != "hand" or self.match.is_over:
            raise ValueError("next_hand: only with episode 'hand' and a match that is not over")
        self._start_hands = self.hands_played
        self._legal = self._status = self._scores = None
        self._resolve_chance()

    def deal(self, deck: list[str] | tuple[str, ...]) -> None:
        """Shuffle: the next hand is dealt from ``deck`` (top card first)."""
        before = self.scores()
        self.match.shuffle(list(deck))
        self.decks.append(tuple(deck))
        self._legal = self._status = None
        self._settle(before)

    @property
    def needs_deal(self) -> bool:
        """Whether the match waits for a shuffle (``chance="external"``)."""
        return self.match.is_chance and not self.done

    @property
    def hands_played(self) -> int:
        return self.match.hands_played

    def _state_now(self) -> tuple[bool, bool, int | None]:
        """(terminated, truncated, to_move), read once after each change."""
        status = self._status
        if status is None:
            m = self.match
            terminated = m.is_over or (self.episode == "hand" and m.hands_played > self._start_hands)
            truncated = not terminated and m.hands_played >= self.max_hands
            to_move = None if terminated or truncated or m.is_chance else m.to_move
            status = self._status = (terminated, truncated, to_move)
        return status

    @property
    def terminated(self) -> bool:
        """The episode is over by the rules: the match is over, or (episode
        ``"hand"``) the hand is."""
        return self._state_now()[0]

    @property
    def truncated(self) -> bool:
        """The match was cut at ``max_hands`` (episode ``"match"``)."""
        return self._state_now()[1]

    @property
    def done(self) -> bool:
        terminated, truncated, _ = self._status or self._state_now()
        return terminated or truncated

    @property
    def to_move(self) -> int | None:
        """The seat to act, None at a chance step or once the episode is done."""
        return (self._status or self._state_now())[2]

    # --- actions -------------------------------------------------------------

    def table(self) -> tuple[str, ...]:
        """The cards on the table (fishing games), as ids."""
        if not self.fishing:
            return ()
        table = self.match.table
        return tuple(self.match.cards[c] for c in table) if self.fast else tuple(table)

    def legal(self) -> dict[int, Any]:
        """Legal action index -> the core's move, in index order."""
        if self._legal is None:
            if self.done:
                self._legal = {}
            else:
                indices = self._indices
                found = {}
                ordered, last = True, -1
                for move in self.match.legal():
                    index = indices.get(move)
                    if index is None:
                        index = indices[move] = self.space.index_of(self.match.action(move), self.table())
                    ordered, last = ordered and index >= last, index
                    found[index] = move
                self._legal = found if ordered else dict(sorted(found.items()))
        return self._legal

    def mask(self) -> np.ndarray:
        """The action mask: 1 for each legal index (int8, the space's size;
        a new array at each call)."""
        out = np.zeros(self.space.size, dtype=np.int8)
        for index in self.legal():
            out[index] = 1
        return out

    def step(self, index: int, seat: int | None = None) -> list[float]:
        """Play action ``index`` for ``seat`` (the seat to move by default);
        return each seat's reward for the step. An illegal index raises
        `IllegalMove` with the rule the reference cites."""
        terminated, truncated, _ = self._state_now()
        if terminated or truncated:
            raise IllegalMove("the episode is over: call reset()")
        to_move = self.match.to_move
        mover = to_move if seat is None else seat
        index = int(index)
        move = (self._legal or self.legal()).get(index) if mover == to_move else None
        if move is None:
            self._refuse(index, mover)
        before = self._scores if self._scores is not None else self.scores()
        self.match.apply(move)
        self._legal = self._status = None
        return self._settle(before)

    def _refuse(self, index: int, seat: int | None) -> None:
        """Raise `IllegalMove` for an index that is not legal now, naming the
        rule the reference refuses it under."""
        if seat is None:
            raise IllegalMove(f"{self.ruleset.id}: no seat is to move")
        action = self.space.action_of(index, seat, self.table())
        try:
            apply(self.state, action)
        except Exception as exc:  # noqa: BLE001 - the reference's IllegalAction carries the rule
            what = f"{self.ruleset.id}: {self.space.label(index)} by seat {seat}: {exc}"
            raise IllegalMove(what, getattr(exc, "rule_id", None)) from None
        raise IllegalMove(f"{self.ruleset.id}: {self.space.label(index)} by seat {seat} is not in the action mask")

    # --- scores and chance ------------------------------------------------------

    def scores(self) -> list[float]:
        """Each seat's running score under the reward (`regola.envs.rewards`)."""
        return self.scorer.scores(self.match)

    def _settle(self, before: list[float]) -> list[float]:
        if self.match.is_chance:
            self._resolve_chance()
        after = self._scores = self.scorer.scores(self.match)
        self.rewards = [a - b for a, b in zip(after, before)] if after != before else [0.0] * self.players
        return self.rewards

    def _resolve_chance(self) -> None:
        """Deal every hand the episode needs from the seeded generator."""
        while self.chance == "seeded" and self.match.is_chance and not self.done:
            deck = shuffled_deck(self.ruleset, self.rng)
            self.match.shuffle(list(deck))
            self.decks.append(tuple(deck))
            self._legal = self._status = None

    # --- what a seat sees ----------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.match.view(seat)

    def observe(self, seat: int) -> np.ndarray:
        """The observation tensor of ``seat`` (`regola.envs.observation`;
        on the fast core written straight from its match,
        `regola.envs.fast_observation`)."""
        if self.fast_observer is not None:
            return self.fast_observer.encode(self.match, seat)
        return self.observer.encode(self.match.view(seat))
