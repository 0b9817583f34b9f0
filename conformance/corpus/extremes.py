"""Extreme hands, found by a seeded search and cut after the deciding step.

For each situation of `regola.conformance.corpus.situations` that can occur
in a variant (a side taking every trick or none, all the points or none,
a tie in each scoring category, the last trick or play deciding, a void
deal, an auction where everyone passes, the longest auction, the most
sweeps), `search_extremes` plays one-hand games from seeds 0, 1, ... (`STAGES`) under
a few *policies* (ways of choosing among the legal actions), and keeps,
greedily, the games that show the most situations still missing; each is
cut right after the step that shows the last of them. Policies:

- ``random``: the seed's own random choices (`SeededPlay`);
- ``by-type``: random, balanced by kind of action (a pass among many bids);
- ``pass``: pass whenever a pass is legal (an auction where nobody bids);
- ``first-bid``: always the first bid offered, the smallest raise, until
  none is left (the longest auction);
- ``side-0``: whoever completes a trick gives it to side 0 when some legal
  action does (looking ahead to the end of the trick when it has few ways
  to end, `LOOKAHEAD`); captures as large as possible by side 0, as small
  as possible by the others, who lay a card when they may (a side with
  every trick or card, another with none).

Everything is drawn from the seed, so the search gives the same games every
time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from regola.conformance.corpus.situations import applicable, situations
from regola.conformance.trace.record import Action, SeededPlay, legal_dicts
from regola.reference import IllegalAction, State, apply, new_game, view
from regola.spec import Ruleset

Policy = Callable[[State, list[Action], random.Random, Ruleset], Action]
STAGES = ((0, 32), (32, 96), (96, 192))
"""Ranges of seeds tried in turn, as long as a situation is missing."""
MAX_STEPS = 400
LOOKAHEAD = 64
"""The ``side-0`` policy looks to the end of a trick only when a trick has
at most so many ways to be finished (hand size ** other players)."""
"""A one-hand game stops after this many steps (a runaway auction)."""


def _random(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    return rng.choice(legal)


def _by_type(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    kind = rng.choice(sorted({a["type"] for a in legal}))
    return rng.choice([a for a in legal if a["type"] == kind])


def _pass(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    passes = [a for a in legal if a["type"] == "pass"]
    return passes[0] if passes else rng.choice(legal)


def _first_bid(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    bids = [a for a in legal if a["type"] == "bid"]
    return bids[0] if bids else rng.choice([a for a in legal if a["type"] != "pass"] or legal)


def _side_0(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    side0 = set(rs.seating.sides()[0])
    if rs.family == "scopa":
        if legal[0]["seat"] in side0:  # take the most
            scores = [len(a.get("take", ())) for a in legal]
            return rng.choice([a for a, sc in zip(legal, scores) if sc == max(scores)])
        lays = [a for a in legal if a["type"] == "play"]
        least = min(len(a.get("take", ())) for a in legal)
        return rng.choice(lays or [a for a in legal if len(a.get("take", ())) == least])
    plays = [a for a in legal if a["type"] == "play"]
    deep = rs.deal.hand_size ** (rs.seating.players - 1) <= LOOKAHEAD
    good = [a for a in plays if _gives_side_0(state, a, side0, deep)]
    return rng.choice(good or legal)


def _gives_side_0(state: State, action: Action, side0: set[int], deep: bool) -> bool:
    """Whether some way to finish the trick after ``action`` gives it to
    side 0 (looking ahead only with ``deep``)."""
    try:
        after = apply(state, action)
    except IllegalAction:
        return False
    won = [e["winner"] for e in after.events if e["type"] == "trick"]
    if won:
        return won[0] in side0
    if not deep or after.is_chance or after.is_over:
        return False
    return any(_gives_side_0(after, a, side0, deep) for a in legal_dicts(after) if a["type"] == "play")


POLICIES: dict[str, Policy] = {
    "random": _random, "by-type": _by_type, "pass": _pass, "first-bid": _first_bid, "side-0": _side_0,
}
WANTS = {
    "all-pass": ("pass", "by-type"), "longest-auction": ("first-bid",),
    "all-tricks": ("side-0",), "no-trick": ("side-0",), "all-points": ("side-0",),
    "zero-points": ("side-0", "random"), "all-cards": ("side-0",), "no-card": ("side-0",),
    "all-categories": ("side-0",), "max-sweeps": ("side-0",),
}
"""Policies to try for a situation (others: ``random`` and ``by-type``),
besides ``random`` and ``by-type`` for the first seeds."""
SOLO = {"all-pass", "longest-auction"}
"""Situations kept in a trace of their own, cut at the end of the auction."""


@dataclass(frozen=True)
class Game:
    """A one-hand game: its seed, policy, actions and the situations its
    steps show (situation -> index of the step that shows it)."""

    seed: int
    policy: str
    actions: tuple[Action, ...]
    shows: dict[str, Any]


def play(ruleset: Ruleset, seed: int, policy: str) -> Game:
    """One hand of ``seed``'s first deal, choices by ``policy``."""
    choose = POLICIES[policy]
    rng = random.Random(f"{seed}/{policy}")
    state = new_game(ruleset, SeededPlay(ruleset, seed).deck())
    lines: list[dict[str, Any]] = [{"kind": "header", "view": LazyView(state), "rules": list(state.rules)}]
    actions: list[Action] = []
    while not (state.is_over or state.is_chance) and len(actions) < MAX_STEPS:
        legal = legal_dicts(state)
        if not legal:
            break
        action = choose(state, legal, rng, ruleset)
        state = apply(state, action)
        lines.append({"kind": "step", "index": len(actions), "action": action, "events": list(state.events),
                      "rules": list(state.rules), "view": LazyView(state)})
        actions.append(action)
    return Game(seed, policy, tuple(actions), situations(lines, ruleset.family))


class LazyView(Mapping[str, Any]):
    """The omniscient view of a state, computed when first read (the
    search reads few of them)."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._view: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._view is None:
            self._view = view(self._state)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _index(shown: Any) -> int:
    return shown[1] if isinstance(shown, tuple) else shown


def _games(ruleset: Ruleset, wanted: set[str]) -> list[Game]:
    """Games by stages of seeds (`STAGES`), each played under the policies
    for the situations no earlier game shows, until every one is shown."""
    games: list[Game] = []
    for first, end in STAGES:
        pending = wanted - {s for g in games for s in g.shows}
        if not pending:
            break
        names = sorted({p for s in pending for p in WANTS.get(s, ("random", "by-type"))})
        names = list(dict.fromkeys(["random", "by-type", *names])) if first == 0 else names
        games += [play(ruleset, seed, policy) for policy in names for seed in range(first, end)]
    return games


def search_extremes(
    ruleset: Ruleset, skip: set[str] = frozenset()
) -> tuple[list[tuple[Game, list[str], int]], list[str]]:
    """Games that show the extreme situations of ``ruleset`` (those of
    `applicable` but the match ones), greedily, most new situations first
    then fewest steps: [(game, situations it is kept for, steps to keep)],
    and the situations not found; the counted ones (``max-sweeps``,
    ``longest-auction``) are kept at the largest count found. The
    situations in ``skip`` (shown by other traces) are not looked for."""
    wanted = set(applicable(ruleset)) - {"second-hand", "match-over"} - set(skip)
    if not wanted:
        return [], []
    games = _games(ruleset, wanted)
    best: dict[str, int] = {}
    for name in ("max-sweeps", "longest-auction"):
        counts = [g.shows[name][0] for g in games if name in g.shows]
        if name in wanted and counts:
            best[name] = max(counts)
    kept: list[tuple[Game, list[str], int]] = []
    for name in sorted(SOLO & wanted):  # an auction is cut at its end, alone
        fits = [(_index(g.shows[name]), i) for i, g in enumerate(games)
                if name in g.shows and (name not in best or g.shows[name][0] >= best[name])]
        if fits:
            last, i = min(fits)
            kept.append((games[i], [name], last + 1))
    pending = wanted - SOLO - {n for _, names, _ in kept for n in names}

    def shown(game: Game) -> set[str]:
        return {s for s in pending & game.shows.keys() if s not in best or game.shows[s][0] >= best[s]}

    while pending:
        scored = [(-len(shown(g)), max(_index(g.shows[s]) for s in shown(g)), i) for i, g in enumerate(games) if shown(g)]
        if not scored:
            break
        _, last, i = min(scored)
        new = sorted(shown(games[i]))
        kept.append((games[i], new, last + 1))
        pending -= set(new)
    return kept, sorted(wanted - {n for _, names, _ in kept for n in names})
