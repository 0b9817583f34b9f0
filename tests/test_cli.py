"""The ``regola`` command line: every command, and every kind of bad input.

Bad input must give exit status 2 and one paragraph on stderr that names the
file or option, the field and what was expected, and never a traceback.
Expected facts (card counts, stock sizes, tricks per hand) are worked out
from the rules, not read back from the program.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from regola.conformance import cli
from regola.conformance.cli.commands import app
from regola.conformance.cli.render.game import GameRenderer
from regola.reference import new_game
from regola.spec import catalog, load, ruleset_hash, variant_ids
from regola.spec.loader import VARIANTS_DIR

try:  # click before 8.2 mixes stderr into stdout unless told not to
    runner = CliRunner(mix_stderr=False)
except TypeError:
    runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def bad(*args: str, output_before: bool = False) -> str:
    """Run a command that must fail on bad input; return its error paragraph.

    Nothing is printed on stdout unless ``output_before`` (the input was found
    bad only once the command had started its work)."""
    result = run(*args)
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert output_before or result.stdout == ""
    message = result.stderr
    assert message.startswith("error: "), message
    assert message.count("\n") == 1, f"not one paragraph: {message!r}"
    return message


# --- variants ---------------------------------------------------------------


def row(output: str, variant: str) -> str:
    lines = [line for line in output.splitlines() if line.split()[:1] == [variant]]
    assert len(lines) == 1, (variant, output)
    return lines[0]


def test_variants_lists_every_shipped_variant() -> None:
    result = run("variants")
    assert result.exit_code == 0
    for variant in variant_ids():
        row(result.stdout, variant)


def test_variants_shows_players_teams_and_deck_size() -> None:
    out = run("variants").stdout
    # Two players, the whole 40-card pack, each for himself.
    assert re.search(r"\b2\b.*\s-\s.*italian-40 \(40 cards\)", row(out, "briscola-2"))
    # Three players: one 2 is taken out so that 39 cards deal evenly.
    assert "(39 cards)" in row(out, "briscola-3")
    # Six players: all four 2s are taken out, 36 cards; two teams of three alternating.
    assert "(36 cards)" in row(out, "briscola-6")
    assert "0+2+4 v 1+3+5" in row(out, "briscola-6")
    # Four players, partners opposite each other.
    assert "0+2 v 1+3" in row(out, "briscola-4")
    assert "spanish-40" in row(out, "brisca-2")
    assert "P-BRI" in row(out, "briscola-2")


# --- show -----------------------------------------------------------------------


def test_show_prints_the_resolved_ruleset_and_its_hash() -> None:
    result = run("show", "briscola-2")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Briscola for two (briscola-2, briscola family)")
    assert f"ruleset hash: {ruleset_hash(load('briscola-2'))}" in out
    assert "deck italian-40: 40 cards, 120 points" in out
    assert "players: 2" in out
    assert "tie: draw" in out  # 60-60 is a draw in the standard game
    assert "kind: best-of" in out and "target: 3" in out


def test_show_with_an_option_changes_the_field_and_the_hash() -> None:
    plain = run("show", "briscola-2").stdout
    result = run("show", "briscola-2", "--option", "hand_scoring.tie=replay")
    assert result.exit_code == 0
    assert "tie: replay" in result.stdout
    expected = ruleset_hash(load("briscola-2", {"hand_scoring.tie": "replay"}))
    assert f"ruleset hash: {expected}" in result.stdout
    assert expected not in plain


def test_show_json_is_the_canonical_json_the_hash_is_made_from() -> None:
    result = run("show", "briscola-3", "--json")
    assert result.exit_code == 0
    text = result.stdout.rstrip("\n")
    data = json.loads(text)
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert data["id"] == "briscola-3" and data["seating"]["players"] == 3
    digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    assert result.stderr.strip() == f"ruleset_hash: {digest}"
    assert digest == ruleset_hash(load("briscola-3"))


def test_show_reads_a_variant_file_that_extends_a_shipped_one(tmp_path: Path) -> None:
    house = tmp_path / "house-rules.toml"
    house.write_text('extends = "briscola-2"\nname = "House Briscola"\n[hand_scoring]\ntie = "last-trick"\n')
    result = run("show", str(house))
    assert result.exit_code == 0
    assert result.stdout.startswith("House Briscola (house-rules, briscola family)")
    assert "tie: last-trick" in result.stdout


# --- play -----------------------------------------------------------------------


def hands_of(output: str) -> list[list[str]]:
    """The lines of each hand, split at the "Hand N" headings."""
    hands: list[list[str]] = []
    for line in output.splitlines():
        if line.startswith("Hand "):
            hands.append([line])
        elif hands and line.strip():
            hands[-1].append(line)
    return hands


TRICK = re.compile(r"^\s+trick\s+(\d+): (.*)  ->  seat (\d) takes (\d+) points?")


def test_play_prints_a_whole_match_trick_by_trick() -> None:
    result = run("play", "briscola-2", "--seed", "1")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Briscola for two (briscola-2), seed 1\n")
    hands = hands_of(out)
    assert 2 <= len(hands) <= 3 or "tie" in out  # best of three hands, draws aside
    for lines in hands:
        # The seat after the dealer receives first; three cards each.
        dealer = int(re.match(r"Hand \d+, seat (\d) deals", lines[0]).group(1))
        holds = [line.split() for line in lines if " holds " in line]
        assert [int(h[1]) for h in holds] == [(dealer + 1) % 2, dealer]
        assert all(len(h) == 6 for h in holds)  # "seat N holds c1 c2 c3"
        # 40 cards less 6 in hands less the indicator.
        assert any(line.strip() == "33 cards in the stock" for line in lines)
        assert any(re.match(r"^\s+indicator \w\w: trumps are \w+", line) for line in lines)
        tricks = [TRICK.match(line) for line in lines if TRICK.match(line)]
        assert [int(t.group(1)) for t in tricks] == list(range(1, 21))  # 40 cards, 2 a trick
        assert sum(int(t.group(4)) for t in tricks) == 120
        for t in tricks:
            plays = t.group(2).split(", ")
            assert len(plays) == 2
            assert t.group(3) in {p.split()[1] for p in plays}  # the winner played to it
        assert any("hand over:" in line for line in lines)
    assert "\nMatch over after " in out
    assert "final score:" in out


def test_play_is_deterministic_for_a_seed() -> None:
    first = run("play", "briscola-2", "--seed", "7").stdout
    assert first == run("play", "briscola-2", "--seed", "7").stdout
    assert first != run("play", "briscola-2", "--seed", "8").stdout


def test_play_partnership_game_names_the_sides() -> None:
    out = run("play", "briscola-4", "--seed", "3").stdout
    for lines in hands_of(out):
        tricks = [TRICK.match(line) for line in lines if TRICK.match(line)]
        assert len(tricks) == 10  # 40 cards, 4 a trick
        assert all(len(t.group(2).split(", ")) == 4 for t in tricks)
        # 40 cards less 12 in hands less the indicator.
        assert any(line.strip() == "27 cards in the stock" for line in lines)
    assert "seats 0+2" in out and "seats 1+3" in out


def test_play_shows_an_exchange_for_the_indicator() -> None:
    # Brisca lets a player who has won a trick swap the Seven or Two of trumps.
    outputs = (run("play", "brisca-2", "--seed", str(seed)).stdout for seed in range(1, 30))
    assert any(re.search(r"seat \d exchanges [27][oceb] for the indicator \w\w", out) for out in outputs)


def test_play_with_an_option_and_a_match_limit() -> None:
    result = run("play", "briscola-2", "--seed", "2", "--option", "match.kind=single")
    assert result.exit_code == 0
    assert "options: match.kind=single" in result.stdout
    assert len(hands_of(result.stdout)) >= 1
    limited = run("play", "briscola-2", "--seed", "2", "--option", "hand_scoring.tie=replay", "--max-hands", "1")
    assert limited.exit_code == 0
    assert len(hands_of(limited.stdout)) == 1


@pytest.mark.parametrize("variant", ["scopa-2", "chiamata", "bisca-2", "briscola-scoperta-3", "albastini-2"])
def test_play_prints_every_family_without_failing(variant: str) -> None:
    result = run("play", variant, "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "Hand 1, seat 0 deals" in result.stdout


def test_unknown_events_are_printed_generically() -> None:
    ruleset = load("briscola-2")
    state = new_game(ruleset, ruleset.deck.cards())
    odd = replace(state, events=({"type": "omen", "seat": 1, "cards": ["Ad", "3d"]},))
    assert GameRenderer(ruleset).step(None, odd) == ["  omen: seat=1, cards=[Ad 3d]"]


# --- schema ---------------------------------------------------------------------


def test_schema_validates_every_shipped_variant_file() -> None:
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(VARIANTS_DIR.glob("*.toml"))
    assert files
    for path in files:
        errors = [e.message for e in validator.iter_errors(tomllib.loads(path.read_text()))]
        assert not errors, (path.name, errors)


@pytest.mark.parametrize(
    "data",
    [
        {"extends": "briscola-2", "hand_scoring": {"tye": "draw"}},  # misspelt key
        {"extends": "briscola-2", "hand_scoring": {"tie": "coin-toss"}},  # not an allowed value
        {"extends": "briscola-2", "seating": {"players": "two"}},  # wrong type
        {"extends": "briscola-2", "deck": {"suits": [{"id": "d"}]}},  # a list item must be complete
        {"id": "x", "extends": "briscola-2"},  # the id is the file name
    ],
)
def test_schema_rejects_a_bad_variant_file(data: dict) -> None:
    schema = json.loads(run("schema").stdout)
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data))


def test_schema_output_is_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "variant.schema.json"
    result = run("schema", "--output", str(target))
    assert result.exit_code == 0
    assert target.read_text() == run("schema").stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["variant.schema.json"]  # no temporary left


# --- rules ----------------------------------------------------------------------


def test_rules_of_a_variant_are_the_ones_that_hold() -> None:
    out = run("rules", "briscola-2").stdout
    titles = {r.id: r.title for r in catalog("briscola").values()}
    assert re.search(r"briscola\.trick\.winner\s+│\s+" + re.escape(titles["briscola.trick.winner"]), out)
    # Briscola for two has no exchange for the indicator; Brisca has one.
    assert "briscola.exchange.card" not in out
    assert "briscola.exchange.card" in run("rules", "brisca-2").stdout
    # An option switches its rule on.
    assert "briscola.exchange.card" in run("rules", "briscola-2", "-o", "exchange.card=seven").stdout


def test_rules_without_a_variant_lists_every_family() -> None:
    out = run("rules").stdout
    assert "briscola family: every rule" in out and "scopa family: every rule" in out
    for rule in catalog("briscola").values():
        assert rule.id in out


# --- bad input ------------------------------------------------------------------


def test_unknown_variant() -> None:
    message = bad("show", "briscola-9")
    assert "unknown variant 'briscola-9'" in message and "briscola-2" in message


def test_unknown_option_field() -> None:
    message = bad("show", "briscola-2", "--option", "hand_scoring.tye=draw")
    assert "hand_scoring.tye" in message and "'tye'" in message and "tie" in message


def test_bad_option_value_names_the_field_and_the_allowed_values() -> None:
    message = bad("play", "briscola-2", "--option", "hand_scoring.tie=coin-toss")
    assert "field hand_scoring.tie" in message and "'replay'" in message and "coin-toss" in message
    assert "briscola-2.toml" in message


def test_option_without_a_value() -> None:
    message = bad("rules", "briscola-2", "--option", "hand_scoring.tie")
    assert "'hand_scoring.tie'" in message and "key=value" in message


def test_malformed_toml_names_the_file_and_the_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "briscola-2"\n[hand_scoring\ntie = "draw"\n')
    message = bad("show", str(broken))
    assert str(broken) in message and "not valid TOML" in message and "line 2" in message


def test_file_against_the_schema_names_the_file_and_the_field(tmp_path: Path) -> None:
    odd = tmp_path / "odd.toml"
    odd.write_text('extends = "briscola-2"\n[seating]\nplayers = "two"\n')
    message = bad("play", str(odd), "--seed", "1")
    assert str(odd) in message and "field seating.players" in message and "integer" in message


def test_file_extending_an_unknown_variant(tmp_path: Path) -> None:
    orphan = tmp_path / "orphan.toml"
    orphan.write_text('extends = "briscola-12"\n')
    message = bad("show", str(orphan))
    assert str(orphan) in message and "'briscola-12'" in message and "extends" in message


def test_missing_file(tmp_path: Path) -> None:
    message = bad("show", str(tmp_path / "nowhere.toml"))
    assert "nowhere.toml" in message and "does not exist" in message


def test_option_that_leaves_no_possible_indicator() -> None:
    # Every face reburied: no card may stay as the indicator, so no hand can be dealt.
    faces = '["A","2","3","4","5","6","7","J","H","K"]'
    message = bad("play", "briscola-2", "--option", f"deal.rebury_indicator={faces}", output_before=True)
    assert "briscola.deal.rebury" in message


def test_rules_option_needs_a_variant() -> None:
    assert "needs a variant" in bad("rules", "--option", "hand_scoring.tie=replay")


def test_schema_output_to_a_folder_or_a_missing_folder(tmp_path: Path) -> None:
    assert "is a folder" in bad("schema", "--output", str(tmp_path))
    missing = tmp_path / "no" / "such" / "schema.json"
    message = bad("schema", "--output", str(missing))
    assert str(missing.parent) in message and "does not exist" in message
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize(
    "args",
    [["play", "briscola-2", "--seed", "one"], ["play"], ["shuffle"], ["play", "briscola-2", "--max-hands", "0"]],
)
def test_usage_errors_exit_with_status_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2


# --- the console-script wrapper -------------------------------------------------


def regola(*args: str, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("REGOLA_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "regola.conformance.cli.commands", *args],
        capture_output=True, text=True, env=env, timeout=120, **kwargs,
    )


def test_main_phrases_bad_input_without_a_traceback() -> None:
    done = regola("play", "briscola-9")
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown variant 'briscola-9'")
    assert "Traceback" not in done.stderr


def test_main_stops_quietly_when_the_reader_goes_away() -> None:
    env = {**os.environ}
    env.pop("REGOLA_DEBUG", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "regola.conformance.cli.commands", "play", "briscola-6", "--seed", "1", "--max-hands", "50"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr


def test_main_reports_an_internal_failure_in_one_paragraph(monkeypatch, capsys) -> None:
    def broken() -> list[str]:
        raise RuntimeError("the variants folder vanished")

    import regola.spec

    # the command imports the loader's names when it runs
    monkeypatch.setattr(regola.spec, "variant_ids", broken)
    monkeypatch.setattr(sys, "argv", ["regola", "variants"])
    monkeypatch.delenv("REGOLA_DEBUG", raising=False)
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("internal error: RuntimeError: the variants folder vanished")
    assert "Traceback" not in err
