"""A malformed action is a bad request naming the field; a well-formed one
against the rules is illegal with the rule id (``docs/protocol.md``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from regola.conformance.protocol.actions import malformed
from regola.conformance.protocol.engine import EngineFailure, ReferenceEngine
from regola.conformance.protocol.serve import respond
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.storage import read_text
from regola.reference import new_game, shuffled_deck, view
from regola.spec import load, ruleset_hash

PROTOCOL_PAGE = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def started(variant: str = "briscola-2") -> ReferenceEngine:
    ruleset = load(variant)
    deck = shuffled_deck(ruleset, random.Random(1))
    engine = ReferenceEngine()
    engine.new(variant, {}, ruleset_hash(ruleset), deck, {})
    assert view(new_game(ruleset, deck))["to_move"] == 1
    return engine


def apply_line(engine: ReferenceEngine, action: object) -> dict:
    answer, _ = respond(engine, json.dumps({"id": 7, "cmd": "apply", "action": action}))
    return answer


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "play", "seat": 0}, "'card'"),
        ({"type": "play", "card": "Ad"}, "'seat'"),
        ({"type": "play", "seat": "1", "card": "Ad"}, "'seat'"),
        ({"type": "play", "seat": True, "card": "Ad"}, "'seat'"),
        ({"type": "play", "seat": 1, "card": 5}, "'card'"),
        ({"type": "play", "seat": 1, "card": "Ad", "colour": "red"}, "'colour'"),
        ({"type": "capture", "seat": 1, "card": "7d", "take": "3c"}, "'take'"),
        ({"type": "shuffle"}, "'deck'"),
        ({"type": "bid", "seat": 1, "points": "61"}, "'points'"),
        ({"type": "dance", "seat": 1}, "'dance'"),
        ({"seat": 1}, "'type'"),
    ],
)
def test_a_malformed_action_is_a_bad_request_naming_the_field(action, field):
    engine = started()
    answer = apply_line(engine, action)
    assert answer["ok"] is False and answer["error"]["code"] == "bad-request", answer
    assert field in answer["error"]["message"]
    assert "rule" not in answer["error"]
    with pytest.raises(EngineFailure) as failure:  # the in-process engine says the same
        engine.apply(action)
    assert failure.value.kind == "bad-request" and field in failure.value.message


def test_the_example_of_the_protocol_page_is_answered_as_the_page_says():
    answer = apply_line(started(), {"type": "play", "seat": 0})
    assert answer == {
        "id": 7,
        "ok": False,
        "error": {"code": "bad-request", "message": "apply: a play action needs the field 'card' (a card id)"},
    }
    assert answer["error"]["message"] in PROTOCOL_PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ({"type": "play", "seat": 0, "card": "Ad"}, "briscola.play.turn"),
        ({"type": "play", "seat": 1, "card": "Zz"}, "briscola.play.in-hand"),
        ({"type": "capture", "seat": 1, "card": "Ad", "take": []}, "briscola.play.phase"),
    ],
)
def test_a_well_formed_action_against_the_rules_is_illegal_with_the_rule(action, rule):
    answer = apply_line(started(), action)
    assert answer["error"]["code"] == "illegal" and answer["error"]["rule"] == rule, answer


def test_every_action_of_the_corpus_is_well_formed():
    for path in iter_traces():
        for line in read_text(path).splitlines():
            item = json.loads(line)
            for action in [item.get("action"), *(item.get("legal") or [])]:
                if action is not None:
                    assert malformed(action) is None, (path, action)
