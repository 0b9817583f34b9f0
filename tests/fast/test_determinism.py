"""The fast core is deterministic, and its shortcuts change nothing: the
same seed plays the same game; ``playout`` plays what stepping plays with
the same draws; ``shuffle_random`` deals what the reference's
``shuffled_deck`` deals; a copy is independent; the match read back from
its reference state is the same match."""

from __future__ import annotations

import random

import pytest

from regola.fast import from_reference, new_match
from regola.fast.match import shuffled
from regola.reference import shuffled_deck, view
from regola.spec import load, variant_ids


def _stepped(match, rng: random.Random, hands: int) -> int:  # noqa: ANN001 - a Match
    """What ``playout`` promises to play, one move at a time."""
    played = 0
    start = match.hands_played
    while match.phase != "over":
        if match.phase == "shuffle":
            if match.hands_played - start >= hands:
                break
            match.shuffle_random(rng)
            continue
        moves = match.legal()
        match.apply(moves[int(rng.random() * len(moves))])
        played += 1
    return played


def _views(match) -> list[dict]:  # noqa: ANN001
    return [match.view(seat) for seat in (None, *range(match.players))]


@pytest.mark.parametrize("variant", variant_ids())
def test_playout_plays_what_stepping_plays_with_the_same_draws(variant: str) -> None:
    ruleset = load(variant)
    for seed in range(6):
        inlined, stepped = new_match(ruleset), new_match(ruleset)
        a, b = random.Random(seed), random.Random(seed)
        assert inlined.playout(a, hands=2) == _stepped(stepped, b, hands=2)
        assert _views(inlined) == _views(stepped)
        assert a.random() == b.random()  # the same draws, no more


@pytest.mark.parametrize("variant", ["briscola-2", "briscola-4", "tressette-2", "scopa-2", "chiamata"])
def test_the_same_seed_plays_the_same_match(variant: str) -> None:
    ruleset = load(variant)
    first, second = new_match(ruleset), new_match(ruleset)
    first.playout(random.Random(7), hands=None)
    second.playout(random.Random(7), hands=None)
    assert first.is_over or first.hands_played >= 1
    assert _views(first) == _views(second)


def test_playout_stops_for_the_seat_to_wait_for() -> None:
    match = new_match(load("briscola-4"))
    rng = random.Random(3)
    match.shuffle_random(rng)
    played = match.playout(rng, seat=0)
    assert match.to_move == 0 and match.phase == "play" and played > 0
    assert match.playout(rng, seat=0) == 0


@pytest.mark.parametrize("size", [36, 39, 40, 48])
def test_the_shuffle_written_out_is_cpython_s(size: int) -> None:
    for seed in range(50):
        theirs, mine = random.Random(seed), random.Random(seed)
        deck = list(range(size))
        theirs.shuffle(deck)
        assert shuffled(mine, size) == deck
        assert theirs.random() == mine.random()


@pytest.mark.parametrize("variant", ["briscola-2", "briscas-2", "albastini-3", "scopa-2"])
def test_shuffle_random_deals_the_reference_s_deck_order(variant: str) -> None:
    ruleset = load(variant)
    match = new_match(ruleset)
    match.shuffle_random(random.Random(11))
    reference = new_match(ruleset, list(shuffled_deck(ruleset, random.Random(11))))
    assert _views(match) == _views(reference)


@pytest.mark.parametrize("variant", ["briscola-2", "tressette-2", "chiamata-col-monte", "cirulla"])
def test_a_copy_is_independent(variant: str) -> None:
    match = new_match(load(variant))
    rng = random.Random(5)
    match.shuffle_random(rng)
    for _ in range(6):
        moves = match.legal()
        match.apply(moves[rng.randrange(len(moves))])
    copy = match.copy()
    before = _views(match)
    assert _views(copy) == before
    copy.playout(random.Random(1), hands=None)
    assert _views(match) == before
    match.playout(random.Random(1), hands=None)
    assert _views(match) == _views(copy)


@pytest.mark.parametrize("variant", variant_ids())
def test_the_reference_state_of_a_match_is_the_same_match(variant: str) -> None:
    """At every step of a random game: the reference's views of the state
    the fast core hands it are the fast core's, and the match read back from
    that state is the same."""
    ruleset = load(variant)
    match = new_match(ruleset)
    rng = random.Random(9)
    for _ in range(60):
        if match.is_over:
            break
        if match.is_chance:
            match.shuffle_random(rng)
            continue
        state = match.to_reference()
        assert [view(state, s) for s in (None, *range(match.players))] == _views(match)
        again = from_reference(state)
        assert _views(again) == _views(match)
        assert (again.delegate is None) == (match.delegate is None)
        moves = match.legal()
        match.apply(moves[rng.randrange(len(moves))])
