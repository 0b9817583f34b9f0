"""More shapes of real bugs (`regola.conformance.explain.shapes`): each
engine below is the reference with one bug written as real engines have
it (a deal's constant, a card taken from the wrong place in the hand, a
category counted on another suit, the match's points overwritten), and the
report names the rule that bug breaks, with what the engine did in words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.storage import trace_stem


def _roots(factory: Any, variant: str, stems: tuple[str, ...] = ("default-", "match-", "playout-")) -> list:
    paths = [p for p in iter_traces([variant]) if trace_stem(p).startswith(stems)]
    results, _ = run_traces(paths, factory)
    failed = [r for r in results if r.status == "failed"]
    assert failed, [r.status for r in results]
    return [r.divergence for r in failed]


def _named(factory: Any, variant: str, rule: str, *words: str) -> None:
    """Every failing trace's first divergence in a view is ``rule``, and its
    explanation says ``words``."""
    roots = [d for d in _roots(factory, variant) if d.kind == "view"]
    assert roots
    for d in roots:
        assert d.rule == rule, d.render()
        assert all(w in d.explained_by.text for w in words), d.render()


class RefillOfTwo(ReferenceEngine):
    """A fishing game's later rounds deal two cards a hand, not three: the
    view shows each new hand a card short and the stock that much larger."""

    def view(self, seat=None):
        v = super().view(seat)
        if self._refilled and v.get("hands"):
            short = [h[:-1] if isinstance(h, list) and h else h for h in v["hands"]]
            v = {**v, "hands": short, "hand_sizes": [len(h) if isinstance(h, list) else n
                                                     for h, n in zip(short, v["hand_sizes"])],
                 "stock_size": v["stock_size"] + len(short)}
            v.pop("stock", None)
        return v

    def apply(self, action, deal=None):
        super().apply(action)
        events = {e.get("type") for e in self._state.events}
        self._refilled = action.get("type") != "shuffle" and "deal" in events

    def new(self, *args, **kw):
        self._refilled = False
        return super().new(*args, **kw)


@pytest.mark.rule("scopa.deal.refill")
def test_a_round_dealt_short_is_the_refill_rule():
    _named(RefillOfTwo, "scopa-2", "scopa.deal.refill", "dealt 2 cards to each hand instead of 3")


class LastCardStuck(ReferenceEngine):
    """A play of the last card of a hand (in hand order) plays the card
    before it: an index off by one."""

    def apply(self, action, deal=None):
        if action.get("type") == "play" and isinstance(action.get("seat"), int) and self._state.hands:
            hand = list(self._state.hands[action["seat"]])
            if len(hand) > 1 and action.get("card") == hand[-1]:
                action = {**action, "card": hand[-2]}
        super().apply(action)


@pytest.mark.rule("briscola.play.in-hand")
def test_another_card_played_than_the_one_named_is_the_in_hand_rule():
    _named(LastCardStuck, "briscola-2", "briscola.play.in-hand", "the engine played", "still in its hand")


class CoinsOnCups(ReferenceEngine):
    """Reports only the match's totals; most coins is counted on cups."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self._fields = ["to_move", "hands", "hand_sizes", "table", "stock_size", "match"]

    def view(self, seat=None):
        v = super().view(seat)
        result = self._state.result
        if result is not None and v.get("match"):
            self.shift = self._shift(result)
        points = [p + s for p, s in zip(v["match"]["points"], self.shift)]
        return {**v, "match": {**v["match"], "points": points}}

    def _shift(self, result: Any) -> list[int]:
        from regola.reference.fishing.scoring import sole_best

        piles = self._state.captured
        cups = sole_best([sum(c.endswith("c") for c in p) for p in piles])
        coins = result.categories.get("coins")
        shift = list(self.shift)
        if coins is not None:
            shift[coins] -= 1
        if cups is not None:
            shift[cups] += 1
        return shift

    def new(self, *args, **kw):
        self.shift = [0, 0]
        return super().new(*args, **kw)


@pytest.mark.rule("scopa.score.coins")
def test_most_coins_counted_on_cups_is_named_from_the_totals_alone():
    roots = _roots(CoinsOnCups, "scopa-2", ("default-", "playout-"))
    named = [d for d in roots if d.rule == "scopa.score.coins"]
    assert named, [d.render() for d in roots]
    assert all("counted on cups" in d.explained_by.text for d in named)
    # where another reading fits the same totals, the report says it cannot tell
    for d in roots:
        assert d.rule == "scopa.score.coins" or "scopa.score.coins" in d.explained_by.candidates, d.render()


class MatchPointsOverwritten(ReferenceEngine):
    """The match's points are set to each hand's instead of added to."""

    def view(self, seat=None):
        v = super().view(seat)
        result = v.get("result")
        if isinstance(result, dict) and v.get("match") and v["match"].get("hands_played", 0) > 1:
            v = {**v, "match": {**v["match"], "points": list(result["points"])}}
        return v


@pytest.mark.rule("scopa.match.end")
def test_match_points_replaced_by_the_hands_are_the_match_rule():
    roots = [d for d in _roots(MatchPointsOverwritten, "scopa-2", ("match-",))
             if d.explained_by is not None and d.explained_by.how != "guess"]
    assert roots
    for d in roots:
        assert d.rule == "scopa.match.end", d.render()
        assert "replaced" in d.explained_by.text


class WinnerLeadsNot(ReferenceEngine):
    """The seat after the trick's winner leads the next trick; the points go
    to the winner, and the trick's winner it reports is the seat that leads
    (as an engine that names the winner by who leads next does)."""

    def apply(self, action, deal=None):
        super().apply(action)
        trick = next((e for e in self._state.events if e.get("type") == "trick"), None)
        if trick and self._state.phase == "play" and self._state.leader is not None:
            seat = (trick["winner"] + 1) % len(self._state.hands)
            self._state = replace(self._state, leader=seat, to_move=seat)

    def view(self, seat=None):
        v = super().view(seat)
        last = v.get("last_trick")
        if isinstance(last, dict) and isinstance(v.get("leader"), int):
            v = {**v, "last_trick": {**last, "winner": v["leader"]}}
        return v


@pytest.mark.rule("briscola.trick.lead-next")
def test_points_to_the_winner_and_the_lead_elsewhere_is_the_lead_rule():
    for d in _roots(WinnerLeadsNot, "briscola-2", ("playout-",)):
        assert d.rule == "briscola.trick.lead-next", d.render()


class AloneForThree(ReferenceEngine):
    """A Chiamata bidder playing alone wins or loses 3 game points, not 4."""

    def view(self, seat=None):
        v = super().view(seat)
        result = v.get("result")
        contract = (result or {}).get("contract") or {}
        if contract.get("alone") and isinstance(contract.get("bidder"), int):
            bidder, points = contract["bidder"], list(result["game_points"])
            cut = points[bidder] // 4 if points[bidder] > 0 else -(-points[bidder] // 4)
            points[bidder] -= cut
            match = dict(v["match"])
            match["game_points"] = [p - (cut if s == bidder else 0) for s, p in enumerate(match["game_points"])]
            v = {**v, "result": {**result, "game_points": points}, "match": match}
        return v


@pytest.mark.rule("chiamata.score.alone")
def test_a_bidder_alone_paid_by_another_factor_is_the_alone_rule():
    roots = _roots(AloneForThree, "briscalone", ("default--score-alone",))
    assert roots
    for d in roots:
        assert d.rule == "chiamata.score.alone", d.render()
        assert "scored the bidder alone -3 instead of -4" in d.explained_by.text


class LaidCardVanishes(ReferenceEngine):
    """A card that captures nothing is not shown on the table."""

    def view(self, seat=None):
        v = super().view(seat)
        played = self._last
        if played and v.get("table") and played in v["table"]:
            v = {**v, "table": [c for c in v["table"] if c != played]}
        return v

    def apply(self, action, deal=None):
        super().apply(action)
        laid = action.get("type") == "play" and not any(e.get("type") == "capture" for e in self._state.events)
        self._last = action.get("card") if laid else None

    def new(self, *args, **kw):
        self._last = None
        return super().new(*args, **kw)


@pytest.mark.rule("scopa.capture.lay")
def test_a_laid_card_that_vanishes_is_the_lay_rule():
    _named(LaidCardVanishes, "scopa-2", "scopa.capture.lay", "did not put it on the table")


LEGAL = [
    {"card": "2b", "seat": 0, "take": ["2d"], "type": "capture"},
    {"card": "7s", "seat": 0, "take": ["7b"], "type": "capture"},
    {"card": "7s", "seat": 0, "take": ["3c", "4c"], "type": "capture"},
    {"card": "4b", "seat": 0, "type": "play"},
]


@pytest.mark.parametrize(
    ("engine_lists", "rule"),
    [
        # the equal-value captures left out, the cards laid instead
        ([LEGAL[2], LEGAL[3], {"card": "2b", "seat": 0, "type": "play"}], "scopa.capture.match"),
        # the sums left out
        ([LEGAL[0], LEGAL[1], LEGAL[3]], "scopa.capture.sum"),
        # a card that can capture offered as a lay
        ([*LEGAL, {"card": "2b", "seat": 0, "type": "play"}], "scopa.capture.compulsory"),
        # a sum offered by a card that can take a single card of equal value
        ([*LEGAL, {"card": "2b", "seat": 0, "take": ["Ad", "Ac"], "type": "capture"}], "scopa.capture.single-card-first"),
    ],
)
def test_a_legal_list_with_one_piece_wrong_names_that_piece(engine_lists, rule):
    from regola.conformance.explain.shapes.listing import legal_list
    from regola.spec import load, rule_ids

    known = frozenset(rule_ids(load("scopa-2")))
    found = legal_list("scopa", known, LEGAL, engine_lists)
    assert [f.rule for f in found] == [rule]
    # a list that differs in two pieces at once is no one piece's shape
    assert legal_list("scopa", known, LEGAL, [LEGAL[3]]) == []
