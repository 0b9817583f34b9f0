"""``regola serve`` and the Python API under hostile input (issue 15):
every bad request is answered ``bad-request`` and the server keeps
serving; the API raises a clear TypeError or IllegalAction."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola import reference
from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.protocol.serve import respond
from regola.spec import load

HELLO = b'{"id":0,"cmd":"hello","protocol":1}\n'


def serve_bytes(*requests: bytes, variant_file: str | None = None) -> list[dict]:
    """Answers of a real ``regola serve`` to raw request lines, hello
    before and after them."""
    args = [sys.executable, "-c", "from regola.conformance.cli.commands import main; main()", "serve"]
    if variant_file:
        args += ["--variant", variant_file]
    data = HELLO + b"".join(r.rstrip(b"\n") + b"\n" for r in requests) + HELLO
    done = subprocess.run(args, input=data, capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_hostile_requests_get_bad_request_and_the_server_goes_on(tmp_path):
    outside = tmp_path / "house.toml"
    outside.write_text('extends = "briscola-2"\n')
    answers = serve_bytes(
        b"[" * 100_000 + b"]" * 100_000,
        b'{"id":1,"cmd":"view","seat":' + b"[" * 5000 + b"]" * 5000 + b"}",
        b'{"id":2,"cmd":"hel\xe9lo"}',
        b'{"id":3,"cmd":"new","variant":"briscola-2","deck":[1,2,3]}',
        b'{"id":4,"cmd":"new","variant":"briscola-2","deck":"Ad 2d"}',
        b'{"id":5,"cmd":"new","variant":"briscola-2","deck":[null]}',
        json.dumps({"id": 6, "cmd": "new", "variant": str(outside), "deck": []}).encode(),
        b'{"id":7,"cmd":"new","variant":"../../etc/passwd","deck":[]}',
    )
    assert len(answers) == 10
    assert answers[0]["ok"] and answers[-1]["ok"]  # served before and after
    for answer in answers[1:-1]:
        assert answer["ok"] is False and answer["error"]["code"] == "bad-request", answer
    assert "file path" in answers[7]["error"]["message"]


def test_a_variant_file_given_at_start_is_served_by_its_id(tmp_path):
    house = tmp_path / "my-house.toml"
    house.write_text('extends = "briscola-2"\n')
    rs = load("briscola-2")
    deck = reference.shuffled_deck(rs, random.Random(1))
    answers = serve_bytes(json.dumps({"id": 1, "cmd": "new", "variant": "my-house", "deck": deck}).encode(),
                          variant_file=str(house))
    assert answers[1]["ok"] is True, answers[1]


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(
        st.sampled_from(["id", "cmd", "variant", "deck", "seat", "action", "options", "deal", "type", "card", "return"]),
        inner, max_size=5)),
    max_leaves=20,
)
requests = st.fixed_dictionaries(
    {"id": st.integers(0, 99), "cmd": st.sampled_from(["hello", "new", "apply", "view", "legal", "nope"])},
    optional={"variant": st.one_of(st.sampled_from(["briscola-2", "scopa-2", "/etc/passwd", "x.toml"]), json_values),
              "deck": json_values, "seat": json_values, "action": json_values, "options": json_values},
)


@settings(max_examples=50, deadline=None)
@given(request=requests)
def test_any_request_is_answered_with_its_id_and_never_opens_a_file(request):
    engine = ReferenceEngine()
    answer, _ = respond(engine, json.dumps(request))
    assert answer["id"] == request["id"]
    assert answer["ok"] in (True, False)
    if not answer["ok"]:
        assert answer["error"]["code"] in ("bad-request", "illegal", "unsupported"), answer
    respond(engine, json.dumps({"id": 1, "cmd": "hello", "protocol": 1}))[0]["ok"]


@settings(max_examples=30, deadline=None)
@given(raw=st.binary(max_size=200))
def test_any_bytes_are_answered(raw):
    out = io.StringIO()
    from regola.conformance.protocol.serve import serve

    stdin = io.TextIOWrapper(io.BytesIO(raw.replace(b"\n", b" ") + b"\n" + HELLO), encoding="utf-8")
    serve(ReferenceEngine(), stdin, out)
    lines = out.getvalue().splitlines()
    assert json.loads(lines[-1])["ok"] is True


# --- the Python API -----------------------------------------------------

@pytest.fixture(scope="module")
def state():
    rs = load("briscola-2")
    return reference.new_game(rs, reference.shuffled_deck(rs, random.Random(1)))


@pytest.mark.parametrize(
    "call",
    [
        lambda s: reference.apply(None, {"type": "play", "seat": 1, "card": "Ad"}),
        lambda s: reference.apply(s, {"type": "play", "seat": "1", "card": "Ad"}),
        lambda s: reference.apply(s, {"type": "play", "seat": True, "card": "Ad"}),
        lambda s: reference.apply(s, None),
        lambda s: reference.apply(s, 5),
        lambda s: reference.view(None),
        lambda s: reference.view(s, "1"),
        lambda s: reference.view(s, True),
        lambda s: reference.view(s, 1.0),
        lambda s: reference.legal_actions(None),
        lambda s: reference.new_game(None, []),
        lambda s: reference.new_game("briscola-2", []),
        lambda s: reference.new_game(s.ruleset, None),
        lambda s: reference.new_game(s.ruleset, "Ad 2d"),
        lambda s: reference.new_game(s.ruleset, [1, 2]),
        lambda s: reference.new_game(s.ruleset),
        lambda s: reference.initial_state(None),
    ],
)
def test_wrong_types_raise_a_clear_error(state, call):
    with pytest.raises((TypeError, reference.IllegalAction)) as caught:
        call(state)
    assert not isinstance(caught.value, AttributeError)
    assert str(caught.value)
