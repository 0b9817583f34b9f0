"""Hands into a match, and who deals next (rules briscola.match.*).

A script written for dealer 0 gives the hand to the side of the first
leader; ``shift(script, 1, 2)`` is the same hand one seat on, for dealer 1.
"""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, view

from .hands import FOUR_PARTNERS, SLAM, THREE_TIE, TIE_EVEN, WIN_61, to_spanish
from .helpers import play_script, rejects, ruleset, script_deck, shift, shuffle, stack


def match(state) -> dict:
    return view(state)["match"]


def next_hand(rules, state, script_for_dealer_0):
    """Play the next hand, the script moved round to the current dealer."""
    n = rules.seating.players
    return play_script(rules, shift(script_for_dealer_0, state.dealer, n), state)


@pytest.mark.rule("briscola.match.end")
def test_single_hand_match():
    rules = ruleset("briscola-2", match__kind="single")
    state = play_script(rules, WIN_61)
    assert state.is_over and view(state)["phase"] == "over"
    assert match(state) == {
        "game_points": [0, 1],
        "card_points": [59, 61],
        "hands_played": 1,
        "over": True,
        "winner": 1,
    }
    assert legal_actions(state) == []
    assert state.events[-1] == {"type": "match-over", "winner": 1}


@pytest.mark.rule("briscola.match.end")
def test_a_drawn_single_hand_is_a_drawn_match():
    state = play_script(ruleset("briscola-2", match__kind="single"), TIE_EVEN)
    assert state.is_over
    assert (match(state)["over"], match(state)["winner"]) == (True, None)


@pytest.mark.rule("briscola.score.tie")
@pytest.mark.rule("briscola.match.end")
def test_seed_004_for_two_and_three_plays_one_hand_and_replays_a_tie():
    # seed 004: "Each hand is usually played as a complete game"; a 60-60
    # hand (two) or a tie for the most (three: 30, 45, 45) is played again
    from regola.spec import load

    two = load("briscola-2", profile="seed-004")
    state = play_script(two, TIE_EVEN)
    assert view(state)["result"]["outcome"] == "void" and not state.is_over
    state = play_script(two, WIN_61, state)
    assert state.is_over and match(state)["winner"] == 1 and match(state)["hands_played"] == 2
    three = load("briscola-3", profile="seed-004")
    state = play_script(three, THREE_TIE)
    assert view(state)["result"]["outcome"] == "void" and view(state)["dealer"] == 0
    # the default, P-BRI's best of three, draws the same hand and plays on
    state = play_script(ruleset("briscola-3"), THREE_TIE)
    assert view(state)["result"]["outcome"] == "draw" and not state.is_over


@pytest.mark.rule("briscola.match.end")
@pytest.mark.rule("briscola.match.next-dealer")
def test_a_void_hand_is_dealt_again_by_the_same_dealer():
    rules = ruleset("briscola-2", match__kind="single", hand_scoring__tie="replay")
    state = play_script(rules, TIE_EVEN)
    assert state.is_chance and not state.is_over
    v = view(state)
    assert (v["dealer"], v["hand_number"], v["result"]["outcome"]) == (0, 1, "void")
    assert match(state)["card_points"] == [0, 0] and match(state)["game_points"] == [0, 0]
    assert legal_actions(state) == []
    # the same dealer deals again: seat 1 receives first and leads again
    state = play_script(rules, WIN_61, state)
    assert state.is_over and match(state)["winner"] == 1
    assert match(state)["hands_played"] == 2


@pytest.mark.rule("briscola.match.end")
@pytest.mark.rule("briscola.match.next-dealer")
def test_best_of_three(two):
    assert (two.match.kind, two.match.target) == ("best-of", 3)
    state = play_script(two, WIN_61)  # dealer 0: side 1 wins
    assert not state.is_over and state.is_chance
    assert (view(state)["dealer"], match(state)["game_points"]) == (1, [0, 1])
    # dealer 1: seat 0 leads, and the same hand goes to side 0
    state = play_script(two, shift(WIN_61, 1, 2), state)
    assert (view(state)["dealer"], match(state)["game_points"]) == (0, [1, 1])
    assert not state.is_over
    # a drawn hand counts for nobody, and the deal still passes on
    state = play_script(two, TIE_EVEN, state)
    assert (view(state)["dealer"], match(state)["game_points"]) == (1, [1, 1])
    state = play_script(two, shift(WIN_61, 1, 2), state)  # side 0 wins its second
    assert state.is_over
    assert match(state) == {
        "game_points": [2, 1],
        "card_points": [59 + 61 + 60 + 61, 61 + 59 + 60 + 59],
        "hands_played": 4,
        "over": True,
        "winner": 0,
    }


@pytest.mark.rule("briscola.match.end")
def test_first_to_three_wins_in_brisca(brisca):
    assert (brisca.match.kind, brisca.match.target) == ("first-to-wins", 3)
    hand = to_spanish(WIN_61)
    state = None
    for number in range(1, 6):  # the first leader's side wins each hand
        state = play_script(brisca, hand, state) if state is None else next_hand(brisca, state, hand)
        if number < 5:
            assert not state.is_over
    assert match(state)["game_points"] == [2, 3]
    assert state.is_over and match(state)["winner"] == 1


@pytest.mark.rule("briscola.match.end")
def test_first_to_wins_counts_game_points_not_hands():
    tiers = [{"min_points": 0, "game_points": 1}, {"min_points": 120, "game_points": 3}]
    rules = ruleset("briscola-2", match__kind="first-to-wins", match__target=2, hand_scoring__game_points=tiers)
    state = play_script(rules, SLAM)
    assert state.is_over and match(state)["game_points"] == [0, 3] and match(state)["winner"] == 1


@pytest.mark.rule("briscola.match.end")
def test_first_to_card_points_one_side_reaches_the_target():
    rules = ruleset("briscola-2", match__kind="first-to-card-points", match__target=61)
    state = play_script(rules, WIN_61)
    assert state.is_over and match(state)["winner"] == 1
    assert match(state)["card_points"] == [59, 61]


@pytest.mark.rule("briscola.match.end")
def test_first_to_card_points_tie_at_the_target_plays_on():
    rules = ruleset("briscola-2", match__kind="first-to-card-points", match__target=110)
    state = play_script(rules, WIN_61)
    assert not state.is_over and match(state)["card_points"] == [59, 61]
    state = next_hand(rules, state, WIN_61)  # side 0 wins 61-59
    # both sides have passed 110 with 120 each: equal, so play goes on
    assert match(state)["card_points"] == [120, 120]
    assert not state.is_over and state.is_chance
    state = next_hand(rules, state, WIN_61)  # side 1 wins 61-59
    assert match(state)["card_points"] == [179, 181]
    assert state.is_over and match(state)["winner"] == 1


@pytest.mark.rule("briscola.match.end")
def test_a_void_hand_adds_no_card_points():
    rules = ruleset(
        "briscola-2", match__kind="first-to-card-points", match__target=61, hand_scoring__tie="replay"
    )
    state = play_script(rules, TIE_EVEN)
    assert match(state)["card_points"] == [0, 0] and not state.is_over
    drawn = ruleset("briscola-2", match__kind="first-to-card-points", match__target=61)
    state = play_script(drawn, TIE_EVEN)  # a plain draw adds 60 each, short of 61
    assert match(state)["card_points"] == [60, 60] and not state.is_over


@pytest.mark.rule("briscola.match.next-dealer")
def test_the_deal_goes_round_four_players():
    rules = ruleset("briscola-4", match__kind="first-to-card-points", match__target=1000)
    state = None
    dealers = []
    for _ in range(5):
        if state is None:
            state = play_script(rules, FOUR_PARTNERS)
        else:
            dealer = state.dealer
            # the new hand is dealt from the seat after the dealer, who leads
            dealt = shuffle(state, script_deck(rules, shift(FOUR_PARTNERS, dealer, 4), dealer))
            assert view(dealt)["to_move"] == (dealer + 1) % 4
            state = next_hand(rules, state, FOUR_PARTNERS)
        dealers.append(view(state)["dealer"])
    assert dealers == [1, 2, 3, 0, 1]
    assert match(state)["hands_played"] == 5


@pytest.mark.rule("briscola.match.end")
@pytest.mark.rule("briscola.play.phase")
def test_nothing_is_possible_after_the_match(two):
    rules = ruleset("briscola-2", match__kind="single")
    state = play_script(rules, WIN_61)
    for action in (
        {"type": "shuffle", "deck": stack(rules)},
        {"type": "play", "seat": 1, "card": "Ad"},
        {"type": "play", "seat": 0, "card": "Ad"},
        {"type": "exchange", "seat": 1, "card": "2b"},
    ):
        assert rejects(state, action) == "briscola.match.end"


@pytest.mark.rule("briscola.deal.fresh-hand")
def test_a_new_hand_starts_with_nothing_of_the_last(two):
    # dealer 0, the hand of WIN_61: side 1 takes 61 points in 20 tricks
    state = play_script(two, WIN_61)
    ended = view(state)
    assert ended["points"] == [59, 61] and ended["tricks_played"] == 20 and ended["last_trick"] is not None
    # the next hand is dealt by seat 1: no pile, point, trick or last trick is left of the first
    state = shuffle(state, script_deck(two, shift(WIN_61, 1, 2), dealer=1))
    dealt = view(state)
    assert "briscola.deal.fresh-hand" in state.rules
    assert dealt["won"] == [[], []] and dealt["points"] == [0, 0]
    assert dealt["tricks_played"] == 0 and dealt["last_trick"] is None and dealt["result"] is None
    # while the match keeps the first hand's score
    assert dealt["match"]["card_points"] == [59, 61] and dealt["match"]["game_points"] == [0, 1]
