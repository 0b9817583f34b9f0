"""What each seat may see (rules briscola.info.*)."""

from __future__ import annotations

import pytest
from regola.reference import new_game, view

from .hands import FOUR_PARTNERS
from .helpers import parse_script, play, ruleset, script_deck, stack, start

TOP = ["Ad", "2c", "3s", "4b", "5d", "6c", "7s", "Jb", "Hd", "Kc", "As", "2b", "3c", "Kb", "Ks"]


def play_tricks(state, script, first, last):
    """Play tricks ``first + 1`` to ``last`` of a script."""
    for trick in parse_script(script)[first:last]:
        for seat, card in trick.moves:
            state = play(state, seat, card)
    return state


@pytest.mark.rule("briscola.info.hidden")
def test_a_seat_sees_its_hand_the_indicator_and_the_cards_played(two):
    deck = stack(two, TOP)
    state = new_game(two, deck)
    mine = view(state, 1)
    assert sorted(mine["hands"][1]) == sorted(["Ad", "3s", "5d"])
    assert mine["hands"][0] is None
    assert mine["hand_sizes"] == [3, 3]
    assert mine["indicator"] == "7s" and mine["trump"] == "s"
    assert mine["stock_size"] == 33 and mine["stock_top"] is None
    assert "stock" not in mine
    theirs = view(state, 0)
    assert theirs["hands"][1] is None and sorted(theirs["hands"][0]) == sorted(["2c", "4b", "6c"])
    # the omniscient view shows everything, the stock in order
    everything = view(state)
    assert everything["seat"] is None
    assert everything["stock"] == deck[7:] and everything["stock_top"] == "Jb"
    # a card played is seen by everybody
    state = play(state, 1, "3s")
    assert view(state, 0)["trick"] == [{"seat": 1, "card": "3s"}]
    assert view(state, 0)["hand_sizes"] == [3, 2]


@pytest.mark.rule("briscola.info.hidden")
def test_four_players_see_only_their_own_hand(four):
    state = new_game(four, stack(four, TOP))
    for seat in range(4):
        hands = view(state, seat)["hands"]
        assert [h is not None for h in hands] == [s == seat for s in range(4)]


@pytest.mark.rule("briscola.info.hidden")
def test_a_seat_that_does_not_exist_has_no_view(two):
    state = new_game(two, stack(two, TOP))
    with pytest.raises(ValueError):
        view(state, 2)


@pytest.mark.rule("briscola.info.open-hands")
@pytest.mark.rule("briscola.info.stock-top")
def test_scoperta_shows_every_hand_and_the_stock_top():
    rules = ruleset("briscola-scoperta-2")
    deck = stack(rules, TOP)
    state = new_game(rules, deck)
    for seat in (0, 1):
        v = view(state, seat)
        assert sorted(v["hands"][1]) == sorted(["Ad", "3s", "5d"])
        assert sorted(v["hands"][0]) == sorted(["2c", "4b", "6c"])
        assert v["stock_top"] == "Jb"  # the eighth card, top of the stock
        assert "stock" not in v  # the cards below it stay hidden
    state = play(state, 1, "Ad")
    state = play(state, 0, "2c")  # seat 1 draws Jb, seat 0 draws Hd
    assert view(state, 0)["stock_top"] == "Kc"


@pytest.mark.rule("briscola.info.open-hands")
def test_scoperta_four_open_hands():
    rules = ruleset("briscola-scoperta-4")
    state = new_game(rules, stack(rules, TOP))
    for seat in range(4):
        assert None not in view(state, seat)["hands"]
        assert view(state, seat)["stock_top"] == "Kb"  # position 13, after the indicator 3c


@pytest.mark.rule("briscola.info.open-hands")
@pytest.mark.rule("briscola.info.hidden")
@pytest.mark.parametrize("variant", ["briscola-scoperta-2", "briscola-scoperta-3", "briscola-scoperta-4"])
def test_seed_004_scoperta_opens_the_hands_but_not_the_stock(variant):
    # seed 004: apart from the exposed hands the game is the standard one,
    # so nobody sees the next card to be drawn (the eighth, thirteenth...)
    from regola.spec import load

    rules = load(variant, profile="seed-004")
    state = new_game(rules, stack(rules, [c for c in TOP if c not in rules.deck.removed]))
    for seat in range(rules.seating.players):
        v = view(state, seat)
        assert None not in v["hands"] and v["stock_top"] is None, (variant, seat)
    assert view(state)["stock_top"] is not None  # the omniscient view still knows it
    assert "briscola.info.stock-top" not in state.rules


@pytest.mark.rule("briscola.info.stock-top")
def test_stock_top_alone_without_open_hands():
    rules = ruleset("briscola-2", information__stock_top_visible=True)
    state = new_game(rules, stack(rules, TOP))
    v = view(state, 0)
    assert v["stock_top"] == "Jb" and v["hands"][1] is None


@pytest.mark.rule("briscola.info.partner-view")
def test_partners_see_each_other_once_the_stock_is_exhausted(four):
    state = new_game(four, script_deck(four, FOUR_PARTNERS))
    state = play_tricks(state, FOUR_PARTNERS, 0, 6)
    assert view(state)["stock_size"] == 3
    for seat in range(4):
        hands = view(state, seat)["hands"]
        assert [h is not None for h in hands] == [s == seat for s in range(4)]
    state = play_tricks(state, FOUR_PARTNERS, 6, 7)
    assert view(state)["stock_size"] == 0 and view(state)["indicator"] is None
    # partners 0 and 2, and 1 and 3, now see each other's hands, not the opponents'
    v0 = view(state, 0)
    assert sorted(v0["hands"][2]) == sorted(["5s", "Js", "Hs"])
    assert v0["hands"][1] is None and v0["hands"][3] is None
    v3 = view(state, 3)
    assert sorted(v3["hands"][1]) == sorted(["4s", "7s", "Kb"])
    assert v3["hands"][0] is None and v3["hands"][2] is None
    # and to the end of the hand
    state = play_tricks(state, FOUR_PARTNERS, 7, 9)
    assert view(state, 2)["hands"][0] == ["Hb"]


@pytest.mark.rule("briscola.info.partner-view")
def test_partners_see_each_other_before_the_first_trick_option():
    rules = ruleset("briscola-4", information__partner_view="before-first-trick")
    hands = {1: ["Ad", "2c", "3c"], 2: ["2b", "4c", "5c"], 3: ["Hb", "6c", "7c"], 0: ["Kb", "Jc", "Hc"]}
    state = start(rules, hands, "5b")
    v1 = view(state, 1)
    assert sorted(v1["hands"][3]) == sorted(hands[3])
    assert v1["hands"][0] is None and v1["hands"][2] is None
    for seat, card in ((1, "Ad"), (2, "2b"), (3, "Hb")):
        state = play(state, seat, card)
    assert view(state, 0)["hands"][2] == ["4c", "5c"]  # still the first trick
    state = play(state, 0, "Jc")
    for seat in range(4):
        hands_seen = view(state, seat)["hands"]
        assert [h is not None for h in hands_seen] == [s == seat for s in range(4)]


@pytest.mark.rule("briscola.info.partner-view")
def test_no_partner_view_without_partners_or_by_default():
    solo = ruleset("briscola-4-solo")
    state = new_game(solo, script_deck(solo, FOUR_PARTNERS))
    state = play_tricks(state, FOUR_PARTNERS, 0, 7)
    assert view(state)["stock_size"] == 0
    assert view(state, 0)["hands"][2] is None
    never = ruleset("briscola-4", information__partner_view="never")
    state = play_tricks(new_game(never, script_deck(never, FOUR_PARTNERS)), FOUR_PARTNERS, 0, 7)
    assert view(state, 0)["hands"][2] is None
