"""How a command-line value names a variant: an id, or the path of a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.spec import (
    SpecError,
    add_variant_file,
    did_you_mean,
    is_variant_file,
    load,
    loader,
    variant_files,
    variant_id,
)


@pytest.fixture(autouse=True)
def _no_files_left_behind(monkeypatch):
    """Files added here stay out of the other tests' processes."""
    monkeypatch.setattr(loader, "_FILES", {})


HOUSE = 'extends = "briscola-2"\nname = "Briscola at home"\n\n[hand_scoring]\ntie = "replay"\n'


def test_a_value_is_a_path_only_if_it_ends_in_toml_or_has_a_slash():
    assert is_variant_file("my.toml") and is_variant_file("rules/house") and is_variant_file("./x")
    assert not is_variant_file("briscola-2") and not is_variant_file("house")


def test_a_file_or_folder_named_like_a_variant_never_hides_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "briscola-2").mkdir()
    (tmp_path / "scopa-2").write_text("not a variant")
    assert load("briscola-2", checked=False).id == "briscola-2"
    assert load("scopa-2", checked=False).family == "scopa"


def test_an_unknown_id_gets_a_did_you_mean():
    with pytest.raises(SpecError, match=r"unknown variant 'briscola2'; did you mean briscola-2\?"):
        load("briscola2")
    assert did_you_mean("chiamatta") == "did you mean chiamata?"
    assert did_you_mean("xyzzy") == ""


def test_a_variant_file_is_known_by_its_id_once_added(tmp_path):
    path = tmp_path / "at-home.toml"
    path.write_text(HOUSE)
    with pytest.raises(SpecError, match="unknown variant 'at-home'"):
        load("at-home")
    assert variant_id(str(path)) == "at-home"
    assert variant_files()["at-home"] == path.resolve()
    ruleset = load("at-home")
    assert ruleset.id == "at-home" and ruleset.hand_scoring.tie == "replay"
    assert add_variant_file(path) == "at-home"  # the same file again is fine


def test_a_variant_file_may_not_take_a_shipped_id_or_another_files(tmp_path):
    shadow = tmp_path / "briscola-2.toml"
    shadow.write_text(HOUSE)
    with pytest.raises(SpecError, match="is a shipped variant's"):
        add_variant_file(shadow)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "twin.toml").write_text(HOUSE)
    add_variant_file(tmp_path / "a" / "twin.toml")
    with pytest.raises(SpecError, match="already taken"):
        add_variant_file(tmp_path / "b" / "twin.toml")
    with pytest.raises(SpecError, match="does not exist"):
        variant_id(str(tmp_path / "missing.toml"))
    assert Path(variant_files()["twin"]).parent.name == "a"
