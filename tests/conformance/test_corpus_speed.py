"""What the corpus makers do for speed changes nothing they find: the pair
games choose among the reference's action objects, reading the state, as
among JSON data reading the view, the
extremes search reads two view keys without building the view, and seeded
profiles are remembered per ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from regola.conformance.corpus import scenario_search
from regola.conformance.corpus.extremes import LazyView
from regola.conformance.corpus.pairs import PAIR_MAX_STEPS, pair_game, pair_universe, pairs_met
from regola.conformance.corpus.scenario_search import Line, profile
from regola.conformance.trace.record import SeededPlay, legal_dicts, load_ruleset
from regola.reference import apply, new_game, view

VARIANTS = ("briscola-2", "chiamata", "tressette-2", "scopa-2", "scopone")


def _pair_game_from_dicts(variant: str, seed: int, missing: set) -> tuple[tuple[dict[str, Any], ...], list[Any]]:
    """`pair_game` written plainly, choosing among `legal_dicts` and
    reading the trick and the hands from the view."""
    rs = load_ruleset(variant, checked=False)
    rng = random.Random(f"{seed}/pairs")
    state = new_game(rs, SeededPlay(rs, seed).deck())
    missing = set(missing)
    same = (lambda a, b: a[:-1] == b[:-1]) if rs.family == "scopa" else (lambda a, b: a[-1] == b[-1])
    actions: list[dict[str, Any]] = []
    per_step: list[Any] = []

    def score(a: dict[str, Any]) -> tuple[int, int]:
        card, v = a.get("card"), view(state)
        if card is None:
            return (0, 0)
        pairs = [tuple(sorted((card, d))) for d in rs.deck.cards() if d != card and same(card, d)]
        if rs.family == "scopa":
            take = a.get("take") or []
            held = {d for s, h in enumerate(v["hands"]) if s != a["seat"] for d in h}
            return (sum(1 for p in pairs if p in missing and set(p) - {card} <= set(take)),
                    0 if take else sum(1 for p in pairs if p in missing and set(p) - {card} <= held))
        on_trick = {t["card"] for t in v["trick"]}
        played = {t["seat"] for t in v["trick"]} | {a["seat"]}
        held = {d for s, h in enumerate(v["hands"]) if s not in played for d in h}
        return (sum(1 for p in pairs if p in missing and set(p) - {card} <= on_trick),
                sum(1 for p in pairs if p in missing and set(p) - {card} <= held))

    while not (state.is_over or state.is_chance) and len(actions) < PAIR_MAX_STEPS:
        legal = [a for a in legal_dicts(state) if a["type"] != "claim"] or legal_dicts(state)
        scores = [score(a) for a in legal]
        action = rng.choice([a for a, sc in zip(legal, scores) if sc == max(scores)])
        state = apply(state, action)
        met = set(pairs_met([{"kind": "step", "events": state.events}], rs.family)) & missing
        if met:
            per_step.append((len(actions), met))
            missing -= met
        actions.append(action)
    return tuple(actions), per_step


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_pair_game_makes_the_choices_of_the_plain_version(variant):
    rs = load_ruleset(variant, checked=False)
    universe = pair_universe(rs)
    for seed, missing in ((100, universe), (101, set(sorted(universe)[::3])), (139, set())):
        assert pair_game(rs, seed, missing) == _pair_game_from_dicts(variant, seed, missing)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_cheap_view_keys_are_those_of_the_view(variant):
    rs = load_ruleset(variant, checked=False)
    for seed in range(3):
        play = SeededPlay(rs, seed)
        state = new_game(rs, play.deck())
        for _ in range(400):
            lazy, full = LazyView(state), view(state)
            assert (lazy["phase"], lazy["match"]) == (full["phase"], full["match"])
            assert lazy.get("match", {}).get("over") == full["match"]["over"]
            assert dict(lazy) == full
            if state.is_over:
                break
            legal = legal_dicts(state)
            state = apply(state, {"type": "shuffle", "deck": play.deck()} if state.is_chance else play.choose(legal))


def test_a_profile_is_remembered_per_ruleset_and_line_and_the_same_as_played():
    scenario_search._KNOWN.clear()
    plain, other = load_ruleset("briscola-2", checked=False), load_ruleset("briscola-2", {"hand_scoring.tie": "replay"})
    first = profile(plain, Line(5), 1)
    assert scenario_search._profile(plain, Line(5), 1) == first
    assert profile(load_ruleset("briscola-2"), Line(5), 1) is first  # the same ruleset, checked: the same hash
    assert profile(plain, Line(5), 2) == scenario_search._profile(plain, Line(5), 2)
    assert profile(other, Line(5), 1) is not first
    assert profile(plain, Line(5, by_type=True), 1) == scenario_search._profile(plain, Line(5, by_type=True), 1)
    assert len(scenario_search._KNOWN) == 4
    rs = load_ruleset("scopa-2", checked=False)
    play = SeededPlay(rs, 3)
    state, actions = new_game(rs, play.deck()), []
    for _ in range(12):
        actions.append(play.choose(legal_dicts(state)))
        state = apply(state, actions[-1])
    whole, short = Line(3, tuple(actions), source="t"), Line(3, tuple(actions[:2]), source="t")
    assert profile(rs, whole) is profile(rs, Line(3, tuple(actions), source="t"))
    assert profile(rs, short) == scenario_search._profile(rs, short, 1) != profile(rs, whole)  # other actions
    assert max(profile(rs, whole).values()) > 2 >= max(profile(rs, short).values())
