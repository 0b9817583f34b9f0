"""The traces that reach where bugs live (`regola.conformance.corpus.reach`):
full matches, pair games, extreme hands, searched matches, the negative
matrix, and the situation coverage report; generated the same every time,
and the situations really in the traces."""

from __future__ import annotations

import json

import pytest

from regola.conformance.corpus.extremes import play, search_extremes
from regola.conformance.corpus.matrix import TYPES, cells
from regola.conformance.corpus.match_situations import MATCH_SITUATIONS
from regola.conformance.corpus.pairs import pair_game, pair_traces, pair_universe, pairs_cannot, pairs_met
from regola.conformance.corpus.reach import extreme_traces, match_traces
from regola.conformance.corpus.situation_coverage import complete, render, situation_coverage
from regola.conformance.corpus.situations import applicable, situations
from regola.conformance.trace.format import dumps_trace, read_trace
from regola.conformance.trace.record import load_ruleset
from regola.spec import catalog, variant_ids


def lines(trace):
    return list(trace.lines())


@pytest.fixture(scope="module")
def scopa_matches():
    return match_traces("scopa-2")


def test_full_matches_reach_several_hands_and_their_end(scopa_matches):
    assert len(scopa_matches) >= 2
    for trace in scopa_matches:
        shows = situations(lines(trace), "scopa", load_ruleset("scopa-2"))
        assert {"second-hand", "match-over", "end-target"} <= shows.keys()
        assert trace.end["match"]["over"] is True and trace.end["match"]["hands_played"] >= 2
        assert "legal" not in trace.steps[0]  # legal lists are in the playouts only


def test_every_per_hand_field_is_seen_reset_by_a_new_hand(scopa_matches):
    shows = situations(lines(scopa_matches[0]), "scopa")
    resets = {s[6:] for s in shows if s.startswith("reset:")}
    assert {"captured", "scope", "last_capture", "result", "hand_sizes", "stock_size"} <= resets
    chiamata = situations(lines(match_traces("chiamata")[0]), "briscola")
    assert {"reset:points", "reset:won", "reset:contract", "reset:auction.history", "reset:result"} <= chiamata.keys()


def test_after_the_end_of_a_match_every_kind_of_action_is_refused(scopa_matches):
    first = scopa_matches[0]
    assert first.header["name"] == "negative--matrix" and scopa_matches[1].header["name"].startswith("match-seed-")
    after = {i["action"]["type"]: i["rule"] for i in first.items
             if i["kind"] == "reject" and i["index"] == first.end["steps"]}
    assert set(after) == set(TYPES)
    assert {after["play"], after["capture"], after["shuffle"]} == {"scopa.match.end"}
    assert not any(i["kind"] == "reject" for i in scopa_matches[1].items)


def test_matches_are_the_same_every_time(scopa_matches):
    assert [dumps_trace(t) for t in match_traces("scopa-2")] == [dumps_trace(t) for t in scopa_matches]


def test_a_pair_meets_in_a_trick_of_one_suit_or_a_capture_of_one_rank():
    trick = {"kind": "step", "events": [{"type": "trick", "cards": ["Ad", "3d", "Ab"], "winner": 0}]}
    assert list(pairs_met([trick], "briscola")) == [("3d", "Ad")]
    capture = {"kind": "step", "events": [{"type": "capture", "card": "7d", "take": ["7c"], "seat": 0}]}
    assert list(pairs_met([capture], "scopa")) == [("7c", "7d")]
    assert len(pair_universe(load_ruleset("briscola-2", checked=False))) == 4 * 45


@pytest.mark.parametrize("variant", ["briscola-2", "scopa-2", "chiamata"])
def test_pair_games_meet_every_pair_of_the_variant_and_its_traces_show_them(variant):
    rs = load_ruleset(variant)
    traces, missing = pair_traces(variant, set())
    assert not missing and traces
    met = set()
    for trace in traces:
        new = set(pairs_met(lines(trace), rs.family)) - met
        assert new and trace.header["purpose"] == "playout" and trace.header["seed"] is not None
        # cut right after the step that brings the last new pair
        last = trace.steps[-1]
        assert set(pairs_met([last], rs.family)) - met
        met |= new
    assert met == pair_universe(rs)
    again, _ = pair_traces(variant, set())
    assert [dumps_trace(t) for t in again] == [dumps_trace(t) for t in traces]  # the same every time
    half = set(sorted(pair_universe(rs))[::2])
    assert pair_traces(variant, half)[0] != traces  # only the pairs not met elsewhere are sought


def test_a_pair_game_makes_missing_pairs_meet_first():
    rs = load_ruleset("briscola-2", checked=False)
    universe = pair_universe(rs)
    actions, per_step = pair_game(rs, 100, universe)
    assert actions == pair_game(rs, 100, universe)[0]
    assert per_step and all(a["type"] == "play" for a in actions)
    tricks = len(actions) // 2
    assert sum(len(m) for _, m in per_step) > tricks // 2  # most tricks of two make a new pair meet
    assert not pair_game(rs, 100, set())[1]  # nothing missing: nothing met counts


def test_pairs_that_cannot_meet_are_said_so():
    quindici = load_ruleset("scopa-quindici", checked=False)  # captures by fifteen only
    cannot = pairs_cannot(quindici)
    assert ("Kb", "Kc") in cannot and "scopa.capture.fifteen" in cannot[("Kb", "Kc")]
    assert ("7b", "7c") not in cannot  # 7 + 7 + A = 15
    assert len(pair_universe(quindici)) == 60 - len(cannot) == 42
    assert not pairs_cannot(load_ruleset("scopa-2", checked=False))


@pytest.mark.parametrize("variant", ["scopa-2", "chiamata"])
def test_extreme_hands_show_their_situation_at_their_last_step(variant):
    rs = load_ruleset(variant)
    traces, missing = extreme_traces(variant, {})
    assert traces
    shown = set()
    for trace in traces:
        names = trace.header["name"].removeprefix("extreme--").split("--")
        seen = situations(lines(trace), rs.family)
        for name in names:
            where = seen[name]
            index = where[1] if isinstance(where, tuple) else where
            assert index <= trace.end["steps"] - 1
        # cut right after the step that shows the last of them
        assert max((seen[n][1] if isinstance(seen[n], tuple) else seen[n]) for n in names) == trace.end["steps"] - 1
        shown |= set(names)
    assert shown | set(missing) == set(applicable(rs)) - MATCH_SITUATIONS
    assert [dumps_trace(t) for t in extreme_traces(variant, {})[0]] == [dumps_trace(t) for t in traces]


def test_scopa_ties_in_every_category_are_found():
    kept, missing = search_extremes(load_ruleset("scopa-2", checked=False))
    found = {n for _, names, _ in kept for n in names}
    assert {"tie-cards", "tie-coins", "tie-primiera", "last-play-decides", "max-sweeps"} <= found
    for game, names, steps in kept:
        if "tie-coins" in names:
            event = next(e for e in _events(game) if e["type"] == "hand-over")
            assert event["categories"]["coins"] is None and event["coins"][0] == event["coins"][1]


def _events(game):
    from regola.conformance.trace.record import record_line

    trace = record_line("scopa-2", {}, game.seed, list(game.actions), name="x", purpose="scenario", description="x")
    return [e for s in trace.steps for e in s["events"]]


def test_the_auction_extremes_pass_all_or_raise_by_the_smallest_step():
    rs = load_ruleset("chiamata", checked=False)
    longest = play(rs, 0, "first-bid")
    count, index = longest.shows["longest-auction"]
    bids = [a for a in longest.actions[:index + 1] if a["type"] == "bid"]
    assert count == index + 1 and len(bids) >= 10  # every face, then points
    assert "all-pass" in situations([{"kind": "header", "view": {}, "rules": []}] + [
        {"kind": "step", "index": i, "action": {"type": "pass", "seat": i}, "events": [], "rules": [], "view": {}}
        for i in range(5)] + [{"kind": "step", "index": 5, "action": {"type": "play", "seat": 0, "card": "Ad"},
                               "events": [], "rules": [], "view": {}}], "briscola")


@pytest.mark.parametrize("variant", ["briscola-2", "chiamata", "scopa-2", "albastini-2", "chiamata-al-buio"])
def test_the_negative_matrix_tries_every_type_in_every_phase_and_every_corruption(variant):
    rs = load_ruleset(variant, checked=False)
    found = cells(variant)
    assert found == cells(variant)
    phases = {c.phase for c in found}
    assert {"play", "between-hands"} <= phases
    if rs.bidding.kind != "none":
        assert "bid" in phases
    for phase in phases:
        tried = {c.kind for c in found if c.phase == phase}
        assert tried == set(TYPES), phase
    corruptions = {c.corruption for c in found}
    assert {"out of turn", "seat past the last", "negative seat", "card not held", "card that does not exist",
            "deck with a card missing", "deck with a card repeated", "deck with a card that does not exist",
            "deck with a card too many", "not allowed now"} <= corruptions
    if rs.family == "scopa":
        assert {"take a card not on the table", "take a card repeated", "take a card that does not exist"} <= corruptions
    if rs.bidding.kind == "points-auction":
        assert {"points below the lowest allowed", "points past the highest allowed", "negative points"} <= corruptions
    rules = set(catalog(rs.family))
    assert all(c.rule in rules for c in found if c.rule)
    # a value of the wrong JSON type is the protocol's bad request, never a reject line
    assert all(isinstance(c.action.get("seat", 0), int) for c in found)


def test_the_matrix_trace_holds_every_cell_as_a_reject_line(tmp_path):
    trace = match_traces("chiamata")[0]
    assert trace.header["name"] == "negative--matrix" and trace.end["match"]["over"]
    rejects = {(i["index"], json.dumps(i["action"], sort_keys=True)): i["rule"]
               for i in trace.items if i["kind"] == "reject"}
    found = cells("chiamata", seed=trace.header["seed"], hands=None, steps=trace.end["steps"])
    assert {c.phase for c in found} >= {"bid", "bid-raised", "call", "play", "between-hands", "over"}
    for c in found:
        if c.rule:
            assert rejects[(c.index, json.dumps(c.action, sort_keys=True))] == c.rule
    assert len(rejects) == sum(1 for c in found if c.rule)
    path = tmp_path / "negative--matrix.jsonl"
    path.write_text(dumps_trace(trace), encoding="utf-8")
    assert read_trace(path).header["purpose"] == "negative"


def test_the_situation_report_shows_situations_and_what_cannot_occur(tmp_path):
    root = tmp_path / "corpus"
    (root / "briscas-2").mkdir(parents=True)
    for trace in match_traces("briscas-2"):
        (root / "briscas-2" / f"{trace.header['name']}.jsonl").write_text(dumps_trace(trace), encoding="utf-8")
    cov = situation_coverage(root)
    vs = cov.variants["briscas-2"]
    assert vs.cannot["second-hand"] == "a match of one hand: briscola.match.end"
    assert "match-over" in vs.shown and vs.after_end > 0
    assert all(rule for *_, rule in vs.matrix)
    assert vs.matrix_trace and "all-tricks" in vs.missing  # an extreme hand is in no trace here
    assert not complete(cov)
    text = "\n".join(render(cov))
    assert "briscas-2" in text and "n/a:" in text and "negative matrix:" in text and "pairs of cards meeting" in text
    assert vs.pairs[0] < vs.pairs[1] == 264 and vs.pairs_missing  # a match alone meets some pairs only
    assert "  missing: -all-tricks" in text and "negative matrix: -missing (no negative--matrix trace)" in text


def test_the_committed_corpus_shows_the_situations_where_they_can_occur():
    from regola.conformance.trace.files import CORPUS_DIR

    cov = situation_coverage(CORPUS_DIR)
    for variant, vs in cov.variants.items():
        assert not vs.missing, (variant, vs.missing)  # every situation where it can occur (issue 13)
        assert vs.pairs[0] == vs.pairs[1] and not vs.pairs_missing, variant  # from its own traces (issue 23)
        assert vs.matrix_trace and all(rule for *_, rule in vs.matrix), variant
        if "second-hand" not in vs.cannot:
            assert {"second-hand", "third-hand", "match-over"} <= vs.shown.keys(), variant
            assert {"points", "result", "hand_sizes"} <= vs.resets.keys() or vs.family == "scopa", variant
            assert not vs.not_reset, (variant, vs.not_reset)
        assert vs.after_end > 0, variant
        if vs.family == "scopa":
            wanted = {"tie-cards", "tie-coins", "tie-primiera", "last-play-decides", "max-sweeps"} - set(vs.cannot)
            assert wanted <= vs.shown.keys(), (variant, wanted - vs.shown.keys())
        elif "all-pass" not in vs.cannot:
            assert {"longest-auction", "last-trick-decides"} <= vs.shown.keys(), variant
    assert complete(cov)


@pytest.mark.parametrize(("variant", "wanted"), [("briscas-2", {"all-tricks", "no-trick", "all-points"}),
                                                  ("scopa-3", {"all-cards"})])
def test_a_stacked_deal_shows_one_side_taking_everything(variant, wanted):
    from regola.conformance.corpus.extremes import climb
    from regola.conformance.corpus.reach import record_deck
    from regola.conformance.trace.record import SeededPlay

    rs = load_ruleset(variant, checked=False)
    games = [play(rs, seed, "side-0") for seed in range(8)]
    assert not any(wanted <= g.shows.keys() for g in games)  # no seed's deal shows them here
    stacked = climb(rs, games, wanted)
    assert stacked is not None and wanted <= stacked.shows.keys()
    assert sorted(stacked.deck) == sorted(rs.deck.cards()) and list(stacked.deck) != SeededPlay(rs, stacked.seed).deck()
    assert climb(rs, games, wanted) == stacked  # the same every time
    trace = record_deck(variant, list(stacked.deck), stacked.actions, name="x", purpose="scenario", description="x")
    assert trace.header["seed"] is None and trace.header["deck"] == list(stacked.deck)
    assert wanted <= situations(lines(trace), rs.family).keys()
    over = next(e for s in trace.steps for e in s["events"] if e["type"] == "hand-over")
    assert over["cards"][0] == sum(over["cards"])  # side 0 took every card


def test_a_void_hand_is_a_void_deal_and_no_extreme():
    header = {"kind": "header", "view": {"points": [0] * 5}, "rules": []}
    passes = [{"kind": "step", "index": i, "action": {"type": "pass", "seat": i}, "events": [], "rules": [],
               "view": {"phase": "bid"}} for i in range(4)]
    thrown = {"kind": "step", "index": 4, "action": {"type": "pass", "seat": 4}, "rules": ["chiamata.bid.all-pass"],
              "view": {"phase": "between-hands"},
              "events": [{"type": "all-passed"}, {"type": "redeal", "dealer": 0},
                         {"type": "hand-over", "points": [0] * 5, "cards": [0] * 5, "outcome": "void", "winner": None}]}
    shows = situations([header, *passes, thrown], "briscola")
    assert shows["void-deal"] == 4 and shows["all-pass"] == 4
    assert not shows.keys() & {"all-tricks", "no-trick", "zero-points", "hand-tie"}  # nothing was played
    tied = {"kind": "step", "index": 0, "action": {"type": "play", "seat": 1, "card": "Ad"}, "rules": [],
            "view": {}, "events": [{"type": "hand-over", "points": [60, 60], "cards": [20, 20], "outcome": "void",
                                    "winner": None}]}
    assert {"void-deal", "hand-tie"} <= situations([{"kind": "header", "view": {}, "rules": []}, tied], "briscola").keys()


def test_what_cannot_occur_is_said_with_the_rule_that_rules_it_out():
    from regola.conformance.corpus.situations import cannot, every

    scopa = cannot(load_ruleset("scopa-2", checked=False))
    assert "one card" in scopa["tie-settebello"] and "scopa.score.settebello" in scopa["tie-settebello"]
    assert "void-deal" not in scopa and "void-deal" in cannot(load_ruleset("scopone-scientifico", checked=False))
    corse = cannot(load_ruleset("scopa-corse", checked=False))  # 36 cards without the Twos: nine coins
    assert corse["tie-coins"].startswith("9 coins in the pack cannot split evenly") and "tie-cards" not in corse
    solo = cannot(load_ruleset("briscola-4-solo", checked=False))
    assert "bidding.kind = none" in solo["all-pass"]
    assert "void-deal" not in solo and "second-hand" not in solo  # a tied hand is dealt again
    assert "briscola.match.end" in cannot(load_ruleset("briscas-2", checked=False))["second-hand"]
    assert "hand-tie" in cannot(load_ruleset("chiamata", checked=False))
    assert "void-deal" not in cannot(load_ruleset("chiamata", checked=False))  # an auction everyone passes
    assert "void-deal" in cannot(load_ruleset("briscola-2", checked=False))
    for variant in variant_ids():
        rs = load_ruleset(variant, checked=False)
        assert set(applicable(rs)) | set(cannot(rs)) == set(every(rs.family)), variant
        assert not set(applicable(rs)) & set(cannot(rs)), variant
