"""Generating the corpus: the same bytes every time, atomic writes, byte
comparison naming the first difference, and what the search finds."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from regola.conformance.corpus.generate import (
    build,
    build_variant,
    first_difference,
    write_corpus,
)
from regola.conformance.corpus.negatives import (
    RejectFinder,
    Vocabulary,
    idle_candidates,
    player_candidates,
)
from regola.conformance.corpus.scenario_search import (
    Line,
    profile,
    tail_length,
    tail_search,
)
from regola.conformance.corpus.scenarios import option_sets
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.record import seeded_game
from regola.conformance.trace.storage import compress, read_text, trace_stem
from regola.reference import apply, new_game
from regola.spec import SpecError, load

SUITS, RANKS = "dcsb", ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]


def deck(top: list[str]) -> list[str]:
    return top + [r + s for s in SUITS for r in RANKS if r + s not in top]


@pytest.fixture(scope="module")
def briscola2():
    return build(["briscola-2"], jobs=1)


def test_generation_is_deterministic(briscola2, tmp_path):
    again = build(["briscola-2"], jobs=1)
    assert briscola2[0].files() == again[0].files()
    write_corpus(briscola2, tmp_path / "a")
    write_corpus(again, tmp_path / "b")
    assert first_difference(tmp_path / "a", tmp_path / "b") is None


def test_parallel_generation_gives_the_same_bytes():
    variants = ["briscola-scoperta-3", "briscola-scoperta-4"]
    serial = [vc.files() for vc in build(variants, jobs=1)]
    parallel = [vc.files() for vc in build(variants, jobs=2)]
    assert serial == parallel


def test_generated_traces_read_back_and_are_named_for_their_place(briscola2, tmp_path):
    write_corpus(briscola2, tmp_path / "corpus")
    paths = list(iter_traces(root=tmp_path / "corpus"))
    assert paths and all(p.parent.name == "briscola-2" for p in paths)
    purposes = set()
    for path in paths:
        trace = read_trace(path)
        assert trace.header["name"] == trace_stem(path) and trace.header["variant"] == "briscola-2"
        purposes.add(trace.header["purpose"])
        for item in trace.items:
            if item["kind"] == "step":
                assert "legal_count" in item
    assert purposes == {"playout", "scenario", "negative", "focused"}


def test_writing_a_subset_leaves_the_other_variants_and_no_temporary_folders(briscola2, tmp_path):
    root = tmp_path / "corpus"
    (root / "other").mkdir(parents=True)
    (root / "other" / "keep.jsonl").write_text("{}\n")
    (root / "briscola-2").mkdir()
    (root / "briscola-2" / "stale.jsonl").write_text("{}\n")
    write_corpus(briscola2, root, whole=False)
    assert (root / "other" / "keep.jsonl").read_text() == "{}\n"
    assert not (root / "briscola-2" / "stale.jsonl").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]
    write_corpus(briscola2, root, whole=True)
    assert not (root / "other").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]


def test_an_unknown_variant_builds_nothing():
    with pytest.raises(SpecError, match="unknown variant"):
        build(["no-such-game"])


def test_first_difference_names_file_and_line(briscola2, tmp_path):
    write_corpus(briscola2, tmp_path / "a")
    write_corpus(briscola2, tmp_path / "b")
    path = tmp_path / "b" / "briscola-2" / "playout-seed-1.jsonl.gz"
    lines = read_text(path).split("\n")
    lines[4] = lines[4].replace('"seat":', '"seat": ', 1)
    path.write_bytes(compress("\n".join(lines)))
    assert first_difference(tmp_path / "a", tmp_path / "b") == f"{path} differs from a fresh generation at line 5"
    path.unlink()
    assert first_difference(tmp_path / "a", tmp_path / "b") == f"{path} is missing (regenerate the corpus)"


def test_corpus_check_command_fails_on_a_tampered_copy(briscola2, tmp_path):
    root = tmp_path / "corpus"
    write_corpus(briscola2, root)
    run = [sys.executable, "-m", "regola.conformance.cli.commands", "corpus", "check", "--variant", "briscola-2",
           "--corpus", str(root)]
    ok = subprocess.run(run, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    victim = root / "briscola-2" / "negative--default.jsonl.gz"
    victim.write_bytes(compress(read_text(victim).replace('"rule":"briscola.play.turn"', '"rule":"briscola.play.in-hand"')))
    bad = subprocess.run(run, capture_output=True, text=True)
    assert bad.returncode == 1
    assert "negative--default.jsonl.gz differs from a fresh generation at line" in bad.stderr


def test_every_default_rule_of_a_variant_is_exercised(briscola2):
    from regola.conformance.corpus.generate import trace_rules
    from regola.spec import rule_ids

    seen: set[str] = set()
    for trace in briscola2[0].traces.values():
        exercised, rejected = trace_rules(trace)
        seen |= exercised | rejected
    assert set(rule_ids(load("briscola-2"))) <= seen


# --- option sets, from the spec ------------------------------------------


def test_option_sets_come_from_the_rules_whens_and_cited_fields():
    sets = {json.dumps(o.options, sort_keys=True): o.target for o in option_sets("briscola-2")}
    # a tie rule is cited by hand_scoring.tie's description
    assert sets['{"hand_scoring.tie": "replay"}'] == {"briscola.score.tie"}
    # rules whose `when` names a field switch on with it
    assert sets['{"play.follow_suit": "must-follow"}'] == {"briscola.play.follow-suit"}
    assert sets['{"deal.rebury_indicator": ["A", "3"]}'] == {"briscola.deal.rebury"}
    assert "briscola.exchange.card" in sets['{"exchange.card": "two"}']
    # partner views need partnerships: the schema refuses them for two players
    assert not any("information.partner_view" in k for k in sets)
    # the default value itself is no option set
    assert '{"hand_scoring.tie": "draw"}' not in sets


# --- negative candidates ---------------------------------------------------


def test_illegal_candidates_and_the_rules_that_refuse_them():
    # seat 1 holds Ad 3d Kc and leads; seat 0 holds 2d 4c 5s
    rules = load("briscola-2")
    state = new_game(rules, deck(["Ad", "2d", "3d", "4c", "Kc", "5s", "7b"]))
    legal = [{"type": "play", "seat": 1, "card": c} for c in ("Ad", "3d", "Kc")]
    listed = player_candidates(state, legal, rules, Vocabulary([]))
    cands = dict(listed)
    # out of turn with a card the out-of-turn seat holds: a card of the player
    # to move would also be a card not held, two rules broken at once
    assert [a for m, a in listed if m == "a play out of turn"] == [
        {"type": "play", "seat": 0, "card": c} for c in ("2d", "4c", "5s")
    ]
    assert cands["a play of a card not held"] == {"type": "play", "seat": 1, "card": "2d"}
    assert cands["a shuffle during a hand"]["type"] == "shuffle"
    finder = RejectFinder()
    found = finder.find(rules, state, [])
    assert {(m, r) for m, _, r in found[0]} == {
        ("a shuffle during a hand", "briscola.play.phase"),
        ("a play out of turn", "briscola.play.turn"),
        ("a play of a card not held", "briscola.play.in-hand"),
    }
    # the same mistakes are not collected twice
    assert finder.find(rules, state, []) == {}


def test_a_held_card_that_may_not_be_played_is_refused_by_following_suit():
    rules = load("briscola-2", {"play.follow_suit": "must-follow"})
    state = new_game(rules, deck(["Ad", "2d", "3d", "4c", "Kc", "5s", "7b"]))
    state = apply(state, {"type": "play", "seat": 1, "card": "Ad"})
    # seat 0 must answer diamonds with 2d; 4c is held but not allowed
    legal = [{"type": "play", "seat": 0, "card": "2d"}]
    cands = dict(player_candidates(state, legal, rules, Vocabulary([])))
    assert cands["a play of a card held but not allowed"] == {"type": "play", "seat": 0, "card": "4c"}
    found = RejectFinder().find(rules, state, [])
    assert ("a play of a card held but not allowed", "briscola.play.follow-suit") in {(m, r) for m, _, r in found[0]}


def test_actions_between_hands_and_after_the_end():
    rules = load("briscola-2", {"match.kind": "single"})
    _, first, steps = seeded_game(rules, 4)
    steps = list(steps)
    assert steps[-1][3].is_over
    vocab = Vocabulary(steps)
    assert [m for m, _ in idle_candidates(steps[-1][3], vocab)] == [
        "a play after the end of the match", "a shuffle after the end of the match"]
    found = RejectFinder().find(rules, first, steps)
    # after the end only the end is in force: a play and a new deal break it alone
    shuffle = {"type": "shuffle", "deck": list(rules.deck.cards())}
    assert found[len(steps)] == [
        ("a play after the end of the match", vocab.templates["play"], "briscola.match.end"),
        ("a shuffle after the end of the match", shuffle, "briscola.match.end"),
    ]


# --- the search ------------------------------------------------------------


def test_tail_length_keeps_the_exhaustive_search_small():
    # two players, three cards: the last three rounds are 3*3 * 2*2 * 1*1 = 36 ways
    assert tail_length(load("briscola-2")) == 6
    # four players: three rounds would be 81*16 ways, two rounds are 16
    assert tail_length(load("briscola-4")) == 8


def test_the_end_of_a_hand_is_searched_for_a_tie():
    rules = load("briscola-2")
    pending = {"briscola.score.tie"}
    [found] = tail_search(rules, pending)
    assert pending == set()
    seen = profile(rules, found.line)
    assert seen["briscola.score.tie"] == found.steps == len(found.line.actions)
    state = new_game(rules, deck([]))  # any deal: replay the found one instead
    from regola.conformance.trace.record import SeededPlay

    state = new_game(rules, SeededPlay(rules, found.line.seed).deck())
    for action in found.line.actions:
        state = apply(state, action)
    assert state.result.points == (60, 60)


def test_a_line_replays_a_traces_actions_under_other_options():
    vc = build_variant("briscola-scoperta-2")
    trace = vc.traces["playout-seed-1"]
    actions = tuple(i["action"] for i in trace.items if i["kind"] == "step")
    seen = profile(load("briscola-scoperta-2", {"hand_scoring.tie": "replay"}), Line(1, actions))
    assert seen["briscola.trick.winner"] == 2  # the first trick ends at the second step
