"""Capturing (rules scopa.capture.*, scopa.play.*).

The worked examples are those of P-SCO (table A 3 4 5 7), P-SCN (table
3 5 5 Jack) and W-SCO (table 2 4 holding a 6; table A 3 4 8 playing an 8),
with every choice listed by hand from the rules text.
"""

from __future__ import annotations

import pytest
from regola.reference import view

from .helpers import capture, captures_of, legal, play, rejects, ruleset, start

# --- P-SCO: table Ace, 3, 4, 5, 7 -------------------------------------------


@pytest.fixture
def pagat_table(scopone):
    # Scopone: four table cards 3s 4b 5c 7c; seat 1 lays the Ace, which can
    # take nothing there (no Ace; every set of two or more adds up to 7+),
    # leaving A 3 4 5 7 for seat 2, who holds 3, Horse, 6, 5 and Jack.
    hands = {
        1: ["Ad", "2d", "3d", "4d", "6d", "7d", "Jd", "Hd", "Kd"],
        2: ["3c", "Hc", "6s", "5d", "Jc", "2b", "2s", "2c", "6b"],
        3: ["Ac", "4c", "Kc", "As", "4s", "5s", "7s", "Js", "Hs"],
        0: ["Ks", "Ab", "3b", "5b", "7b", "Jb", "Hb", "Kb", "6c"],
    }
    state = start(scopone, hands, ["3s", "4b", "5c", "7c"])
    state = play(state, 1, "Ad")
    assert view(state)["table"] == ["Ad", "5c", "7c", "3s", "4b"]
    return state


@pytest.mark.rule("scopa.capture.match")
@pytest.mark.rule("scopa.deck.values")
def test_pagat_a_three_takes_the_three(pagat_table):
    assert captures_of(pagat_table, "3c") == [["3s"]]


@pytest.mark.rule("scopa.capture.sum")
@pytest.mark.rule("scopa.deck.values")
def test_pagat_a_horse_takes_a_set_worth_nine(pagat_table):
    # 4 + 5 = 9 and A + 3 + 5 = 9: two choices, ordered by the cards taken.
    assert captures_of(pagat_table, "Hc") == [["Ad", "5c", "3s"], ["5c", "4b"]]


@pytest.mark.rule("scopa.capture.sum")
def test_pagat_a_six_takes_ace_and_five(pagat_table):
    assert captures_of(pagat_table, "6s") == [["Ad", "5c"]]


@pytest.mark.rule("scopa.capture.single-card-first")
def test_pagat_a_five_takes_the_five_not_ace_and_four(pagat_table):
    assert captures_of(pagat_table, "5d") == [["5c"]]
    action = {"type": "capture", "seat": 2, "card": "5d", "take": ["Ad", "4b"]}
    assert rejects(pagat_table, action) == "scopa.capture.single-card-first"


@pytest.mark.rule("scopa.capture.sum")
@pytest.mark.rule("scopa.deck.values")
def test_pagat_a_jack_has_three_sums_each_a_separate_action(pagat_table):
    # 8 = A + 7 = A + 3 + 4 = 5 + 3.
    takes = captures_of(pagat_table, "Jc")
    assert takes == [["Ad", "7c"], ["Ad", "3s", "4b"], ["5c", "3s"]]
    jack = [a for a in legal(pagat_table) if a["card"] == "Jc"]
    assert jack == [{"type": "capture", "seat": 2, "card": "Jc", "take": t} for t in takes]
    after = capture(pagat_table, 2, "Jc", "Ad", "3s", "4b")
    assert view(after)["table"] == ["5c", "7c"]
    assert view(after)["captured"][0] == ["Ad", "Jc", "3s", "4b"]


@pytest.mark.rule("scopa.capture.lay")
def test_pagat_a_two_takes_nothing_and_is_laid(pagat_table):
    # Nothing on the table is worth 2, and no two cards add up to 2.
    assert captures_of(pagat_table, "2b") == []
    assert {"type": "play", "seat": 2, "card": "2b"} in legal(pagat_table)
    after = play(pagat_table, 2, "2b")
    assert view(after)["table"] == ["Ad", "5c", "7c", "3s", "2b", "4b"]
    assert view(after)["to_move"] == 3
    assert "scopa.capture.lay" in after.rules


# --- P-SCN: table 3, 5, 5, Jack ---------------------------------------------


@pytest.fixture
def scopone_table(two):
    return start(two, {1: ["5d", "Kc", "Jc"], 0: ["Ad", "2d", "3d"]}, ["3c", "5s", "5b", "Jd"])


@pytest.mark.rule("scopa.capture.match")
def test_scopone_a_five_takes_one_of_the_fives(scopone_table):
    assert captures_of(scopone_table, "5d") == [["5s"], ["5b"]]
    after = capture(scopone_table, 1, "5d", "5b")
    assert view(after)["table"] == ["Jd", "3c", "5s"]


@pytest.mark.rule("scopa.capture.sum")
def test_scopone_a_king_takes_both_fives(scopone_table):
    assert captures_of(scopone_table, "Kc") == [["5s", "5b"]]


@pytest.mark.rule("scopa.capture.single-card-first")
def test_scopone_a_jack_takes_the_jack_not_five_and_three(scopone_table):
    assert captures_of(scopone_table, "Jc") == [["Jd"]]
    action = {"type": "capture", "seat": 1, "card": "Jc", "take": ["3c", "5s"]}
    assert rejects(scopone_table, action) == "scopa.capture.single-card-first"
    after = capture(scopone_table, 1, "Jc", "Jd")
    assert "scopa.capture.single-card-first" in after.rules


@pytest.mark.rule("scopa.capture.free-choice")
def test_free_choice_offers_the_single_card_and_the_sums():
    cirulla = ruleset("scopa-2", capture__priority="free")
    state = start(cirulla, {1: ["5d", "Kc", "Jc"], 0: ["Ad", "2d", "3d"]}, ["3c", "5s", "5b", "Jd"])
    assert captures_of(state, "Jc") == [["Jd"], ["3c", "5s"], ["3c", "5b"]]
    after = capture(state, 1, "Jc", "5b", "3c")
    assert view(after)["table"] == ["Jd", "5s"]
    assert "scopa.capture.free-choice" in after.rules


# --- W-SCO: table 2 and 4, holding a 6 --------------------------------------


@pytest.fixture
def two_and_four(two):
    return start(two, {1: ["6d", "3b", "Kc"], 0: ["Ad", "2d", "3d"]}, ["2c", "4s", "Jd", "Hb"])


@pytest.mark.rule("scopa.capture.compulsory")
def test_a_card_that_can_capture_may_not_be_laid(two_and_four):
    assert captures_of(two_and_four, "6d") == [["2c", "4s"]]
    assert {"type": "play", "seat": 1, "card": "6d"} not in legal(two_and_four)
    assert rejects(two_and_four, {"type": "play", "seat": 1, "card": "6d"}) == "scopa.capture.compulsory"


@pytest.mark.rule("scopa.play.free-card")
def test_another_card_that_takes_nothing_may_be_played(two_and_four):
    # The 3 takes nothing (no 3, no two cards adding to 3): the player may
    # play it although his 6 could capture.
    assert {"type": "play", "seat": 1, "card": "3b"} in legal(two_and_four)
    after = play(two_and_four, 1, "3b")
    assert view(after)["table"] == ["Jd", "2c", "4s", "3b", "Hb"]
    assert "scopa.play.free-card" in after.rules


@pytest.mark.rule("scopa.capture.optional")
def test_optional_capture_lets_a_capturing_card_be_laid():
    corse = ruleset("scopa-2", capture__compulsory=False)
    state = start(corse, {1: ["6d", "3b", "Kc"], 0: ["Ad", "2d", "3d"]}, ["2c", "4s", "Jd", "Hb"])
    six = [a for a in legal(state) if a["card"] == "6d"]
    assert six == [
        {"type": "play", "seat": 1, "card": "6d"},
        {"type": "capture", "seat": 1, "card": "6d", "take": ["2c", "4s"]},
    ]
    after = play(state, 1, "6d")
    assert "6d" in view(after)["table"]
    assert "scopa.capture.optional" in after.rules


@pytest.mark.rule("scopa.capture.single-card-first")
def test_wiki_an_eight_takes_only_the_eight(two):
    # Table A 3 4 8: A + 3 + 4 also make 8, but the single card comes first.
    state = start(two, {1: ["Jc", "2b", "Kc"], 0: ["Ad", "2d", "3d"]}, ["Ac", "3s", "4b", "Jd"])
    assert captures_of(state, "Jc") == [["Jd"]]


# --- refused captures ---------------------------------------------------------


@pytest.mark.rule("scopa.capture.from-table")
def test_a_capture_takes_only_cards_on_the_table_each_once(two_and_four):
    take_absent = {"type": "capture", "seat": 1, "card": "6d", "take": ["2c", "4b"]}
    assert rejects(two_and_four, take_absent) == "scopa.capture.from-table"
    take_own = {"type": "capture", "seat": 1, "card": "Kc", "take": ["6d", "4s"]}
    assert rejects(two_and_four, take_own) == "scopa.capture.from-table"
    take_twice = {"type": "capture", "seat": 1, "card": "Kc", "take": ["2c", "4s", "4s"]}
    assert rejects(two_and_four, take_twice) == "scopa.capture.from-table"


@pytest.mark.rule("scopa.capture.match")
def test_a_single_card_taken_must_have_the_same_value(two_and_four):
    action = {"type": "capture", "seat": 1, "card": "Kc", "take": ["Hb"]}
    assert rejects(two_and_four, action) == "scopa.capture.match"


@pytest.mark.rule("scopa.capture.sum")
def test_a_set_taken_must_add_up_to_the_card(two_and_four):
    action = {"type": "capture", "seat": 1, "card": "Kc", "take": ["2c", "Jd", "Hb"]}
    assert rejects(two_and_four, action) == "scopa.capture.sum"
    # 2 + 8 = 10: the King may take those two.
    assert captures_of(two_and_four, "Kc") == [["Jd", "2c"]]


@pytest.mark.rule("scopa.capture.lay")
def test_a_capture_of_nothing_is_refused(two_and_four):
    action = {"type": "capture", "seat": 1, "card": "3b", "take": []}
    assert rejects(two_and_four, action) == "scopa.capture.lay"


@pytest.mark.rule("scopa.play.in-hand")
def test_only_a_card_held_may_be_played(two_and_four):
    assert rejects(two_and_four, {"type": "play", "seat": 1, "card": "Ad"}) == "scopa.play.in-hand"
    action = {"type": "capture", "seat": 1, "card": "6c", "take": ["2c", "4s"]}
    assert rejects(two_and_four, action) == "scopa.play.in-hand"


@pytest.mark.rule("scopa.play.turn")
def test_only_the_player_to_move_may_play(two_and_four):
    assert rejects(two_and_four, {"type": "play", "seat": 0, "card": "Ad"}) == "scopa.play.turn"
    after = capture(two_and_four, 1, "6d", "2c", "4s")
    assert view(after)["to_move"] == 0
    assert rejects(after, {"type": "play", "seat": 1, "card": "3b"}) == "scopa.play.turn"


@pytest.mark.rule("scopa.play.phase")
def test_no_shuffle_during_a_hand_and_no_foreign_actions(two_and_four):
    deck = [r + s for s in "dcsb" for r in "A234567JHK"]
    assert rejects(two_and_four, {"type": "shuffle", "deck": deck}) == "scopa.play.phase"
    assert rejects(two_and_four, {"type": "exchange", "seat": 1, "card": "6d"}) == "scopa.play.phase"
    assert rejects(two_and_four, {"type": "capture", "seat": 1, "card": "6d"}) == "scopa.play.phase"


# --- the Ace takes all (options) ---------------------------------------------

# Ten-card Scopone dealt one suit to each player: the table starts empty.
ONE_SUIT_EACH = {seat: [r + s for r in "A234567JHK"] for seat, s in {1: "d", 2: "c", 3: "s", 0: "b"}.items()}


@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_an_ace_takes_the_whole_table_and_sweeps():
    rules = ruleset("scopa-2", capture__ace_takes_all="scopa")
    state = start(rules, {1: ["Ad", "Kc", "Jc"], 0: ["2d", "3d", "4d"]}, ["3c", "5s", "5b", "Jd"])
    assert [a for a in legal(state) if a["card"] == "Ad"] == [
        {"type": "capture", "seat": 1, "card": "Ad", "take": ["Jd", "3c", "5s", "5b"]}
    ]
    action = {"type": "capture", "seat": 1, "card": "Ad", "take": ["3c"]}
    assert rejects(state, action) == "scopa.capture.ace-takes-all"
    after = capture(state, 1, "Ad", "3c", "5s", "5b", "Jd")
    v = view(after)
    assert v["table"] == [] and v["scope"] == [0, 1]
    assert v["last_capture"]["scopa"] is True


@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_scopa_d_assi_the_ace_sweep_is_no_scopa():
    rules = ruleset("scopa-2", capture__ace_takes_all="no-scopa")
    state = start(rules, {1: ["Ad", "Kc", "Jc"], 0: ["2d", "3d", "4d"]}, ["3c", "5s", "5b", "Jd"])
    after = capture(state, 1, "Ad", "3c", "5s", "5b", "Jd")
    v = view(after)
    assert v["table"] == [] and v["scope"] == [0, 0]
    assert v["captured"][1] == ["Ad", "Jd", "3c", "5s", "5b"]


@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_with_an_ace_on_the_table_an_ace_takes_only_the_ace():
    rules = ruleset("scopa-2", capture__ace_takes_all="scopa")
    state = start(rules, {1: ["Ad", "Kc", "Jc"], 0: ["2d", "3d", "4d"]}, ["Ac", "5s", "5b", "Jd"])
    assert captures_of(state, "Ad") == [["Ac"]]
    action = {"type": "capture", "seat": 1, "card": "Ad", "take": ["Jd", "Ac", "5s", "5b"]}
    assert rejects(state, action) == "scopa.capture.ace-takes-all"


@pytest.mark.rule("scopa.capture.ace-takes-all")
def test_an_ace_on_an_empty_table_stays_there():
    rules = ruleset("scopone-scientifico", capture__ace_takes_all="scopa")
    state = start(rules, ONE_SUIT_EACH)
    assert [a for a in legal(state) if a["card"] == "Ad"] == [{"type": "play", "seat": 1, "card": "Ad"}]
    assert view(play(state, 1, "Ad"))["table"] == ["Ad"]


@pytest.mark.rule("scopa.capture.ace-takes-itself")
def test_an_ace_on_an_empty_table_may_take_itself():
    rules = ruleset("scopone-scientifico", capture__ace_takes_all="no-scopa", capture__ace_on_empty_table="takes-itself")
    state = start(rules, ONE_SUIT_EACH)
    assert [a for a in legal(state) if a["card"] == "Ad"] == [{"type": "capture", "seat": 1, "card": "Ad", "take": []}]
    after = capture(state, 1, "Ad")
    v = view(after)
    assert v["table"] == [] and v["captured"] == [[], ["Ad"]] and v["scope"] == [0, 0]
    assert v["last_capture"] == {"seat": 1, "card": "Ad", "take": [], "scopa": False}
    assert "scopa.capture.ace-takes-itself" in after.rules
