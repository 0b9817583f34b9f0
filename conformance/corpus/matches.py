"""Matches searched hand by hand, for the match situations a variant's
other traces do not show: a third hand (or a second, where a tied hand is
dealt again), a match tied at its target and the hand dealt next, and each
way the match can end (`regola.conformance.corpus.match_situations`).

`search_match` plays a match one hand at a time. For each hand it plays
`CANDIDATES` candidates from the state before the deal: candidate ``k`` of
hand ``h`` is dealt from a deck order drawn from ``f"{seed}/{h}/{k}"`` and
played with choices drawn from the same string and the goal's policy; the
goal then keeps the candidate that brings its situation nearest (`GOALS`):
for a tie at the target, the one whose leading totals are closest, never one
that ends the match untied; for a third hand, one that does not end the
match; for a cappotto, one where a side scores while the others do not.
Once the goal is reached, the candidate that ends the match soonest is kept
(`_finish`): the match is played to its end (or `MAX_HANDS`), and kept
whole if it shows the situation; otherwise the next seed of `SEARCH_SEEDS`
is tried.

The deck orders are searched, so a trace of this module has ``"seed":
null``; its description names the search's seed. Everything is drawn from
the seeds, so the search finds the same matches every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from regola.conformance.corpus.extremes import POLICIES, LazyView
from regola.conformance.corpus.match_situations import MATCH_SITUATIONS, tied_at_target, totals
from regola.conformance.corpus.situations import applicable, situations
from regola.conformance.trace.format import Trace
from regola.conformance.trace.record import Action, Recorder, legal_dicts, load_ruleset
from regola.reference import IllegalAction, State, apply, new_game, shuffled_deck
from regola.spec import Ruleset

CANDIDATES = 32
"""Hands played at each hand of a searched match, one of them kept."""
SEARCH_SEEDS = range(32)
MAX_HANDS = 24
MAX_HAND_STEPS = 400
"""A hand stops after this many steps (a runaway auction)."""
STOPS = frozenset({"claim"})
"""Kinds of action the policies take only when a goal asks for them."""


@dataclass(frozen=True)
class Hand:
    """One candidate hand: its actions (the shuffle first, but for the
    first hand, whose deck is the trace's header), the state it ends in,
    and the rule ids its steps exercised."""

    deck: tuple[str, ...]
    actions: tuple[Action, ...]
    end: State
    rules: frozenset[str]
    start: Any
    """The match score before the hand (its ``to_json`` gives the view's ``match``)."""
    void: bool
    """Whether the hand did not count (everyone passed, a tie dealt again)."""


def _choose_random(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    return rng.choice([a for a in legal if a["type"] not in STOPS] or legal)


def _claim_when_right(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    """A claim whenever it would be right (rule `scopa.match.claim-right`), else random."""
    for a in legal:
        if a["type"] == "claim" and any(e.get("right") for e in apply(state, a).events if e["type"] == "claim"):
            return a
    return _choose_random(state, legal, rng, rs)


def _claim_at_once(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    """A claim as soon as one is legal (wrong, early in a match: rule `scopa.match.claim-wrong`)."""
    return next((a for a in legal if a["type"] == "claim"), None) or _choose_random(state, legal, rng, rs)


def _side_0(state: State, legal: list[Action], rng: random.Random, rs: Ruleset) -> Action:
    return POLICIES["side-0"](state, [a for a in legal if a["type"] not in STOPS] or legal, rng, rs)


Score = Callable[[Ruleset, Hand, int], tuple[int, ...]]
"""The goal's sort key for a candidate hand (smaller is better), given the
number of hands dealt with it."""


def _keep_going(rs: Ruleset, hand: Hand, hands: int) -> tuple[int, ...]:
    """A third hand dealt (a tied hand dealt again counts); before it, a
    hand that does not end the match."""
    return (0,) if hands >= 3 else (1, int(hand.end.is_over))


def _finish(rs: Ruleset, hand: Hand, hands: int) -> tuple[int, ...]:
    """Once the goal is reached: a hand that ends the match, soonest."""
    return (int(not hand.end.is_over),)


def _tie(rs: Ruleset, hand: Hand, hands: int) -> tuple[int, ...]:
    """Tied at the target and going on; else a hand that brings the match
    nearer its end (a deal that counts, a higher leading total) with the
    closest leading totals, then the highest; never one that ends it."""
    match = hand.end.match.to_json()
    if hand.end.is_over:
        return (2,)
    if tied_at_target(rs, match):
        return (0,)
    points = sorted(totals(rs, match), reverse=True) + [0]
    before = hand.start.to_json()
    if rs.match.kind == "deals":
        still = match.get("hands_played", 0) <= before.get("hands_played", 0) or hand.void
    else:
        still = points[0] <= max(totals(rs, before) or [0])
    return (1, int(still), points[0] - points[1], -points[0])


def _cappotto(rs: Ruleset, hand: Hand, hands: int) -> tuple[int, ...]:
    """Over by cappotto; else a side ahead while every other has none."""
    if "scopa.match.cappotto" in hand.rules:
        return (0,)
    points = totals(rs, hand.end.match.to_json())
    lead = max(range(len(points)), key=lambda s: points[s])
    others = sum(p for s, p in enumerate(points) if s != lead)
    return (1, int(hand.end.is_over), others, -points[lead])


def _ended_by(rule: str) -> Score:
    def score(rs: Ruleset, hand: Hand, hands: int) -> tuple[int, ...]:
        return (0,) if rule in hand.rules else (1, int(hand.end.is_over))
    return score


Policy = Callable[[State, list[Action], random.Random, Ruleset], Action]
GOALS: dict[str, tuple[Score, Policy]] = {
    "tie-at-target": (_tie, _choose_random),
    "end-cappotto": (_cappotto, _side_0),
    "end-napoleone": (_ended_by("scopa.score.napoleone"), _side_0),
    "end-claim-right": (_ended_by("scopa.match.claim-right"), _claim_when_right),
    "end-claim-wrong": (_ended_by("scopa.match.claim-wrong"), _claim_at_once),
}
"""Goal -> (how candidate hands are scored, how their choices are made);
any other match situation (a second or third hand, a match ending by its
target, its deals or its one hand) is searched as `_keep_going`."""


def _hand(rs: Ruleset, state: State | None, deck: list[str], rng: random.Random, policy: Policy) -> Hand:
    actions: list[Action] = []
    start = (state or new_game(rs, deck)).match
    if state is None:
        state = new_game(rs, deck)
    else:
        actions.append({"type": "shuffle", "deck": deck})
        state = apply(state, actions[0])
    rules = set(state.rules)
    void = False
    while not (state.is_over or state.is_chance) and len(actions) < MAX_HAND_STEPS:
        legal = legal_dicts(state)
        if not legal:
            break
        action = policy(state, legal, rng, rs)
        state = apply(state, action)
        rules.update(state.rules)
        void |= any(e["type"] == "hand-over" and e.get("outcome") == "void" for e in state.events)
        actions.append(action)
    return Hand(tuple(deck), tuple(actions), state, frozenset(rules), start, void)


@dataclass(frozen=True)
class Found:
    """A searched match: its seed, first deck order, actions, and the
    situations it shows."""

    seed: int
    deck: tuple[str, ...]
    actions: tuple[Action, ...]
    shows: dict[str, Any]


def search_match(rs: Ruleset, goal: str, seeds: range = SEARCH_SEEDS) -> Found | None:
    """The first match of ``seeds`` that shows ``goal`` (see the module
    docstring), or None."""
    goal_score, policy = GOALS.get(goal, (_keep_going, _choose_random))
    for seed in seeds:
        state: State | None = None
        deck: tuple[str, ...] = ()
        actions: list[Action] = []
        score = goal_score
        for h in range(MAX_HANDS):
            hands = []
            for k in range(CANDIDATES):
                rng = random.Random(f"{seed}/{h}/{k}")
                try:
                    hands.append(_hand(rs, state, list(shuffled_deck(rs, rng)), rng, policy))
                except IllegalAction:  # a policy's choice the rules refuse: not a candidate
                    continue
            if not hands:
                break
            scores = [score(rs, hand, h + 1) for hand in hands]
            best = min(range(len(hands)), key=lambda i: (scores[i], i))
            if scores[best] == (0,):  # the goal is reached: now play on to the end
                score = _finish
            chosen = hands[best]
            deck = deck or chosen.deck
            actions += chosen.actions
            state = chosen.end
            if state.is_over or not state.is_chance:
                break
        shows = situations(_lines(rs, deck, actions), rs.family, rs)
        if goal in shows:
            return Found(seed, deck, tuple(actions), shows)
    return None


def _lines(rs: Ruleset, deck: tuple[str, ...], actions: list[Action]) -> list[dict[str, Any]]:
    """The lines `situations` reads, views built only when read."""
    state = new_game(rs, list(deck))
    lines: list[dict[str, Any]] = [{"kind": "header", "view": LazyView(state), "rules": list(state.rules)}]
    for i, action in enumerate(actions):
        state = apply(state, action)
        lines.append({"kind": "step", "index": i, "action": action, "events": list(state.events),
                      "rules": list(state.rules), "view": LazyView(state)})
    return lines


def match_traces(variant: str, have: set[str]) -> tuple[list[Trace], list[str]]:
    """``match--<situations>`` traces of ``variant``'s default rules for the
    match situations that can occur in it and are not in ``have`` (shown by
    its other traces), and those the search did not find."""
    rs = load_ruleset(variant)
    wanted = [s for s in applicable(rs) if s in MATCH_SITUATIONS and s not in have]
    shown = set(have)
    out = []
    for goal in wanted:
        if goal in shown:
            continue
        found = search_match(rs, goal)
        if found is None:
            continue
        new = [s for s in wanted if s in found.shows and s not in shown]
        shown |= set(new)
        text = (f"Default rules: a match searched hand by hand from seed {found.seed} (at each hand the best of "
                f"{CANDIDATES} deals and plays for '{goal}'), played to its end, {len(found.actions)} steps; "
                f"it shows: {'; '.join(new)}.")
        rec = Recorder(variant, {}, list(found.deck), name="match--" + "--".join(new), purpose="scenario",
                       description=text, keep_legal=False)
        for action in found.actions:
            rec.step(action)
        out.append(rec.trace())
    return out, [s for s in wanted if s not in shown]
