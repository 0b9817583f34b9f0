"""Barred Twos and the duty to follow suit in the dark first trick: the
reference and the invariant ``trick.always-playable`` read
``calling.blind_barred_follow`` the same way, and a spec where the two rules
leave a player no legal card is refused with a counterexample a person can
read."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, new_game
from regola.spec import SpecError, load
from regola.spec.invariants import check

from .helpers import act, bid, deck_for, pas, play

# Seat 1 leads the Ace of cups; seat 2's only cup is the barred 2c.
HANDS = {
    1: ["Ac", "3c", "Kc", "Hc", "Jc", "7c", "6c", "5c"],
    2: ["2c", "Ad", "3d", "Kd", "Hd", "Jd", "7d", "6d"],
    3: ["5d", "4d", "2d", "As", "3s", "Ks", "Hs", "Js"],
    4: ["7s", "6s", "5s", "4s", "2s", "Ab", "3b", "Kb"],
    0: ["Hb", "Jb", "7b", "6b", "5b", "4b", "2b", "4c"],
}
MUST_FOLLOW = {"play.follow_suit": "must-follow"}
OBLIGE = {**MUST_FOLLOW, "calling.blind_barred_follow": "oblige"}


def after_the_lead(options: dict):
    rules = load("chiamata-al-buio", options, checked=False)
    state = new_game(rules, deck_for(rules, HANDS))
    # seat 1 bids 61 and everyone else passes; the call waits for the first trick
    state = act(state, bid(1, points=61), pas(2), pas(3), pas(4), pas(0), play(1, "Ac"))
    assert state.to_move == 2 and state.contract.called is None
    return state


def playable_invariant(options: dict):
    ruleset = load("chiamata-al-buio", options, checked=False)
    return next(r for r in check(ruleset) if r.name == "trick.always-playable")


@pytest.mark.rule("chiamata.play.blind-first-trick", "briscola.play.follow-suit")
def test_a_barred_two_does_not_oblige_its_holder_to_follow():
    state = after_the_lead(MUST_FOLLOW)
    assert sorted(a.card for a in legal_actions(state)) == sorted(HANDS[2][1:])
    result = playable_invariant(MUST_FOLLOW)
    assert result.status == "proved"
    assert "following suit where it must" in result.note


@pytest.mark.rule("chiamata.play.blind-first-trick", "briscola.play.follow-suit")
def test_where_a_barred_two_obliges_its_holder_has_no_legal_card():
    # the reference plays the broken reading as written: seat 2 is stuck
    assert legal_actions(after_the_lead(OBLIGE)) == []


@pytest.mark.rule("chiamata.play.blind-first-trick", "briscola.play.follow-suit")
def test_the_invariant_finds_the_stuck_hand_and_says_why():
    result = playable_invariant(OBLIGE)
    assert result.status == "failed"
    text = result.counterexample
    assert "play.follow_suit = must-follow and calling.blind_barred_follow = oblige" in text
    assert "is led to the dark first trick" in text
    assert "only in the barred 2" in text and "so its holder could not play" in text
    # the counterexample's hand really is stuck: one barred Two of the suit led, no other card of it
    hand = text.split("a hand of ")[1].split(" holds")[0].split()
    led = text.split("when ")[1].split(" is led")[0]
    assert len(hand) == 8 and led not in hand
    of_led = [c for c in hand if c[-1] == led[-1]]
    assert of_led and all(c.startswith("2") for c in of_led)


@pytest.mark.rule("chiamata.play.blind-first-trick")
def test_a_checked_load_refuses_the_broken_reading(tmp_path):
    broken = tmp_path / "dark-follow.toml"
    broken.write_text(
        'extends = "chiamata-al-buio"\nname = "Dark trick, barred Twos oblige"\n'
        '[play]\nfollow_suit = "must-follow"\n[calling]\nblind_barred_follow = "oblige"\n'
    )
    with pytest.raises(SpecError, match="trick.always-playable"):
        load(str(broken))
    # without the duty to follow the reading changes nothing, and the spec is proved
    assert playable_invariant({"calling.blind_barred_follow": "oblige"}).status == "proved"


@pytest.mark.rule("chiamata.play.blind-first-trick")
def test_the_follow_option_needs_a_barred_face():
    with pytest.raises(SpecError, match="calling.blind_barred_follow needs calling.blind_barred_rank"):
        load("chiamata", {"calling.blind_barred_follow": "oblige"})
