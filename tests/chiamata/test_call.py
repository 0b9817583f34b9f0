"""The call: naming trumps and the called card, the secret partner, playing
alone, the weakest trump lacked, the call after a dark first trick, and what
each seat's view shows of the partnership."""

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
    play_tricks,
    rejects,
    ruleset,
)


def deal(variant: str = "chiamata", hands=None, **options):
    rules = ruleset(variant, **options)
    return new_game(rules, deck_for(rules, hands or hands_of(HAND_A)))


def won_by_seat_1_at(face: str, variant: str = "chiamata", **options):
    """Seat 1 bids ``face``, the others pass."""
    return act(deal(variant, **options), bid(1, face), pas(2), pas(3), pas(4), pas(0))


def legal(state) -> list[dict]:
    return [action_dict(a) for a in legal_actions(state)]


# In HAND_A seat 1 holds Ac 3c 2d 4s 5d 6s 7d 6b, seat 3 holds Kd and 4d.


@pytest.mark.rule("chiamata.call.suit", "chiamata.call.partner")
def test_the_winner_names_a_suit_and_the_holder_of_that_card_is_his_partner():
    state = won_by_seat_1_at("K")
    assert legal(state) == [call(1, s) for s in ("d", "c", "s", "b")]
    assert rejects(state, call(1, card="Kd")) == "chiamata.call.suit"
    assert rejects(state, call(1, "x")) == "chiamata.call.suit"
    state = act(state, call(1, "d"))
    assert events(state, "call") == [{"type": "call", "seat": 1, "card": "Kd", "trump": "d"}]
    assert state.trump == "d" and state.contract.called == "Kd" and state.contract.partner == 3
    assert "chiamata.call.partner" in state.rules
    # the player on the dealer's right leads, whoever won the auction
    assert state.phase == "play" and state.to_move == 1


@pytest.mark.rule("chiamata.info.secret-partner")
def test_only_the_partner_knows_the_partnership_until_the_card_is_played():
    state = act(won_by_seat_1_at("K"), call(1, "d"))
    assert view(state)["contract"]["partner"] == 3 and view(state)["contract"]["alone"] is False
    assert view(state, 3)["contract"]["partner"] == 3  # he holds Kd
    assert view(state, 1)["contract"] == {
        "bidder": 1, "rank": "K", "target": 61, "called": "Kd",
        "partner": None, "alone": False, "revealed": False,
    }
    for defender in (0, 2, 4):
        c = view(state, defender)["contract"]
        assert c["partner"] is None and c["alone"] is None and c["called"] == "Kd"
    # nobody's view shows another player's hand
    assert [h is not None for h in view(state, 2)["hands"]] == [False, False, True, False, False]
    assert "chiamata.info.secret-partner" in state.rules


@pytest.mark.rule("chiamata.info.reveal")
def test_playing_the_called_card_reveals_the_partner():
    state = act(won_by_seat_1_at("K"), call(1, "d"))
    state = play_tricks(state, HAND_A[:6])
    assert view(state, 0)["contract"]["partner"] is None
    state = act(state, play(0, "Hb"), play(1, "7d"), play(2, "Jb"), play(3, "Kd"))
    assert events(state, "partner-revealed") == [
        {"type": "partner-revealed", "seat": 3, "card": "Kd", "alone": False}
    ]
    assert "chiamata.info.reveal" in state.rules
    for seat in range(5):
        assert view(state, seat)["contract"]["partner"] == 3
        assert view(state, seat)["contract"]["revealed"] is True


@pytest.mark.rule("chiamata.call.own-card", "chiamata.info.secret-partner", "chiamata.info.reveal")
def test_a_bidder_who_calls_his_own_card_plays_alone_and_nobody_knows():
    state = act(won_by_seat_1_at("7"), call(1, "d"))  # 7d is in seat 1's hand
    assert state.contract.called == "7d" and state.contract.alone
    assert "chiamata.call.own-card" in state.rules
    assert view(state)["contract"]["alone"] is True and view(state)["contract"]["partner"] is None
    assert view(state, 1)["contract"]["alone"] is True
    for other in (0, 2, 3, 4):
        assert view(state, other)["contract"]["alone"] is None
    state = play_tricks(state, HAND_A[:6])
    state = act(state, play(0, "Hb"), play(1, "7d"))
    assert events(state, "partner-revealed") == [
        {"type": "partner-revealed", "seat": 1, "card": "7d", "alone": True}
    ]
    assert all(view(state, s)["contract"]["alone"] is True for s in range(5))


@pytest.mark.rule("chiamata.call.lowest-not-held")
def test_a_bidder_at_two_holding_the_two_may_call_the_weakest_trump_he_lacks():
    state = won_by_seat_1_at("2")
    # seat 1 holds 2d, 5d, 7d: in coins the weakest card he lacks is 4d; he
    # holds no other Two, so no other card may be called
    assert legal(state) == [call(1, s) for s in ("d", "c", "s", "b")] + [call(1, card="4d")]
    assert rejects(state, call(1, card="5d")) == "chiamata.call.lowest-not-held"
    assert rejects(state, call(1, card="6d")) == "chiamata.call.lowest-not-held"
    assert rejects(state, call(1, card="4c")) == "chiamata.call.lowest-not-held"
    lowest = act(state, call(1, card="4d"))
    assert lowest.contract.called == "4d" and lowest.contract.partner == 3 and lowest.trump == "d"
    assert "chiamata.call.lowest-not-held" in lowest.rules
    own = act(state, call(1, "d"))
    assert own.contract.called == "2d" and own.contract.alone


@pytest.mark.rule("chiamata.call.lowest-not-held")
def test_the_weakest_trump_lacked_is_not_offered_above_the_two():
    state = won_by_seat_1_at("7")
    assert legal(state) == [call(1, s) for s in ("d", "c", "s", "b")]
    # with any face but the Two, a call names a suit only
    assert rejects(state, call(1, card="4d")) == "chiamata.call.suit"


@pytest.mark.rule("chiamata.call.card")
def test_after_a_points_auction_the_winner_names_any_card():
    state = act(deal("chiamata-points"), bid(1, points=61), pas(2), pas(3), pas(4), pas(0))
    options = legal(state)
    assert len(options) == 40 and options[0] == call(1, card="Ad")
    assert rejects(state, call(1, "d")) == "chiamata.call.card"
    assert rejects(state, call(1, card="Xd")) == "chiamata.call.card"
    state = act(state, call(1, card="Ab"))
    assert state.trump == "b" and state.contract.partner == 2  # seat 2 holds Ab
    assert "chiamata.call.card" in state.rules


@pytest.mark.rule("chiamata.play.bidder-leads")
def test_the_winner_of_the_auction_leads_where_the_variant_says_so():
    state = act(deal("chiamata-points"), pas(1), pas(2), bid(3, points=65), pas(4), pas(0))
    assert state.contract.bidder == 3
    state = act(state, call(3, card="Kc"))
    assert state.to_move == 3 and state.leader == 3
    assert rejects(state, play(1, "Ac")) == "briscola.play.turn"
    state = act(state, play(3, "4c"))
    assert state.rules[0] == "chiamata.play.bidder-leads"


@pytest.mark.rule("chiamata.call.two")
def test_subito_al_due_always_calls_a_two():
    state = act(deal("chiamata-subito-al-due"), bid(1, points=61), pas(2), pas(3), pas(4), pas(0))
    assert legal(state) == [call(1, s) for s in ("d", "c", "s", "b")]
    assert rejects(state, call(1, card="Ad")) == "chiamata.call.suit"
    partner = act(state, call(1, "c"))  # 2c is in seat 2's hand
    assert partner.contract.called == "2c" and partner.contract.partner == 2
    alone = act(state, call(1, "d"))  # seat 1 holds 2d: he must play alone
    assert alone.contract.called == "2d" and alone.contract.alone
    assert "chiamata.call.two" in alone.rules


# --- the dark first trick ---------------------------------------------------

FRENCH = {"A": "A", "3": "T", "K": "K", "H": "Q", "J": "J", "7": "6", "6": "5", "5": "4", "4": "3", "2": "2"}
SUITS = {"d": "d", "c": "h", "s": "s", "b": "c"}


def french(card: str) -> str:
    """HAND_A's Italian cards on Briscalone's French pack (same strength and points)."""
    return FRENCH[card[:-1]] + SUITS[card[-1]]


def briscalone_deal():
    rules = ruleset("briscalone")
    hands = {s: [french(c) for c in cards] for s, cards in hands_of(HAND_A).items()}
    # HAND_A's third trick (seat 1 leads 2d; Ab, Ad, 2b, 3b follow) comes first here
    return new_game(rules, deck_for(rules, hands))


DARK_TRICK = [play(1, "2d"), play(2, "Ac"), play(3, "Ad"), play(4, "2c"), play(0, "Tc")]


@pytest.mark.rule("chiamata.call.after-first-trick")
def test_briscalone_calls_after_the_first_trick_which_then_goes_by_the_trumps_named():
    state = act(briscalone_deal(), bid(1, "K"), pas(2), pas(3), pas(4), pas(0))
    assert state.phase == "play" and state.to_move == 1 and state.trump is None
    state = act(state, *DARK_TRICK)
    # every card is down but the trick waits for the call
    assert state.phase == "call" and state.to_move == 1
    assert len(view(state)["trick"]) == 5 and view(state)["tricks_played"] == 0
    assert events(state, "trick") == []
    assert rejects(state, play(1, "Ah")) == "chiamata.phase.order"
    assert legal(state) == [call(1, s) for s in ("h", "d", "s", "c")]
    # clubs: Ac is the best trump on the trick, so seat 2 takes it
    clubs = act(state, call(1, "c"))
    assert [e["type"] for e in clubs.events] == ["call", "trick"]
    assert events(clubs, "trick")[0]["winner"] == 2 and clubs.to_move == 2
    assert clubs.contract.called == "Kc" and clubs.contract.partner == 4
    assert clubs.rules[0] == "chiamata.call.after-first-trick"
    # coins: Ad beats the led 2d, seat 3 takes it
    coins = act(state, call(1, "d"))
    assert events(coins, "trick")[0]["winner"] == 3
    # hearts: no trump on the trick, Ad is the best of the suit led
    assert events(act(state, call(1, "h")), "trick")[0]["winner"] == 3


@pytest.mark.rule("chiamata.call.after-first-trick", "chiamata.info.reveal")
def test_a_called_card_already_on_the_dark_trick_reveals_its_holder_at_the_call():
    state = act(briscalone_deal(), bid(1, "A"), pas(2), pas(3), pas(4), pas(0), *DARK_TRICK)
    state = act(state, call(1, "c"))  # Ac lies on the trick, played by seat 2
    assert events(state, "partner-revealed") == [
        {"type": "partner-revealed", "seat": 2, "card": "Ac", "alone": False}
    ]
    assert view(state, 0)["contract"]["partner"] == 2


def al_buio_deal():
    hands = hands_of(HAND_A)
    # give seat 0 a Two (2b) in exchange for his 5b
    hands[0] = [c if c != "5b" else "2b" for c in hands[0]]
    hands[4] = [c if c != "2b" else "5b" for c in hands[4]]
    state = act(deal("chiamata-al-buio", hands), pas(1), pas(2), pas(3), pas(4), bid(0, points=61))
    assert state.contract.bidder == 0 and state.phase == "play" and state.to_move == 1
    return state


@pytest.mark.rule("chiamata.play.blind-first-trick")
def test_no_two_in_the_dark_trick_but_the_bidder_playing_last():
    state = al_buio_deal()
    assert play(1, "2d") not in legal(state)
    assert rejects(state, play(1, "2d")) == "chiamata.play.blind-first-trick"
    state = act(state, play(1, "Ac"))
    assert rejects(state, play(2, "2c")) == "chiamata.play.blind-first-trick"
    state = act(state, play(2, "7c"), play(3, "4c"))
    assert rejects(state, play(4, "2s")) == "chiamata.play.blind-first-trick"
    state = act(state, play(4, "5c"))
    # seat 0 is the bidder and plays last: his Two is allowed
    assert play(0, "2b") in legal(state)
    state = act(state, play(0, "2b"))
    assert "chiamata.play.blind-first-trick" in state.rules
    assert state.phase == "call"


@pytest.mark.rule("chiamata.call.after-first-trick", "chiamata.call.own-card")
def test_al_buio_the_bidder_calling_the_two_he_played_is_alone_and_takes_the_trick():
    state = act(al_buio_deal(), play(1, "Ac"), play(2, "7c"), play(3, "4c"), play(4, "5c"), play(0, "2b"))
    batons = act(state, call(0, "b"))
    # 2b is the only trump on the trick: seat 0 takes it, and is seen to be alone
    assert events(batons, "trick")[0]["winner"] == 0
    assert batons.contract.alone and events(batons, "partner-revealed")[0]["alone"] is True
    cups = act(state, call(0, "c"))  # 2c is in seat 2's hand; Ac is the best trump
    assert events(cups, "trick")[0]["winner"] == 1 and cups.contract.partner == 2
    # after the first trick any card may be played
    assert play(1, "2d") in legal(cups)


@pytest.mark.rule("chiamata.call.two", "chiamata.call.lowest-not-held")
def test_subito_al_due_may_take_the_weakest_trump_lacked_as_an_option():
    state = act(deal("chiamata-subito-al-due", calling__lowest_not_held=True),
                bid(1, points=61), pas(2), pas(3), pas(4), pas(0))
    # seat 1 holds 2d and 5d, 7d: instead of playing alone with 2d he may call 4d
    assert legal(state) == [call(1, s) for s in ("d", "c", "s", "b")] + [call(1, card="4d")]
    assert act(state, call(1, card="4d")).contract.partner == 3


@pytest.mark.rule("chiamata.play.blind-first-trick", "briscola.play.follow-suit")
def test_barred_twos_do_not_count_for_following_suit_in_the_dark() -> None:
    """With follow-suit on, a player whose only cards of the suit led are
    Twos barred from the dark first trick may play any other card: he is
    never left without a legal play."""
    import random

    from regola.reference import apply, legal_actions, new_game, shuffled_deck
    from regola.spec import load

    ruleset = load("chiamata-al-buio", {"play.follow_suit": "must-follow"}, checked=False)
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = new_game(ruleset, shuffled_deck(ruleset, rng))
        while not state.is_over and not state.is_chance and state.tricks_played == 0:
            legal = legal_actions(state)
            assert legal, f"seed {seed}: seat {state.to_move} has no legal action"
            if state.phase == "play" and state.trick and state.contract.called is None:
                seat, hand = state.to_move, state.hands[state.to_move]
                led = state.trick[0][1][-1]
                led_cards = [c for c in hand if c[-1] == led]
                if led_cards and all(c[0] == "2" for c in led_cards) and len(led_cards) < len(hand):
                    found += 1
                    others = sorted(c for c in hand if c[0] != "2")
                    assert sorted(a["card"] for a in map(dict, legal) if a.get("card")) == others
                    other = others[0]
                    assert apply(state, {"type": "play", "seat": seat, "card": other}).hands[seat] != hand
            state = apply(state, legal[rng.randrange(len(legal))])
    assert found, "no dark first trick where the only cards of the suit led were barred Twos"
