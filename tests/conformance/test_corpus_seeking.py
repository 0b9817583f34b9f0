"""Rule-seeking lines (`regola.conformance.corpus.seeking`): whole matches
that look one step ahead for rule ids not yet shown, and keep clear of
actions that end the match early."""

from __future__ import annotations

import pytest

from regola.conformance.corpus.scenario_search import profile, search, seek_search
from regola.conformance.corpus.seeking import seek_line
from regola.conformance.trace.format import dumps_trace
from regola.conformance.trace.record import record_line
from regola.spec import load


def _record(found, name="seeking"):
    return dumps_trace(
        record_line("scopa-fuori", {}, found.line.seed, found.line.actions, name=name, purpose="scenario",
                    description="a rule-seeking line")
    )


@pytest.mark.rule("scopa.match.claim-right")
def test_a_seeking_line_reaches_a_right_claim_and_is_the_same_every_time():
    rules = load("scopa-fuori")
    pending = {"scopa.match.claim-right"}
    [found] = seek_search(rules, pending)
    assert pending == set()
    assert found.last == "scopa.match.claim-right"
    actions = found.line.actions
    assert found.steps == len(actions)
    # it plays more than one hand, and claims once: the right claim at its last step
    assert sum(a["type"] == "shuffle" for a in actions) >= 1
    assert [i for i, a in enumerate(actions) if a["type"] == "claim"] == [len(actions) - 1]
    assert profile(rules, found.line)["scopa.match.claim-right"] == found.steps
    [again] = seek_search(rules, {"scopa.match.claim-right"})
    assert again == found
    assert _record(found) == _record(again)
    assert '"scopa.match.claim-right"' in _record(found).splitlines()[-2]


def test_a_seeking_line_keeps_clear_of_a_claim_that_would_end_the_match():
    # a random line claims, wrongly, within the first hand; a seeking line
    # looking for something that never happens plays the match to its end
    # (where, every action ending the match, a claim may be the last one)
    sought = seek_line(load("scopa-fuori"), 0, {"no.such.rule"})
    assert sought.seen == {}
    assert not any(a["type"] == "claim" for a in sought.actions[:-1])
    assert sum(a["type"] == "shuffle" for a in sought.actions) >= 2


def test_the_search_tries_seeking_lines_only_for_what_the_other_stages_miss():
    rules = load("scopa-fuori")
    pending = {"scopa.match.claim-right", "scopa.match.claim-wrong"}
    found = search(rules, pending)
    assert pending == set()
    hows = {f.last: f.how for f in found}
    assert "seeking" not in hows["scopa.match.claim-wrong"]  # a random line claims wrongly soon enough
    assert "seeking" in hows["scopa.match.claim-right"]
