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
  every trick or card, another with none);
- ``stack`` (the hill climb's): ``side-0``, but in Scopa side 0 takes the
  most it can while leaving the others a way to lay a card until its next
  turn, and the others lay such a card when they have one.

Some extremes are too rare for any seed's deal (one side taking all 24
tricks of a 48-card pack, or every card of a Scopa hand): for those
(`CLIMBED`) still missing, `climb` stacks a deal by a seeded hill climb over
deck orders, its trace recording the deck order it found.

Everything is drawn from the seed, so the search gives the same games every
time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from regola.conformance.corpus.match_situations import MATCH_SITUATIONS
from regola.conformance.corpus.situations import applicable, situations
from regola.conformance.trace.record import Action, SeededPlay, legal_dicts
from regola.reference import IllegalAction, State, apply, new_game, view
from regola.spec import Ruleset

Policy = Callable[[State, list[Action], random.Random, Ruleset], Action]
STAGES = ((0, 32), (32, 96), (96, 192))
"""Ranges of seeds tried in turn, as long as a situation is missing."""
MAX_STEPS = 400
"""A one-hand game stops after this many steps (a runaway auction)."""
LOOKAHEAD = 64
"""The ``side-0`` policy looks to the end of a trick only when a trick has
at most so many ways to be finished (hand size ** other players)."""


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


def _stack(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    if rs.family != "scopa":
        return _side_0(state, legal, rng, rs)
    side0 = set(rs.seating.sides()[0])
    if legal[0]["seat"] in side0:
        order = sorted(legal, key=lambda a: -len(a.get("take", ())))
        return next((a for a in order if _no_capture_until_side_0(apply(state, a), side0)), order[0])
    lays = [a for a in legal if a["type"] == "play"]
    safe = [a for a in lays if _no_capture_until_side_0(apply(state, a), side0)]
    least = min(len(a.get("take", ())) for a in legal)
    return (safe or lays or [a for a in legal if len(a.get("take", ())) == least])[0]


def _no_capture_until_side_0(state: State, side0: set[int]) -> bool:
    """Whether the others can each lay a card, capturing nothing (rule
    `scopa.capture.compulsory` may force a capture), until side 0's turn."""
    if state.is_over or state.is_chance or state.to_move is None or state.to_move in side0:
        return True
    return any(_no_capture_until_side_0(apply(state, a), side0) for a in legal_dicts(state) if a["type"] == "play")


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
    "stack": _stack,
}
WANTS = {
    "all-pass": ("pass", "by-type"), "longest-auction": ("first-bid",),
    "all-tricks": ("side-0",), "no-trick": ("side-0",), "all-points": ("side-0",),
    "zero-points": ("side-0", "random"), "all-cards": ("side-0",), "no-card": ("side-0",),
    "all-categories": ("side-0",), "max-sweeps": ("side-0",), "void-deal": ("pass", "random", "by-type"),
}
"""Policies to try for a situation (others: ``random`` and ``by-type``),
besides ``random`` and ``by-type`` for the first seeds."""
STOPS = frozenset({"claim"})
"""Kinds of action that stop a hand before its end (a claim to have won,
rule `scopa.match.claim`): the search never takes one while another is
legal, as the situations it looks for are those of a whole hand."""
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
    deck: tuple[str, ...] | None = None
    """The deck order, when it is not ``seed``'s first deal
    (`regola.conformance.corpus.climb`)."""
    share: tuple[float, float] = (0.0, 0.0)
    """Side 0's share of the cards taken and of the card points at the end
    of the hand (0 when the hand does not end)."""
    lost: tuple[str, ...] = ()
    """The cards of the tricks and captures other sides than side 0 took."""


def play(ruleset: Ruleset, seed: int, policy: str, deck: tuple[str, ...] | None = None) -> Game:
    """One hand of ``seed``'s first deal (or of ``deck``, the choices still
    drawn from ``seed``), choices by ``policy``."""
    choose = POLICIES[policy]
    rng = random.Random(f"{seed}/{policy}")
    state = new_game(ruleset, list(deck) if deck is not None else SeededPlay(ruleset, seed).deck())
    lines: list[dict[str, Any]] = [{"kind": "header", "view": LazyView(state), "rules": list(state.rules)}]
    actions: list[Action] = []
    while not (state.is_over or state.is_chance) and len(actions) < MAX_STEPS:
        legal = legal_dicts(state)
        legal = [a for a in legal if a["type"] not in STOPS] or legal
        if not legal:
            break
        action = choose(state, legal, rng, ruleset)
        state = apply(state, action)
        lines.append({"kind": "step", "index": len(actions), "action": action, "events": list(state.events),
                      "rules": list(state.rules), "view": LazyView(state)})
        actions.append(action)
    events = [e for line in lines[1:] for e in line["events"]]
    share = next((_share(e) for e in events if e["type"] == "hand-over"), (0.0, 0.0))
    side0 = set(ruleset.seating.sides()[0])
    lost = [c for e in events if e["type"] == "trick" and e["winner"] not in side0 for c in e["cards"]]
    lost += [c for e in events if e["type"] == "capture" and e["seat"] not in side0 for c in (e["card"], *e["take"])]
    return Game(seed, policy, tuple(actions), situations(lines, ruleset.family), deck, share, tuple(lost))


def _share(event: dict[str, Any]) -> tuple[float, float]:
    """Side 0's share of the cards and of the points a hand-over event counts."""
    cards, points = event.get("cards") or [0], event.get("points") or [0]
    return cards[0] / max(sum(cards), 1), points[0] / max(sum(points), 1)


class LazyView(Mapping[str, Any]):
    """The omniscient view of a state, computed when first read (the
    search reads few of them).

    For speed, the two keys `situations` reads at every step, ``phase`` and
    ``match``, are read from the state without building the whole view:
    every family's view copies them from ``state.phase`` and
    ``state.match.to_json()`` (a test checks that they agree with `view`)."""

    CHEAP: ClassVar[dict[str, Callable[[State], Any]]] = {
        "phase": lambda state: state.phase, "match": lambda state: state.match.to_json(),
    }

    def __init__(self, state: State) -> None:
        self._state = state
        self._view: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._view is None:
            self._view = view(self._state)
        return self._view

    def __getitem__(self, key: str) -> Any:
        if self._view is None and key in self.CHEAP:
            return self.CHEAP[key](self._state)
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def _index(shown: Any) -> int:
    return shown[1] if isinstance(shown, tuple) else shown


def _games(ruleset: Ruleset, wanted: set[str]) -> list[Game]:
    """Games by stages of seeds (`STAGES`), each played under the policies
    for the situations no earlier game shows, until every one is shown (the
    `CLIMBED` ones only in the first stage)."""
    games: list[Game] = []
    for first, end in STAGES:
        pending = wanted - {s for g in games for s in g.shows}
        if first:
            pending -= CLIMBED  # past the first seeds, `climb` stacks a deal for these
        if not pending:
            break
        names = sorted({p for s in pending for p in WANTS.get(s, ("random", "by-type"))})
        names = list(dict.fromkeys(["random", "by-type", *names])) if first == 0 else names
        games += [play(ruleset, seed, policy) for policy in names for seed in range(first, end)]
    return games


CLIMBED = frozenset({"all-tricks", "no-trick", "all-points", "all-cards", "no-card", "all-categories", "zero-points"})
"""Situations of one side taking everything, which `climb` looks for."""
CLIMB_STEPS = 1500
"""The most swaps `climb` tries."""


def climb(ruleset: Ruleset, games: list[Game], wanted: set[str]) -> Game | None:
    """A stacked deal whose hand, played by the ``stack`` policy, shows the
    situations of ``wanted`` that are `CLIMBED` (one side taking every trick
    or card, the others none): a hill climb over deck orders. It starts
    from the deal of ``games`` on which the ``side-0`` policy did best
    (side 0's share of the cards, then of the points), swaps two cards of the
    deck order at a time (every other time one of them a card another side
    took), drawn from a generator seeded by that deal's seed, and keeps a
    swap whenever side 0's share is no smaller; it stops when the hand shows
    all of them, or after `CLIMB_STEPS` swaps. The last game kept, if it
    shows some of them, else None (rules `briscola.trick.winner`,
    `scopa.capture.*` and `scopa.score.*` decide who takes what)."""
    goal = set(wanted) & CLIMBED
    starts = [g for g in games if g.policy == "side-0"]
    if not goal or not starts:
        return None
    seed = max(starts, key=lambda g: (g.share, -g.seed)).seed
    deck = SeededPlay(ruleset, seed).deck()
    best = play(ruleset, seed, "stack", tuple(deck))
    rng = random.Random(f"climb/{seed}")
    for _ in range(CLIMB_STEPS):
        if goal <= best.shows.keys():
            break
        if best.lost and rng.random() < 0.5:
            i, j = deck.index(rng.choice(best.lost)), rng.randrange(len(deck))
        else:
            i, j = rng.sample(range(len(deck)), 2)
        order = list(deck)
        order[i], order[j] = order[j], order[i]
        game = play(ruleset, seed, "stack", tuple(order))
        if game.share >= best.share:
            best, deck = game, order
    return best if goal & best.shows.keys() else None


def search_extremes(
    ruleset: Ruleset, skip: set[str] = frozenset()
) -> tuple[list[tuple[Game, list[str], int]], list[str]]:
    """Games that show the extreme situations of ``ruleset`` (those of
    `applicable` but the match ones), greedily, most new situations first
    then fewest steps: [(game, situations it is kept for, steps to keep)],
    and the situations not found; the counted ones (``max-sweeps``,
    ``longest-auction``) are kept at the largest count found. The
    situations in ``skip`` (shown by other traces) are not looked for."""
    wanted = set(applicable(ruleset)) - MATCH_SITUATIONS - set(skip)
    if not wanted:
        return [], []
    games = _games(ruleset, wanted)
    stacked = climb(ruleset, games, wanted - {s for g in games for s in g.shows})
    games += [stacked] if stacked else []
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
