"""Properties of random legal playouts of every Scopa variant.

At every step: the 40 cards are each in exactly one place (a hand, the
table, the stock or a side's pile); every legal capture takes distinct
cards that lie on the table and adds up as the rules say. At the end of
every hand all 40 cards have been captured exactly once, and the points
awarded are at most one per enabled category plus the sweeps (plus the
Napola). Replaying a seed gives the same match.
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regola.reference import IllegalAction, apply, legal_actions, random_playout, view

from .helpers import ALL_CARDS, ruleset

VARIANTS = ["scopa-2", "scopa-3", "scopa-4", "scopa-6", "scopone", "scopone-scientifico"]
OPTIONS = {
    "corse": ("scopa-2", {"capture__compulsory": False}),
    "cirulla": ("scopa-3", {"capture__priority": "free", "capture__ace_takes_all": "scopa",
                            "deal__redeal": [{"rank": "K", "at_least": 3},
                                             {"rank": "A", "at_least": 2, "dealer": "next"}]}),
    "assi": ("scopone-scientifico", {"capture__ace_takes_all": "no-scopa",
                                     "capture__ace_on_empty_table": "takes-itself",
                                     "capture__last_play_scopa": True,
                                     "hand_scoring__scopa__napola": True,
                                     "hand_scoring__scopa__re_bello": True}),
}
ALL = [(v, {}) for v in VARIANTS] + list(OPTIONS.values())
IDS = VARIANTS + list(OPTIONS)
VALUE = {r: i + 1 for i, r in enumerate("A234567JHK")}
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def value(card: str) -> int:
    return VALUE[card[:-1]]


def check_conservation(v: dict) -> None:
    places = [c for h in v["hands"] for c in h] + v["table"] + v["stock"] + [c for p in v["captured"] for c in p]
    if v["phase"] == "play":
        assert sorted(places) == sorted(ALL_CARDS), "a card is missing or in two places"


def check_legal(state, rules) -> None:
    v = view(state)
    table = set(v["table"])
    hand = set(v["hands"][v["to_move"]])
    actions = [a.model_dump(mode="json") for a in legal_actions(state)]
    assert actions, "a player to move always has a legal action"
    assert len({json.dumps(a, sort_keys=True) for a in actions}) == len(actions), "an action is listed twice"
    for a in actions:
        assert a["seat"] == v["to_move"] and a["card"] in hand
        if a["type"] != "capture":
            continue
        take = a["take"]
        assert len(set(take)) == len(take), "a card is captured twice"
        assert set(take) <= table, "a capture takes a card not on the table"
        ace_all = rules.capture.ace_takes_all != "none" and a["card"][0] == "A"
        if ace_all and not any(c[0] == "A" for c in table):
            assert sorted(take) == sorted(table)
        elif take:
            assert sum(value(c) for c in take) == value(a["card"])


def check_hand_over(state, rules) -> None:
    (over,) = [e for e in state.events if e["type"] == "hand-over"]
    v = view(state)
    piles = [c for p in v["captured"] for c in p]
    assert sorted(piles) == sorted(ALL_CARDS), "every card is captured exactly once"
    opts = rules.hand_scoring.scopa
    categories = sum([opts.cards, opts.coins, opts.settebello, opts.primiera.enabled, opts.re_bello])
    assert categories <= 5
    assert sum(over["points"]) <= categories + sum(over["scope"]) + sum(over["napola"])
    assert sum(over["points"]) >= int(opts.settebello) + sum(over["scope"])  # the 7 of coins always scores


@pytest.mark.rule("scopa.end.leftovers")
@pytest.mark.rule("scopa.capture.from-table")
@pytest.mark.rule("scopa.score.tie")
@pytest.mark.parametrize("variant, options", ALL, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_random_playouts_keep_every_card_and_score_within_bounds(variant, options, seed):
    rules = ruleset(variant, **options)
    hands_over = 0
    for _, state in random_playout(rules, seed, max_hands=3):
        v = view(state)
        check_conservation(v)
        if state.phase == "play":
            check_legal(state, rules)
        if any(e["type"] == "hand-over" for e in state.events):
            check_hand_over(state, rules)
            hands_over += 1
    assert hands_over >= 1


@pytest.mark.rule("scopa.deal.shuffle")
@pytest.mark.parametrize("variant, options", ALL, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_a_seed_replays_the_same_match(variant, options, seed):
    rules = ruleset(variant, **options)

    def trace():
        return [
            json.dumps([a.model_dump(mode="json"), view(s), list(s.events), list(s.rules)], sort_keys=True)
            for a, s in random_playout(rules, seed, max_hands=2)
        ]

    assert trace() == trace()


@pytest.mark.rule("scopa.capture.match")
@pytest.mark.rule("scopa.capture.sum")
@pytest.mark.parametrize("variant, options", [ALL[0], OPTIONS["cirulla"], OPTIONS["corse"]], ids=["scopa-2", "cirulla", "corse"])
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, every=st.integers(min_value=3, max_value=9))
def test_legal_actions_are_exactly_the_accepted_ones(variant, options, seed, every):
    """On sampled states, every capture of every subset of a small table and
    every plain play is accepted if and only if it is listed as legal."""
    rules = ruleset(variant, **options)
    for i, (_, state) in enumerate(random_playout(rules, seed, max_hands=1)):
        if state.phase != "play" or i % every or len(state.table) > 6:
            continue
        seat = state.to_move
        listed = {json.dumps(a.model_dump(mode="json"), sort_keys=True) for a in legal_actions(state)}
        tried = []
        for card in state.hands[seat]:
            tried.append({"type": "play", "seat": seat, "card": card})
            for k in range(0, len(state.table) + 1):
                for take in combinations(state.table, k):
                    tried.append({"type": "capture", "seat": seat, "card": card, "take": list(take)})
        for action in tried:
            try:
                apply(state, action)
                accepted = True
            except IllegalAction as exc:
                assert exc.rule_id.startswith("scopa.")
                accepted = False
            assert accepted == (json.dumps(action, sort_keys=True) in listed), action
