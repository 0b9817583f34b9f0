"""The traces that reach where bugs live, for one variant's default rules.

- ``negative--matrix`` and ``match-seed-N``: `MATCHES` full matches over
  several hands (every per-hand piece of state seen to reset), the shortest
  ones from `MATCH_SEEDS` that last at least two hands; the first one holds
  the negative matrix (`regola.conformance.corpus.matrix`): at the first
  state of each phase (an auction, play, between hands, after the end of
  the match), every kind of action and every corruption, refused;
- ``pairs-<variant>-seed-N``: one-hand random playouts chosen per family so
  that every pair of same-suit cards meets in a trick (Scopa: every pair of
  same-rank cards in a capture) somewhere in the family's corpus
  (`pair_plan`), each cut after the last trick that brought a new pair;
- ``extreme--<situations>``: extreme hands (`regola.conformance.corpus.extremes`)
  not shown by another trace of the variant, cut after the deciding step.

Legal lists are left out of all of them (they are in the playouts), to
keep the corpus within its size budget.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from regola.conformance.corpus.extremes import STOPS, search_extremes
from regola.conformance.corpus.matrix import Cell, cells_along
from regola.conformance.corpus.situations import applicable, pair_universe, pairs_met, situations
from regola.conformance.corpus.situations import resets as reset_fields
from regola.conformance.trace.format import Trace
from regola.conformance.trace.record import (
    Action,
    Recorder,
    SeededPlay,
    legal_dicts,
    load_ruleset,
    record,
    record_line,
    seeded_game,
)
from regola.reference import State, action_dict, apply, legal_actions, new_game, view
from regola.spec import Ruleset, variant_ids

MATCHES = 2
MATCH_SEEDS = range(10, 24)
MATCH_MAX_HANDS = 16
MATCH_MAX_STEPS = 650
PARTIAL_HANDS = 3
SECOND_MATCH_MAX_STEPS = 140
"""A second full match is kept only if it is this short (size budget), or
if it resets a per-hand field the first does not, or in `FIRST_VARIANTS`."""
FIRST_VARIANTS = ("briscola-2", "scopa-2")
"""The two-player variants engines implement first: they keep a second full
match whatever its length (and get one more random playout)."""
PAIR_SEEDS = (range(100, 140), range(140, 240))
"""Seeds of the one-hand playouts the pair plan chooses from: the first
range for every variant of the family, the next one for the variants that
still have pairs to meet."""
PAIR_CAP = {"briscola": 150, "scopa": 30}
"""At most so many pair playouts per family."""
PAIR_MAX_STEPS = 400
PAIR_OVERHEAD = 4
"""What a trace's header and end cost, in steps: the pair plan weighs the
new pairs of a playout by its steps plus this."""


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
    mine = {n: t for n, t in traces.items() if not t.header["options"]}
    extremes, missing = extreme_traces(variant, shown({**mine, **{t.header["name"]: t for t in out}}, family))
    notes = [f"{variant}: default rules: extreme situations not found: {', '.join(missing)}"] if missing else []
    return out + extremes, notes


def match_seeds(variant: str) -> list[tuple[int, int, int, bool, bool]]:
    """(steps, seed, hands, over, whole) of the `MATCHES` shortest full matches
    among `MATCH_SEEDS` that last two hands or more (one, for a one-hand
    match) and `MATCH_MAX_STEPS` steps at most (the second one only if it
    has `SECOND_MATCH_MAX_STEPS` at most, or resets a per-hand field the
    first does not, or the variant is one of `FIRST_VARIANTS`); if there
    are none, the first `PARTIAL_HANDS` hands of the first seeds' matches. When every random match stops in its first
    hand (a claim), the `whole_match` ones instead (``whole``)."""
    rs = load_ruleset(variant, checked=False)
    found, partial, resets = [], [], {}
    for seed in MATCH_SEEDS:
        _, first, steps = seeded_game(rs, seed, MATCH_MAX_HANDS, MATCH_MAX_STEPS + 1, with_legal=False)
        n, hands, last, cut = 0, 1, first, 0
        lines: list[dict[str, Any]] = [{"kind": "header", "view": view(first)}]
        for before, _, action, after in steps:
            if isinstance(action, dict) and action["type"] == "shuffle":
                hands += 1
                if hands > PARTIAL_HANDS and not cut:
                    cut = n
                lines += [{"kind": "step", "index": n - 1, "action": {"type": "play"}, "view": view(before)},
                          {"kind": "step", "index": n, "action": action, "view": view(after)}]
            n, last = n + 1, after
        if last.is_over and n <= MATCH_MAX_STEPS and (hands >= 2 or rs.match.kind == "single"):
            found.append((n, seed, hands, True, False))
            resets[seed] = set(reset_fields(lines))
        elif cut and len(partial) < MATCHES:
            partial.append((cut, seed, PARTIAL_HANDS, False, False))
    if not found and not partial:  # every random match stops in its first hand (a claim): play whole ones
        for seed in MATCH_SEEDS:
            first, steps = whole_match(rs, seed)
            hands = 1 + sum(1 for _, _, a, _ in steps if a["type"] == "shuffle")
            if steps and steps[-1][3].is_over and hands >= 2:
                found.append((len(steps), seed, hands, True, True))
                resets[seed] = set()
    found.sort()
    if not found:
        return partial
    more = [m for m in found[1:] if resets[m[1]] - resets[found[0][1]]]
    short = SECOND_MATCH_MAX_STEPS if variant not in FIRST_VARIANTS else MATCH_MAX_STEPS
    second = more[:1] or [m for m in found[1:MATCHES] if m[0] <= short]
    return found[:1] + second


def whole_match(rs: Ruleset, seed: int) -> tuple[State, list[tuple[State, list[Action], Action, State]]]:
    """A match dealt from ``seed``'s deck orders whose random choices (drawn
    from ``seed``) never stop a hand early (`.extremes.STOPS`, a claim)
    while another action is legal: the first deal's state and the steps
    (state, legal actions, action, state after), as `seeded_game` gives them."""
    play = SeededPlay(rs, seed)
    rng = random.Random(f"{seed}/whole")
    first = state = new_game(rs, play.deck())
    steps: list[tuple[State, list[Action], Action, State]] = []
    while not state.is_over and len(steps) < MATCH_MAX_STEPS:
        legal = legal_dicts(state)
        if state.is_chance:
            action: Action = {"type": "shuffle", "deck": play.deck()}
        else:
            action = rng.choice([a for a in legal if a["type"] not in STOPS] or legal)
        after = apply(state, action)
        steps.append((state, legal, action, after))
        state = after
    return first, steps


def match_traces(variant: str) -> list[Trace]:
    """`MATCHES` full matches; the first, named ``negative--matrix``, with
    the cells of the negative matrix as reject lines."""
    rs = load_ruleset(variant)
    out: list[Trace] = []
    for n, seed, hands, over, whole in match_seeds(variant):
        if whole:
            first, steps = whole_match(rs, seed)
        else:
            _, first, played = seeded_game(rs, seed, hands)
            steps = list(played)
        found = [c for c in cells_along(rs, first, steps) if c.rule] if not out else []
        by_index: dict[int, list[dict[str, Any]]] = {}
        for c in found:
            by_index.setdefault(c.index, []).append(c.action)
        what = "A full match" if over else f"The first {hands} hands of a match (none of the first seeds ends within {MATCH_MAX_STEPS} steps)"
        text = f"{what} of the default rules from seed {seed}: {hands} hand(s), {n} steps"
        if found:
            text += ("; the negative matrix: every kind of action in every phase and out of turn, every field "
                     "corrupted in each way it can be, at the first state of each phase, each refused with the rule "
                     f"that forbids it: {_cells_text(found)}")
        if whole:
            text += "; its random choices never claim the game while another action is legal"
        header = dict(name="negative--matrix" if found else f"match-seed-{seed}",
                      purpose="negative" if found else "playout", description=text + ".", keep_legal=False)
        if not whole:
            out.append(record(variant, {}, seed, max_hands=hands, **header,
                              rejects=lambda i, _s, at=by_index: at.get(i, [])))
            continue
        rec = Recorder(variant, {}, SeededPlay(rs, seed).deck(), seed=seed, **header)
        for i, (_, _, action, _) in enumerate(steps):
            for bad in by_index.get(i, []):
                rec.reject(bad)
            rec.step(action)
        for bad in by_index.get(len(steps), []):
            rec.reject(bad)
        out.append(rec.trace())
    return out


def _cells_text(found: list[Cell]) -> str:
    return "; ".join(f"{c.phase}: {c.kind} {c.corruption} ({c.rule})" for c in found)


Met = list[tuple[int, set[tuple[str, str]]]]
"""(step, pairs met there) for the steps of a pair game where pairs meet."""


def pair_game(variant: str, seed: int) -> tuple[tuple[dict[str, Any], ...], Met]:
    """A one-hand playout of seed's first deal whose random choices follow
    the suit led when they can (more same-suit pairs meet): its actions, and
    (step, pairs met there) for the steps where pairs meet.

    For speed it chooses among the reference's own action objects (the same
    list, in the same canonical order, as `legal_dicts`, so the same random
    choice) and turns only the chosen one into JSON data."""
    rs = load_ruleset(variant, checked=False)
    rng = random.Random(f"{seed}/pairs")
    state = new_game(rs, SeededPlay(rs, seed).deck())
    actions: list[dict[str, Any]] = []
    per_step: Met = []
    trick: list[str] = []
    while not (state.is_over or state.is_chance) and len(actions) < PAIR_MAX_STEPS:
        legal = legal_actions(state)
        if not legal:
            break
        suit = trick[0][-1] if trick else None
        follow = [a for a in legal if suit is not None and a.type == "play" and a.card[-1] == suit]
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
        actions.append(action_dict(action))
    return tuple(actions), per_step


PairPlan = tuple[tuple[str, int, int, int], ...]


@cache
def pair_plan(family: str) -> PairPlan:
    """(variant, seed, steps to keep, new pairs) of the pair playouts of a
    family: greedily, the `pair_game` of a shipped variant of the family and
    a seed of `PAIR_SEEDS` that brings the most pairs not yet met per step
    kept (plus `PAIR_OVERHEAD`), until every pair has met or `PAIR_CAP` playouts are chosen. The
    same whichever variants are being generated. For speed, each game's
    pairs are gathered once (`_met`), not again in every greedy round."""
    variants = [v for v in variant_ids() if load_ruleset(v, checked=False).family == family]
    universes = {v: pair_universe(load_ruleset(v, checked=False)) for v in variants}
    missing: set[tuple[str, str]] = set().union(*universes.values())
    plan: list[tuple[str, int, int, int]] = []
    for seeds in PAIR_SEEDS:
        pool = [(v, seed, *_met(pair_game(v, seed)[1])) for v in variants if universes[v] & missing for seed in seeds]
        while missing and len(plan) < PAIR_CAP.get(family, 0):
            best = None
            for i, (v, seed, per_step, met) in enumerate(pool):
                new = met & missing
                if new:
                    steps = 1 + max(n for n, m in per_step if m & new)
                    if best is None or len(new) / (steps + PAIR_OVERHEAD) > best[0]:
                        best = (len(new) / (steps + PAIR_OVERHEAD), i, new, steps)
            if best is None:
                break
            _, i, new, steps = best
            v, seed, *_ = pool.pop(i)
            plan.append((v, seed, steps, len(new)))
            missing -= new
    return tuple(plan)


def _met(per_step: Met) -> tuple[Met, frozenset[tuple[str, str]]]:
    """A pair game's steps where pairs meet, and every pair it meets (worked
    out once per game, not once per game and greedy round)."""
    return per_step, frozenset().union(*(m for _, m in per_step))


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
        deal = (f"seed {game.seed}'s first deal" if game.deck is None else
                f"a deal stacked by the extremes search's hill climb from seed {game.seed}'s first deal")
        text = (f"Default rules: an extreme hand: {'; '.join(new)}; {deal}, choices by "
                f"the '{game.policy}' policy of the extremes search, cut after the step that shows it "
                f"({steps} steps).")
        name = "extreme--" + "--".join(new)
        common = dict(name=name, purpose="scenario", description=text, keep_legal=False)
        if game.deck is None:
            out.append(record_line(variant, {}, game.seed, list(game.actions[:steps]), **common))
        else:
            out.append(record_deck(variant, list(game.deck), game.actions[:steps], **common))
    return out, [m for m in missing if m in wanted]


def record_deck(variant: str, deck: list[str], actions: tuple[dict[str, Any], ...], **header: Any) -> Trace:
    """A trace of the default rules from a given deck order (no seed)."""
    rec = Recorder(variant, {}, deck, **header)
    for action in actions:
        rec.step(action)
    return rec.trace()
