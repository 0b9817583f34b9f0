"""Pairs of cards that meet, per variant: every pair of same-suit cards in
a trick, or (Scopa) of same-rank cards in a capture, in the variant's own
traces.

An engine for one variant meets only that variant's traces, so each variant
gets the pairs of its own pack (`pair_universe`), not a share of its
family's. The traces of the variant's own rules already meet some;
`pair_traces` adds ``pairs-seed-N``: one-hand games whose choices make the
missing pairs meet (`pair_game`), each cut after its last new pair, from
seed `PAIR_SEEDS` on, until every pair has met.

A pair that the rules never let meet is left out with the reason
(`pairs_cannot`): in Scopa di Quindici, where a card takes only cards that
add up with it to fifteen, two Kings (10 + 10) never meet in a capture.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

from regola.conformance.trace.format import Trace
from regola.conformance.trace.record import SeededPlay, load_ruleset, record_line
from regola.reference import State, action_dict, apply, legal_actions, new_game
from regola.spec import Ruleset

Pair = tuple[str, str]
PAIR_SEEDS = range(100, 220)
"""Seeds of the pair games, tried in turn while a pair is missing."""
PAIR_MAX_STEPS = 400
"""A pair game stops after this many steps (a runaway auction)."""
STOPS = frozenset({"claim"})
"""Kinds of action a pair game never takes while another is legal (a claim
ends the game)."""


def pairs_met(lines: Iterable[dict[str, Any]], family: str) -> Iterator[Pair]:
    """The pairs of cards (sorted) that meet: two cards of one suit in one
    trick, or (Scopa) a card capturing one of the same rank."""
    for line in lines:
        if line["kind"] != "step":
            continue
        yield from _met(line["events"], family)


def _met(events: Iterable[dict[str, Any]], family: str) -> Iterator[Pair]:
    for event in events:
        if family != "scopa" and event["type"] == "trick":
            for a, b in combinations(event["cards"], 2):
                if a[-1] == b[-1]:
                    yield (a, b) if a < b else (b, a)
        elif family == "scopa" and event["type"] == "capture":
            card = event.get("card")
            for taken in event.get("cards", event.get("take", ())):
                if isinstance(card, str) and taken != card and taken[:-1] == card[:-1]:
                    yield (card, taken) if card < taken else (taken, card)


def _same(ruleset: Ruleset) -> Any:
    if ruleset.family == "scopa":
        return lambda a, b: a[:-1] == b[:-1]
    return lambda a, b: a[-1] == b[-1]


def pairs_cannot(ruleset: Ruleset) -> dict[Pair, str]:
    """Pairs of the pack that can never meet under ``ruleset``, with why: in
    a game that captures only by fifteen, two cards of a rank worth more
    than 7 (two of them add up to 16 or more) are never in one capture
    (rule `scopa.capture.fifteen`)."""
    if ruleset.family != "scopa" or ruleset.capture.fifteen != "only":
        return {}
    value = {r.id: r.value for r in ruleset.deck.ranks}
    pack = sorted(ruleset.deck.cards())
    out = {}
    for a, b in combinations(pack, 2):
        v = value.get(a[:-1]) or 0
        if a[:-1] == b[:-1] and 2 * v >= 15:
            out[(a, b)] = (f"two cards worth {v} add up to {2 * v}, and a card takes only cards that add up "
                           "with it to 15: scopa.capture.fifteen")
    return out


def pair_universe(ruleset: Ruleset) -> set[Pair]:
    """Every pair `pairs_met` could list for ``ruleset``'s pack and its
    rules (those of `pairs_cannot` left out)."""
    pack = sorted(ruleset.deck.cards())
    same = _same(ruleset)
    return {(a, b) for a, b in combinations(pack, 2) if same(a, b)} - set(pairs_cannot(ruleset))


Met = list[tuple[int, set[Pair]]]
"""(step, pairs met there) for the steps of a pair game where pairs meet."""


def pair_game(ruleset: Ruleset, seed: int, missing: set[Pair]) -> tuple[tuple[dict[str, Any], ...], Met]:
    """A one-hand game of seed's first deal whose choices make the pairs of
    ``missing`` meet: its actions, and (step, missing pairs met there) for
    the steps where some meet.

    Each choice is the legal action that makes the most missing pairs meet
    now (a card of the suit led matching one on the trick; a capture taking
    a card of its rank), then the one that leaves the most missing pairs
    for the next players to make (a card led, or laid on the table, whose
    partners are in the hands still to play), then a random one drawn from
    the seed. It chooses among the reference's own action objects, in their
    canonical order, and turns only the chosen one into JSON data."""
    rng = random.Random(f"{seed}/pairs")
    state = new_game(ruleset, SeededPlay(ruleset, seed).deck())
    missing = set(missing)
    same = _same(ruleset)
    actions: list[dict[str, Any]] = []
    per_step: Met = []
    while not (state.is_over or state.is_chance) and len(actions) < PAIR_MAX_STEPS:
        legal = [a for a in legal_actions(state) if a.type not in STOPS] or legal_actions(state)
        if not legal:
            break
        scores = [_score(state, a, missing, same, ruleset.family) for a in legal]
        best = max(scores)
        action = rng.choice([a for a, s in zip(legal, scores) if s == best])
        state = apply(state, action)
        met = set(_met(state.events, ruleset.family)) & missing
        if met:
            per_step.append((len(actions), met))
            missing -= met
        actions.append(action_dict(action))
    return tuple(actions), per_step


def _score(state: State, action: Any, missing: set[Pair], same: Any, family: str) -> tuple[int, int]:
    """(missing pairs the action makes meet now, missing pairs it leaves to
    be made by the next players)."""
    card = getattr(action, "card", None)
    if not isinstance(card, str):
        return (0, 0)
    mover = action.seat
    if family == "scopa":
        take = getattr(action, "take", None) or ()
        now = sum(1 for t in take if same(card, t) and _key(card, t) in missing)
        later = 0 if take else sum(1 for seat, hand in enumerate(state.hands) if seat != mover
                                   for d in hand if same(card, d) and _key(card, d) in missing)
        return (now, later)
    on_trick = [c for _, c in state.trick]
    now = sum(1 for t in on_trick if same(card, t) and _key(card, t) in missing)
    played = {s for s, _ in state.trick} | {mover}
    later = sum(1 for seat, hand in enumerate(state.hands) if seat not in played
                for d in hand if same(card, d) and _key(card, d) in missing)
    return (now, later)


def _key(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def pair_traces(variant: str, met: set[Pair]) -> tuple[list[Trace], set[Pair]]:
    """``pairs-seed-N`` traces of ``variant``'s default rules that make the
    pairs not in ``met`` (those its other traces already meet) meet, and
    the pairs still missing after `PAIR_SEEDS` (none, for every shipped
    variant)."""
    rs = load_ruleset(variant)
    missing = pair_universe(rs) - met
    out = []
    for seed in PAIR_SEEDS:
        if not missing:
            break
        actions, per_step = pair_game(rs, seed, missing)
        if not per_step:
            continue
        new = set().union(*(m for _, m in per_step))
        steps = 1 + per_step[-1][0]
        text = (f"A one-hand game of the default rules from seed {seed}'s first deal whose choices make pairs "
                f"of cards meet ({'same-rank cards in a capture' if rs.family == 'scopa' else 'same-suit cards in a trick'}) "
                f"that no earlier trace of the variant meets: {len(new)} of them; cut after the step that brings "
                f"the last ({steps} steps).")
        out.append(record_line(variant, {}, seed, actions[:steps], name=f"pairs-seed-{seed}", purpose="playout",
                               description=text, keep_legal=False))
        missing -= new
    return out, missing
