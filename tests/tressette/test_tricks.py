"""Tressette's tricks worked by hand: no trumps, following suit, the
highest card of the suit led, the Three-Two-Ace order, points in thirds."""

from __future__ import annotations

import pytest

from regola.reference import legal_actions, view

from .helpers import FOUR, act, events, play, rejects, start


@pytest.mark.rule("tressette.play.no-trumps")
@pytest.mark.rule("briscola.trick.winner")
def test_a_three_of_another_suit_does_not_take_a_trick_without_trumps():
    state = start("tressette-4", FOUR)
    assert view(state)["trump"] is None and view(state)["indicator"] is None
    state = act(state, play(1, "4d"), play(2, "Kd"), play(3, "3s"), play(0, "Kb"))
    [trick] = events(state, "trick")
    assert trick["winner"] == 2  # the King of the suit led, not the Three of swords
    assert "tressette.play.no-trumps" in state.rules
    assert state.to_move == 2  # briscola.trick.lead-next


@pytest.mark.rule("briscola.trick.winner")
def test_three_beats_two_beats_ace_beats_king():
    hands = {
        1: ["Ad", "4c", "5c", "6c", "7c", "Jc", "Hc", "Kc", "Ac", "2c"],
        0: ["3d", "2d", "Kd", "4s", "5s", "6s", "7s", "Js", "Hs", "Ks"],
    }
    state = start("tressette-2", hands, stock=["4b", "5b"])
    assert [e["winner"] for e in events(act(state, play(1, "Ad"), play(0, "Kd")), "trick")] == [1]
    assert [e["winner"] for e in events(act(state, play(1, "Ad"), play(0, "2d")), "trick")] == [0]
    after = act(state, play(1, "Ad"), play(0, "2d"))
    # the winner leads: seat 0 leads the Three, seat 1 (no coins left) throws a Two
    after = act(after, play(0, "3d"), play(1, "2c"))
    assert events(after, "trick")[0]["winner"] == 0


@pytest.mark.rule("briscola.play.follow-suit")
def test_a_player_holding_the_suit_led_must_follow_it():
    state = act(start("tressette-4", FOUR), play(1, "4d"))
    assert rejects(state, play(2, "4c")) == "briscola.play.follow-suit"
    assert sorted(a.card for a in legal_actions(state)) == ["Hd", "Kd"]
    state = act(state, play(2, "Hd"))
    # seat 3 has no coins: any card of his hand
    assert sorted(a.card for a in legal_actions(state)) == sorted(FOUR[3])


@pytest.mark.rule("briscola.play.follow-suit")
def test_in_the_game_for_two_following_suit_holds_while_the_stock_lasts():
    hands = {
        1: ["Ad", "4c", "5c", "6c", "7c", "Jc", "Hc", "Kc", "Ac", "2c"],
        0: ["3d", "2d", "Kd", "4s", "5s", "6s", "7s", "Js", "Hs", "Ks"],
    }
    state = act(start("tressette-2", hands), play(1, "Ad"))
    assert view(state)["stock_size"] == 20
    assert rejects(state, play(0, "4s")) == "briscola.play.follow-suit"


@pytest.mark.rule("tressette.deck.points")
def test_a_trick_is_worth_its_cards_in_thirds():
    state = act(start("tressette-4", FOUR), play(1, "4d"), play(2, "Kd"), play(3, "3s"), play(0, "Kb"))
    # King, Three and King: a third of a point each; the Four nothing
    assert events(state, "trick")[0]["points"] == 3
    assert view(state)["points"] == [0, 0, 3, 0]


@pytest.mark.rule("briscola.draw.order")
def test_in_the_game_for_two_the_winner_draws_first():
    hands = {
        1: ["Ad", "4c", "5c", "6c", "7c", "Jc", "Hc", "Kc", "Ac", "2c"],
        0: ["3d", "2d", "Kd", "4s", "5s", "6s", "7s", "Js", "Hs", "Ks"],
    }
    state = act(start("tressette-2", hands, stock=["4d", "5d"]), play(1, "Ad"), play(0, "3d"))
    assert [(e["seat"], e["card"]) for e in events(state, "draw")] == [(0, "4d"), (1, "5d")]
    assert view(state)["hand_sizes"] == [10, 10]


@pytest.mark.rule("briscola.play.follow-suit")
@pytest.mark.rule("tressette.play.no-trumps")
@pytest.mark.parametrize("variant", ["tressette-4", "tressette-2"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_whole_matches_keep_every_property_of_the_trick_games(variant, seed):
    """The trick family's property checks (cards conserved, legal actions,
    hidden hands, illegal actions refused, replay) over whole matches."""
    from briscola.test_properties import playout, replay

    from .helpers import ruleset

    rules = ruleset(variant)
    replay(rules, playout(rules, seed))


@pytest.mark.rule("tressette.draw.shown")
def test_in_the_game_for_two_each_drawn_card_is_shown_until_played():
    hands = {
        1: ["Ad", "4c", "5c", "6c", "7c", "Jc", "Hc", "Kc", "Ac", "2c"],
        0: ["3d", "2d", "Kd", "4s", "5s", "6s", "7s", "Js", "Hs", "Ks"],
    }
    state = start("tressette-2", hands, stock=["4d", "5b", "6b", "7b"])
    assert view(state, 1)["shown"] == [[], []]
    state = act(state, play(1, "Ad"), play(0, "3d"))
    assert "tressette.draw.shown" in state.rules
    # the winner (seat 0) drew 4d, seat 1 drew 5b: both known to both seats
    assert view(state, 1)["shown"] == view(state, 0)["shown"] == [["4d"], ["5b"]]
    assert view(state, 1)["hands"][0] is None  # the dealt cards stay hidden
    state = act(state, play(0, "4d"), play(1, "5b"))
    # played cards leave the list; the new draws join it
    assert view(state, None)["shown"] == [["7b"], ["6b"]] or view(state, None)["shown"] == [["6b"], ["7b"]]


@pytest.mark.rule("tressette.draw.shown")
def test_the_game_for_four_has_no_stock_and_nothing_shown():
    state = act(start("tressette-4", FOUR), play(1, "4d"), play(2, "Kd"), play(3, "3s"), play(0, "Kb"))
    assert "shown" not in view(state) and "tressette.draw.shown" not in state.rules
