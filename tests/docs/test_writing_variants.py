"""The page on writing a variant file: its examples load and prove, and every
command it shows exists with the options it uses."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from regola.spec import Ruleset, load

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
ROOT = DOCS_DIR.parent
PAGE = DOCS_DIR / "writing-variants.md"
EXAMPLES = sorted((DOCS_DIR / "examples" / "variants").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_loads_and_proves(path):
    ruleset = load(path)  # checked: every invariant proved
    assert isinstance(ruleset, Ruleset) and ruleset.id == path.stem


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_meets_the_schema_an_editor_is_given(path):
    import jsonschema
    from regola.conformance.cli.variant_schema import variant_file_schema  # what `regola schema` writes

    validator = jsonschema.Draft202012Validator(variant_file_schema())
    assert not [e.message for e in validator.iter_errors(tomllib.loads(path.read_text(encoding="utf-8")))]


def test_the_examples_cover_extends_an_override_and_a_new_deck():
    raw = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES}
    assert all(r.get("extends") for r in raw.values())
    # one field changed, nothing else
    assert raw["briscola-2-replay-ties"] == {"extends": "briscola-2", "hand_scoring": {"tie": "replay"}}
    assert load(EXAMPLES[0]).hand_scoring.tie == "replay"
    # a new deck, declared in full
    french = load(DOCS_DIR / "examples" / "variants" / "french-briscola.toml")
    assert french.deck.name == "french-40" and "Qh" in french.deck.cards() and len(french.deck.cards()) == 40
    assert french.seating.players == 2  # the rest comes from briscola-2


def test_the_page_shows_every_example_file():
    text = PAGE.read_text(encoding="utf-8")
    for path in EXAMPLES:
        assert f'--8<-- "{path.relative_to(ROOT).as_posix()}"' in text


def _command_lines(text: str) -> list[list[str]]:
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    return [shlex.split(line.split("#")[0]) for block in blocks for line in block.splitlines()
            if line.startswith("regola ")]


def test_every_command_on_the_page_exists_with_its_options():
    from _gen.cli_ref import _root

    commands = _command_lines(PAGE.read_text(encoding="utf-8"))
    used = {" ".join(words[:3]) for words in commands}
    for needed in ("regola check my.toml", "regola play my.toml", "regola corpus generate",
                   "regola conform --engine", "regola perft my.toml", "regola schema --output"):
        assert any(u.startswith(needed) for u in used), needed
    for words in commands:
        cmd = _root()
        rest = words[1:]
        while rest and hasattr(cmd, "commands") and rest[0] in cmd.commands:
            cmd, rest = cmd.commands[rest[0]], rest[1:]
        assert not hasattr(cmd, "commands"), f"{' '.join(words)}: not a command"
        options = {opt for p in cmd.params for opt in (*p.opts, *p.secondary_opts)}
        for word in rest:
            if word.startswith("-"):
                assert word in options, f"{' '.join(words)}: no option {word}"


def test_the_page_is_in_the_nav_and_the_home_page_points_to_it():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "  - Writing a variant file: writing-variants.md\n" in nav
    home = (DOCS_DIR / "index.md").read_text(encoding="utf-8")
    spec_writers = home.split("**Spec writers**")[1].split("</div>")[0]
    assert "(writing-variants.md)" in spec_writers
