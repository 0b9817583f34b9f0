"""The in-process Engine interface and the reference behind it."""

from __future__ import annotations

import pytest

from regola.conformance.protocol.engine import (
    ActionRejected,
    Engine,
    EngineFailure,
    ReferenceEngine,
)
from regola.conformance.trace.record import record
from regola.spec import load, ruleset_hash

SUITS, RANKS = "dcsb", ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
# seat 1 holds Ad 3d Kd, seat 0 holds 2c 4c 5c, 7s is turned: spades are trumps
DECK = ["Ad", "2c", "3d", "4c", "Kd", "5c", "7s"]
DECK += [r + s for s in SUITS for r in RANKS if r + s not in DECK]
HASH = ruleset_hash(load("briscola-2"))


@pytest.fixture
def engine():
    e = ReferenceEngine()
    e.new("briscola-2", {}, HASH, DECK, {})
    return e


def test_it_is_an_engine():
    assert isinstance(ReferenceEngine(), Engine)


def test_hello_reports_every_view_field_seat_views_and_legal():
    hello = ReferenceEngine().hello()
    assert hello["engine"] == "regola-reference" and hello["protocol"] == 1
    assert "briscola-2" in hello["variants"] and "scopa-2" in hello["variants"]
    assert {"hands", "trick", "trump", "stock", "match", "result"} <= set(hello["fields"])
    assert hello["seat_views"] is True and hello["legal"] is True
    assert isinstance(hello["version"], str) and hello["version"]


def test_a_match_from_a_deck(engine):
    assert engine.legal() == [{"type": "play", "seat": 1, "card": c} for c in ("Ad", "3d", "Kd")]
    engine.apply({"type": "play", "seat": 1, "card": "Ad"})
    engine.apply({"type": "play", "seat": 0, "card": "2c"})
    omniscient = engine.view()
    # seat 1 took the trick with the Ace (11 points) and drew 2d first, seat 0 drew 4d
    assert omniscient["hands"] == [["4d", "4c", "5c"], ["2d", "3d", "Kd"]]  # canonical order: d before c
    assert omniscient["points"] == [0, 11] and omniscient["to_move"] == 1
    mine = engine.view(0)
    assert mine["hands"] == [["4d", "4c", "5c"], None] and mine["hand_sizes"] == [3, 3]
    assert "stock" not in mine


def test_illegal_actions_are_rejected_with_the_rule_id(engine):
    with pytest.raises(ActionRejected) as turn:
        engine.apply({"type": "play", "seat": 0, "card": "2c"})
    assert turn.value.rule == "briscola.play.turn"
    with pytest.raises(ActionRejected) as held:
        engine.apply({"type": "play", "seat": 1, "card": "2c"})
    assert held.value.rule == "briscola.play.in-hand" and "2c" in held.value.message
    with pytest.raises(ActionRejected) as phase:
        engine.apply({"type": "shuffle", "deck": DECK})
    assert phase.value.rule == "briscola.play.phase"
    # nothing changed
    assert engine.view()["trick"] == [] and engine.view()["to_move"] == 1


@pytest.mark.parametrize("call, kind, text", [
    (lambda e: e.new("no-such-game", {}, "", DECK, {}), "unsupported", "unknown variant"),
    (lambda e: e.new("briscola-2", {"hand_scoring.colour": 1}, "", DECK, {}), "unsupported", "unknown option"),
    (lambda e: e.new("briscola-2", {}, "sha256:" + "0" * 64, DECK, {}), "unsupported", "different spec"),
    (lambda e: e.new("briscola-2", {}, HASH, DECK[:-1], {}), "protocol", "cannot deal from this deck"),
    (lambda e: e.apply({"type": "play", "seat": 1, "card": "Ad"}), "protocol", "send 'new' first"),
    (lambda e: e.view(), "protocol", "send 'new' first"),
    (lambda e: e.legal(), "protocol", "send 'new' first"),
])
def test_failures_say_what_went_wrong(call, kind, text):
    with pytest.raises(EngineFailure) as err:
        call(ReferenceEngine())
    assert err.value.kind == kind and text in err.value.message


def test_a_seat_that_does_not_exist(engine):
    with pytest.raises(EngineFailure) as err:
        engine.view(2)
    assert err.value.kind == "protocol" and "seat 2 does not exist" in err.value.message


def test_after_close_a_new_match_is_needed(engine):
    engine.close()
    with pytest.raises(EngineFailure):
        engine.legal()


def test_replaying_a_trace_gives_its_views():
    trace = record("briscola-4", {}, 7, name="t", purpose="playout", description="", max_steps=30)
    e = ReferenceEngine()
    h = trace.header
    e.new(h["variant"], h["options"], h["ruleset_hash"], h["deck"], h["deal"])
    assert e.view() == h["view"]
    for step in trace.steps:
        assert e.legal() == step["legal"]
        e.apply(step["action"])
        assert e.view() == step["view"]
