"""`regola serve`: the reference over the JSON-lines protocol, in a real
subprocess. Every request gets one line back; errors are answers."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from regola.conformance.trace.record import record
from regola.spec import load, ruleset_hash

SUITS, RANKS = "dcsb", ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
DECK = ["Ad", "2c", "3d", "4c", "Kd", "5c", "7s"]
DECK += [r + s for s in SUITS for r in RANKS if r + s not in DECK]
HASH = ruleset_hash(load("briscola-2"))


class Session:
    """A served engine spoken to line by line."""

    def __init__(self, argv: list[str] | None = None) -> None:
        self.proc = subprocess.Popen(
            argv or [sys.executable, "-m", "regola.conformance.protocol.serve"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )

    def send(self, line: str) -> dict:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()  # one answer per request, without closing stdin
        return json.loads(self.proc.stdout.readline())

    def ask(self, **request) -> dict:
        return self.send(json.dumps(request))

    def close(self) -> int:
        self.proc.stdin.close()
        code = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


@pytest.fixture
def session():
    s = Session()
    yield s
    if s.proc.poll() is None:
        s.proc.kill()
        s.proc.wait()
    for f in (s.proc.stdin, s.proc.stdout, s.proc.stderr):
        if not f.closed:
            f.close()


def test_a_full_session(session):
    hello = session.ask(id=1, cmd="hello", protocol=1)
    assert (hello["id"], hello["ok"], hello["protocol"], hello["engine"]) == (1, True, 1, "regola-reference")
    assert "briscola-2" in hello["variants"] and "hands" in hello["fields"]
    assert hello["seat_views"] is True and hello["legal"] is True

    assert session.ask(id=2, cmd="new", variant="briscola-2", options={}, ruleset_hash=HASH, deck=DECK,
                       deal={}) == {"id": 2, "ok": True}
    legal = session.ask(id=3, cmd="legal")
    assert legal == {"id": 3, "ok": True,
                     "actions": [{"type": "play", "seat": 1, "card": c} for c in ("Ad", "3d", "Kd")]}
    assert session.ask(id=4, cmd="apply", action={"type": "play", "seat": 1, "card": "Ad"}) == {"id": 4, "ok": True}
    view = session.ask(id=5, cmd="view", seat=None)["view"]
    assert view["trick"] == [{"seat": 1, "card": "Ad"}] and view["to_move"] == 0
    mine = session.ask(id=6, cmd="view", seat=0)["view"]
    assert mine["hands"] == [["2c", "4c", "5c"], None] and mine["seat"] == 0
    assert session.ask(id=7, cmd="quit") == {"id": 7, "ok": True}
    assert session.proc.wait(timeout=30) == 0


def test_an_illegal_action_is_an_answer_with_the_rule(session):
    session.ask(id=1, cmd="new", variant="briscola-2", options={}, ruleset_hash=HASH, deck=DECK, deal={})
    answer = session.ask(id=2, cmd="apply", action={"type": "play", "seat": 0, "card": "2c"})
    assert answer["id"] == 2 and answer["ok"] is False
    assert answer["error"]["code"] == "illegal" and answer["error"]["rule"] == "briscola.play.turn"
    answer = session.ask(id=3, cmd="apply", action={"type": "play", "seat": 1, "card": "Kb"})
    assert answer["error"]["rule"] == "briscola.play.in-hand"
    # and the match goes on
    assert session.ask(id=4, cmd="apply", action={"type": "play", "seat": 1, "card": "Kd"})["ok"] is True


@pytest.mark.parametrize("line, code, text", [
    ("this is not json", "bad-request", "not JSON"),
    ("[1, 2]", "bad-request", "must be a JSON object"),
    ('{"id": 9}', "bad-request", "needs a 'cmd'"),
    ('{"id": 9, "cmd": "dance"}', "bad-request", "unknown command 'dance'"),
    ('{"id": 9, "cmd": "hello", "protocol": 2}', "unsupported", "protocol 2 is not supported"),
    ('{"id": 9, "cmd": "apply", "action": {"type": "play", "seat": 1, "card": "Ad"}}', "bad-request",
     "send 'new' first"),
    ('{"id": 9, "cmd": "view", "seat": null}', "bad-request", "send 'new' first"),
    ('{"id": 9, "cmd": "legal"}', "bad-request", "send 'new' first"),
    ('{"id": 9, "cmd": "new", "variant": "no-such-game", "deck": []}', "unsupported", "unknown variant"),
    ('{"id": 9, "cmd": "new", "variant": "briscola-2", "deck": [], "ruleset_hash": "sha256:00"}', "unsupported",
     "different spec"),
    ('{"id": 9, "cmd": "new", "variant": "briscola-2", "deck": ["Ad"]}', "bad-request", "cannot deal"),
    ('{"id": 9, "cmd": "new", "variant": "briscola-2"}', "bad-request", "missing field 'deck'"),
    ('{"id": 9, "cmd": "new", "variant": 3, "deck": []}', "bad-request", "field 'variant' must be"),
    ('{"id": 9, "cmd": "new", "variant": "briscola-2", "deck": [], "options": [1]}', "bad-request",
     "field 'options' must be"),
    ('{"id": 9, "cmd": "apply"}', "bad-request", "missing field 'action'"),
    ('{"id": 9, "cmd": "apply", "action": {"seat": 1}}', "bad-request", "needs a 'type'"),
    ('{"id": 9, "cmd": "view", "seat": "north"}', "bad-request", "must be a seat number or null"),
])
def test_every_error_is_an_answer(session, line, code, text):
    answer = session.send(line)
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert text in answer["error"]["message"]
    assert answer["id"] == (9 if line.startswith('{"id": 9') else None)
    # the engine is still there
    assert session.ask(id=10, cmd="hello", protocol=1)["ok"] is True


def test_a_seat_out_of_range_and_blank_lines(session):
    session.ask(id=1, cmd="new", variant="briscola-2", deck=DECK)
    session.proc.stdin.write("\n   \n")
    answer = session.ask(id=2, cmd="view", seat=5)
    assert answer["id"] == 2 and answer["error"]["code"] == "bad-request"
    assert "seat 5 does not exist" in answer["error"]["message"]


def test_end_of_input_ends_the_engine_quietly(session):
    session.ask(id=1, cmd="hello", protocol=1)
    assert session.close() == 0


def test_a_trace_replayed_through_the_protocol():
    trace = record("scopa-2", {}, 3, name="t", purpose="playout", description="", max_steps=25)
    h = trace.header
    s = Session()
    try:
        assert s.ask(id=0, cmd="new", variant=h["variant"], options=h["options"], ruleset_hash=h["ruleset_hash"],
                     deck=h["deck"], deal=h["deal"])["ok"]
        assert s.ask(id=1, cmd="view", seat=None)["view"] == h["view"]
        for n, step in enumerate(trace.steps, start=2):
            assert s.ask(id=n, cmd="legal")["actions"] == step["legal"]
            assert s.ask(id=n, cmd="apply", action=step["action"]) == {"id": n, "ok": True}
            assert s.ask(id=n, cmd="view", seat=None)["view"] == step["view"]
        assert s.ask(id=99, cmd="quit")["ok"]
    finally:
        s.close()


def test_the_console_script_serves_too():
    beside = Path(sys.executable).with_name("regola")  # the virtualenv's console script
    exe = str(beside) if beside.exists() else shutil.which("regola")
    s = Session([exe, "serve"])
    try:
        assert s.ask(id="a", cmd="hello", protocol=1)["id"] == "a"
        assert s.ask(id="b", cmd="quit") == {"id": "b", "ok": True}
    finally:
        assert s.close() == 0


def test_nesting_is_limited_whatever_the_number_of_brackets():
    from regola.conformance.protocol.engine import LATEST, ReferenceEngine
    from regola.conformance.protocol.serve import MAX_DEPTH, respond

    engine = ReferenceEngine(protocol=LATEST)
    deep = '{"id":1,"cmd":"legal","x":' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    answer, _ = respond(engine, deep)
    assert answer["id"] == 1 and answer["error"]["code"] == "bad-request"
    assert f"more than {MAX_DEPTH} deep" in answer["error"]["message"]
    # many brackets side by side are not deep: the request is read as usual
    wide = json.dumps({"id": 2, "cmd": "new", "variant": "briscola-2", "ruleset_hash": HASH, "deck": DECK,
                       "options": {}, "deal": {"hands": [[c] for c in DECK]}})
    assert wide.count("[") > MAX_DEPTH
    answer, _ = respond(engine, wide)
    assert answer == {"id": 2, "ok": True}


def test_an_apply_answers_with_its_views_in_the_engines_own_key_order(session):
    from regola.reference import action_dict, apply, legal_actions, new_game, view

    state = new_game(load("briscola-2"), DECK)
    action = action_dict(legal_actions(state)[0])
    after = apply(state, action)
    assert session.ask(id=1, cmd="hello", protocol="1.1")["ok"]
    assert session.ask(id=2, cmd="new", variant="briscola-2", ruleset_hash=HASH, deck=DECK, options={}, deal={})["ok"]
    answer = session.ask(id=3, cmd="apply", action=action, **{"return": {"view": True, "seats": [0, 1]}})
    assert answer["ok"], answer
    # the same keys in the same order as the reference's own views (no sorting)
    assert list(answer["view"]) == list(view(after))
    assert answer["seat_views"] == [view(after, s) for s in (0, 1)]
    assert [list(v) for v in answer["seat_views"]] == [list(view(after, s)) for s in (0, 1)]
