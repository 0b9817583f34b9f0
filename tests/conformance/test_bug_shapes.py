"""The shapes real bugs take, each explained as such and named with the rule
it breaks (`regola.conformance.explain.shapes`), field by field.

Each engine below is the reference with one bug of a shape real engines
have, written the way such code goes wrong (the state after a trick put
right by hand, a count kept apart from the piles), not a misreading of the
reference's own code: the catalogue of misreadings cannot explain it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.storage import trace_stem

WHOLE = ("playout-seed-1", "playout-seed-3", "match-seed-12", "default--score-tie")


def _traces(variant: str) -> list:
    return [p for p in iter_traces([variant]) if trace_stem(p) in WHOLE or trace_stem(p).startswith(("match-", "playout-"))]


def _roots(factory: Any, variant: str = "briscola-2") -> list:
    results, _ = run_traces(_traces(variant), factory)
    failed = [r for r in results if r.status == "failed"]
    assert failed, [r.status for r in results]
    return [r.divergence for r in failed]


def _trick_ended(state: Any) -> dict[str, Any] | None:
    return next((e for e in state.events if e.get("type") == "trick"), None)


class LeaderLeadsAgain(ReferenceEngine):
    """After a trick the player who led it leads again, whoever won."""

    def apply(self, action, deal=None):
        before = self._state
        super().apply(action)
        trick = _trick_ended(self._state)
        if trick and self._state.phase == "play" and self._state.leader is not None:
            self._state = replace(self._state, leader=before.leader, to_move=before.leader)


class PointsCountedTwice(ReferenceEngine):
    """The engine's running total adds each trick's points twice."""

    def new(self, *args, **kw):
        super().new(*args, **kw)
        self.extra = [0, 0, 0, 0, 0, 0]

    def apply(self, action, deal=None):
        super().apply(action)
        trick = _trick_ended(self._state)
        if trick:
            self.extra[trick["winner"]] += trick["points"]
        if action.get("type") == "shuffle":
            self.extra = [0] * 6

    def view(self, seat=None):
        v = super().view(seat)
        v["points"] = [p + self.extra[s] for s, p in enumerate(v["points"])]
        return v


class TrickByFaceNumber(ReferenceEngine):
    """Tricks are ranked by face number (Ace low, King high), not by strength."""

    def new(self, variant, options, ruleset_hash, deck, deal, position=None):
        from regola.spec import load
        from regola.spec import ruleset_hash as hash_of

        options = {**(options or {}), "deck.strength": ["K", "H", "J", "7", "6", "5", "4", "3", "2", "A"]}
        super().new(variant, options, hash_of(load(variant, options)), deck, deal)


class PilesNotReset(ReferenceEngine):
    """A new hand keeps the piles of the last one."""

    def apply(self, action, deal=None):
        before = self._state
        super().apply(action)
        if action.get("type") == "shuffle" and before.won:
            self._state = replace(self._state, won=before.won)


class EndsOnceDecided(ReferenceEngine):
    """The hand is over once a player passes 60 card points (its view says so)."""

    def view(self, seat=None):
        v = super().view(seat)
        if v.get("phase") == "play" and max(v.get("points") or [0]) > 60:
            v = {**v, "phase": "shuffle", "to_move": None, "leader": None}
        return v


class TwoBugs(LeaderLeadsAgain, PointsCountedTwice):
    """Both: the leader leads again and the points are counted twice."""


@pytest.mark.rule("briscola.trick.lead-next")
def test_the_turn_to_the_wrong_seat_is_the_lead_rule_not_the_winner():
    for d in _roots(LeaderLeadsAgain):
        assert d.rule == "briscola.trick.lead-next", d.render()
        assert d.explained_by.how == "shape" and "leads" in d.explained_by.text


@pytest.mark.rule("briscola.score.count")
def test_points_counted_twice_are_the_count():
    for d in _roots(PointsCountedTwice):
        assert d.rule == "briscola.score.count", d.render()
        assert "counted twice" in d.explained_by.text


@pytest.mark.rule("briscola.trick.winner")
def test_another_ordering_of_the_cards_is_the_trick_winner_and_says_which():
    roots = _roots(TrickByFaceNumber)
    assert all(d.rule == "briscola.trick.winner" for d in roots), [d.render() for d in roots]
    assert any("face number" in d.explained_by.text for d in roots)
    # the evidence is on screen: the trick that was just decided
    assert any("the trick just decided" in d.side_by_side for d in roots)


@pytest.mark.rule("briscola.deal.fresh-hand")
def test_a_pile_carried_into_the_next_hand_is_the_fresh_hand_rule():
    roots = _roots(PilesNotReset)
    assert {d.rule for d in roots} == {"briscola.deal.fresh-hand"}, [d.render() for d in roots]
    assert all("not reset" in d.explained_by.text for d in roots)


@pytest.mark.rule("briscola.score.count")
def test_a_hand_ended_once_decided_is_the_count():
    roots = _roots(EndsOnceDecided)
    assert {d.rule for d in roots} == {"briscola.score.count"}, [d.render() for d in roots]
    assert all("decided" in d.explained_by.text for d in roots)


def test_two_bugs_at_one_step_are_both_named():
    both = [d for d in _roots(TwoBugs) if len(getattr(d.explained_by, "causes", ())) > 1]
    assert both, "a trick's end shows both bugs at once"
    for d in both:
        named = {c.rule for c in d.explained_by.causes}
        assert named == {"briscola.trick.lead-next", "briscola.score.count"}, d.render()
        assert "field by field" in d.render()


def test_a_guess_names_the_rule_behind_the_field_and_says_it_is_a_guess():
    class RandomisedStock(ReferenceEngine):
        """The stock's order shown reversed: nothing explains it."""

        def view(self, seat=None):
            v = super().view(seat)
            if v.get("stock"):
                v = {**v, "stock": v["stock"][::-1]}
            return v

    for d in _roots(RandomisedStock):
        assert d.explained_by.how == "guess", d.render()
        assert d.explained_by.text.startswith("a guess")
        assert "because" not in d.explained_by.text and "behaves as if" not in d.explained_by.text
        assert d.rule in ("briscola.deal.hands", "briscola.deal.indicator", "briscola.draw.order",
                          "briscola.draw.exhausted", "briscola.draw.indicator-last"), d.render()


def test_only_rules_of_the_variant_are_named():
    from regola.spec import load, rule_ids

    known = set(rule_ids(load("tressette-4")))
    results, _ = run_traces(_traces("tressette-4"), PointsCountedTwice)
    for r in results:
        for d in r.divergences:
            assert d.rule is None or d.rule in known, d.render()
            for c in getattr(d.explained_by, "causes", ()) or ():
                assert c.rule in known and set(c.candidates) <= known, d.render()


def test_an_accepted_forbidden_action_shows_what_the_engine_did():
    class PlaysFirstCard(ReferenceEngine):
        """A card the player does not hold is replaced by the first he holds."""

        def apply(self, action, deal=None):
            if action.get("type") == "play" and action.get("seat") == self._state.to_move:
                hand = self._state.hands[action["seat"]]
                if action.get("card") not in hand and hand:
                    action = {**action, "card": hand[0]}
            super().apply(action)

    results, _ = run_traces([p for p in iter_traces(["briscola-2"]) if trace_stem(p).startswith("negative")], PlaysFirstCard)
    accepted = [d for r in results for d in r.divergences if d.kind == "accepted"]
    assert accepted and all(d.rule == "briscola.play.in-hand" for d in accepted)
    assert any("trick" in d.message and "then the engine's view changed" in d.message for d in accepted)
    # each such line is a cell of its own: every reject line of the traces gets its verdict
    from regola.conformance.trace.format import read_trace

    for r in results:
        rejects = sum(1 for i in read_trace(r.path).items if i["kind"] == "reject")
        assert len(r.cells) == rejects, r.report()


class WholePointsPerPlayer(ReferenceEngine):
    """Tressette for four reporting only the match's whole points, which it
    counts one short for side 0 from the first hand on (its thirds dropped
    player by player, say)."""

    def hello(self):
        h = super().hello()
        shown = ("to_move", "leader", "hands", "hand_sizes", "trick", "phase", "match.game_points", "match.over")
        return {**h, "fields": [f for f in h["fields"] if f in shown] + ["match.game_points", "match.over"]}

    def view(self, seat=None):
        v = super().view(seat)
        match = v.get("match") or {}
        if match.get("hands_played"):
            game = list(match["game_points"])
            game[0] -= 1
            v = {**v, "match": {**match, "game_points": game}}
        return v


@pytest.mark.rule("tressette.score.count")
def test_whole_points_alone_cannot_tell_their_parts_apart():
    roots = _roots(WholePointsPerPlayer, "tressette-4")
    for d in roots:
        assert d.explained_by.how == "ambiguous", d.render()
        assert d.rule in d.explained_by.candidates, d.render()
        assert {"tressette.score.count", "tressette.score.last-trick"} <= set(d.explained_by.candidates), d.render()


class FaceUpCardOnTop(ReferenceEngine):
    """Shows the face-up card on top of the stock too, to be drawn first."""

    def view(self, seat=None):
        v = super().view(seat)
        if seat is None and v.get("indicator") and v.get("stock"):
            v = {**v, "stock": [v["indicator"], *v["stock"]], "stock_top": v["indicator"]}
        return v


@pytest.mark.rule("briscola.draw.indicator-last")
def test_the_face_up_card_in_the_stock_is_drawn_too_soon():
    for d in _roots(FaceUpCardOnTop):
        assert d.rule == "briscola.draw.indicator-last", d.render()
        assert d.explained_by.how == "shape" and "on top of the stock" in d.explained_by.text


class NoLastCard(ReferenceEngine):
    """Lists no legal action once the player to move holds one card: the hand
    is over for it before its last card is played."""

    def legal(self):
        s = self._state
        if s.phase == "play" and s.to_move is not None and len(s.hands[s.to_move]) == 1:
            return []
        return super().legal()


@pytest.mark.rule("briscola.draw.exhausted")
def test_an_engine_that_lets_nobody_act_breaks_the_playing_out_not_a_card_rule():
    for d in _roots(NoLastCard):
        assert d.kind == "legal" and d.rule == "briscola.draw.exhausted", d.render()


class EndsATrickEarly(ReferenceEngine):
    """The hand is over (its view says so) once the stock is out and each
    player holds one card: the last trick is never played."""

    def view(self, seat=None):
        v = super().view(seat)
        if v.get("phase") == "play" and v.get("stock_size") == 0 and v.get("hand_sizes") == [1, 1] and not v.get("trick"):
            v = {**v, "phase": "shuffle", "to_move": None, "leader": None}
        return v


@pytest.mark.rule("briscola.draw.exhausted")
def test_a_hand_ended_before_it_is_decided_is_the_playing_out():
    roots = _roots(EndsATrickEarly)
    for d in roots:
        decided = "card points" in d.explained_by.text  # at least half of them when the engine stopped
        assert d.rule == ("briscola.score.count" if decided else "briscola.draw.exhausted"), d.render()
    assert any(d.rule == "briscola.draw.exhausted" for d in roots)


class ScopaWorthTwo(ReferenceEngine):
    """Scores each scopa two points (its hand's and match's points say so)."""

    def view(self, seat=None):
        v = super().view(seat)
        result = v.get("result")
        if isinstance(result, dict) and any(result.get("scope") or []):
            extra = list(result["scope"])
            v = {**v, "result": {**result, "points": [p + e for p, e in zip(result["points"], extra)]},
                 "match": {**v["match"], "points": [p + e for p, e in zip(v["match"]["points"], extra)]}}
        return v


@pytest.mark.rule("scopa.score.scopas")
def test_a_category_weighed_wrongly_is_its_own_rule():
    roots = [d for d in _roots(ScopaWorthTwo, "scopa-2") if d.kind == "view"]
    assert roots
    for d in roots:
        if d.explained_by.how == "ambiguous":  # a category won by the side with as many scopas: no field tells
            assert "scopa.score.scopas" in d.explained_by.candidates, d.render()
        else:
            assert d.rule == "scopa.score.scopas" and "each scopa 2 times" in d.explained_by.text, d.render()
    assert any(d.explained_by.how != "ambiguous" for d in roots)


class TieToTheFirst(ReferenceEngine):
    """A tied scoring category goes to side 0 (its hand's and match's points say so)."""

    def view(self, seat=None):
        v = super().view(seat)
        result = v.get("result")
        if isinstance(result, dict) and result.get("categories"):
            ties = sum(1 for w in result["categories"].values() if w is None)
            if ties:
                v = {**v, "result": {**result, "points": [result["points"][0] + ties, *result["points"][1:]]},
                     "match": {**v["match"], "points": [v["match"]["points"][0] + ties, *v["match"]["points"][1:]]}}
        return v


@pytest.mark.rule("scopa.score.tie")
def test_a_tied_category_given_to_one_side_is_the_tie_rule():
    traces = [p for p in iter_traces(["scopa-2"]) if "tie" in trace_stem(p)]
    results, _ = run_traces(traces, TieToTheFirst)
    roots = [r.divergence for r in results if r.status == "failed" and r.divergence.kind == "view"]
    assert roots
    for d in roots:
        assert d.rule == "scopa.score.tie" or "scopa.score.tie" in d.explained_by.candidates, d.render()
    assert any(d.rule == "scopa.score.tie" and "tied category" in d.explained_by.text for d in roots)
