"""Perft counts worked out by hand from the rules.

In Briscola every player holds three cards while the stock lasts and may
play any of them (no duty to follow), and drawing is not a choice, so from
a fresh deal every step has exactly three legal actions until the hands
shrink at the end: perft(d) = 3**d.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from regola.conformance.corpus.perft import (
    count,
    divide,
    perft,
    perft_divide,
    seeded_decks,
)
from regola.reference import apply, legal_actions, new_game
from regola.spec import load

SUITS, RANKS = "dcsb", ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]


def deck(top: list[str], removed: tuple[str, ...] = ()) -> list[str]:
    """``top`` first, then every other card in canonical order."""
    return top + [r + s for s in SUITS for r in RANKS if r + s not in top and r + s not in removed]


@pytest.mark.parametrize("variant", ["briscola-2", "briscola-3", "briscola-4-solo", "briscola-6"])
@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4])
def test_three_choices_per_step_while_hands_are_full(variant, depth):
    assert perft(load(variant), seed=1, depth=depth) == 3**depth


def test_divide_gives_each_first_card_its_share():
    rows = perft_divide(load("briscola-2"), seed=5, depth=3)
    assert len(rows) == 3
    assert [n for _, n in rows] == [9, 9, 9]
    assert all(a["type"] == "play" and a["seat"] == 1 for a, _ in rows)
    hand = new_game(load("briscola-2"), seeded_decks(load("briscola-2"), 5)(0)).hands[1]
    assert [a["card"] for a, _ in rows] == list(hand)


def test_following_suit_narrows_the_reply():
    # seat 1 (leader) holds Ad 3d Kc, seat 0 holds 2d 4c 5s. Whatever seat 1
    # leads, seat 0 holds exactly one card of that suit and must play it.
    rules = load("briscola-2", {"play.follow_suit": "must-follow"})
    state = new_game(rules, deck(["Ad", "2d", "3d", "4c", "Kc", "5s", "7b"]))
    decks = seeded_decks(rules, 0)
    assert count(state, 1, decks, 1) == 3
    assert count(state, 2, decks, 1) == 3
    assert [(a["card"], n) for a, n in divide(state, 2, decks)] == [("Ad", 1), ("3d", 1), ("Kc", 1)]


def last_two_cards(rules):
    """A briscola-2 hand played with the first legal card each time, up to the
    last trick (one card left in each hand: 38 plays)."""
    state = new_game(rules, deck([]))
    for _ in range(38):
        state = apply(state, legal_actions(state)[0])
    assert [len(h) for h in state.hands] == [1, 1]
    return state


def test_the_shuffle_between_hands_is_one_node():
    # best of three: one hand cannot end the match, so after the last two
    # plays comes one chance step (the seeded shuffle), then the new leader's
    # three choices.
    rules = load("briscola-2")
    state, decks = last_two_cards(rules), seeded_decks(rules, 3)
    assert [count(state, d, decks, 1) for d in range(5)] == [1, 1, 1, 1, 3]
    for _ in range(2):
        state = apply(state, legal_actions(state)[0])
    assert state.is_chance
    [(shuffle, n)] = divide(state, 2, decks)
    assert (shuffle["type"], shuffle["deck"], n) == ("shuffle", decks(1), 3)


def test_sequences_cut_short_by_the_end_of_the_match_do_not_count():
    rules = load("briscola-2", {"match.kind": "single"})
    state, decks = last_two_cards(rules), seeded_decks(rules, 3)
    assert [count(state, d, decks, 1) for d in range(4)] == [1, 1, 1, 0]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "regola.conformance.cli.commands", "perft", *args],
                          capture_output=True, text=True)


def test_perft_command():
    run = cli("briscola-2", "--seed", "1", "--depth", "3")
    assert run.returncode == 0 and run.stdout.strip() == "27"
    run = cli("briscola-2", "--seed", "1", "--depth", "2", "--divide")
    lines = run.stdout.strip().splitlines()
    assert lines[-1] == "total 9" and len(lines) == 4
    assert all(line.endswith(" 3") and '"type":"play"' in line for line in lines[:3])
    run = cli("briscola-2", "--depth", "2", "--option", "play.follow_suit=must-follow")
    assert run.returncode == 0 and int(run.stdout) <= 9


@pytest.mark.parametrize("args, text", [
    (("no-such-game", "--depth", "1"), "unknown variant"),
    (("briscola-2", "--depth", "0", "--divide"), "--divide needs --depth 1"),
    (("briscola-2", "--option", "hand_scoring.colour=red"), "unknown option"),
])
def test_perft_command_bad_input(args, text):
    run = cli(*args)
    assert run.returncode == 2 and text in run.stderr and "Traceback" not in run.stderr
