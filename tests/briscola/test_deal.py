"""From a deck order to hands, indicator and stock (rules briscola.deal.*,
briscola.play.first-lead)."""

from __future__ import annotations

import pytest
from regola.reference import IllegalAction, initial_state, legal_actions, new_game, view
from regola.spec import SpecError, load

from .helpers import cards_of, events, play, plays, rejects, ruleset, shuffle, stack

# Twelve distinct cards to put on top of a deck, in this order.
TOP = ["Ad", "2c", "3s", "4b", "5d", "6c", "7s", "Jb", "Hd", "Kc", "As", "2b"]


def hands(state) -> list[list[str]]:
    return view(state)["hands"]


@pytest.mark.rule("briscola.deal.shuffle")
def test_the_deck_order_alone_fixes_the_deal(two):
    deck = stack(two, TOP)
    first, again = new_game(two, deck), new_game(two, deck)
    assert view(first) == view(again)
    # the omniscient view lists the stock in deck order, top first
    assert view(first)["stock"] == deck[7:]
    assert view(first)["stock_top"] == deck[7]


@pytest.mark.rule("briscola.deal.shuffle")
def test_a_new_match_waits_for_its_shuffle(two):
    state = initial_state(two)
    assert state.is_chance and not state.is_over
    assert legal_actions(state) == []
    assert view(state)["phase"] == "shuffle"
    dealt = shuffle(state, stack(two, TOP))
    assert view(dealt)["phase"] == "play"


@pytest.mark.rule("briscola.deal.shuffle")
@pytest.mark.parametrize(
    "change",
    [
        lambda d: d[:-1],  # one card short
        lambda d: d + ["Ad"],  # one card too many, repeated
        lambda d: ["Ad"] + d[1:-1] + ["Ad"],  # a card twice, another missing
        lambda d: ["Ao"] + d[1:],  # a Spanish card in an Italian pack
        lambda d: [],
    ],
)
def test_a_deck_that_is_not_the_pack_is_refused(two, change):
    deck = change(stack(two, TOP))
    assert rejects(initial_state(two), {"type": "shuffle", "deck": deck}) == "briscola.deal.shuffle"


@pytest.mark.rule("briscola.deal.shuffle")
def test_a_deck_with_a_removed_card_is_refused():
    three = ruleset("briscola-3")
    deck = ["2b"] + stack(three)[1:]  # 2b is out of the three-player pack
    assert rejects(initial_state(three), {"type": "shuffle", "deck": deck}) == "briscola.deal.shuffle"


@pytest.mark.rule("briscola.deal.hands")
def test_two_players_one_card_at_a_time_non_dealer_first(two):
    state = new_game(two, stack(two, TOP))
    # positions 0, 2, 4 to seat 1 (after the dealer), 1, 3, 5 to seat 0
    assert set(hands(state)[1]) == {"Ad", "3s", "5d"}
    assert set(hands(state)[0]) == {"2c", "4b", "6c"}
    assert view(state)["hand_sizes"] == [3, 3]
    assert view(state)["dealer"] == 0


@pytest.mark.rule("briscola.deal.hands")
def test_four_players_deal_round_from_the_dealers_next(four):
    state = new_game(four, stack(four, TOP))
    h = hands(state)
    assert set(h[1]) == {"Ad", "5d", "Hd"}  # positions 0, 4, 8
    assert set(h[2]) == {"2c", "6c", "Kc"}  # 1, 5, 9
    assert set(h[3]) == {"3s", "7s", "As"}  # 2, 6, 10
    assert set(h[0]) == {"4b", "Jb", "2b"}  # 3, 7, 11 (the dealer last)


@pytest.mark.rule("briscola.deal.hands")
def test_packets_of_three_and_the_seventh_card_turned():
    bisca = ruleset("bisca-2")
    top = ["Ah", "2h", "3h", "4h", "5h", "6h", "7h"]
    state = new_game(bisca, stack(bisca, top))
    assert set(hands(state)[1]) == {"Ah", "2h", "3h"}
    assert set(hands(state)[0]) == {"4h", "5h", "6h"}
    assert view(state)["indicator"] == "7h"
    same = ruleset("briscola-2", deal__packets=[3])
    state = new_game(same, stack(same, TOP))
    assert set(hands(state)[1]) == {"Ad", "2c", "3s"}
    assert set(hands(state)[0]) == {"4b", "5d", "6c"}


@pytest.mark.rule("briscola.deal.hands")
def test_hands_are_listed_in_canonical_order(two):
    state = new_game(two, stack(two, ["Kb", "2d", "Ad", "Hs", "3c", "7c"]))
    # suits d c s b, faces A 2 3 4 5 6 7 J H K
    assert hands(state)[1] == ["Ad", "3c", "Kb"]
    assert hands(state)[0] == ["2d", "7c", "Hs"]


@pytest.mark.rule("briscola.deal.indicator")
@pytest.mark.parametrize(
    ("variant", "position"),
    [("briscola-2", 6), ("briscola-3", 9), ("briscola-4", 12), ("briscola-6", 18)],
)
def test_the_card_after_the_deal_is_turned(variant, position):
    rules = ruleset(variant)
    deck = stack(rules)
    state = new_game(rules, deck)
    v = view(state)
    assert v["indicator"] == deck[position]
    assert v["trump"] == deck[position][-1]
    assert v["stock"] == deck[position + 1 :]
    assert events(state, "deal")[0]["indicator"] == deck[position]


@pytest.mark.rule("briscola.deal.indicator")
def test_seed_four_player_indicator_is_the_thirteenth_card(four):
    state = new_game(four, stack(four, TOP + ["3c"]))
    assert view(state)["indicator"] == "3c" and view(state)["trump"] == "c"


@pytest.mark.rule("briscola.deal.indicator")
def test_bottom_indicator():
    rules = ruleset("briscola-2", deal__indicator="bottom")
    deck = stack(rules, TOP, bottom=["Hb"])
    v = view(new_game(rules, deck))
    assert v["indicator"] == "Hb" and v["trump"] == "b"
    assert v["stock"] == deck[6:39]  # the stock starts right after the hands
    assert v["stock_size"] == 33


@pytest.mark.rule("briscola.deal.indicator")
def test_indicator_turned_before_the_deal():
    rules = ruleset("briscola-2", deal__indicator="before-deal")
    deck = stack(rules, TOP)
    v = view(new_game(rules, deck))
    assert v["indicator"] == "Ad" and v["trump"] == "d"
    assert set(v["hands"][1]) == {"2c", "4b", "6c"}  # positions 1, 3, 5
    assert set(v["hands"][0]) == {"3s", "5d", "7s"}  # positions 2, 4, 6
    assert v["stock"] == deck[7:]


@pytest.mark.rule("briscola.deal.indicator")
def test_no_indicator_means_no_trumps():
    rules = ruleset("briscola-2", deal__indicator="none")
    deck = stack(rules, ["2d", "Ab", "5c", "3b", "Kc", "4s"])
    state = new_game(rules, deck)
    v = view(state)
    assert v["indicator"] is None and v["trump"] is None
    assert v["stock_size"] == 34 and v["stock"] == deck[6:]
    # 2d led, Ab played: without trumps only the suit led can win
    state = plays(state, "1:2d", "0:Ab")
    assert events(state, "trick")[0]["winner"] == 1
    # both draw from the stock, no indicator to take
    assert [(e["seat"], e["card"]) for e in events(state, "draw")] == [(1, deck[6]), (0, deck[7])]


@pytest.mark.rule("briscola.deal.rebury")
def test_an_ace_or_three_indicator_is_reburied():
    rules = ruleset("briscola-2", deal__rebury_indicator=["A", "3"])
    deck = stack(rules, TOP[:6] + ["Ab", "3c", "5s"])
    state = new_game(rules, deck)
    v = view(state)
    assert v["indicator"] == "5s" and v["trump"] == "s"
    assert events(state, "deal")[0]["reburied"] == ["Ab", "3c"]
    # both went back into the middle of the stock, which otherwise keeps its order
    stock = v["stock"]
    assert len(stock) == 33
    for card in ("Ab", "3c"):
        assert 33 // 4 <= stock.index(card) <= 3 * 33 // 4
    assert [c for c in stock if c not in ("Ab", "3c")] == deck[9:]
    assert "briscola.deal.rebury" in state.rules


@pytest.mark.rule("briscola.deal.rebury")
def test_rebury_keeps_other_faces_and_is_off_by_default(two):
    rules = ruleset("briscola-2", deal__rebury_indicator=["A", "3"])
    v = view(new_game(rules, stack(rules, TOP[:6] + ["Kb"])))
    assert v["indicator"] == "Kb"
    v = view(new_game(two, stack(two, TOP[:6] + ["Ab"])))
    assert v["indicator"] == "Ab"  # without the option an Ace stays


@pytest.mark.rule("briscola.deal.rebury")
def test_rebury_a_bottom_indicator():
    rules = ruleset("briscola-2", deal__indicator="bottom", deal__rebury_indicator=["A", "3"])
    deck = stack(rules, TOP[:6], bottom=["6b", "3d"])
    v = view(new_game(rules, deck))
    assert v["indicator"] == "6b"
    assert "3d" in v["stock"][5:-5]


@pytest.mark.rule("briscola.deal.rebury")
def test_a_pack_where_no_card_may_stay_is_refused():
    faces = [r.id for r in ruleset("briscola-2").deck.ranks]
    options = {"deal.rebury_indicator": faces}
    # the loader's invariants refuse such a ruleset outright...
    with pytest.raises(SpecError):
        load("briscola-2", options)
    # ...and the interpreter, handed it unchecked, refuses to deal it
    rules = load("briscola-2", options, checked=False)
    with pytest.raises(IllegalAction) as err:
        new_game(rules, cards_of(rules))
    assert err.value.rule_id == "briscola.deal.rebury"


@pytest.mark.rule("briscola.play.first-lead")
def test_non_dealer_leads_with_two(two):
    state = new_game(two, stack(two, TOP))
    assert view(state)["to_move"] == 1 and view(state)["leader"] == 1
    assert rejects(state, {"type": "play", "seat": 0, "card": hands(state)[0][0]}) == "briscola.play.turn"
    state = play(state, 1, "Ad")
    assert "briscola.play.first-lead" in state.rules


@pytest.mark.rule("briscola.play.first-lead")
def test_dealers_next_leads_with_four(four):
    state = new_game(four, stack(four, TOP))
    assert view(state)["to_move"] == 1


@pytest.mark.rule("briscola.play.first-lead")
def test_first_lead_before_the_dealer_option():
    rules = ruleset("briscola-4", play__first_lead="before-dealer")
    state = new_game(rules, stack(rules, TOP))
    # the deal still starts after the dealer, but seat 3 leads
    assert set(hands(state)[1]) == {"Ad", "5d", "Hd"}
    assert view(state)["to_move"] == 3
    assert rejects(state, {"type": "play", "seat": 1, "card": "Ad"}) == "briscola.play.turn"
    state = play(state, 3, "3s")
    assert view(state)["to_move"] == 0
