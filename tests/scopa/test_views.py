"""What each seat sees (rule scopa.info.hidden) and the shape of the view."""

from __future__ import annotations

import json

import pytest
from regola.reference import view

from .helpers import capture, start

KEYS = {
    "variant", "seat", "phase", "hand_number", "dealer", "to_move", "hands", "hand_sizes",
    "table", "stock_size", "sides", "captured", "scope", "last_capture", "result", "match",
}


@pytest.fixture
def after_one_capture(four):
    hands = {1: ["6d", "3b", "Kc"], 2: ["Ad", "2d", "3d"], 3: ["4d", "5d", "7d"], 0: ["Jd", "Hd", "Kd"]}
    state = start(four, hands, ["2c", "4s", "Jc", "Hb"])
    return capture(state, 1, "6d", "2c", "4s")


@pytest.mark.rule("scopa.info.hidden")
def test_a_seat_sees_its_own_hand_and_everything_played(after_one_capture):
    v = view(after_one_capture, seat=2)
    assert set(v) == KEYS
    assert v["seat"] == 2
    assert v["hands"] == [None, None, ["Ad", "2d", "3d"], None]
    assert v["hand_sizes"] == [3, 2, 3, 3]
    assert v["table"] == ["Jc", "Hb"]
    assert v["stock_size"] == 24
    assert v["sides"] == [[0, 2], [1, 3]]
    assert v["captured"] == [[], ["6d", "2c", "4s"]]
    assert v["scope"] == [0, 0]
    assert v["last_capture"] == {"seat": 1, "card": "6d", "take": ["2c", "4s"], "scopa": False}


@pytest.mark.rule("scopa.info.hidden")
def test_the_observer_sees_every_hand_and_the_stock_order(after_one_capture):
    v = view(after_one_capture)
    assert set(v) == KEYS | {"stock"}
    assert all(h is not None for h in v["hands"])
    assert len(v["stock"]) == 24
    assert json.loads(json.dumps(v)) == v  # plain JSON data


@pytest.mark.rule("scopa.info.hidden")
def test_a_seat_that_does_not_exist(after_one_capture):
    with pytest.raises(ValueError):
        view(after_one_capture, seat=4)
