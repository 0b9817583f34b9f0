"""The deal arithmetic solved the other way: which player counts and which
removals make a deal work. Every row is worked out by hand below."""

from __future__ import annotations

from regola.spec import load
from regola.spec.invariants import deal_options, deal_table
from regola.spec.invariants.deal_solve import markdown


def rows_by_players(rows):
    return {r.players: r for r in rows}


def test_briscola_with_three_cards_and_an_indicator():
    # cards to draw after the deal (indicator included) must be a multiple of n:
    # 2: 34 | 3: 31 -> take 1 | 4: 28 | 5: 25 | 6: 22 -> take 4 | 7: 19 -> take 5 | 8: 16
    rows = rows_by_players(deal_table(load("briscola-2")))
    assert {n: r.removed for n, r in rows.items()} == {2: 0, 3: 1, 4: 0, 5: 0, 6: 4, 7: 5, 8: 0}
    # the cards taken out are worth nothing and the weakest, last suits first:
    # the 2 of batons for three (as briscola-3), all four 2s for six (as briscola-6)
    assert rows[3].removed_cards == ("2b",)
    assert sorted(rows[6].removed_cards) == ["2b", "2c", "2d", "2s"]
    assert sorted(rows[7].removed_cards) == ["2b", "2c", "2d", "2s", "4b"]
    assert all(r.keeps_points for r in rows.values())
    # six players with 36 cards: 18 dealt, 1 indicator, 17 face down; 3 rounds; 6 tricks
    six = rows[6]
    assert (six.cards, six.dealt, six.stock, six.draw_rounds, six.tricks) == (36, 18, 17, 3, 6)


def test_the_whole_pack_dealt_without_drawing():
    # Chiamata: 8 cards each, no stock, no indicator: n x 8 = 40 - removed
    rows = rows_by_players(deal_table(load("chiamata"), players=range(2, 7)))
    assert rows[5].removed == 0
    assert rows[4].removed == 8 and rows[3].removed == 16 and rows[2].removed == 24
    # only 20 cards are worth nothing (every 2, 4, 5, 6 and 7): 16 out keeps the
    # 120 points, 24 out cannot
    assert rows[3].keeps_points and len(rows[3].removed_cards) == 16
    assert not rows[2].keeps_points and len(rows[2].removed_cards) == 24
    assert not rows[6].possible  # 48 cards would be needed


def test_removals_that_cannot_keep_the_points_say_so():
    # hands of 10 for three players without drawing: 10 out, fewer than the 20
    # cards worth nothing, so the points are kept
    deck = load("briscola-2").deck
    rows = rows_by_players(deal_options(deck, 10, indicator=False, draw=False, players=[3]))
    assert rows[3].removed == 10 and rows[3].keeps_points
    # hands of 2 for two players without drawing: 36 cards out, more than the 20 worth nothing
    rows = rows_by_players(deal_options(deck, 2, indicator=False, draw=False, players=[2]))
    assert rows[2].removed == 36 and not rows[2].keeps_points


def test_scopa_new_hands_use_up_the_pack():
    # (40 - 4 table - removed) must be a multiple of 3 n
    rows = rows_by_players(deal_table(load("scopa-2")))
    assert {n: r.removed for n, r in rows.items()} == {2: 0, 3: 0, 4: 0, 5: 6, 6: 0, 7: 15, 8: 12}


def test_the_table_renders_as_markdown():
    text = markdown(deal_table(load("briscola-2"), players=[3, 6]))
    lines = text.splitlines()
    assert lines[0].startswith("| players | cards out | which |")
    assert lines[2] == "| 3 | 1 | 2b | 39 | 9 | 29 | 10 | 13 |"
    assert lines[3].startswith("| 6 | 4 | ")
