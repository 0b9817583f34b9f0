"""What the corpus makers do for speed changes nothing they find: the pair
games choose among the reference's action objects as among JSON data, the
extremes search reads two view keys without building the view, and seeded
profiles are remembered per ruleset."""

from __future__ import annotations

import random
from typing import Any

import pytest

from regola.conformance.corpus import scenario_search
from regola.conformance.corpus.extremes import LazyView
from regola.conformance.corpus.reach import PAIR_MAX_STEPS, pair_game, pair_plan
from regola.conformance.corpus.scenario_search import Line, profile
from regola.conformance.corpus.situations import pairs_met
from regola.conformance.trace.record import SeededPlay, legal_dicts, load_ruleset
from regola.reference import apply, new_game, view

VARIANTS = ("briscola-2", "chiamata", "tressette-2", "scopa-2", "scopone")


def _pair_game_from_dicts(variant: str, seed: int) -> tuple[tuple[dict[str, Any], ...], list[Any]]:
    """`pair_game` written plainly, choosing among `legal_dicts`."""
    rs = load_ruleset(variant, checked=False)
    rng = random.Random(f"{seed}/pairs")
    state = new_game(rs, SeededPlay(rs, seed).deck())
    actions: list[dict[str, Any]] = []
    per_step: list[Any] = []
    trick: list[str] = []
    while not (state.is_over or state.is_chance) and len(actions) < PAIR_MAX_STEPS:
        legal = legal_dicts(state)
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


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_pair_game_makes_the_choices_of_the_plain_version(variant):
    for seed in (100, 101, 139):
        assert pair_game(variant, seed) == _pair_game_from_dicts(variant, seed)


def test_the_pair_plan_keeps_only_games_that_bring_new_pairs():
    plan = pair_plan("scopa")
    met: set[tuple[str, str]] = set()
    for variant, seed, steps, new in plan:
        actions, per_step = pair_game(variant, seed)
        assert 0 < steps <= len(actions)
        mine = set().union(*(m for n, m in per_step if n < steps))
        assert len(mine - met) == new > 0
        met |= mine


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
