"""Rule-seeking lines: playing a whole match toward rule ids not yet seen.

A random line (`regola.conformance.trace.record.SeededPlay`) takes any
legal action, so an action that ends the match at once (a wrong claim of
chiamarsi fuori, rule ``scopa.match.claim-wrong``) is soon taken and
everything a later hand would show (a right claim, ``scopa.match.claim-right``)
is never reached. A *seeking* line looks one step ahead instead: before
each choice it applies every legal action to the state and reads the rule
ids that step would exercise (the ``rules`` of the state after it, as a
trace's step records them). It takes

1. an action exercising rule ids still sought, the most of them first,
   the first in the reference's canonical order among equals;
2. otherwise a random action (``random.Random(f"{seed}/seek")``, so the
   line is the same every time) among those that end neither the match
   nor the hand, if there are any; else among those that do not end the
   match; else among all of them. Odd seeds choose the kind of action
   first (pass or bid, play or capture), then the action, so that a rare
   kind among many of another (a pass among a dozen bids) is chosen as
   often, as `SeededPlay` does with ``by_type``: several players passing
   in a row makes the last pass a hand everyone passed.

Between hands the next deck order is the seed's next one
(`SeededPlay.deck`), as in any seeded line. The line is written down as
the actions it took (JSON data, shuffles with their deck), so it replays
with `regola.conformance.trace.record.record_line`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from regola.conformance.trace.record import Action, SeededPlay
from regola.reference import action_dict, apply, legal_actions, new_game
from regola.spec import Ruleset

SEEK_MAX_STEPS = 1500
"""A seeking line stops after this many steps even if the match goes on."""


@dataclass(frozen=True)
class Sought:
    """What one seeking line found: its actions, and for each sought rule id
    it exercised, how many steps must be played to see it (0: the deal)."""

    seed: int
    actions: tuple[Action, ...]
    seen: dict[str, int]


def _ends(state: Any, after: Any) -> int:
    """How early a step ends play: 2 if it ends the match, 1 if it ends the
    hand (the next step is a shuffle), 0 if play goes on."""
    if after.is_over:
        return 2
    return 1 if after.is_chance and not state.is_chance else 0


def seek_line(ruleset: Ruleset, seed: int, wanted: set[str], max_steps: int = SEEK_MAX_STEPS) -> Sought:
    """Play ``seed``'s deals with the choices of a seeking line (see the
    module docstring) until every rule id of ``wanted`` has been exercised,
    the match ends or ``max_steps`` steps are played. ``wanted`` is left as
    it is; the rule ids found are in the result's ``seen``."""
    play = SeededPlay(ruleset, seed)
    rng = random.Random(f"{seed}/seek")
    by_type = seed % 2 == 1
    state = new_game(ruleset, play.deck())
    left = set(wanted)
    seen = {r: 0 for r in left & set(state.rules)}
    left -= seen.keys()
    actions: list[Action] = []
    while left and not state.is_over and len(actions) < max_steps:
        if state.is_chance:
            action: Any = {"type": "shuffle", "deck": play.deck()}
            after = apply(state, action)
        else:
            legal = legal_actions(state)
            if not legal:
                break
            action, after = _choose(state, legal, left, rng, by_type)
        actions.append(action if isinstance(action, dict) else action_dict(action))
        for rule in left & set(after.rules):
            seen[rule] = len(actions)
        left -= seen.keys()
        state = after
    return Sought(seed, tuple(actions), seen)


def _choose(state: Any, legal: list[Any], left: set[str], rng: random.Random, by_type: bool) -> tuple[Any, Any]:
    """The action a seeking line takes among ``legal``, and the state after it."""
    afters = [apply(state, a) for a in legal]
    best, hits = None, 0
    for i, after in enumerate(afters):
        n = len(left & set(after.rules))
        if n > hits:
            best, hits = i, n
    if best is None:
        ends = [_ends(state, after) for after in afters]
        calm = min(ends)
        calm_ones = [i for i, e in enumerate(ends) if e == calm]
        if by_type:
            kind = rng.choice(list(dict.fromkeys(legal[i].type for i in calm_ones)))
            calm_ones = [i for i in calm_ones if legal[i].type == kind]
        best = rng.choice(calm_ones)
    return legal[best], afters[best]
