"""Capturing by fifteen (rule scopa.capture.fifteen): Scopa di Quindici,
and fifteen beside the usual captures.

The W-SCO example: table Ace, 3, 5, 7 and a Two played: 2 + 1 + 5 + 7 = 15,
and no other set makes 15 with the Two (worked below by hand).
"""

from __future__ import annotations

import pytest
from regola.reference import view

from .helpers import capture, captures_of, events, play, rejects, ruleset, start

SEAT0 = ["4d", "6c", "Hs"]


@pytest.fixture
def quindici():
    return ruleset("scopa-quindici")


@pytest.mark.rule("scopa.capture.fifteen")
@pytest.mark.rule("scopa.deck.values")
def test_wikipedia_a_two_takes_ace_five_and_seven(quindici):
    # Sets adding up to 13 among A, 3, 5, 7: A+5+7 only (3+A+5 = 9, 3+7 = 10,
    # 3+5+7 = 15, 3+A+7 = 11, A+3+5+7 = 16).
    state = start(quindici, {1: ["2d", "Kb", "Jb"], 0: SEAT0}, ["Ac", "7c", "3s", "5b"])
    assert captures_of(state, "2d") == [["Ac", "7c", "5b"]]
    after = capture(state, 1, "2d", "Ac", "7c", "5b")
    assert view(after)["table"] == ["3s"]
    assert "scopa.capture.fifteen" in after.rules


@pytest.mark.rule("scopa.capture.fifteen")
def test_no_card_takes_one_of_equal_value(quindici):
    # A Five with a Five and a King on the table: only the King makes 15.
    state = start(quindici, {1: ["5d", "2b", "3b"], 0: SEAT0}, ["5c", "Kd", "Js", "Hb"])
    assert captures_of(state, "5d") == [["Kd"]]
    wrong = {"type": "capture", "seat": 1, "card": "5d", "take": ["5c"]}
    assert rejects(state, wrong) == "scopa.capture.fifteen"


@pytest.mark.rule("scopa.capture.fifteen")
@pytest.mark.rule("scopa.capture.compulsory")
def test_a_card_that_makes_fifteen_must_capture(quindici):
    state = start(quindici, {1: ["5d", "2b", "3b"], 0: SEAT0}, ["5c", "Kd", "Js", "Hb"])
    assert rejects(state, {"type": "play", "seat": 1, "card": "5d"}) == "scopa.capture.compulsory"
    # The Three makes 15 with nothing (12 is no sum of 5, 10, 8, 9): it is laid.
    assert captures_of(state, "3b") == []
    assert view(play(state, 1, "3b"))["table"] == ["Kd", "5c", "Js", "3b", "Hb"]


@pytest.mark.rule("scopa.capture.fifteen")
@pytest.mark.rule("scopa.sweep")
def test_a_sweep_by_fifteen(quindici):
    # Table Jack, 5, 3, Horse. 7 + 8 = 15: the Seven takes the Jack; 3 + 3 + 9:
    # the Three takes Three and Horse; 10 + 5: the King takes the last card.
    state = start(quindici, {1: ["7d", "Kd", "Ab"], 0: ["3d", "6c", "Hs"]}, ["Jc", "5s", "3b", "Hb"])
    assert captures_of(state, "7d") == [["Jc"], ["5s", "3b"]]
    state = capture(state, 1, "7d", "Jc")
    state = capture(state, 0, "3d", "3b", "Hb")
    assert view(state)["table"] == ["5s"]
    state = capture(state, 1, "Kd", "5s")
    assert [e["scopa"] for e in events(state, "capture")] == [True]
    assert view(state)["scope"] == [0, 1]


@pytest.mark.rule("scopa.capture.fifteen")
@pytest.mark.rule("scopa.capture.single-card-first")
def test_fifteen_beside_the_usual_captures():
    # capture.fifteen = also, single card first: a Five on 5c, Kd, 3s, 2b may
    # take the Five alone (not 3 + 2), or make 15 with Kd or with 5c + 3s + 2b.
    rules = ruleset("scopa-2", capture__fifteen="also")
    state = start(rules, {1: ["5d", "Ab", "Ad"], 0: SEAT0}, ["5c", "Kd", "3s", "2b"])
    assert captures_of(state, "5d") == [["Kd"], ["5c"], ["5c", "3s", "2b"]]
    assert rejects(state, {"type": "capture", "seat": 1, "card": "5d", "take": ["3s", "2b"]}) == (
        "scopa.capture.single-card-first"
    )
    after = capture(state, 1, "5d", "5c", "3s", "2b")
    assert "scopa.capture.fifteen" in after.rules and view(after)["table"] == ["Kd"]
