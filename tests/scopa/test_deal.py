"""The pack and the deal (rules scopa.deck.*, scopa.deal.*, scopa.play.first-lead)."""

from __future__ import annotations

import pytest
from regola.reference import apply, initial_state, legal_actions, new_game, view

from .helpers import ALL_CARDS, events, legal, rejects, ruleset, shuffle, start

CANONICAL = ALL_CARDS  # Ad 2d ... Kd, Ac ... Kc, As ... Ks, Ab ... Kb


def finish_hand(state):
    """Play the hand out with the first legal action each time."""
    hand = state.hand_number
    while not state.is_chance and not state.is_over and state.hand_number == hand:
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.rule("scopa.deck.composition")
@pytest.mark.parametrize("variant", ["scopa-2", "scopa-3", "scopa-4", "scopa-6", "scopone", "scopone-scientifico"])
def test_the_pack_is_the_forty_italian_cards(variant):
    rules = ruleset(variant)
    assert sorted(rules.deck.cards()) == sorted(ALL_CARDS)
    assert len(rules.deck.cards()) == 40


@pytest.mark.rule("scopa.deck.composition")
@pytest.mark.rule("scopa.deal.shuffle")
def test_a_deck_order_must_be_the_pack_each_card_once(two):
    state = initial_state(two)
    short = CANONICAL[:-1]
    assert rejects(state, {"type": "shuffle", "deck": short}) == "scopa.deal.shuffle"
    twice = CANONICAL[:-1] + ["Ad"]
    assert rejects(state, {"type": "shuffle", "deck": twice}) == "scopa.deal.shuffle"
    stranger = CANONICAL[:-1] + ["Xq"]
    assert rejects(state, {"type": "shuffle", "deck": stranger}) == "scopa.deal.shuffle"


@pytest.mark.rule("scopa.deck.values")
def test_capture_values_of_the_faces(two):
    values = {r.id: r.value for r in two.deck.ranks}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "H": 9, "K": 10}


@pytest.mark.rule("scopa.deal.hands")
@pytest.mark.rule("scopa.deal.table")
@pytest.mark.rule("scopa.play.first-lead")
def test_scopa_deals_one_at_a_time_then_four_to_the_table(two):
    # Dealer 0: seat 1 gets the 1st, 3rd and 5th cards, seat 0 the 2nd, 4th
    # and 6th; the next four go face up to the table.
    state = new_game(two, CANONICAL)
    v = view(state)
    assert v["hands"] == [["2d", "4d", "6d"], ["Ad", "3d", "5d"]]
    assert v["table"] == ["7d", "Jd", "Hd", "Kd"]
    assert v["stock_size"] == 30
    assert v["stock"][0] == "Ac"
    assert v["dealer"] == 0 and v["to_move"] == 1
    (deal,) = events(state, "deal")
    assert deal["table"] == ["7d", "Jd", "Hd", "Kd"] and deal["round"] == 1


@pytest.mark.rule("scopa.deal.hands")
@pytest.mark.rule("scopa.deal.table")
def test_scopone_deals_three_two_three_two_three(scopone):
    # Packets of three to seats 1, 2, 3, 0; two to the table after the first
    # and second rounds: 9 cards each and 4 on the table.
    v = view(new_game(scopone, CANONICAL))
    assert v["hands"][1] == ["Ad", "2d", "3d", "5c", "6c", "7c", "Hs", "Ks", "Ab"]
    assert v["hands"][2] == ["4d", "5d", "6d", "Jc", "Hc", "Kc", "2b", "3b", "4b"]
    assert v["hands"][3] == ["7d", "Jd", "Hd", "As", "2s", "3s", "5b", "6b", "7b"]
    assert v["hands"][0] == ["Kd", "Ac", "2c", "4s", "5s", "6s", "Jb", "Hb", "Kb"]
    assert v["table"] == ["3c", "4c", "7s", "Js"]
    assert v["stock_size"] == 0 and v["to_move"] == 1


@pytest.mark.rule("scopa.deal.hands")
@pytest.mark.rule("scopa.play.first-lead")
def test_ten_card_scopone_leaves_the_table_empty():
    rules = ruleset("scopone-scientifico")
    v = view(new_game(rules, CANONICAL))
    # Packets 3, 3, 4 to seats 1, 2, 3, 0.
    assert v["hands"][1] == ["Ad", "2d", "3d", "3c", "4c", "5c", "5s", "6s", "7s", "Js"]
    assert v["hands"][0] == ["Kd", "Ac", "2c", "2s", "3s", "4s", "7b", "Jb", "Hb", "Kb"]
    assert [len(h) for h in v["hands"]] == [10, 10, 10, 10]
    assert v["table"] == [] and v["stock_size"] == 0
    assert v["to_move"] == 1
    assert all(a["type"] == "play" and a["seat"] == 1 for a in legal(new_game(rules, CANONICAL)))


@pytest.mark.rule("scopa.deal.redeal")
@pytest.mark.parametrize("kings", [["Kd", "Kc", "Ks", "5b"], ["Kd", "Kc", "Ks", "Kb"]])
def test_three_or_four_kings_on_the_table_void_the_deal(two, kings):
    state = start(two, {1: ["Ad", "2d", "3d"], 0: ["4d", "5d", "6d"]}, kings)
    assert [e["type"] for e in state.events] == ["deal", "redeal"]
    (redeal,) = events(state, "redeal")
    assert redeal["rank"] == "K" and redeal["dealer"] == 0
    assert state.is_chance and legal_actions(state) == []
    v = view(state)
    assert v["phase"] == "shuffle" and v["dealer"] == 0 and v["hand_number"] == 0
    assert rejects(state, {"type": "play", "seat": 1, "card": "Ad"}) == "scopa.play.phase"
    # The same dealer deals again from a new shuffle.
    again = shuffle(state, CANONICAL)
    assert view(again)["phase"] == "play" and view(again)["dealer"] == 0
    assert view(again)["to_move"] == 1


@pytest.mark.rule("scopa.deal.redeal")
def test_two_kings_on_the_table_stand(two):
    state = start(two, {1: ["Ad", "2d", "3d"], 0: ["4d", "5d", "6d"]}, ["Kd", "Kc", "5s", "5b"])
    assert events(state, "redeal") == []
    assert view(state)["phase"] == "play"


@pytest.mark.rule("scopa.deal.redeal")
def test_option_any_ace_on_the_table_voids_the_deal():
    rules = ruleset("scopa-2", deal__redeal=[{"rank": "A", "at_least": 1}])
    state = start(rules, {1: ["2d", "3d", "4d"], 0: ["5d", "6d", "7d"]}, ["Ac", "Kc", "5s", "5b"])
    assert events(state, "redeal")[0]["dealer"] == 0 and state.is_chance
    # The Kings rule is replaced by this option: three Kings now stand.
    state = start(rules, {1: ["2d", "3d", "4d"], 0: ["5d", "6d", "7d"]}, ["Kd", "Kc", "Ks", "5b"])
    assert not state.is_chance


@pytest.mark.rule("scopa.deal.redeal")
def test_option_two_aces_are_redealt_by_the_next_dealer():
    cirulla = [{"rank": "K", "at_least": 3}, {"rank": "A", "at_least": 2, "dealer": "next"}]
    rules = ruleset("scopa-2", deal__redeal=cirulla)
    state = start(rules, {1: ["2d", "3d", "4d"], 0: ["5d", "6d", "7d"]}, ["Ac", "As", "5s", "5b"])
    (redeal,) = events(state, "redeal")
    assert redeal["dealer"] == 1 and view(state)["dealer"] == 1
    # Seat 1 now deals, so seat 0 receives first and plays first.
    again = shuffle(state, CANONICAL)
    assert view(again)["hands"][0] == ["Ad", "3d", "5d"] and view(again)["to_move"] == 0
    # One Ace stands.
    state = start(rules, {1: ["2d", "3d", "4d"], 0: ["5d", "6d", "7d"]}, ["Ac", "Ks", "5s", "5b"])
    assert not state.is_chance


@pytest.mark.rule("scopa.deal.refill")
@pytest.mark.rule("scopa.play.first-lead")
def test_new_hands_of_three_when_both_hands_are_empty(two):
    stock = ["Ac", "2c", "3c", "4c", "5c", "6c"]
    state = start(two, {1: ["Ad", "2d", "3d"], 0: ["4d", "5d", "6d"]}, ["7s", "Js", "Hs", "Kb"], stock)
    for _ in range(6):
        assert view(state)["stock_size"] == 30
        state = apply(state, legal_actions(state)[0])
    # One at a time from the seat after the dealer: seat 1 gets the 1st, 3rd
    # and 5th cards of the stock, seat 0 the others.
    (deal,) = events(state, "deal")
    assert deal["round"] == 2 and deal["table"] == []
    v = view(state)
    assert v["hands"] == [["2c", "4c", "6c"], ["Ac", "3c", "5c"]]
    assert v["stock_size"] == 24 and v["to_move"] == 1
    assert "scopa.deal.refill" in state.rules


@pytest.mark.rule("scopa.deal.refill")
def test_the_pack_is_used_up_in_six_deals_with_two(two):
    state = new_game(two, CANONICAL)
    rounds = [1]
    while not state.is_chance:
        state = apply(state, legal_actions(state)[0])
        rounds += [e["round"] for e in events(state, "deal")]
    assert rounds == [1, 2, 3, 4, 5, 6]


@pytest.mark.rule("scopa.play.first-lead")
@pytest.mark.rule("scopa.match.next-dealer")
def test_the_next_hand_is_dealt_by_the_next_seat(three):
    state = finish_hand(new_game(three, CANONICAL))
    assert view(state)["dealer"] == 1 and state.is_chance
    state = shuffle(state, CANONICAL)
    v = view(state)
    # Dealer 1: seat 2 receives the first card and plays first.
    assert v["dealer"] == 1 and v["to_move"] == 2
    assert v["hands"][2] == ["Ad", "4d", "7d"]
