"""The match situations of every variant (issue 23): a third hand, a match
tied at its target and the hand dealt next, each way a match ends, every
per-hand field carried across a hand boundary and reset, and the ties of
every scoring category; found by the hand-by-hand match search
(`regola.conformance.corpus.matches`) the same every time."""

from __future__ import annotations

import json

import pytest

from regola.conformance.corpus.match_situations import ENDS, tied_at_target
from regola.conformance.corpus.matches import match_traces, search_match
from regola.conformance.corpus.situation_coverage import complete, situation_coverage
from regola.conformance.corpus.situations import applicable, cannot, situations, walk
from regola.conformance.trace.format import dumps_trace, write_trace
from regola.conformance.trace.record import load_ruleset


def lines(trace):
    return list(trace.lines())


@pytest.mark.parametrize(("variant", "goal"), [
    ("scopa-2", "tie-at-target"), ("chiamata", "tie-at-target"), ("bixkla", "tie-at-target"),
    ("tressette-2", "tie-at-target"), ("briscola-2", "third-hand"), ("briscola-4-solo", "third-hand"),
    ("scopa-cappotto", "end-cappotto"), ("scopa-fuori", "end-claim-right"), ("scopa-fuori", "end-claim-wrong"),
])
def test_the_match_search_finds_each_goal_the_same_every_time(variant, goal):
    rs = load_ruleset(variant)
    found = search_match(rs, goal)
    assert found is not None and goal in found.shows
    assert search_match(rs, goal) == found
    assert "match-over" in found.shows  # played to its end


def test_a_tie_at_the_target_is_shown_with_the_hand_dealt_next():
    traces, missing = match_traces("scopa-2", set())
    assert not missing
    trace = next(t for t in traces if "tie-at-target" in t.header["name"])
    rs = load_ruleset("scopa-2")
    shown = situations(lines(trace), "scopa", rs)
    shuffle = trace.steps[shown["tie-at-target"]]
    assert shuffle["action"]["type"] == "shuffle"
    tied = trace.steps[shown["tie-at-target"] - 1]["view"]["match"]
    points = tied["points"]
    assert not tied["over"] and points[0] == points[1] >= 11  # tied at the target: play goes on
    assert trace.end["match"]["over"] and trace.header["seed"] is None
    assert [dumps_trace(t) for t in match_traces("scopa-2", set())[0]] == [dumps_trace(t) for t in traces]


def test_a_tie_at_the_target_needs_the_target_reached():
    rs = load_ruleset("scopa-2", checked=False)
    assert tied_at_target(rs, {"points": [11, 11], "hands_played": 4})
    assert not tied_at_target(rs, {"points": [10, 10], "hands_played": 4})
    assert not tied_at_target(rs, {"points": [12, 11], "hands_played": 4})
    deals = load_ruleset("chiamata", checked=False)  # five deals, the highest total wins
    assert tied_at_target(deals, {"game_points": [2, 2, -1, -1, -2], "hands_played": 5})
    assert not tied_at_target(deals, {"game_points": [2, 2, -1, -1, -2], "hands_played": 4})
    assert not tied_at_target(load_ruleset("briscola-2", checked=False), {"game_points": [1, 1], "hands_played": 2})


def test_every_way_a_match_ends_is_known_and_what_cannot_end_it_is_said():
    scopa = applicable(load_ruleset("scopa-2", checked=False))
    assert "end-target" in scopa and "end-cappotto" not in scopa and "end-claim-right" not in scopa
    assert {"end-claim-right", "end-claim-wrong"} <= applicable(load_ruleset("scopa-fuori", checked=False)).keys()
    assert "end-cappotto" in applicable(load_ruleset("scopa-cappotto", checked=False))
    assert "end-deals" in applicable(load_ruleset("chiamata", checked=False))
    single = cannot(load_ruleset("briscas-2", checked=False))
    assert "end-single" not in single and "match.kind = single" in single["end-target"]
    best_of = cannot(load_ruleset("briscola-2", checked=False))
    assert "winner alone" in best_of["tie-at-target"] and "third-hand" not in best_of
    assert "third-hand" in applicable(load_ruleset("briscola-4-solo", checked=False))  # a tied hand is dealt again
    assert set(ENDS) <= set(applicable(load_ruleset("scopa-fuori", checked=False))) | set(
        cannot(load_ruleset("scopa-fuori", checked=False)))


def test_every_scoring_category_tie_is_sought_or_said_impossible():
    scopa = cannot(load_ruleset("cirulla", checked=False))
    assert "one side at most" in scopa["tie-napola"] and "own sweeps" in scopa["tie-scopas"]
    assert "tie-count" in applicable(load_ruleset("tressette-2", checked=False))  # with declarations
    assert "hand-tie-cards" in applicable(load_ruleset("brisca-2", checked=False))  # tie = more-cards
    assert "hand-tie-cards" in cannot(load_ruleset("briscola-2", checked=False))
    event = {"type": "hand-over", "points": [60, 60], "cards": [20, 20], "outcome": "draw", "winner": None}
    tied = [{"kind": "header", "view": {}, "rules": []},
            {"kind": "step", "index": 0, "action": {"type": "play"}, "rules": [], "view": {}, "events": [event]}]
    assert {"hand-tie", "hand-tie-cards"} <= situations(tied, "briscola").keys()
    counted = {**event, "points": [16, 19], "cards": [18, 22], "counted": [16, 22], "game_points": [7, 7]}
    tied[1]["events"] = [counted]
    assert "tie-count" in situations(tied, "briscola")


def _hand(points, index, shuffle=False):
    action = {"type": "shuffle", "deck": []} if shuffle else {"type": "play", "seat": 0, "card": "Ad"}
    return {"kind": "step", "index": index, "action": action, "rules": [], "events": [],
            "view": {"points": points, "match": {"over": False}}}


def test_a_field_carried_across_a_hand_boundary_must_be_seen_reset(tmp_path):
    header = {"kind": "header", "view": {"points": [0, 0]}, "rules": []}
    reset = [header, _hand([30, 90], 0), _hand([0, 0], 1, shuffle=True)]
    seen = walk(reset, "briscola")
    assert seen.carried == {"points"} and seen.shows["reset:points"] == 1
    kept = [header, _hand([30, 90], 0), _hand([30, 90], 1, shuffle=True)]
    assert walk(kept, "briscola").carried == {"points"} and "reset:points" not in walk(kept, "briscola").shows
    # a corpus whose only second hand keeps the points misses their reset
    root = tmp_path / "corpus"
    (root / "briscola-2").mkdir(parents=True)
    header = {**header, "variant": "briscola-2", "options": {}}
    (root / "briscola-2" / "kept.jsonl").write_text("".join(json.dumps(x) + "\n" for x in [header, *kept[1:]]))
    cov = situation_coverage(root)
    assert cov.variants["briscola-2"].not_reset == ["points"] and not complete(cov)
    for trace in match_traces("briscola-2", set())[0]:  # a searched match shows a third hand and the resets
        write_trace(root / "briscola-2" / f"{trace.header['name']}.jsonl", trace)
    (root / "briscola-2" / "kept.jsonl").unlink()
    vs = situation_coverage(root).variants["briscola-2"]
    assert "third-hand" in vs.shown and "points" in vs.resets and not vs.not_reset
