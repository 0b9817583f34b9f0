"""The fixed action space of every variant numbers every legal action of
the reference, both ways (`regola.envs.encoding`)."""

from __future__ import annotations

import random

import pytest

from regola.envs import EncodingGap, action_space
from regola.reference import action_dict, legal_actions, random_playout
from regola.spec import load

from .conftest import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_has_an_index_and_back(variant: str) -> None:
    ruleset = load(variant)
    space = action_space(ruleset)
    seen = 0
    for seed in range(2):
        for _, state in random_playout(ruleset, seed, max_hands=1):
            if state.is_chance or state.is_over:
                continue
            table = tuple(getattr(state, "table", ()))
            indices = []
            for action in legal_actions(state):
                data = action_dict(action)
                index = space.index_of(data, table)
                assert space.action_of(index, data["seat"], table) == data
                indices.append(index)
                seen += 1
            assert len(set(indices)) == len(indices), "two legal actions share an index"
    assert seen > 0


def test_the_numbering_is_fixed_by_the_ruleset() -> None:
    ruleset = load("briscola-2")
    space = action_space(ruleset)
    assert space.kinds[0] == "play"
    assert space.keys[:40] == tuple(("play", card) for card in ruleset.deck.cards())
    assert action_space(load("briscola-2", {"match.target": 2})).keys == space.keys
    chiamata = action_space(load("chiamata"))
    assert chiamata.kinds[:3] == ("play", "bid", "pass")
    assert ("bid", "rank", "2", 61) in chiamata.index


def test_scopa_captures_are_numbered_by_card_and_set() -> None:
    space = action_space(load("scopa-2"))
    # a Three takes the Three of another suit, or an Ace and a Two
    assert ("capture", "3c", ("3d",)) in space.index
    assert ("capture", "3c", ("Ad", "2d")) in space.index or ("capture", "3c", ("2d", "Ad")) in space.index
    # never two cards of a greater value, never the card itself
    assert not any(k[0] == "capture" and k[1] == "3c" and "3c" in k[2] for k in space.keys)


def test_an_action_without_an_index_is_named() -> None:
    space = action_space(load("briscola-2"))
    with pytest.raises(EncodingGap, match=r"briscola-2: action .*'exchange'.* has no index"):
        space.index_of({"type": "exchange", "seat": 0, "card": "7d"})
    with pytest.raises(ValueError, match=f"out of range 0..{space.size - 1}"):
        space.action_of(space.size, 0)


def test_labels_are_readable() -> None:
    space = action_space(load("scopa-2"))
    rng = random.Random(0)
    index = rng.randrange(40, space.size)
    assert space.label(index).startswith("capture ")
    assert space.label(0) == f"play {load('scopa-2').deck.cards()[0]}"
