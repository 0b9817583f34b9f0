"""Deliberately broken variant files: each is refused by the loader and by
``regola check`` with the invariant it breaks and a counterexample a person
can read. The expected numbers are worked out by hand in each file's comment
and below."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from regola.spec import Ruleset, SpecError, load
from regola.spec.invariants import check

BROKEN = Path(__file__).parent / "broken"

# file, the invariants that must fail (exactly), the one the test reads, what its text must say
CASES = [
    (
        # 40 - 18 dealt = 22 to draw (21 face down + the indicator); 22 = 3 x 6 + 4
        "six-players-forty-cards.toml",
        {"deal.stock-drains-evenly", "deal.equal-plays", "deal.whole-tricks"},
        "deal.stock-drains-evenly",
        [
            "6 players x 3 cards = 18 dealt, 22 left in the stock (21 face down and the indicator)",
            "22 is not a multiple of 6, so the last drawing round is short",
            "3 full rounds, then 4 cards for 6 players",
        ],
    ),
    (
        # the Four twice, the Two never: 4 beats 4, and 2 is not ordered against anything
        "duplicated-strength.toml",
        {"cards.strength-order", "trick.one-winner", "trick.as-played"},
        "cards.strength-order",
        ["deck.strength lists 4 (Four) 2 times (positions 9, 10)", "does not name 2 (Two)"],
    ),
    (
        # per suit 11 + 10 + 4 + 3 + 1 + 1 = 30, x 4 = 120, less the 2 of batons (1 point)
        "points-119.toml",
        {"cards.points-total"},
        "cards.points-total",
        ["the 39 cards in play add up to 119 card points", "not the declared deck.total_points 120", "2b carry 1"],
    ),
    (
        # 5 x 8 = 40: nothing is left to turn up
        "indicator-without-stock.toml",
        {"deal.indicator-available"},
        "deal.indicator-available",
        [
            "5 players x 8 cards = 40 dealt out of a pack of 40: no card is left",
            "no card to turn up as the trump indicator (deal.indicator = after-deal)",
        ],
    ),
    (
        # alone 4 - 4 x 1 = 0 is fine; with a partner 3 + 1 - 3 x 1 = 1
        "payoffs-not-zero-sum.toml",
        {"scoring.zero-sum"},
        "scoring.zero-sum",
        [
            re.compile(
                r"a contract of 61 (made|failed) with a partner pays the bidder [+-]3, the partner [+-]1 "
                r"and each of the 3 defenders [+-]1: the payments add up to [+-]1, not 0"
            )
        ],
    ),
    (
        # the Seven is listed at positions 6 and 9: a bid of 7 can follow a 7
        "endless-auction.toml",
        {"cards.strength-order", "trick.one-winner", "trick.as-played", "bidding.auction-ends"},
        "bidding.auction-ends",
        [re.compile(r"a bid of 7 over \w+ is legal"), "lists 7 more than once", "the auction need not end"],
    ),
    (
        "bids-above-the-pack.toml",
        {"bidding.bids-bounded"},
        "bidding.bids-bounded",
        [re.compile(r"a contract of 1(2[1-9]|30) can be bid"), "carry only 120 card points, so it could never be made"],
    ),
    (
        # coins led, and the hand's only coin is the barred 2d: no unbarred coin, no other suit allowed
        "barred-twos-oblige.toml",
        {"trick.always-playable"},
        "trick.always-playable",
        [
            "with play.follow_suit = must-follow and calling.blind_barred_follow = oblige",
            re.compile(r"when \w+ is led to the dark first trick a hand of (\w+ ){7}\w+ holds \w+ only in the barred 2\w"),
            "so its holder could not play",
        ],
    ),
    (
        # 40 - 8 - 4 = 28 = 3 x 8 + 4
        "scopa-short-last-deal.toml",
        {"deal.stock-drains-evenly", "deal.equal-plays"},
        "deal.stock-drains-evenly",
        ["28 left for new hands", "not a multiple of 2 x 4 = 8", "after 3 full deals the last deal has only 4 cards"],
    ),
]


def _says(text: str, expected: str | re.Pattern[str]) -> bool:
    return bool(expected.search(text)) if isinstance(expected, re.Pattern) else expected in text


@pytest.mark.parametrize(("name", "failing", "focus", "phrases"), CASES, ids=[c[0] for c in CASES])
def test_each_broken_file_fails_its_invariant_with_a_readable_counterexample(name, failing, focus, phrases):
    ruleset = load(BROKEN / name, checked=False)
    results = {r.name: r for r in check(ruleset)}
    assert {n for n, r in results.items() if r.status == "failed"} == failing
    text = results[focus].counterexample
    for phrase in phrases:
        assert _says(text, phrase), f"{phrase!r} not in {text!r}"


@pytest.mark.parametrize(("name", "failing", "focus", "phrases"), CASES, ids=[c[0] for c in CASES])
def test_the_loader_refuses_each_broken_file_unless_asked_for_an_unchecked_ruleset(name, failing, focus, phrases):
    path = BROKEN / name
    with pytest.raises(SpecError) as err:
        load(path)
    message = str(err.value)
    assert str(path) in message
    first = next(r.name for r in check(load(path, checked=False)) if r.status == "failed")
    assert f"fails the invariant {first}" in message
    assert "checked=False" in message
    assert isinstance(load(path, checked=False), Ruleset)


def test_an_option_that_breaks_the_arithmetic_is_refused_like_a_file():
    # briscola-2 with six players: 40 - 18 = 22 cards to draw, not a multiple of 6
    with pytest.raises(SpecError) as err:
        load("briscola-2", {"seating.players": 6})
    message = str(err.value)
    assert "with options seating.players=6" in message  # as --option writes it, not a Python dict
    assert "fails the invariant deal.stock-drains-evenly" in message
    assert "22 is not a multiple of 6" in message


def test_a_barred_indicator_that_can_never_stay_names_the_rebury_rule():
    faces = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
    ruleset = load("briscola-2", {"deal.rebury_indicator": faces}, checked=False)
    result = next(r for r in check(ruleset) if r.name == "deal.rebury-ends")
    assert result.status == "failed"
    # 40 - 6 = 34 cards after the deal, every one barred
    assert "a stock of 34" in result.counterexample
    assert "rule briscola.deal.rebury" in result.counterexample


def test_barring_aces_and_threes_still_lets_the_turning_end():
    ruleset = load("briscola-2", {"deal.rebury_indicator": ["A", "3"]})
    result = next(r for r in check(ruleset) if r.name == "deal.rebury-ends")
    assert result.status == "proved"


def test_a_redeal_on_any_face_would_void_every_deal():
    # every face voids the deal: any 4 table cards show one of them
    triggers = [{"rank": r, "at_least": 1} for r in ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")]
    ruleset = load("scopa-2", {"deal.redeal": triggers}, checked=False)
    result = next(r for r in check(ruleset) if r.name == "deal.redeal-can-end")
    assert result.status == "failed"
    assert "every table of 4 cards from this pack holds 1 or more Aces or" in result.counterexample
    assert "1 or more Sixes" in result.counterexample
    # four Kings among four table cards is possible but avoidable
    assert load("scopa-2", {"deal.redeal": [{"rank": "K", "at_least": 4}]})


def test_a_dark_first_trick_where_a_hand_may_hold_only_twos():
    # four cards each from a pack without Aces and Threes: a hand can be the four Twos
    options = {
        "seating.players": 8,
        "deal.hand_size": 4,
        "deal.packets": [4],
        "deck.removed": ["Ad", "Ac", "As", "Ab", "3d", "3c", "3s", "3b"],
    }
    ruleset = load("chiamata-al-buio", options, checked=False)
    results = {r.name: r for r in check(ruleset)}
    assert results["trick.always-playable"].status == "failed"
    assert "a hand of 4 cards can be all 2s (4 are in play)" in results["trick.always-playable"].counterexample
    # the payoff table is P-CHI's for five players: with eight, 2 + 1 - 6 x 1 = -3
    assert "the payments add up to -3, not 0" in results["scoring.zero-sum"].counterexample
