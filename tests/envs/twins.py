"""Twin games: the same hand played twice with one thing changed that a
seat cannot see, every interface stepped in lockstep, and at every step
the seat's outputs compared with what its views say they must be.

For a seat ``s``, after each step of both twins:

- **no leak**: where ``s``'s views so far are the same in both, every
  output of ``s`` is the same: the PettingZoo tensor and mask, the
  OpenSpiel observation and information-state tensors and strings (and
  where only the current views are the same, every output made from the
  current view alone);
- **no merge**: where ``s``'s current views differ, its observation
  tensor and string differ; where its views so far differ, its
  information-state tensor and string differ. Views are compared as the
  observation reads them (`canonical`).

The Gymnasium observation is checked against the PettingZoo one, seat for
seat, over a line of the same hand (`gym_matches_pettingzoo`).
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import numpy as np

from regola.envs import aec_env, gym_env
from regola.envs.openspiel import openspiel_game
from regola.reference import shuffled_deck, view

LEFT_OUT = ("variant", "seat", "sides", "result")
"""View fields the observation leaves out (`regola.envs.observation`)."""


def canonical(v: Any) -> Any:
    """A view as the observation tensor reads it: every collection of cards
    a set (sorted), the fields it leaves out dropped."""
    if isinstance(v, dict):
        return {k: canonical(x) for k, x in v.items() if k not in LEFT_OUT}
    if isinstance(v, list):
        items = [canonical(x) for x in v]
        return sorted(items) if items and all(isinstance(x, str) for x in items) else items
    return v


class Side:
    """One twin: the OpenSpiel state and the PettingZoo environment of the
    same hand, fed the same moves."""

    def __init__(self, variant: str, deck: list[str], observe: Callable[..., Any] | None = None) -> None:
        self.game = openspiel_game(variant)
        self.state = self.game.new_initial_state()
        self.deal(deck)
        self.env = aec_env(variant, chance="external", seats="fixed")
        self.env.reset(options={"deck": deck})
        self.observe = observe
        self.history: dict[int, list[Any]] = {}

    def deal(self, deck: list[str]) -> None:
        index = self.state.shape.card_index
        for card in deck:
            self.state.apply_action(index[card])

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def needs_deal(self) -> bool:
        return not self.over and self.state.is_chance_node()

    def redeal(self, deck: list[str]) -> None:
        self.deal(deck)
        self.env.game.deal(deck)
        self.env._select()

    def legal(self) -> list[int]:
        return self.state.legal_actions()

    def play(self, index: int) -> None:
        self.state.apply_action(index)
        self.env.step(index)

    def record(self, seat: int) -> None:
        v = view(self.state.ref, seat)
        assert v == self.env.game.view(seat), "PettingZoo and OpenSpiel states differ"
        self.history.setdefault(seat, []).append(v)

    def outputs(self, seat: int) -> dict[str, Any]:
        agent = self.env.possible_agents[seat]
        pz = self.env.observe(agent)
        tensor = pz["observation"] if self.observe is None else self.observe(self, seat)
        s = self.state
        return {
            "pettingzoo.observation": tensor.tobytes(),
            "pettingzoo.action_mask": pz["action_mask"].tobytes(),
            "openspiel.observation_tensor": np.asarray(s.observation_tensor(seat), np.float32).tobytes(),
            "openspiel.observation_string": s.observation_string(seat),
            "openspiel.information_state_tensor": np.asarray(s.information_state_tensor(seat), np.float32).tobytes(),
            "openspiel.information_state_string": s.information_state_string(seat),
        }


CURRENT = ("pettingzoo.observation", "pettingzoo.action_mask", "openspiel.observation_tensor",
           "openspiel.observation_string")
MERGE_NOW = ("pettingzoo.observation", "openspiel.observation_tensor", "openspiel.observation_string")
MERGE_PAST = ("openspiel.information_state_tensor", "openspiel.information_state_string")


def hidden_cards(side: Side, seat: int) -> list[str]:
    seen = json.dumps(view(side.state.ref, seat))
    return [c for c in side.state.shape.cards if f'"{c}"' not in seen]


def twin_decks(variant: str, seed: int, seat: int) -> tuple[list[str], list[str]]:
    """A deck order, and the same with two cards ``seat`` cannot see after
    the deal swapped (the same order when it sees every card)."""
    game = openspiel_game(variant)
    deck = list(shuffled_deck(game.shape.ruleset, random.Random(seed)))
    side = Side(variant, deck)
    hidden = hidden_cards(side, seat)
    if len(hidden) < 2:
        return deck, deck
    a, b = random.Random(seed).sample(hidden, 2)
    return deck, [b if c == a else a if c == b else c for c in deck]


def run_twins(
    variant: str, seat: int, seed: int, kind: str, observe: Callable[..., Any] | None = None
) -> tuple[list[str], dict[str, int]]:
    """Play the twins of one kind (``deck``: two hidden cards swapped;
    ``move``: at one step of another seat, B makes another move) and check
    every step. Returns (problems, counts of checks made)."""
    rng = random.Random(seed * 7919 + seat)
    deck_a, deck_b = twin_decks(variant, seed, seat) if kind == "deck" else (None, None)
    if deck_a is None:
        deck_a = deck_b = list(shuffled_deck(openspiel_game(variant).shape.ruleset, random.Random(seed)))
    a, b = Side(variant, deck_a, observe), Side(variant, deck_b, observe)
    problems: list[str] = []
    counts = {"same": 0, "merge-now": 0, "merge-past": 0}
    fork = rng.randrange(1, 30) if kind == "move" else -1
    for step in range(10_000):
        _check(a, b, seat, step, problems, counts)
        if a.over or b.over or problems:
            break
        if a.needs_deal() or b.needs_deal():
            if not (a.needs_deal() and b.needs_deal()):
                break
            deck = list(shuffled_deck(a.state.shape.ruleset, rng))
            a.redeal(deck)
            b.redeal(deck)
            continue
        la, lb = a.legal(), b.legal()
        move = rng.choice(_lasting(a, la))
        a.play(move)
        mover_b = int(b.state.ref.to_move)
        other = [m for m in lb if m != move]
        if (step >= fork >= 0 and mover_b != seat and other) or move not in lb:
            fork = -1 if move in lb else fork
            b.play(rng.choice(other or lb))
        else:
            b.play(move)
    return problems, counts


def _lasting(side: Side, legal: list[int]) -> list[int]:
    """The moves that do not end the match at once (a claim,
    ``scopa.match.claim``), where there are others."""
    keys = side.state.shape.space.keys
    kept = [m for m in legal if keys[m][0] != "claim"]
    return kept or legal


def _check(a: Side, b: Side, seat: int, step: int, problems: list[str], counts: dict[str, int]) -> None:
    a.record(seat)
    b.record(seat)
    out_a, out_b = a.outputs(seat), b.outputs(seat)
    now_same = a.history[seat][-1] == b.history[seat][-1]
    past_same = a.history[seat] == b.history[seat]
    where = f"{a.state.shape.ruleset.id} seat {seat} step {step}"
    checks = list(CURRENT) if now_same else []
    checks += list(out_a) if past_same else []
    for name in dict.fromkeys(checks):
        if out_a[name] != out_b[name]:
            problems.append(f"{where}: leak: {name} differs while the seat's views are the same")
    counts["same"] += past_same
    if canonical(a.history[seat][-1]) != canonical(b.history[seat][-1]):
        counts["merge-now"] += 1
        for name in MERGE_NOW:
            if out_a[name] == out_b[name]:
                problems.append(f"{where}: merge: {name} is the same for two different views")
    if [canonical(v) for v in a.history[seat]] != [canonical(v) for v in b.history[seat]]:
        counts["merge-past"] += 1
        for name in MERGE_PAST:
            if out_a[name] == out_b[name]:
                problems.append(f"{where}: merge: {name} is the same for two different histories")


def gym_matches_pettingzoo(variant: str, seat: int, seed: int) -> int:
    """Play a hand through Gymnasium (the other seats scripted) and through
    PettingZoo on the same line; at each of the agent's turns both must
    give the same observation and mask. Returns the turns compared."""
    rng = random.Random(seed)
    pz = aec_env(variant, seats="fixed")
    pz.reset(seed=seed)
    line: list[int] = []
    turns: list[tuple[bytes, bytes]] = []
    while not pz.game.done:
        mover = pz.game.to_move
        if mover == seat:
            obs = pz.observe(pz.possible_agents[seat])
            turns.append((obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        legal = list(pz.game.legal())
        keys = pz.game.space.keys
        move = rng.choice([m for m in legal if keys[m][0] != "claim"] or legal)  # no match ended by a claim
        line.append(move)
        pz.step(move)
    script = iter(line)
    env = gym_env(variant, seat=seat, opponent=lambda game, s, r: next(script))
    env._seeded = True  # the shuffles drawn as PettingZoo's were: the same generator, the same seed
    env.game.rng = random.Random(seed)
    obs, _ = env.reset()
    seen = 0
    while True:
        assert (obs["observation"].tobytes(), obs["action_mask"].tobytes()) == turns[seen], f"turn {seen}"
        seen += 1
        obs, _, terminated, truncated, _ = env.step(next(script))
        if terminated or truncated:
            return seen
