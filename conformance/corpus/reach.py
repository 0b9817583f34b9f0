"""The traces that reach where bugs live, for one variant's default rules.

- ``negative--matrix`` and ``match-seed-N``: `MATCHES` full matches over
  several hands (every per-hand piece of state seen to reset), the shortest
  ones from `MATCH_SEEDS` that last at least two hands; the first one holds
  the negative matrix (`regola.conformance.corpus.matrix`): at the first
  state of each phase (an auction, play, between hands, after the end of
  the match), every kind of action and every corruption, refused;
- ``extreme--<situations>``: extreme hands (`regola.conformance.corpus.extremes`)
  not shown by another trace of the variant, cut after the deciding step;
- ``match--<situations>``: matches searched hand by hand for the match
  situations no other trace of the variant shows (a third hand, a match
  tied at its target, each way a match ends: `regola.conformance.corpus.matches`);
- ``pairs-seed-N``: one-hand games that make the pairs of cards no other
  trace of the variant meets meet (`regola.conformance.corpus.pairs`),
  every same-suit pair in a trick (Scopa: every same-rank pair in a
  capture) of the variant's own pack.

Legal lists are left out of all of them (they are in the playouts), to
keep the corpus within its size budget.
"""

from __future__ import annotations

import random
from typing import Any

from regola.conformance.corpus.extremes import STOPS, search_extremes
from regola.conformance.corpus.match_situations import MATCH_SITUATIONS
from regola.conformance.corpus.matches import match_traces as searched_matches
from regola.conformance.corpus.matrix import Cell, cells_along
from regola.conformance.corpus.pairs import pair_traces, pairs_met
from regola.conformance.corpus.situations import applicable, situations
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
from regola.reference import State, apply, new_game, view
from regola.spec import Ruleset

MATCHES = 2
MATCH_SEEDS = range(10, 24)
MATCH_MAX_HANDS = 16
MATCH_MAX_STEPS = 650
PARTIAL_HANDS = 3
FIRST_VARIANTS = ("briscola-2", "scopa-2")
"""The two-player variants engines implement first: they get one more
random playout (`regola.conformance.corpus.generate`)."""


def _lines(trace: Trace) -> list[dict[str, Any]]:
    return list(trace.lines())


def shown(traces: dict[str, Trace], ruleset: Ruleset) -> dict[str, Any]:
    """The situations the traces show, together."""
    out: dict[str, Any] = {}
    for t in traces.values():
        for name, where in situations(_lines(t), ruleset.family, ruleset).items():
            if not isinstance(where, tuple):
                out.setdefault(name, where)
            elif name not in out or out[name][0] < where[0]:
                out[name] = where
    return out


def reach(variant: str, traces: dict[str, Trace]) -> tuple[list[Trace], list[str]]:
    """The traces of this module for ``variant``, given its traces so far
    (those of the default rules count for the situations and pairs already
    shown), and notes on what was not found."""
    rs = load_ruleset(variant, checked=False)
    out = match_traces(variant)
    mine = {**{n: t for n, t in traces.items() if not t.header["options"]}, **{t.header["name"]: t for t in out}}
    have = shown(mine, rs)
    extremes, missing = extreme_traces(variant, have)
    for t in extremes:
        have.update({k: v for k, v in situations(_lines(t), rs.family, rs).items() if k not in have})
    matches, unmatched = searched_matches(variant, set(have))
    out += extremes + matches
    met = {p for t in [*mine.values(), *extremes, *matches] for p in pairs_met(_lines(t), rs.family)}
    pairs, unmet = pair_traces(variant, met)
    notes = [f"{variant}: default rules: situations not found: {', '.join(missing + unmatched)}"] if missing or unmatched else []
    if unmet:
        notes.append(f"{variant}: default rules: {len(unmet)} pair(s) of cards never met")
    return out + pairs, notes


def match_seeds(variant: str) -> list[tuple[int, int, int, bool, bool]]:
    """(steps, seed, hands, over, whole) of the `MATCHES` shortest full matches
    among `MATCH_SEEDS` that last two hands or more (one, for a one-hand
    match) and `MATCH_MAX_STEPS` steps at most (the second one preferably
    one that resets a per-hand field the first does not); if there are
    none, the first `PARTIAL_HANDS` hands of the first seeds' matches. When
    every random match stops in its first hand (a claim), the `whole_match`
    ones instead (``whole``)."""
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
    return found[:1] + (more[:1] or found[1:MATCHES])


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


def extreme_traces(variant: str, have: dict[str, Any]) -> tuple[list[Trace], list[str]]:
    """Extreme hands not in ``have`` (situations other traces show), and the
    extreme situations not found."""
    rs = load_ruleset(variant)
    counted = {k for k, v in have.items() if isinstance(v, tuple)}
    wanted = set(applicable(rs)) - set(have) - MATCH_SITUATIONS
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
