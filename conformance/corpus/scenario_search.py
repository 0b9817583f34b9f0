"""Searching for games that exercise given rule ids.

A *line* is a way to play from a seed's first deal: the seed's own random
choices (`regola.conformance.trace.record.SeededPlay`), or a fixed list
of actions. `search` profiles lines (which rule ids each exercises,
and after how many steps) and greedily keeps the lines that exercise the
most rule ids not yet covered, the shortest first among equals; a kept line
is cut right after the step that exercised the last of them. It tries, in
order:

1. the given lines (the actions of traces already kept: a tie found under
   one tie rule is the same tie under another);
2. batches of seeds, one-hand games first, so what one hand can show is
   shown within one hand, then with choices balanced by kind of action (an
   auction where everyone passes);
3. the first deals alone of many seeds, for what a deal shows (a void deal);
4. the end of the first hand of a few seeds, searched exhaustively (every
   legal way to play the last `tail_length` steps, within a budget of
   steps): rare outcomes decided at the end of a hand, such as a tie, are
   found there far sooner than by random games;
5. rule-seeking lines (`.seeking`) of a few seeds, whole matches that look
   one step ahead for the rule ids still pending and otherwise stay clear
   of actions that end the match or the hand early: what only a later hand
   shows (a right claim after a wrong one would have ended the match).
   Tried last, and only for rule ids nothing else reached, so it adds
   traces only where the stages before fall short: `SEEK_SEEDS` seeds in
   a deep search, `OPTION_SEEK_SEEDS` for an option set's own rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.conformance.corpus.seeking import seek_line
from regola.conformance.trace.record import Action, SeededPlay, seeded_game
from regola.reference import IllegalAction, action_dict, apply, legal_actions, new_game
from regola.spec import Ruleset, catalog, ruleset_hash

Batch = tuple[int, int, int, bool]
"""(first seed, end, hands per game, choices balanced by kind of action)."""
SEED_BATCHES: tuple[Batch, ...] = (
    (0, 1, 1, False), (1, 4, 1, False), (4, 16, 1, False), (16, 64, 1, False), (64, 160, 1, False),
    (0, 64, 1, True), (160, 200, 3, False),
)
"""The batches for the default rules."""
OPTION_BATCHES: tuple[Batch, ...] = (
    (0, 1, 1, False), (1, 4, 1, False), (4, 16, 1, False), (16, 48, 1, False), (0, 16, 1, True),
)
"""The batches for an option set."""
PAIR_BATCHES = OPTION_BATCHES[:3]
"""The shorter search used when an option set is combined with another."""
DEAL_SEEDS = 2000
"""Seeds whose first deal alone is looked at, for rules a deal exercises."""
TAIL_SEEDS = 64
"""Seeds whose first hand's end is searched exhaustively, at most."""
TAIL_LEAVES = 300
"""Ways to play a hand's end searched per seed, at most."""
TAIL_BUDGET = 6000
"""Steps applied by the exhaustive search of hand ends, at most, per search."""
SEEK_SEEDS = 16
"""Seeds of the rule-seeking lines tried by a deep search, at most."""
OPTION_SEEK_SEEDS = 5
"""Seeds of the rule-seeking lines tried for an option set's own rules, at
most (a pair of option sets tries none: it would repeat the option set's).
Each line is a whole match looking one step ahead, the costliest search
there is; in the shipped variants every rule it reaches is reached by one
of seeds 0-4, and further seeds only cost time."""


@dataclass(frozen=True)
class Line:
    """A way to play: the seed's deck orders, and its own random choices
    (``actions`` None; balanced by kind of action with ``by_type``) or these
    actions after the first deal."""

    seed: int
    actions: tuple[Action, ...] | None = None
    by_type: bool = False
    source: str = ""
    """The name of the trace the actions come from, if any."""


@dataclass(frozen=True)
class Found:
    """A line whose first ``steps`` steps exercise the rule ids ``new``."""

    line: Line
    steps: int
    new: frozenset[str]
    last: str
    """The rule id exercised last (the one that sets the length)."""
    how: str
    """How the line was found, in words, for the trace's description."""


def tail_length(ruleset: Ruleset) -> int:
    """Steps searched exhaustively at the end of a hand: as many rounds of
    play as keep the ways to play them within `TAIL_LEAVES`, counting
    hands of 1, 2, 3... cards in the last rounds."""
    players, hand = ruleset.seating.players, ruleset.deal.hand_size
    rounds, leaves = 0, 1
    while rounds < hand and leaves * (rounds + 1) ** players <= TAIL_LEAVES:
        rounds += 1
        leaves *= rounds**players
    return max(1, rounds) * players


def profile(ruleset: Ruleset, line: Line, hands: int = 1) -> dict[str, int]:
    """For each rule id the line exercises: how many steps must be played to
    see it (0: the first deal). Seeded lines stop after ``hands`` hands; fixed
    lines stop at their end or at an action the rules refuse.

    For speed, a profile is remembered by the ruleset's hash and the line
    (a variant's searches ask for the same ones again: an option set
    searched alone and again for the default rules' leftovers, two option
    sets combined either way round, the actions of the traces kept so far
    in every search): a seeded line by its seed, ``hands`` and ``by_type``;
    a fixed line by its seed and source, and kept only for the same
    actions. The result is only read, never changed, by its callers."""
    if line.actions is None:
        key: tuple[Any, ...] = (ruleset_hash(ruleset), line.seed, hands, line.by_type)
    else:
        key = (ruleset_hash(ruleset), line.seed, line.source)
    known = _KNOWN.get(key)
    if known is None or known[0] != line.actions:
        if len(_KNOWN) >= KNOWN_KEPT:
            _KNOWN.clear()
        known = _KNOWN[key] = (line.actions, _profile(ruleset, line, hands))
    return known[1]


KNOWN_KEPT = 8_000
"""Profiles remembered at most (then forgotten all at once)."""
_KNOWN: dict[tuple[Any, ...], tuple[tuple[Action, ...] | None, dict[str, int]]] = {}


def _profile(ruleset: Ruleset, line: Line, hands: int) -> dict[str, int]:
    """`profile`, played out."""
    if line.actions is None:
        _, first, steps = seeded_game(ruleset, line.seed, hands, with_legal=False, by_type=line.by_type)
        states = (after for *_, after in steps)
    else:
        first = new_game(ruleset, SeededPlay(ruleset, line.seed).deck())
        states = _replay(first, line.actions)
    seen = dict.fromkeys(first.rules, 0)
    for n, state in enumerate(states, start=1):
        for rule in state.rules:
            seen.setdefault(rule, n)
    return seen


def _replay(state: Any, actions: tuple[Action, ...]) -> Any:
    for action in actions:
        try:
            state = apply(state, action)
        except IllegalAction:
            return
        yield state


def search(
    ruleset: Ruleset,
    pending: set[str],
    batches: tuple[Batch, ...] = SEED_BATCHES,
    lines: tuple[Line, ...] = (),
    deep: bool = True,
    seek: int | None = None,
) -> list[Found]:
    """Lines that together exercise as much of ``pending`` as can be found
    (see the module docstring); ``deep`` adds the scan of first deals and the
    exhaustive search of hand ends. ``seek``: how many seeds of rule-seeking
    lines to try last (None: `SEEK_SEEDS` for a deep search, none
    otherwise). ``pending`` is updated in place."""
    order = {r: i for i, r in enumerate(catalog(ruleset.family))}
    found: list[Found] = []
    profiles: list[tuple[Line, dict[str, int], str]] = []
    stages = [[(line, 1, f"the deals of seed {line.seed} and the actions of {line.source}") for line in lines]]
    for a, b, hands, by_type in batches:
        how = "random choices" + (" balanced by kind of action" if by_type else "")
        stages.append([(Line(s, by_type=by_type), hands, f"seed {s} with {how}") for s in range(a, b)])
    for stage in stages:
        if not pending:
            break
        profiles += [(line, profile(ruleset, line, hands), how) for line, hands, how in stage]
        while pending:
            best = None
            for line, seen, how in profiles:
                new = pending & seen.keys()
                if new:
                    steps = max(seen[r] for r in new)
                    key = (-len(new), steps)
                    if best is None or key < best[0]:
                        best = (key, line, steps, new, seen, how)
            if best is None:
                break
            _, line, steps, new, seen, how = best
            last = max(new, key=lambda r: (seen[r], order.get(r, 0)))
            found.append(Found(line, steps, frozenset(new), last, how))
            pending -= new
    if pending and deep:
        found += deal_search(ruleset, pending)
    if pending and deep:
        found += tail_search(ruleset, pending)
    if pending:
        found += seek_search(ruleset, pending, (SEEK_SEEDS if deep else 0) if seek is None else seek)
    return found


def seek_search(ruleset: Ruleset, pending: set[str], seeds: int = SEEK_SEEDS) -> list[Found]:
    """Rule-seeking lines (`.seeking.seek_line`) of seeds 0, 1, ... for
    ``pending`` rule ids (updated in place); each line that finds some is
    kept, cut right after the step that exercised the last of them."""
    found: list[Found] = []
    order = {r: i for i, r in enumerate(catalog(ruleset.family))}
    for seed in range(seeds):
        if not pending:
            break
        sought = seek_line(ruleset, seed, pending)
        if not sought.seen:
            continue
        new = frozenset(sought.seen)
        steps = max(sought.seen.values())
        last = max(new, key=lambda r: (sought.seen[r], order.get(r, 0)))
        how = (f"seed {seed} with a line seeking rules not yet shown (a look one step ahead, else random choices"
               + (" balanced by kind of action)" if seed % 2 else ")"))
        found.append(Found(Line(seed, sought.actions[:steps]), steps, new, last, how))
        pending -= new
    return found


def deal_search(ruleset: Ruleset, pending: set[str]) -> list[Found]:
    """Look at the first deal alone of many seeds, for ``pending`` rule ids
    (updated in place) that a deal exercises."""
    found: list[Found] = []
    for seed in range(DEAL_SEEDS):
        if not pending:
            break
        new = pending & set(new_game(ruleset, SeededPlay(ruleset, seed).deck()).rules)
        if new:
            found.append(Found(Line(seed), 0, frozenset(new), min(new), f"the first deal of seed {seed}"))
            pending -= new
    return found


def tail_search(ruleset: Ruleset, pending: set[str]) -> list[Found]:
    """Search the end of the first hand of seeds 0, 1, ... exhaustively,
    depth first in canonical order, for steps exercising ``pending`` rule ids
    (updated in place)."""
    found: list[Found] = []
    budget = TAIL_BUDGET
    depth = tail_length(ruleset)
    for seed in range(TAIL_SEEDS):
        if not pending or budget <= 0:
            break
        _, first, steps = seeded_game(ruleset, seed, 1, with_legal=False)
        played = list(steps)
        start = max(0, len(played) - depth)
        prefix = [_as_dict(a) for _, _, a, _ in played[:start]]
        state = played[start - 1][3] if start else first
        stack: list[tuple[Any, list[Action]]] = [(state, [])]
        while stack and pending and budget > 0:
            state, path = stack.pop()
            for action in reversed(legal_actions(state)):
                after = apply(state, action)
                budget -= 1
                taken = [*path, action_dict(action)]
                new = pending & set(after.rules)
                if new:
                    actions = tuple(prefix + taken)
                    how = f"seed {seed} with random choices for {start} steps, then a search of every end of the hand"
                    found.append(Found(Line(seed, actions), len(actions), frozenset(new), min(new), how))
                    pending -= new
                if not (after.is_chance or after.is_over):
                    stack.append((after, taken))
    return found


def _as_dict(action: Any) -> Action:
    return action if isinstance(action, dict) else action_dict(action)
