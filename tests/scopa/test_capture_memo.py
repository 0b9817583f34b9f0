"""What the reference keeps for speed answers as the searches it stands for
(rules scopa.capture.sum, scopa.capture.match; see
`regola.reference.fishing.tables.remembered`).

The sums are checked against every subset of the table, listed here with
`itertools.combinations` rather than by the reference's own search; the
memo against the search it wraps, on tables drawn at random.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from regola.reference import initial_state, new_game, shuffled_deck
from regola.reference.fishing import capture
from regola.reference.fishing.tables import FishingTables, clear_memos

from .helpers import ruleset

VARIANTS = ["scopa-2", "scopone", "scopa-4"]


def every_sum(tables: FishingTables, table: tuple[str, ...], card: str) -> list[tuple[str, ...]]:
    """Every set of two or more table cards adding up to ``card``'s value,
    in canonical order, by listing every subset."""
    target = tables.value[card]
    cards = tables.sort(table)
    found = [
        subset
        for size in range(2, len(cards) + 1)
        for subset in combinations(cards, size)
        if sum(tables.value[c] for c in subset) == target
    ]
    return sorted(found, key=lambda s: [tables.order[c] for c in s])


def random_tables(tables: FishingTables, seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        table = tables.sort(rng.sample(tables.cards, rng.randrange(0, 11)))
        rest = [c for c in tables.cards if c not in table]
        yield table, rng.sample(rest, 3)


@pytest.mark.rule("scopa.capture.sum")
@pytest.mark.parametrize("variant", VARIANTS)
def test_sums_are_every_subset_of_the_cards_value(variant):
    tables = FishingTables.of(ruleset(variant))
    checked = 0
    for table, cards in random_tables(tables, seed=14, count=400):
        for card in cards:
            sums = capture.summing_sets(tables, table, card)
            assert sorted(sums, key=lambda s: [tables.order[c] for c in s]) == every_sum(tables, table, card)
            checked += bool(sums)
    assert checked > 50  # the draw reached tables with sums, not only empty ones


@pytest.mark.rule("scopa.capture.match", "scopa.capture.sum")
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_remembered_answer_is_the_searchs_and_a_fresh_list(variant):
    tables = FishingTables.of(ruleset(variant))
    search = capture.capture_choices.__wrapped__
    for table, cards in random_tables(tables, seed=7, count=200):
        for card in cards:
            first = capture.capture_choices(tables, table, card)
            assert first == search(tables, table, card)
            first.append(("not", "a", "capture"))  # a caller's change stays its own
            assert capture.capture_choices(tables, table, card) == search(tables, table, card)


@pytest.mark.rule("scopa.capture.sum")
def test_cache_clear_empties_every_memo():
    tables = FishingTables.of(ruleset("scopa-2"))
    capture.capture_choices(tables, ("2d", "3c", "5s"), "5d")
    assert tables.memo
    capture.capture_choices.cache_clear()
    assert not tables.memo
    capture.matching_cards(tables, ("2d",), "2c")
    clear_memos()
    assert not tables.memo


@pytest.mark.rule("scopa.deal.shuffle")
def test_the_initial_state_is_one_frozen_value_per_ruleset():
    rules = ruleset("scopa-2")
    first = initial_state(rules)
    assert initial_state(rules) is first
    deck = shuffled_deck(rules, random.Random(3))
    assert new_game(rules, deck) == new_game(rules, list(deck))
    assert initial_state(rules) == first and first.phase == "shuffle" and first.hands == ()
