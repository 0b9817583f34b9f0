"""Hostile variant files: each refused with exit status 2 and one line
naming the file (and the field), never a traceback, never a stall
(issue 15: variant files)."""

from __future__ import annotations

import string
import tomllib

import pytest
from harden import one_error_line, regola
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.spec import SpecError, load, parse_option

CASES = {
    "duplicate-removed": ('extends = "briscola-2"\n[deck]\nremoved = ["2c", "2c"]\n', "deck.removed"),
    "long-extends": (f'extends = "{"a" * 5000}"\n', "extends"),
    "extends-up": ('extends = "../../etc/passwd"\n', "extends"),
    "extends-absolute": ('extends = "/etc/hostname"\n', "extends"),
    "extends-not-a-string": ("extends = 5\n", "extends"),
    "deep": ('extends = "briscola-2"\nname = ' + "[" * 5000 + "]" * 5000 + "\n", "nested"),
    "deep-but-parsable": ('extends = "briscola-2"\nname = ' + "[" * 40 + "]" * 40 + "\n", "name"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_variant_file_gets_one_line_naming_it(tmp_path, case):
    text, field = CASES[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text)
    ran = regola("show", str(path), timeout=120)
    assert ran.status == 2
    one_error_line(ran, str(path), field)


def test_a_file_that_is_not_utf8_is_named_with_its_line(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes('extends = "briscola-2"\nname = "caffè"\n'.encode("latin-1"))
    ran = regola("show", str(path), timeout=120)
    assert ran.status == 2
    assert "line 2" in one_error_line(ran, str(path), "UTF-8")


def test_an_option_through_a_field_of_the_wrong_type(tmp_path):
    path = tmp_path / "seat5.toml"
    path.write_text('extends = "briscola-2"\nseating = 5\n')
    ran = regola("show", str(path), "--option", "seating.players=3", timeout=120)
    assert ran.status == 2
    one_error_line(ran, str(path), "seating")


def test_a_50_mb_text_field_does_not_stall_show(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text('extends = "briscola-2"\nname = "' + "a" * 50_000_000 + '"\n')
    ran = regola("show", str(path), timeout=120)
    # refused before it is parsed: a second or so of work, however busy the machine
    assert ran.status == 2 and ran.cpu < 8
    one_error_line(ran, str(path))


def test_a_deeply_nested_option_value(tmp_path):
    ran = regola("show", "briscola-2", "--option", "name=" + "[" * 3000 + "]" * 3000, timeout=120)
    assert ran.status == 2
    one_error_line(ran, "name")


# --- in-process fuzzing: load never fails but with SpecError ------------

toml_keys = st.sampled_from(["name", "deck", "seating", "deal", "play", "draw", "match", "hand_scoring", "extends",
                             "removed", "players", "hand_size", "tie", "x"])
scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.text(string.printable, max_size=20),
                    st.floats(allow_nan=False, allow_infinity=False))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(toml_keys, inner, max_size=4)), max_leaves=12)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(toml_keys, values, max_size=5), base=st.sampled_from(["briscola-2", "scopa-2", None]))
def test_any_variant_file_loads_or_is_refused_with_a_spec_error(tmp_path, body, base):
    path = tmp_path / "fuzzed.toml"
    text = "".join(f"{k} = {_toml(v)}\n" for k, v in body.items() if k != "extends")
    if base:
        text = f'extends = "{base}"\n' + text
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        pass
    path.write_text(text)
    try:
        load(path, checked=False)
    except SpecError as exc:
        assert str(path) in str(exc)


@settings(max_examples=60, deadline=None)
@given(key=st.lists(toml_keys, min_size=1, max_size=3).map(".".join), value=values)
def test_any_option_loads_or_is_refused_with_a_spec_error(key, value):
    try:
        load("briscola-2", {key: value}, checked=False)
    except SpecError:
        pass


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60))
def test_any_option_text_parses_or_is_refused_with_a_spec_error(text):
    try:
        parse_option(text)
    except SpecError:
        pass
