"""The traces that reach where bugs live, for one variant's default rules.

- ``match-seed-N``: `MATCHES` full matches over several hands (every
  per-hand piece of state seen to reset), the first ones from
  `MATCH_SEEDS` that last at least two hands; the first one is followed,
  after the end of the match, by the negative matrix's cells of a match
  that is over;
- ``pairs-<variant>-seed-N``: one-hand random playouts chosen per family so
  that every pair of same-suit cards meets in a trick (Scopa: every pair of
  same-rank cards in a capture) somewhere in the family's corpus
  (`pair_plan`), each cut after the last trick that brought a new pair;
- ``extreme--<situations>``: extreme hands (`regola.conformance.corpus.extremes`)
  not shown by another trace of the variant, cut after the deciding step;
- ``negative--matrix``: the negative matrix (`regola.conformance.corpus.matrix`).

Legal lists are left out of all of them (they are in the playouts), to
keep the corpus within its size budget.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from regola.conformance.corpus.extremes import search_extremes
from regola.conformance.corpus.matrix import MATRIX_SEED, cells, cells_at, vocabulary
from regola.conformance.corpus.situations import applicable, pair_universe, pairs_met, situations
from regola.conformance.trace.format import Trace
from regola.conformance.trace.record import SeededPlay, legal_dicts, load_ruleset, record, record_line, seeded_game
from regola.reference import apply, new_game
from regola.spec import variant_ids

MATCHES = 2
MATCH_SEEDS = range(10, 24)
MATCH_MAX_HANDS = 16
MATCH_MAX_STEPS = 650
PARTIAL_HANDS = 3
SECOND_MATCH_MAX_STEPS = 250
"""A second full match is kept only if it is this short (size budget)."""
PAIR_SEEDS = (range(100, 140), range(140, 240))
"""Seeds of the one-hand playouts the pair plan chooses from: the first
range for every variant of the family, the next one for the variants that
still have pairs to meet."""
PAIR_CAP = {"briscola": 150, "scopa": 30}
"""At most so many pair playouts per family."""
PAIR_MAX_STEPS = 400


def _lines(trace: Trace) -> list[dict[str, Any]]:
    return list(trace.lines())


def shown(traces: dict[str, Trace], family: str) -> dict[str, Any]:
    """The situations the traces show, together."""
    out: dict[str, Any] = {}
    for t in traces.values():
        for name, where in situations(_lines(t), family).items():
            if not isinstance(where, tuple):
                out.setdefault(name, where)
            elif name not in out or out[name][0] < where[0]:
                out[name] = where
    return out


def family_of(variant: str) -> str:
    return load_ruleset(variant, checked=False).family


def reach(variant: str, traces: dict[str, Trace], pairs: PairPlan | None = None) -> tuple[list[Trace], list[str]]:
    """The traces of this module for ``variant``, given its traces so far
    (those of the default rules count for the situations already shown) and
    its family's `pair_plan` if known, and notes on the extreme situations
    not found."""
    family = family_of(variant)
    out = match_traces(variant) + pair_traces(variant, pairs)
    matrix = matrix_trace(variant)
    out += [matrix] if matrix else []
    mine = {n: t for n, t in traces.items() if not t.header["options"]}
    extremes, missing = extreme_traces(variant, shown({**mine, **{t.header["name"]: t for t in out}}, family))
    notes = [f"{variant}: default rules: extreme situations not found: {', '.join(missing)}"] if missing else []
    return out + extremes, notes


def match_seeds(variant: str) -> list[tuple[int, int, int, bool]]:
    """(steps, seed, hands, over) of the `MATCHES` shortest full matches
    among `MATCH_SEEDS` that last two hands or more (one, for a one-hand
    match) and `MATCH_MAX_STEPS` steps at most (the second one only if it
    has `SECOND_MATCH_MAX_STEPS` at most); if there are none, the first
    `PARTIAL_HANDS` hands of the first seeds' matches."""
    rs = load_ruleset(variant, checked=False)
    found, partial = [], []
    for seed in MATCH_SEEDS:
        _, first, steps = seeded_game(rs, seed, MATCH_MAX_HANDS, MATCH_MAX_STEPS + 1, with_legal=False)
        n, hands, last, cut = 0, 1, first, 0
        for _, _, action, after in steps:
            if isinstance(action, dict) and action["type"] == "shuffle":
                hands += 1
                if hands > PARTIAL_HANDS and not cut:
                    cut = n
            n, last = n + 1, after
        if last.is_over and n <= MATCH_MAX_STEPS and (hands >= 2 or rs.match.kind == "single"):
            found.append((n, seed, hands, True))
        elif cut and len(partial) < MATCHES:
            partial.append((cut, seed, PARTIAL_HANDS, False))
    found.sort()
    return [m for i, m in enumerate(found[:MATCHES]) if i == 0 or m[0] <= SECOND_MATCH_MAX_STEPS] or partial


def match_traces(variant: str) -> list[Trace]:
    """`MATCHES` full matches (the first followed by the 'over' cells)."""
    rs = load_ruleset(variant)
    out: list[Trace] = []
    for n, seed, hands, over in match_seeds(variant):
        _, first, steps = seeded_game(rs, seed, hands)
        steps = list(steps)
        last = steps[-1][3] if steps else first
        known = vocabulary(steps)  # the kinds of action the variant has: the others are refused as unknown
        cells = [c for c in cells_at(last, [], n, rs, known) if c.kind in known or c.kind == "shuffle"]
        cells = cells if over and not out else []
        bad = [c.action for c in cells if c.rule]
        what = "A full match" if over else f"The first {hands} hands of a match (none of the first seeds ends within {MATCH_MAX_STEPS} steps)"
        text = (f"{what} of the default rules from seed {seed}: {hands} hand(s), {n} steps"
                + (f"; after its end, {len(bad)} actions the rules refuse (the negative matrix of a match that "
                   f"is over: {', '.join(sorted({f'{c.kind} {c.corruption}' for c in cells if c.rule}))})"
                   if bad else "") + ".")
        after_end = {n: bad}
        out.append(record(variant, {}, seed, name=f"match-seed-{seed}", purpose="negative" if bad else "playout",
                          description=text, max_hands=hands, keep_legal=False,
                          rejects=lambda i, _s, at=after_end: at.get(i, [])))
    return out


def matrix_trace(variant: str) -> Trace | None:
    """The negative matrix of seed `MATRIX_SEED`'s first hand."""
    found = [c for c in cells(variant) if c.rule]
    if not found:
        return None
    by_index: dict[int, list[dict[str, Any]]] = {}
    for c in found:
        by_index.setdefault(c.index, []).append(c.action)
    parts = "; ".join(f"{c.phase}: {c.kind} {c.corruption} ({c.rule})" for c in found)
    text = (f"Default rules: seed {MATRIX_SEED}, the negative matrix: every kind of action in every phase and "
            f"out of turn, every field corrupted in each way it can be, each refused with the rule that forbids "
            f"it: {parts}.")
    return record(variant, {}, MATRIX_SEED, name="negative--matrix", purpose="negative", description=text,
                  max_hands=1, max_steps=max(by_index), keep_legal=False,
                  rejects=lambda i, _s: by_index.get(i, []))


def pair_game(variant: str, seed: int) -> tuple[tuple[dict[str, Any], ...], list[tuple[int, set[tuple[str, str]]]]]:
    """A one-hand playout of seed's first deal whose random choices follow
    the suit led when they can (more same-suit pairs meet): its actions, and
    (step, pairs met there) for the steps where pairs meet."""
    rs = load_ruleset(variant, checked=False)
    rng = random.Random(f"{seed}/pairs")
    state = new_game(rs, SeededPlay(rs, seed).deck())
    actions: list[dict[str, Any]] = []
    per_step: list[tuple[int, set[tuple[str, str]]]] = []
    trick: list[str] = []
    while not (state.is_over or state.is_chance) and len(actions) < PAIR_MAX_STEPS:
        legal = legal_dicts(state)
        if not legal:
            break
        follow = [a for a in legal if a["type"] == "play" and trick and a["card"][-1] == trick[0][-1]]
        action = rng.choice(follow or legal)
        state = apply(state, action)
        for event in state.events:
            if event["type"] == "play":
                trick.append(event["card"])
            elif event["type"] == "trick":
                trick = []
        met = set(pairs_met([{"kind": "step", "events": state.events}], rs.family))
        if met:
            per_step.append((len(actions), met))
        actions.append(action)
    return tuple(actions), per_step


PairPlan = tuple[tuple[str, int, int, int], ...]


@cache
def pair_plan(family: str) -> PairPlan:
    """(variant, seed, steps to keep, new pairs) of the pair playouts of a
    family: greedily, the `pair_game` of a shipped variant of the family and
    a seed of `PAIR_SEEDS` that brings the most pairs not yet met per step
    kept, until every pair has met or `PAIR_CAP` playouts are chosen. The
    same whichever variants are being generated."""
    variants = [v for v in variant_ids() if load_ruleset(v, checked=False).family == family]
    universes = {v: pair_universe(load_ruleset(v, checked=False)) for v in variants}
    missing: set[tuple[str, str]] = set().union(*universes.values())
    plan: list[tuple[str, int, int, int]] = []
    for seeds in PAIR_SEEDS:
        pool = [(v, seed, pair_game(v, seed)[1]) for v in variants if universes[v] & missing for seed in seeds]
        while missing and len(plan) < PAIR_CAP.get(family, 0):
            best = None
            for i, (v, seed, per_step) in enumerate(pool):
                new = set().union(*(m for _, m in per_step)) & missing
                if new:
                    steps = 1 + max(n for n, m in per_step if m & new)
                    if best is None or len(new) / steps > best[0]:
                        best = (len(new) / steps, i, new, steps)
            if best is None:
                break
            _, i, new, steps = best
            v, seed, _ = pool.pop(i)
            plan.append((v, seed, steps, len(new)))
            missing -= new
    return tuple(plan)


def pair_coverage(family: str) -> tuple[int, int]:
    """(pairs the family's pair plan meets, pairs there are)."""
    universe: set[tuple[str, str]] = set()
    for v in variant_ids():
        rs = load_ruleset(v, checked=False)
        if rs.family == family:
            universe |= pair_universe(rs)
    return sum(n for *_, n in pair_plan(family)), len(universe)


def pair_traces(variant: str, plan: PairPlan | None = None) -> list[Trace]:
    """This variant's share of its family's pair playouts (``plan``: the
    family's `pair_plan`, computed here if not given)."""
    if variant not in variant_ids():
        return []
    family = family_of(variant)
    out = []
    for v, seed, steps, new in plan if plan is not None else pair_plan(family):
        if v != variant:
            continue
        text = (f"A one-hand playout of the default rules from seed {seed}'s first deal, its random choices "
                f"following the suit led when they can, chosen because it makes {new} "
                f"pairs of cards meet that no earlier pair playout of the {family} family does; cut after the "
                f"step that brings the last of them ({steps} steps).")
        actions = pair_game(variant, seed)[0][:steps]
        out.append(record_line(variant, {}, seed, actions, name=f"pairs-seed-{seed}", purpose="playout",
                               description=text, keep_legal=False))
    return out


def extreme_traces(variant: str, have: dict[str, Any]) -> tuple[list[Trace], list[str]]:
    """Extreme hands not in ``have`` (situations other traces show), and the
    extreme situations not found."""
    rs = load_ruleset(variant)
    counted = {k for k, v in have.items() if isinstance(v, tuple)}
    wanted = set(applicable(rs)) - set(have) - {"second-hand", "match-over"}
    kept, missing = search_extremes(rs, set(have) - counted)
    out = []
    for game, names, steps in kept:
        new = [n for n in names if n in wanted or (n in counted and game.shows[n][0] > have[n][0])]
        if not new:
            continue
        text = (f"Default rules: an extreme hand: {'; '.join(new)}; seed {game.seed}'s first deal, choices by "
                f"the '{game.policy}' policy of the extremes search, cut after the step that shows it "
                f"({steps} steps).")
        name = "extreme--" + "--".join(new)
        out.append(record_line(variant, {}, game.seed, list(game.actions[:steps]), name=name, purpose="scenario",
                               description=text, keep_legal=False))
    return out, [m for m in missing if m in wanted]
