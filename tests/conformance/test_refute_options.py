"""A house rule that explains one divergence must agree with the engine's
other games (`regola.conformance.explain.refute`)."""

from __future__ import annotations

from regola.conformance.explain.search import Explanation
from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.compare import Difference
from regola.conformance.runner.run import run_traces
from regola.conformance.runner.verdicts import Divergence, TraceResult
from regola.conformance.explain.refute import refute_options
from regola.conformance.trace.files import iter_traces


def _failed(option: tuple[str, object]) -> TraceResult:
    d = Divergence(kind="view", step=39, line=41, action={"type": "play", "seat": 0, "card": "Ad"},
                   rules=["briscola.score.tie"], rule="briscola.score.tie",
                   message="result.winner: expected null, got 0",
                   differences=[Difference("result.winner", None, 0)])
    d.explained_by = Explanation("briscola.score.tie", "option", "behaves as if ...", options=(option,))
    return TraceResult(path="x", variant="briscola-2", name="made-up", status="failed", divergence=d)


def test_a_house_rule_the_engines_other_games_refute_becomes_a_guess():
    passed, hello = run_traces(list(iter_traces(["briscola-2"])), ReferenceEngine)
    assert all(r.status == "passed" for r in passed)
    fake = _failed(("hand_scoring.tie", "last-trick"))  # the tied hand of the corpus would go to the last trick
    refute_options([*passed, fake], hello)
    why = fake.divergence.explained_by
    assert why.how == "guess" and "reproduces this divergence, but not the engine's game" in why.text
    assert fake.divergence.rule == "briscola.score.majority"


def test_a_house_rule_the_other_games_agree_with_stays():
    untied = [p for p in iter_traces(["briscola-2"]) if p.name.startswith(("playout-", "match-"))]
    passed, hello = run_traces(untied, ReferenceEngine)
    fake = _failed(("hand_scoring.tie", "last-trick"))  # none of these games is tied: nothing refutes it
    refute_options([*passed, fake], hello)
    assert fake.divergence.explained_by.how == "option"


def test_a_misreading_the_engines_other_games_refute_becomes_a_guess():
    from regola.conformance.explain.misreadings import by_rule

    misread = next(m for m in by_rule()["briscola.draw.order"] if "winner" in m.what)
    passed, hello = run_traces([p for p in iter_traces(["briscola-2"]) if p.name.startswith("playout-")],
                               ReferenceEngine)
    fake = _failed(("hand_scoring.tie", "last-trick"))
    fake.divergence.explained_by = Explanation("briscola.draw.order", "misreading", "behaves as if ...",
                                               misreading=misread)
    refute_options([*passed, fake], hello)  # every game draws: the engine that passed them draws right
    why = fake.divergence.explained_by
    assert why.how == "guess" and "the misreading" in why.text and why.misreading is None
