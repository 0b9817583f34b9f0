"""How `regola play` prints Cirulla's bonuses and a claim (rules
scopa.bonus.table, scopa.bonus.hand, scopa.match.claim)."""

from __future__ import annotations

import pytest
from regola.conformance.cli.render.game import GameRenderer
from regola.reference import apply, initial_state

from .helpers import deck_for, ruleset


def printed(rules, deck, *actions) -> str:
    state = initial_state(rules)
    steps = []
    for action in ({"type": "shuffle", "deck": deck}, *actions):
        state = apply(state, action)
        steps.append((action, state))
    return "\n".join(GameRenderer(rules).game(steps))


@pytest.mark.rule("scopa.bonus.table")
@pytest.mark.rule("scopa.bonus.hand")
def test_cirulla_bonuses_are_printed():
    rules = ruleset("cirulla")
    deck = deck_for(rules, {1: ["Ad", "2c", "3s"], 0: ["4d", "4c", "4s"]}, ["2d", "Ac", "4b", "Jb"])
    text = printed(rules, deck)
    assert "the table 2d Ac 4b Jb adds up to 15: seat 0 takes it, 1 scopa" in text
    assert "seat 1 shows Ad 2c 3s: a hand under 10, 3 points" in text
    assert "seat 0 shows 4d 4c 4s: three of a kind, 10 points" in text


@pytest.mark.rule("scopa.match.claim")
@pytest.mark.rule("scopa.match.claim-wrong")
def test_a_claim_is_printed():
    rules = ruleset("scopa-fuori")
    deck = deck_for(rules, {1: ["7s", "2b", "3b"], 0: ["4d", "6c", "Hs"]}, ["7d", "Kc", "Js", "5b"])
    text = printed(rules, deck, {"type": "claim", "seat": 1})
    assert "seat 1 claims the game: 0 points certain of 11, wrong: the claim loses" in text
    assert "seat 0 wins" in text
