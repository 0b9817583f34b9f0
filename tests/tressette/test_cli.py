"""Tressette through the command line: `regola check` proves both variants
and `regola play` prints the declarations and the points in thirds."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from regola.conformance.cli.commands import app


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.rule("tressette.score.count")
def test_check_proves_both_variants():
    out = run("check", "tressette-4", "tressette-2")
    assert out.exit_code == 0, out.output
    assert "0 failed" in out.output


@pytest.mark.rule("tressette.declare.of-a-kind")
@pytest.mark.rule("tressette.play.no-trumps")
def test_play_prints_thirds_declarations_and_the_count():
    out = run("play", "tressette-4", "--seed", "3")
    assert out.exit_code == 0, out.output
    text = out.output
    assert "no card is turned: there are no trumps" in text
    assert "seat 3 declares napoletana Ad 2d 3d: 3 points" in text
    assert re.search(r"takes \d/3 points", text)
    assert "points counted, with the last trick" in text
    assert re.search(r"Match over after \d+ hands?: seats [0-9+]+ win", text)


@pytest.mark.rule("tressette.score.last-trick")
def test_play_the_game_for_two():
    out = run("play", "tressette-2", "--seed", "1", "--max-hands", "1")
    assert out.exit_code == 0, out.output
    assert "20 cards in the stock" in out.output
    assert "draw: seat" in out.output
    assert "hand over:" in out.output
