"""The loader's cache (`regola.spec.load_cache`): a load is served again
only while the files it came from are unchanged, options make entries of
their own, and what a caller does with the data never reaches the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.spec import SpecError, load, ruleset_hash
from regola.spec import load_cache


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text('extends = "briscola-2"\n\n[hand_scoring]\ntie = "replay"\n', encoding="utf-8")
    return path


def test_a_second_load_is_the_same_ruleset(house):
    first = load(house, checked=False)
    assert load(house, checked=False) is first
    assert load("briscola-2") is load("briscola-2")


def test_options_make_entries_of_their_own():
    default = load("briscola-2", checked=False)
    changed = load("briscola-2", {"hand_scoring.tie": "replay"}, checked=False)
    assert changed is not default
    assert changed.hand_scoring.tie == "replay" and default.hand_scoring.tie != "replay"
    assert ruleset_hash(changed) != ruleset_hash(default)
    # the same options, given again, are served from the cache
    assert load("briscola-2", {"hand_scoring.tie": "replay"}, checked=False) is changed
    assert load("briscola-2", checked=False) is default


def test_an_edited_file_is_never_served_stale(house):
    first = load(house, checked=False)
    assert first.hand_scoring.tie == "replay"
    text = house.read_text(encoding="utf-8")
    # the same size, written at once: only its bytes tell the two apart
    edited = text.replace('tie = "replay"', 'tie = "draw"  ')
    assert len(edited) == len(text)
    house.write_text(edited, encoding="utf-8")
    again = load(house, checked=False)
    assert again is not first and again.hand_scoring.tie == "draw"
    assert ruleset_hash(again) != ruleset_hash(first)


def test_a_file_put_beside_takes_over_from_the_shipped_one(house):
    shipped = load(house, checked=False)
    # `extends` looks beside the file first: a briscola-2.toml put there later wins
    (house.parent / "briscola-2.toml").write_text(
        'extends = "briscola-3"\n', encoding="utf-8"
    )
    beside = load(house, checked=False)
    assert shipped.seating.players == 2 and beside.seating.players == 3


def test_a_broken_edit_is_reported_not_hidden_by_the_cache(house):
    load(house, checked=False)
    house.write_text(house.read_text(encoding="utf-8") + "[hand_scoring\n", encoding="utf-8")
    with pytest.raises(SpecError, match="not valid TOML"):
        load(house, checked=False)


def test_changing_a_loaded_parse_does_not_change_the_next(house):
    from regola.spec.loader import _read

    data = _read(house)
    data["hand_scoring"]["tie"] = "changed by a caller"
    data.pop("extends")
    again = _read(house)
    assert again["extends"] == "briscola-2" and again["hand_scoring"]["tie"] == "replay"


def test_a_checked_load_still_proves_after_the_proofs_are_forgotten(monkeypatch):
    from regola.spec import invariants

    load("briscola-2")
    calls = []
    real = invariants.runner.check
    monkeypatch.setattr(invariants.runner, "check", lambda rs, **kw: calls.append(rs) or real(rs, **kw))
    load("briscola-2")
    assert len(calls) == 1  # the cache holds the validated ruleset; the proof is asked for again
    load("briscola-2", checked=False)
    assert len(calls) == 1


def test_clear_forgets_everything(house):
    first = load(house, checked=False)
    load_cache.clear()
    assert load(house, checked=False) is not first
