"""The Chiamata auction, worked by hand: bids of faces, the Two and its
raises, points auctions, low-card bidding, passes, the end of the auction,
everyone passing and reopening."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, new_game, view
from regola.reference.actions import action_dict

from .helpers import (
    HAND_A,
    act,
    bid,
    call,
    deck_for,
    events,
    hands_of,
    pas,
    play,
    rejects,
    ruleset,
)


def fresh(variant: str = "chiamata", **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands_of(HAND_A)))


def legal(state) -> list[dict]:
    return [action_dict(a) for a in legal_actions(state)]


@pytest.mark.rule("chiamata.deal.whole-pack")
def test_the_whole_pack_is_dealt_eight_each_with_no_stock_and_no_trumps():
    state = fresh()
    v = view(state)
    # packets of four from the dealer's right: seat 1 first
    assert all(set(v["hands"][s]) == set(hands_of(HAND_A)[s]) for s in range(5))
    assert {len(h) for h in v["hands"]} == {8}
    assert v["stock_size"] == 0 and v["indicator"] is None and v["trump"] is None
    assert v["phase"] == "bid"
    assert "chiamata.deal.whole-pack" in state.rules


@pytest.mark.rule("chiamata.deal.whole-pack")
def test_the_deal_gives_packets_of_four_in_seat_order():
    rules = ruleset("chiamata")
    deck = [c for c in deck_for(rules, hands_of(HAND_A))]
    state = new_game(rules, deck)
    # seat 1 receives deck[0:4] and deck[20:24], seat 0 deck[16:20] and deck[36:40]
    assert set(state.hands[1]) == set(deck[0:4] + deck[20:24])
    assert set(state.hands[0]) == set(deck[16:20] + deck[36:40])


@pytest.mark.rule("chiamata.bid.turn")
def test_the_dealers_right_speaks_first_and_others_wait_their_turn():
    state = fresh()
    assert state.to_move == 1
    assert rejects(state, bid(3, "A")) == "chiamata.bid.turn"
    assert rejects(state, pas(0)) == "chiamata.bid.turn"
    state = act(state, bid(1, "A"))
    assert state.to_move == 2


@pytest.mark.rule("chiamata.bid.turn")
def test_the_first_word_may_go_to_the_dealers_left():
    state = fresh(bidding__first_speaker="before-dealer")
    assert state.to_move == 4
    state = act(state, bid(4, "A"))
    assert state.to_move == 0


@pytest.mark.rule("chiamata.bid.lower-rank")
def test_each_bid_names_a_weaker_face():
    state = act(fresh(), bid(1, "K"))
    # after a King only the weaker faces may be bid, from the Horse down to the Two
    assert legal(state) == [bid(2, r) for r in ["H", "J", "7", "6", "5", "4", "2"]] + [pas(2)]
    assert rejects(state, bid(2, "3")) == "chiamata.bid.lower-rank"  # stronger: a lower bid
    assert rejects(state, bid(2, "K")) == "chiamata.bid.lower-rank"  # the same face
    state = act(state, bid(2, "H"))
    assert view(state)["auction"]["high"] == {"seat": 2, "type": "bid", "rank": "H"}


@pytest.mark.rule("chiamata.bid.face")
def test_a_bid_names_a_face_of_the_pack_and_nothing_else():
    state = act(fresh(), bid(1, "K"))
    assert rejects(state, bid(2, "Q")) == "chiamata.bid.face"  # no such face
    assert rejects(state, {"type": "bid", "seat": 2, "rank": "H", "card": "Hd"}) == "chiamata.bid.face"
    assert "chiamata.bid.face" in act(state, bid(2, "H")).rules


@pytest.mark.rule("chiamata.bid.lower-rank")
def test_the_first_bid_may_be_any_face_ace_lowest():
    state = fresh()
    assert legal(state) == [bid(1, r) for r in ["A", "3", "K", "H", "J", "7", "6", "5", "4", "2"]] + [pas(1)]


@pytest.mark.rule("chiamata.bid.after-two", "chiamata.bid.pass-final", "chiamata.bid.end")
def test_an_auction_through_the_two_into_raised_targets():
    state = act(fresh(), bid(1, "A"), bid(2, "3"), pas(3), bid(4, "7"), bid(0, "2"))
    # after a plain Two (61) the bids are Twos with a higher target
    assert rejects(state, bid(1, "2")) == "chiamata.bid.after-two"
    assert rejects(state, bid(1, "4")) == "chiamata.bid.after-two"
    assert rejects(state, bid(1, "2", 61)) == "chiamata.bid.after-two"
    assert rejects(state, bid(1, "2", 121)) == "chiamata.bid.after-two"
    assert rejects(state, bid(1, "A", 70)) == "chiamata.bid.after-two"
    options = legal(state)
    assert options[0] == bid(1, "2", 62) and options[-2] == bid(1, "2", 120) and options[-1] == pas(1)
    state = act(state, bid(1, "2", 65), pas(2))
    assert state.to_move == 4  # seat 3 passed earlier and is skipped
    state = act(state, bid(4, "2", 70), pas(0), bid(1, "2", 80))
    assert rejects(state, bid(4, "2", 80)) == "chiamata.bid.after-two"  # not higher
    state = act(state, pas(4))
    # seats 3, 2, 0 and 4 have passed: seat 1 wins at a Two for 80
    assert state.phase == "call" and state.to_move == 1
    assert events(state, "auction-won") == [
        {"type": "auction-won", "seat": 1, "rank": "2", "points": 80, "target": 80}
    ]
    assert view(state)["contract"]["target"] == 80
    assert "chiamata.bid.end" in state.rules


@pytest.mark.rule("chiamata.bid.after-two")
def test_a_raise_of_one_point_at_a_time():
    state = act(fresh(bidding__raise_rule="step", bidding__raise_step=1), bid(1, "2"))
    assert legal(state) == [bid(2, "2", 62), pas(2)]
    assert rejects(state, bid(2, "2", 64)) == "chiamata.bid.after-two"
    state = act(state, bid(2, "2", 62))
    assert legal(state) == [bid(3, "2", 63), pas(3)]


@pytest.mark.rule("chiamata.bid.end")
def test_a_raise_to_the_maximum_ends_the_auction_at_once():
    state = act(fresh(), bid(1, "2"), bid(2, "2", 120))
    assert state.phase == "call" and state.contract.bidder == 2 and state.contract.target == 120
    assert "chiamata.bid.end" in state.rules


@pytest.mark.rule("chiamata.bid.pass-final")
def test_a_player_who_passed_may_not_bid_again():
    state = act(fresh(), bid(1, "A"), pas(2), bid(3, "3"))
    assert state.to_move == 4
    assert rejects(state, bid(2, "K")) == "chiamata.bid.pass-final"
    state = act(state, pas(4), pas(0), bid(1, "K"))
    # seat 2 is passed over: seat 3 speaks next
    assert state.to_move == 3
    assert rejects(state, bid(2, "J")) == "chiamata.bid.pass-final"


@pytest.mark.rule("chiamata.bid.end")
def test_after_four_passes_the_auction_is_closed():
    state = act(fresh(), bid(1, "K"), pas(2), pas(3), pas(4), pas(0))
    assert state.phase == "call"
    assert state.contract.bidder == 1 and state.contract.rank == "K" and state.contract.target == 61
    for late in (bid(2, "2"), pas(3), bid(1, "2", 70)):
        assert rejects(state, late) == "chiamata.bid.end"
    state = act(state, call(1, "d"))
    assert rejects(state, bid(2, "J")) == "chiamata.bid.end"
    assert rejects(state, pas(1)) == "chiamata.bid.end"


@pytest.mark.rule("chiamata.phase.order")
def test_no_card_is_played_and_nobody_else_calls_before_the_call():
    state = fresh()
    assert rejects(state, play(1, "Ac")) == "chiamata.phase.order"
    assert rejects(state, call(1, "d")) == "chiamata.phase.order"
    state = act(state, bid(1, "K"), pas(2), pas(3), pas(4), pas(0))
    assert rejects(state, play(1, "Ac")) == "chiamata.phase.order"
    assert rejects(state, call(2, "d")) == "chiamata.phase.order"
    state = act(state, call(1, "d"))
    assert rejects(state, call(1, "c")) == "chiamata.phase.order"
    assert state.phase == "play" and state.to_move == 1


@pytest.mark.rule("chiamata.bid.all-pass", "chiamata.match.end")
def test_when_everyone_passes_the_same_dealer_deals_again():
    state = act(fresh(), pas(1), pas(2), pas(3), pas(4))
    assert state.phase == "bid" and state.to_move == 0  # the dealer may still bid
    state = act(state, pas(0))
    assert state.phase == "shuffle" and state.dealer == 0 and state.is_chance
    assert [e["type"] for e in state.events] == ["pass", "all-passed", "redeal"]
    assert "chiamata.bid.all-pass" in state.rules
    v = view(state)
    assert v["result"]["outcome"] == "void" and v["result"]["game_points"] == [0] * 5
    # the thrown-in hand scores nothing and is not one of the match's deals
    assert v["match"]["hands_played"] == 0 and v["match"]["game_points"] == [0] * 5
    assert v["hand_number"] == 1
    assert legal_actions(state) == []


@pytest.mark.rule("chiamata.bid.points")
def test_a_points_auction_from_61_to_120_each_bid_higher():
    state = fresh("chiamata-points")
    options = legal(state)
    assert options[0] == bid(1, points=61) and options[-2] == bid(1, points=120) and len(options) == 61
    assert rejects(state, bid(1, points=60)) == "chiamata.bid.points"
    assert rejects(state, bid(1, points=121)) == "chiamata.bid.points"
    assert rejects(state, bid(1, "A")) == "chiamata.bid.points"
    state = act(state, bid(1, points=70))
    assert rejects(state, bid(2, points=70)) == "chiamata.bid.points"
    assert rejects(state, bid(2, points=69)) == "chiamata.bid.points"
    state = act(state, bid(2, points=71), pas(3), pas(4), pas(0), pas(1))
    assert state.contract.bidder == 2 and state.contract.target == 71 and state.contract.rank is None


@pytest.mark.rule("chiamata.bid.single-round", "chiamata.bid.face")
def test_low_card_bidding_one_turn_each_the_weakest_face_wins():
    # seed 004: "After each player has had one opportunity to bid (or pass),
    # the player who bid the lowest ranked card in the deck becomes the high
    # bidder": any face may be named, not only one weaker than the last
    state = act(fresh("chiamata-low-card"), bid(1, "K"))
    assert bid(2, "3") in legal(state) and bid(2, "A") in legal(state)
    state = act(state, bid(2, "3"), pas(3), bid(4, "7"))
    assert rejects(state, bid(1, "2")) == "chiamata.bid.turn"  # seat 1 has had his turn
    assert rejects(state, bid(0, "T")) == "chiamata.bid.face"  # not a face of the pack
    assert state.phase == "bid" and state.to_move == 0
    state = act(state, pas(0))
    # everyone has spoken once: the Seven is the weakest face named
    assert state.phase == "call" and state.contract.bidder == 4 and state.contract.rank == "7"
    assert state.contract.target == 61  # inferred from the standard game
    assert rejects(state, bid(1, "2")) == "chiamata.bid.end"
    assert "chiamata.bid.single-round" in state.rules and "chiamata.bid.lower-rank" not in state.rules


@pytest.mark.rule("chiamata.bid.single-round", "chiamata.bid.turn")
def test_seed_004_low_card_bidding_goes_the_other_way_round_from_the_play():
    # seed 004's profile: the bidding starts on the dealer's right and goes
    # counter-clockwise while the play goes clockwise: seats 4, 3, 2, 1, then
    # the dealer, seat 0; the first to name the weakest face keeps it
    # (seat 3, who spoke before seat 2)
    from regola.spec import load

    rules = load("chiamata-low-card", profile="seed-004")
    state = new_game(rules, deck_for(rules, hands_of(HAND_A)))
    assert state.to_move == 4
    assert rejects(state, bid(1, "K")) == "chiamata.bid.turn"
    state = act(state, bid(4, "J"), bid(3, "2"), bid(2, "2"), bid(1, "A"), pas(0))
    assert state.phase == "call" and state.contract.bidder == 3 and state.contract.rank == "2"


@pytest.mark.rule("chiamata.bid.single-round")
def test_low_card_bidding_the_first_to_name_the_weakest_face_keeps_it():
    # seed 004 does not say who wins when two name the same weakest face:
    # an equal bid overcalls in no auction, so the first keeps it
    state = act(fresh("chiamata-low-card"), bid(1, "J"), bid(2, "2"), bid(3, "2"), bid(4, "A"), pas(0))
    assert state.phase == "call" and state.contract.bidder == 2 and state.contract.rank == "2"


@pytest.mark.rule("chiamata.bid.single-round", "chiamata.bid.all-pass")
def test_low_card_bidding_with_no_bid_is_dealt_again():
    state = act(fresh("chiamata-low-card"), pas(1), pas(2), pas(3), pas(4), pas(0))
    assert state.phase == "shuffle" and state.dealer == 0


@pytest.mark.rule("chiamata.bid.turn")
def test_seed_004_bids_the_other_way_round_from_the_play():
    # chiamata-points as seed 004 plays it: bids from the dealer's right,
    # counter-clockwise, play clockwise: seats 4, 3, 2, 1, 0 speak in turn
    # and a pass is final, so after 4 bids 70 and the others pass...
    from regola.spec import load

    rules = load("chiamata-points", profile="seed-004")
    state = new_game(rules, deck_for(rules, hands_of(HAND_A)))
    assert state.to_move == 4
    state = act(state, {"type": "bid", "seat": 4, "points": 70})
    assert state.to_move == 3
    state = act(state, pas(3), {"type": "bid", "seat": 2, "points": 75}, pas(1), pas(0))
    # seat 4 speaks again after the dealer, going round the same way
    assert state.to_move == 4
    state = act(state, pas(4))
    assert state.phase == "call" and state.contract.bidder == 2
    # the default, as P-CHI: the bidding follows the play, seat 1 first
    assert load("chiamata-points").bidding.order == "play"
    assert new_game(load("chiamata-points"), deck_for(rules, hands_of(HAND_A))).to_move == 1


@pytest.mark.rule("chiamata.bid.pass-turn", "chiamata.bid.end", "chiamata.bid.after-two")
def test_briscalone_passes_skip_a_turn_and_four_in_a_row_end_it():
    rules = ruleset("briscalone")
    state = new_game(rules, deck_for(rules, {s: [] for s in range(5)}))
    state = act(state, bid(1, "A"), pas(2), pas(3), pas(4), bid(0, "T"), pas(1))
    # seat 2 passed before but may bid again now
    state = act(state, bid(2, "K"), pas(3), pas(4), pas(0))
    assert state.phase == "bid" and state.to_move == 1
    state = act(state, bid(1, "2"))
    # each raise adds two points to the target: 63, then 65
    assert legal(state) == [bid(2, "2", 63), pas(2)]
    assert rejects(state, bid(2, "2", 62)) == "chiamata.bid.after-two"
    state = act(state, bid(2, "2", 63), bid(3, "2", 65), pas(4), pas(0), pas(1), pas(2))
    assert state.phase == "play" and state.contract.bidder == 3 and state.contract.target == 65
    assert "chiamata.bid.pass-turn" in act(new_game(rules, deck_for(rules, {s: [] for s in range(5)})), pas(1)).rules


@pytest.mark.rule("chiamata.bid.end")
def test_briscalone_ends_at_119():
    rules = ruleset("briscalone")
    state = new_game(rules, deck_for(rules, {s: [] for s in range(5)}))
    state = act(state, bid(1, "2"))
    target, seat = 61, 2
    while state.phase == "bid":
        target += 2
        state = act(state, bid(seat, "2", target))
        seat = (seat + 1) % 5
    # 61 + 2 * 29 = 119: no raise is left, so the auction ends with that bid
    assert target == 119 and state.contract.target == 119


@pytest.mark.rule("chiamata.bid.reopen")
def test_subito_al_due_reopens_after_five_passes():
    state = act(fresh("chiamata-subito-al-due"), pas(1), pas(2), pas(3), pas(4), pas(0))
    assert state.phase == "bid" and view(state)["auction"]["reopening"] is True
    assert state.to_move == 1
    assert legal(state) == [bid(1, points=61), pas(1)]
    state = act(state, pas(1))
    assert rejects(state, bid(2, points=65)) == "chiamata.bid.reopen"
    state = act(state, bid(2, points=61))
    assert [e["type"] for e in state.events] == ["bid", "reopen"]
    # the auction resumes from seat 2 with everyone in it again
    assert state.to_move == 3
    state = act(state, pas(3), bid(4, points=62), pas(0), bid(1, points=63), pas(2), pas(4))
    assert state.phase == "call" and state.contract.bidder == 1 and state.contract.target == 63


@pytest.mark.rule("chiamata.bid.reopen")
def test_subito_al_due_with_nobody_reopening_is_dealt_again():
    state = act(fresh("chiamata-subito-al-due"), *[pas(s) for s in (1, 2, 3, 4, 0)])
    state = act(state, *[pas(s) for s in (1, 2, 3, 4, 0)])
    assert state.phase == "shuffle" and state.dealer == 0
    assert view(state)["result"]["outcome"] == "void"


@pytest.mark.rule("chiamata.bid.face", "chiamata.bid.after-two")
def test_a_face_taken_out_of_the_pack_cannot_be_bid():
    from regola.spec import load

    # TIM's six-player form takes the Fours out: a Four names no card, so it is no bid
    six = load("chiamata", {
        "seating.players": 6, "deck.removed": ["4d", "4c", "4s", "4b"],
        "deal.hand_size": 6, "deal.packets": [3, 3],
    }, checked=False)
    state = new_game(six, deck_for(six, {s: [] for s in range(6)}))
    assert legal(state) == [bid(1, r) for r in ["A", "3", "K", "H", "J", "7", "6", "5", "2"]] + [pas(1)]
    assert rejects(state, bid(1, "4")) == "chiamata.bid.face"
    # with the Twos taken out instead, the Four is the weakest face: the raises follow it
    no_twos = load("chiamata", {
        "seating.players": 6, "deck.removed": ["2d", "2c", "2s", "2b"],
        "deal.hand_size": 6, "deal.packets": [3, 3],
    }, checked=False)
    state = new_game(no_twos, deck_for(no_twos, {s: [] for s in range(6)}))
    state = act(state, bid(1, "4"))
    assert legal(state) == [bid(2, "4", p) for p in range(62, 121)] + [pas(2)]
