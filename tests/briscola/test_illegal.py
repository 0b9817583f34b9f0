"""Every kind of refused action, with the rule that refuses it.

A refused action raises IllegalAction(rule_id, message) and changes nothing
(``rejects`` checks the omniscient view is the same afterwards).
"""

from __future__ import annotations

import pytest
from regola.reference import IllegalAction, apply, initial_state, legal_actions, view
from regola.spec import catalog

from .hands import WIN_61
from .helpers import play, play_script, rejects, ruleset, stack, start

HANDS = {1: ["Ad", "2c", "3c"], 0: ["2b", "4c", "5c"]}


@pytest.fixture
def dealt(two):
    return start(two, HANDS, "5b", ["Kd", "Hd"])


@pytest.fixture
def between_hands(two):
    state = play_script(two, WIN_61)  # best of three: one hand is not enough
    assert state.is_chance
    return state


@pytest.mark.rule("briscola.play.phase")
def test_shuffle_during_a_hand(dealt, two):
    assert rejects(dealt, {"type": "shuffle", "deck": stack(two)}) == "briscola.play.phase"
    mid_trick = play(dealt, 1, "Ad")
    assert rejects(mid_trick, {"type": "shuffle", "deck": stack(two)}) == "briscola.play.phase"


@pytest.mark.rule("briscola.play.phase")
def test_play_or_exchange_between_hands(between_hands):
    assert legal_actions(between_hands) == []
    for seat in (0, 1):
        assert rejects(between_hands, {"type": "play", "seat": seat, "card": "Ad"}) == "briscola.play.phase"
    assert rejects(between_hands, {"type": "exchange", "seat": 1, "card": "2b"}) == "briscola.play.phase"


@pytest.mark.rule("briscola.play.phase")
def test_play_before_the_first_shuffle(two):
    state = initial_state(two)
    assert rejects(state, {"type": "play", "seat": 1, "card": "Ad"}) == "briscola.play.phase"


@pytest.mark.rule("briscola.play.phase")
@pytest.mark.parametrize(
    "action",
    [
        {"type": "discard", "seat": 1, "card": "Ad"},  # no such action
        {"type": "play", "seat": 1},  # no card
        {"type": "play", "card": "Ad"},  # no seat
        {"type": "play", "seat": "one", "card": "Ad"},  # seat not a number
        {"type": "play", "seat": 1, "card": "Ad", "extra": True},  # unknown field
        {"seat": 1, "card": "Ad"},  # no type
        {"type": "shuffle"},  # no deck
        {"type": "shuffle", "deck": "Ad 2d"},  # deck not a list
        "play Ad",
        None,
        [],
    ],
)
def test_malformed_actions(dealt, action):
    assert rejects(dealt, action) == "briscola.play.phase"


@pytest.mark.rule("briscola.play.phase")
@pytest.mark.parametrize(
    "action",
    [
        {"type": "bid", "seat": 1, "points": 61},
        {"type": "pass", "seat": 1},
        {"type": "call", "seat": 1, "suit": "d"},
    ],
)
def test_auction_actions_in_a_game_without_auction(dealt, action):
    assert rejects(dealt, action) in catalog("briscola")


@pytest.mark.rule("briscola.play.phase")
def test_refusals_name_a_rule_of_the_catalogue_and_explain(dealt):
    try:
        apply(dealt, {"type": "play", "seat": 1})
    except IllegalAction as exc:
        assert exc.rule_id in catalog("briscola")
        assert "card" in exc.message and exc.rule_id in str(exc)
    else:  # pragma: no cover - the assertion above is the test
        raise AssertionError("accepted")


@pytest.mark.rule("briscola.play.in-hand")
@pytest.mark.rule("briscola.play.turn")
def test_each_refusal_keeps_the_state_usable(dealt):
    # a refused action is not half applied: the right move still works
    for bad in (
        {"type": "play", "seat": 1, "card": "2b"},
        {"type": "play", "seat": 0, "card": "2b"},
        {"type": "shuffle", "deck": []},
    ):
        with pytest.raises(IllegalAction):
            apply(dealt, bad)
    after = play(dealt, 1, "Ad")
    assert view(after)["trick"] == [{"seat": 1, "card": "Ad"}]
    assert view(dealt)["trick"] == []  # the old state is untouched


@pytest.mark.rule("briscola.play.turn")
def test_out_of_turn_is_checked_before_the_card(dealt):
    # seat 0 plays a card it does not hold, out of turn: the turn is the fault
    assert rejects(dealt, {"type": "play", "seat": 0, "card": "Ad"}) == "briscola.play.turn"


@pytest.mark.rule("briscola.play.in-hand")
def test_a_card_played_earlier_cannot_be_played_again(dealt):
    state = play(dealt, 1, "Ad")
    state = play(state, 0, "2b")  # trumps win: seat 0 leads
    assert rejects(state, {"type": "play", "seat": 0, "card": "2b"}) == "briscola.play.in-hand"


@pytest.mark.rule("briscola.deal.shuffle")
def test_bad_deck_order_for_the_next_hand(between_hands, two):
    deck = stack(two)
    assert rejects(between_hands, {"type": "shuffle", "deck": deck[1:]}) == "briscola.deal.shuffle"
    assert rejects(between_hands, {"type": "shuffle", "deck": deck[:-1] + deck[:1]}) == "briscola.deal.shuffle"
    assert rejects(between_hands, {"type": "shuffle", "deck": ["Ao"] + deck[1:]}) == "briscola.deal.shuffle"


@pytest.mark.rule("briscola.match.end")
def test_rule_ids_of_refusals_exist(two):
    state = play_script(ruleset("briscola-2", match__kind="single"), WIN_61)
    with pytest.raises(IllegalAction) as err:
        apply(state, {"type": "shuffle", "deck": stack(two)})
    assert err.value.rule_id == "briscola.match.end" and err.value.rule_id in catalog("briscola")
