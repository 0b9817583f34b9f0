"""``regola fuzz`` keeps what it finds (issue 23): a failure is shrunk only
to the same kind of disagreement on the same rule, failures are counted
exactly, the variants and option sets an engine refuses are learnt and
never sampled, the time budget holds, and the probes try every kind of
action in every phase."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from mutants import BY_NAME, MutantEngine

from regola import reference
from regola.conformance.cli.fuzz import _report
from regola.conformance.corpus.matrix import TYPES
from regola.conformance.fuzz import play as fuzz_play
from regola.conformance.fuzz.campaign import KEPT_FAILURES, Campaign, Results, run
from regola.conformance.fuzz.choices import ScriptedChoices
from regola.conformance.fuzz.plan import game, option_key, option_space
from regola.conformance.fuzz.play import Outcome
from regola.conformance.fuzz.probes import Probes
from regola.conformance.protocol.engine import EngineFailure
from regola.conformance.runner.lockstep import LockstepDisagreement
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.record import legal_dicts, load_ruleset, rejection, seeded_game

HERE = Path(__file__).resolve()


class OptionShy(MutantEngine):
    """The reference for two variants, refusing every option set."""

    name = "option-shy"
    variants = ("briscola-2", "scopa-2")

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]) -> None:
        if options:
            raise EngineFailure("unsupported", "this engine plays the default rules only")
        super().new(variant, options, ruleset_hash, deck, deal)


class AcceptsAfterTheEnd(MutantEngine):
    """Accepts (and ignores) any action once the match is over."""

    name = "accepts-after-the-end"

    def on_illegal(self, before: Any, action: dict[str, Any], exc: reference.IllegalAction) -> Any:
        if before.is_over:
            return before
        return super().on_illegal(before, action, exc)


def spec(cls: type) -> str:
    return f"{HERE}:{cls.__name__}"


def test_the_variants_and_option_sets_an_engine_refuses_are_learnt_and_never_sampled(tmp_path):
    campaign = Campaign(spec(OptionShy), ("briscola-2", "scopa-2", "chiamata"), games=24, out_dir=tmp_path)
    results = run(campaign, jobs=2)
    assert results.count("unsupported") == 0 and results.count("passed") == 24, results.counts
    assert results.unlisted == ("chiamata",)
    assert results.refused == {v: len(option_space(v)) for v in ("briscola-2", "scopa-2")}
    refused = frozenset(option_key(v, o) for v in ("briscola-2", "scopa-2") for o in option_space(v))
    assert not any(game(0, n, ("briscola-2", "scopa-2"), True, refused).options for n in range(24))
    assert any(game(0, n, ("briscola-2", "scopa-2")).options for n in range(24))  # without learning: half


def test_failures_are_counted_exactly(capsys):
    results = Results(engine="node my.js")
    for n in range(KEPT_FAILURES + 5):
        results.add(Outcome(n, "briscola-2", {}, n, "failed", steps=3, rule="briscola.trick.winner"))
    results.add(Outcome(9999, "briscola-2", {}, 1, "passed", steps=40))
    assert results.count("failed") == KEPT_FAILURES + 5 and len(results.failures) == KEPT_FAILURES
    results.seconds = 1.0
    _report(results, None)
    out = capsys.readouterr().out
    assert f"{KEPT_FAILURES + 5} failed" in out and "1 passed" in out
    assert out.count("FAILED game") == 20 and f"and {KEPT_FAILURES + 5 - 20} more failed games" in out
    assert f"(the first {KEPT_FAILURES} are kept)" in out


class _Scripted:
    """A stand-in for a game: a probe in the script makes the engine fail
    one way (it crashes), none another (it times out)."""

    def __call__(self, host: Any, game_: Any, choices: ScriptedChoices, out: Any, replay: Any = None) -> Any:
        for kind, _ in choices.script:
            getattr(choices, {"deck": "deck_seed", "probe": "probe", "choice": "choice"}[kind])(
                *([5] if kind == "choice" else []))
        probed = any(kind == "probe" and v for kind, v in choices.used)
        return LockstepDisagreement("x", None, lines=3, failure="crash" if probed else "timeout")


def test_a_failure_shrinks_only_to_the_same_kind_and_rule(monkeypatch):
    monkeypatch.setattr(fuzz_play, "_attempt", _Scripted())
    script = [("deck", 7), ("probe", 1), ("choice", 3), ("probe", 0), ("choice", 2)]
    shrunk = fuzz_play._shrink(None, None, script, 10.0, ("engine-crash", None))
    assert ("probe", 1) in shrunk  # dropping the probe shows another failure: kept
    assert [v for k, v in shrunk if k in ("choice", "deck")] == [0, 0, 0]  # the rest at its simplest
    other = fuzz_play._shrink(None, None, script, 10.0, ("engine-timeout", None))
    assert ("probe", 1) not in other


def test_a_shrunk_game_replays_to_the_same_kind_and_rule(tmp_path):
    mutant = BY_NAME["accepts-card-not-held"]
    results = run(Campaign(f"{sys.executable} {HERE.parent / 'mutants' / 'wire.py'} {mutant.name}",
                           ("briscola-2",), games=24, out_dir=tmp_path), jobs=2)
    first = results.failures[0]
    assert first.signature == ("accepted", "briscola.play.in-hand") and first.trace
    replayed, _ = run_traces([Path(first.trace)], mutant.engine)
    assert (replayed[0].divergence.kind, replayed[0].rule) == first.signature


def test_the_time_budget_covers_games_and_shrinking(tmp_path):
    started = time.monotonic()
    results = run(Campaign(spec(AcceptsAfterTheEnd), ("briscola-2",), seconds=6.0, keep_going=True,
                           shrink_seconds=20.0, out_dir=tmp_path), jobs=2)
    elapsed = time.monotonic() - started
    assert results.count("failed") and results.failures[0].trace  # found, shrunk and written
    assert elapsed < 6.0 + 3.0 and results.seconds < 6.0 + 3.0, elapsed  # not 20 s more to shrink
    quiet = run(Campaign(None, ("briscola-2",), seconds=3.0, out_dir=tmp_path / "q"), jobs=2)
    assert quiet.games and quiet.seconds < 3.0 + 3.0


def test_an_action_after_the_match_is_probed_and_its_acceptance_caught(tmp_path):
    results = run(Campaign(spec(AcceptsAfterTheEnd), ("briscola-2",), games=24, out_dir=tmp_path), jobs=2)
    first = results.failures[0]
    assert first.signature[0] == "accepted", first.message
    trace = [json.loads(line) for line in Path(first.trace).read_text().splitlines()]
    assert trace[-2]["kind"] == "reject" and trace[-1]["match"]["over"]  # the probe after the end
    assert first.rule == trace[-2]["rule"] in ("briscola.match.end", "briscola.play.phase")


@pytest.mark.parametrize("variant", ["chiamata", "scopa-2", "briscola-2"])
def test_probes_try_every_kind_of_action_in_every_phase(variant):
    rs = load_ruleset(variant)
    probes = Probes(rs)
    _, first, steps = seeded_game(rs, 10, None)
    states = [first] + [after for *_, after in steps]
    phases: dict[str, set[str]] = {}
    for state in states:
        legal = legal_dicts(state)
        offered = probes(state, legal)
        assert all(rejection(state, a) for a in offered)  # every one refused by the rules
        phase = "over" if state.is_over else "between-hands" if state.is_chance else str(state.phase)
        phases.setdefault(phase, set()).update(a["type"] for a in offered)
    assert {"over", "between-hands"} <= phases.keys()
    assert phases["over"] == set(TYPES)  # a play after the match, and every other kind
    assert "shuffle" in phases["play"] and "capture" in phases["play"] | phases["over"]  # a new deal mid-hand
    if rs.family != "scopa":
        assert "capture" in phases["play"]  # a capture in a trick game
    if variant == "chiamata":
        assert {"bid", "pass"} <= phases["play"] and "play" in phases["bid"]
    assert "play" in phases["between-hands"]
