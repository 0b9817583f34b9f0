"""``--profile NAME`` on the commands that take ``--option``: ``show``,
``play``, ``rules``, ``check`` and ``perft`` load the variant with the
option set of one of its source profiles (issue 16)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from regola.conformance.cli.commands import app
from regola.spec import load, ruleset_hash

try:  # click before 8.2 mixes stderr into stdout unless told not to
    runner = CliRunner(mix_stderr=False)
except TypeError:
    runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def test_show_prints_the_profile_and_its_values():
    result = run("show", "briscola-4", "--profile", "seed-004")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "direction: clockwise" in out  # the resolved ruleset, with the profile applied
    assert "profile seed-004: the variant as seeds/004 has it" in out
    assert "sets    seating.direction = clockwise" in out
    assert "departs" in out and "seed 004" in out


def test_show_says_what_fills_a_gap_the_source_leaves():
    out = run("show", "bixkla", "--profile", "seed-004").stdout
    assert "silent  match.target: the source does not say; 4 fills the gap" in out


def test_show_without_a_profile_lists_the_profiles():
    out = run("show", "albastini-2").stdout
    assert "source profiles (--profile NAME" in out
    assert "seed-001  seeds/001" in out and "pagat     P-ALB: seating.direction=counter-clockwise" in out


def test_show_json_with_a_profile_is_the_profile_ruleset():
    result = run("show", "briscola-4", "--profile", "pagat", "--json")
    data = json.loads(result.stdout)
    assert data["hand_scoring"]["tie"] == "draw" and data["information"]["partner_view"] == "never"
    assert ruleset_hash(load("briscola-4", profile="pagat")) in result.stderr


def test_an_option_applies_over_the_profile():
    out = run("show", "briscola-4", "--profile", "pagat", "--option", "hand_scoring.tie=last-trick").stdout
    assert "tie: last-trick" in out


def test_an_unknown_profile_is_bad_input():
    result = run("show", "bixkla", "--profile", "nope")
    assert result.exit_code == 2 and result.stdout == ""
    assert "no profile 'nope'" in result.stderr and "seed-004, pagat" in result.stderr


def test_play_and_rules_and_perft_take_a_profile():
    played = run("play", "briscola-4-solo", "--profile", "wikipedia-bisca", "--max-hands", "1")
    assert played.exit_code == 0 and "hand_scoring.tie=draw" in played.stdout
    rules = run("rules", "briscola-4", "--profile", "pagat")
    assert rules.exit_code == 0 and "briscola.score.tie" in rules.stdout
    assert run("rules", "--profile", "pagat").exit_code == 2
    assert run("perft", "bixkla", "--profile", "pagat", "--depth", "2").stdout.strip().isdigit()


def test_check_proves_every_profile_of_a_variant():
    result = run("check", "bixkla", "albastini-2", "--profile", "all", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    checked = {(r["id"], r["profile"]) for r in report["rulesets"]}
    assert checked == {("bixkla", "seed-004"), ("bixkla", "pagat"), ("albastini-2", "seed-001"), ("albastini-2", "pagat")}
    assert report["summary"]["failed"] == 0


def test_check_with_one_profile_checks_the_variants_that_have_it():
    report = json.loads(run("check", "--profile", "seed-000", "--json").stdout)
    assert [(r["id"], r["profile"]) for r in report["rulesets"]] == [("briscalone", "seed-000")]


def test_the_corpus_makes_traces_of_each_profile_and_conform_selects_them(tmp_path):
    from regola.conformance.corpus.scenarios import option_sets

    labelled = {o.slug: o.options for o in option_sets("bixkla") if o.profile}
    assert labelled == {"profile-pagat": {"seating.direction": "counter-clockwise"}}
    corpus = tmp_path / "corpus"
    assert run("corpus", "generate", "--variant", "bixkla", "--corpus", str(corpus), "--jobs", "1").exit_code == 0
    assert any(p.name.startswith("profile-pagat") for p in (corpus / "bixkla").iterdir())
    result = run("conform", "--corpus", str(corpus), "--profile", "pagat")
    assert result.exit_code == 0, result.output
    assert "bixkla" in result.stdout and "0 failed" in result.stdout
    assert run("conform", "--corpus", str(corpus), "--profile", "seed-001").exit_code == 2


def test_a_house_rules_file_may_name_its_own_profiles(tmp_path):
    path = tmp_path / "club-four.toml"
    path.write_text(
        'extends = "briscola-4"\n'
        'name = "Club Briscola"\n'
        'summary = "Briscola for four as the club plays it."\n'
        'sources = ["our club"]\n'
        "[profiles.strict]\n"
        'source = "our club"\n'
        'options = { "information.partner_view" = "never" }\n',
        encoding="utf-8",
    )
    from regola.spec import profiles

    assert list(profiles(path)) == ["strict"]  # briscola-4's own profiles cite other sources
    assert load(path, profile="strict").information.partner_view == "never"
    out = run("show", str(path), "--profile", "strict").stdout
    assert "sets    information.partner_view = never" in out
