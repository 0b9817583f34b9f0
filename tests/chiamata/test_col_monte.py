"""Briscola col Monte (P-CHI): the monte, the discards, the bidder's own
card shown or kept, the discards won with the last trick, and the payments.
Worked on one deal: seat 1 holds the high coins, seat 2 the high cups, seat
3 the high swords, seat 4 the high batons, seat 0 the low cards; the monte
is the four Twos and the Four of batons."""

from __future__ import annotations

import pytest
from regola.reference import apply, legal_actions, new_game, view

from .helpers import act, bid, call, deck_for, events, pas, rejects, ruleset

HANDS = {
    1: ["Ad", "3d", "Kd", "Hd", "Jd", "7d", "6d"],
    2: ["Ac", "3c", "Kc", "Hc", "Jc", "7c", "6c"],
    3: ["As", "3s", "Ks", "Hs", "Js", "7s", "6s"],
    4: ["Ab", "3b", "Kb", "Hb", "Jb", "7b", "6b"],
    0: ["5d", "4d", "5c", "4c", "5s", "4s", "5b"],
}
MONTE = ["2d", "2c", "2s", "2b", "4b"]


def discard(seat: int, card: str) -> dict:
    return {"type": "discard", "seat": seat, "card": card}


def own_call(seat: int, show: bool) -> dict:
    return {"type": "own-call", "seat": seat, "show": show}


def won_auction(variant: str = "chiamata-col-monte", points: int = 61):
    rules = ruleset(variant)
    state = new_game(rules, deck_for(rules, HANDS))
    assert sorted(state.stock) == sorted(MONTE)
    return act(state, bid(1, points=points), pas(2), pas(3), pas(4), pas(0))


def play_out(state):
    while state.phase == "play":
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.rule("chiamata.call.monte")
def test_the_bidder_takes_the_monte_unseen_after_calling():
    state = act(won_auction(), call(1, card="Ac"))
    assert state.phase == "discard" and state.to_move == 1
    assert set(state.hands[1]) == set(HANDS[1] + MONTE) and state.stock == ()
    assert events(state, "monte") == [{"type": "monte", "seat": 1, "cards": 5}]
    assert state.contract.partner == 2
    # twelve cards to choose from, one at a time
    assert sorted(a.card for a in legal_actions(state)) == sorted(HANDS[1] + MONTE)


@pytest.mark.rule("chiamata.call.monte")
def test_five_discards_face_down_then_the_bidder_leads():
    state = act(won_auction(), call(1, card="Ac"))
    assert rejects(state, {"type": "play", "seat": 1, "card": "Ad"}) == "chiamata.call.monte"
    assert rejects(state, discard(2, "Ac")) == "chiamata.call.monte"
    state = act(state, *(discard(1, c) for c in MONTE[:4]))
    assert state.phase == "discard"
    # only how many went down is public
    assert view(state, 3)["contract"]["discards"] is None and view(state, 3)["contract"]["discarded"] == 4
    assert view(state, 1)["contract"]["discards"] == MONTE[:4]
    state = act(state, discard(1, "4b"))
    assert state.phase == "play" and state.to_move == 1
    assert rejects(state, discard(1, "Ad")) == "chiamata.phase.order"


@pytest.mark.rule("chiamata.call.monte")
def test_the_called_card_may_not_be_discarded():
    # the Two of coins lies in the monte; once taken it is the bidder's, and he may not lay it down
    state = act(won_auction(), call(1, card="2d"))
    assert "2d" not in [a.card for a in legal_actions(state)]
    assert rejects(state, discard(1, "2d")) == "chiamata.call.monte"


@pytest.mark.rule("chiamata.call.own-card-shown", "chiamata.call.monte")
def test_a_bidder_holding_the_called_card_may_show_it_and_partner_his_right():
    state = act(won_auction(), call(1, card="2d"), *(discard(1, c) for c in ["2c", "2s", "2b", "4b", "6d"]))
    assert state.phase == "discard" and [a.show for a in legal_actions(state)] == [False, True]
    shown = act(state, own_call(1, True))
    assert shown.phase == "play" and shown.contract.partner == 2 and not shown.contract.alone
    assert events(shown, "own-card-shown") == [{"type": "own-card-shown", "seat": 1, "card": "2d", "partner": 2}]
    assert all(view(shown, s)["contract"]["partner"] == 2 for s in range(5))
    silent = act(state, own_call(1, False))
    assert silent.contract.alone
    # nobody else learns he is alone
    assert view(silent, 3)["contract"]["alone"] is None and view(silent, 1)["contract"]["alone"] is True


@pytest.mark.rule("chiamata.call.monte", "chiamata.score.target")
def test_the_discards_count_for_whoever_takes_the_last_trick():
    # seat 1 keeps the Four of batons and discards coins worth 11 + 10 + 4 + 3 + 2 = 30
    state = act(won_auction(), call(1, card="Ac"), *(discard(1, c) for c in ["Ad", "3d", "Kd", "Hd", "Jd"]))
    in_tricks = [0] * 5
    while state.phase == "play":
        state = apply(state, legal_actions(state)[0])
        for trick in events(state, "trick"):
            in_tricks[trick["winner"]] += trick["points"]
            last = trick["winner"]
    result = events(state, "hand-over")[0]
    assert sum(in_tricks) == 90 and sum(result["points"]) == 120
    assert result["points"] == [p + (30 if s == last else 0) for s, p in enumerate(in_tricks)]
    assert result["contract"]["side_points"] == result["points"][1] + result["points"][2]


@pytest.mark.rule("chiamata.score.payoff", "chiamata.score.cappotto")
def test_from_91_the_payments_double():
    state = act(won_auction(points=95), call(1, card="Ac"), *(discard(1, c) for c in MONTE))
    result = events(play_out(state), "hand-over")[0]
    sign = 1 if result["contract"]["made"] else -1
    factor = 2 if result["contract"]["doubled"] else 1
    # 91 and over: 4 / 2 / -2 each, all doubled again for all 120 card points
    assert result["game_points"] == [-2 * sign * factor, 4 * sign * factor, 2 * sign * factor,
                                     -2 * sign * factor, -2 * sign * factor]


@pytest.mark.rule("chiamata.call.monte", "chiamata.seat.dealer-sits-out")
def test_seven_players_the_dealer_sits_out_and_six_share_a_monte_of_four():
    rules = ruleset("chiamata-col-monte-7")
    from random import Random

    from regola.reference import shuffled_deck

    state = new_game(rules, shuffled_deck(rules, Random(5)))
    assert [len(h) for h in state.hands] == [0, 6, 6, 6, 6, 6, 6] and len(state.stock) == 4


@pytest.mark.rule("chiamata.call.monte")
def test_the_monte_needs_cards_left_after_the_deal():
    from regola.spec import SpecError, load

    with pytest.raises(SpecError, match="calling.monte needs an auction and cards left after the deal"):
        load("chiamata-points", {"calling.monte": True})


@pytest.mark.rule("chiamata.bid.no-counters")
def test_a_hand_without_counting_cards_may_be_shown_for_a_new_deal():
    rules = ruleset("chiamata-col-monte")
    state = new_game(rules, deck_for(rules, HANDS))
    # seat 1 holds counting cards: no showing
    assert "show-hand" not in [a.type for a in legal_actions(state)]
    assert rejects(state, {"type": "show-hand", "seat": 1}) == "chiamata.bid.no-counters"
    state = act(state, bid(1, points=61), pas(2), pas(3), pas(4))
    # seat 0 (the dealer, last to speak) holds only Fives and Fours
    assert state.to_move == 0 and legal_actions(state)[-1].type == "show-hand"
    shown = act(state, {"type": "show-hand", "seat": 0})
    in_order = sorted(HANDS[0], key=rules.deck.cards().index)
    assert events(shown, "show-hand") == [{"type": "show-hand", "seat": 0, "hand": in_order}]
    assert shown.is_chance and shown.dealer == 0 and shown.result.outcome == "void"
    assert "chiamata.bid.no-counters" in shown.rules


@pytest.mark.rule("chiamata.bid.no-counters")
def test_only_at_the_first_turn_to_speak():
    rules = ruleset("chiamata-col-monte", bidding__passes_final=False)
    state = act(new_game(rules, deck_for(rules, HANDS)), bid(1, points=61), pas(2), pas(3), bid(4, points=62))
    assert "show-hand" in [a.type for a in legal_actions(state)]
    # seat 0 passes at his first turn; when it comes round again, it is too late
    state = act(state, pas(0), bid(1, points=63), pas(2), pas(3), pas(4))
    assert state.to_move == 0 and "show-hand" not in [a.type for a in legal_actions(state)]


@pytest.mark.rule("chiamata.call.monte", "chiamata.call.own-card-shown", "chiamata.bid.no-counters")
def test_the_protocol_takes_the_new_actions_and_names_a_bad_field():
    from regola.conformance.protocol.actions import malformed

    assert malformed(discard(1, "4c")) is None
    assert malformed(own_call(1, True)) is None
    assert malformed({"type": "show-hand", "seat": 0}) is None
    assert malformed({"type": "call", "seat": 1, "card": "Ad", "second": "3d"}) is None
    assert "field 'show' of a own-call action must be true or false" in malformed({**own_call(1, True), "show": "yes"})
    assert "a discard action needs the field 'card'" in malformed({"type": "discard", "seat": 1})
