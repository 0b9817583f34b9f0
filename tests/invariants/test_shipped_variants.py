"""Every shipped variant proves every invariant that applies to its family,
and the option values that change the arithmetic keep them proved."""

from __future__ import annotations

import pytest
from regola.spec import load, variant_ids
from regola.spec.invariants import REGISTRY, check

ALWAYS = {
    "cards.points-total",
    "deal.cards-accounted",
    "deal.equal-plays",
    "deal.all-cards-played",
    "scoring.target-reachable",
    "conservation.step",
}
TRICKS = {"cards.strength-order", "deal.whole-tricks", "trick.one-winner", "trick.as-played", "trick.always-playable"}
CARD_POINTS = {"scoring.exclusive", "scoring.tiers"}
CONTRACT = {"scoring.exclusive", "scoring.tiers", "scoring.zero-sum", "bidding.bids-bounded", "bidding.auction-ends", "bidding.called-card"}
SCOPA = {"scoring.scopa-bounded", "scoring.primiera-scale", "deal.stock-drains-evenly"}
COUNT = {"scoring.exclusive", "scoring.count-whole"}


def expected_proofs(ruleset) -> set[str]:
    """The invariants that must be proved (not merely not failed) for this ruleset."""
    out = set(ALWAYS)
    if ruleset.play.kind == "tricks":
        out |= TRICKS
    kind = ruleset.hand_scoring.kind
    out |= {"card-points": CARD_POINTS, "contract": CONTRACT, "scopa": set(), "count": COUNT}[kind]
    if kind == "scopa" and ruleset.deal.refill:
        out |= SCOPA
    if ruleset.draw.enabled and ruleset.play.kind == "tricks":
        out.add("deal.stock-drains-evenly")
    if ruleset.deal.indicator != "none":
        out.add("deal.indicator-available")
    if ruleset.deal.redeal and sum(ruleset.deal.table_packets):
        out.add("deal.redeal-can-end")
    if ruleset.bidding.kind == "trump-guess":
        out |= {"bidding.bids-bounded", "bidding.auction-ends"}
    return out


@pytest.mark.parametrize("variant", variant_ids())
def test_every_shipped_variant_proves_every_applicable_invariant(variant):
    ruleset = load(variant, checked=False)
    results = check(ruleset)
    assert [r.name for r in results] == list(REGISTRY)
    failed = [f"{r.name}: {r.counterexample}" for r in results if r.status == "failed"]
    assert not failed, failed
    status = {r.name: r.status for r in results}
    missing = sorted(n for n in expected_proofs(ruleset) if status[n] != "proved")
    assert not missing, missing
    assert load(variant) == ruleset  # the checked loader accepts it


def note(variant: str, name: str) -> str:
    return next(r.note for r in check(load(variant)) if r.name == name)


def test_notes_carry_the_numbers_worked_out_by_hand():
    # 40 - 6 dealt = 34 to draw (indicator included), 17 rounds of 2
    assert note("briscola-2", "deal.stock-drains-evenly") == "34 cards drawn in 17 rounds"
    # 39 cards, 3 players: 13 tricks
    assert note("briscola-3", "deal.whole-tricks") == "13 tricks of 3"
    # 36 - 25 - 1 = 10 face down, 2 rounds; the indicator stays: 35 played
    assert note("albastini-5", "deal.all-cards-played") == "35 cards played (the indicator stays out)"
    # 40 - 6 - 4 = 30 = 5 deals of 6
    assert note("scopa-2", "deal.stock-drains-evenly") == "30 cards dealt as new hands in 5 rounds"
    # two sides share 120: a majority is 61
    assert note("briscola-2", "scoring.exclusive").startswith("a majority is 61+ of 120")
    # three players: 41-40-39 is the closest win
    assert note("briscola-3", "scoring.exclusive").startswith("a win needs at least 41 card points")
    # ten faces, then raises 62..120 (59), plus five players passing: 74
    assert note("chiamata", "bidding.auction-ends") == "ends within 74 turns"
    # ten faces and raises 63, 65, ..., 119 (29) = 39 bids; passes not final: 39 x 5 + 5
    assert note("briscalone", "bidding.auction-ends") == "ends within 200 turns"
    # bids 61..120 (60) + 5; reopened: 5 asks, then 59 raises + 5
    assert note("chiamata-subito-al-due", "bidding.auction-ends") == "ends within 134 turns"
    # best of 7: first to 4 game points, one a hand
    assert note("bisca-2", "scoring.target-reachable") == "4 game points reachable in 4 hands"


ARITHMETIC_OPTIONS = [
    {"deal.indicator": "bottom"},
    {"deal.indicator": "before-deal"},
    {"deal.indicator": "none", "exchange.card": "none"},
    {"hand_scoring.tie": "replay"},
    {"hand_scoring.tie": "last-trick"},
    {"hand_scoring.tie": "more-cards"},
    {"exchange.card": "seven"},
    {"exchange.card": "two"},
    {"exchange.card": "seven-or-two", "exchange.window": "before-first-trick"},
    {"deal.rebury_indicator": ["A", "3"]},
    {"match.kind": "first-to-card-points", "match.target": 121},
    {"deal.packets": [3]},
]


@pytest.mark.parametrize("variant", ["briscola-2", "briscola-3", "briscola-4", "briscola-6", "brisca-4", "bisca-2"])
@pytest.mark.parametrize("options", ARITHMETIC_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_options_that_change_the_arithmetic_keep_every_invariant_proved(variant, options):
    results = check(load(variant, options, checked=False))
    failed = [f"{r.name}: {r.counterexample}" for r in results if r.status == "failed"]
    assert not failed, failed


OTHER_FAMILY_OPTIONS = [
    ("chiamata", {"bidding.raise_rule": "step", "bidding.raise_step": 2}),
    ("chiamata", {"bidding.passes_final": False}),
    ("chiamata", {"hand_scoring.contract.double_on": "all-points", "hand_scoring.contract.double_factor": 3}),
    ("chiamata-points", {"bidding.min_points": 70, "bidding.max_points": 100}),
    ("chiamata-subito-al-due", {"bidding.all_pass": "redeal"}),
    ("albastini-4-teams", {"hand_scoring.double_below": 20}),
    ("albastini-3", {"deal.hand_size": 4, "deal.packets": [1, 1, 1, 1]}),
    ("scopa-2", {"hand_scoring.scopa.napola": True, "hand_scoring.scopa.re_bello": True}),
    ("scopa-2", {"hand_scoring.scopa.primiera.scale": "pictures-zero"}),
    ("scopa-2", {"hand_scoring.scopa.primiera.scale": "ace-five-and-a-half"}),
    ("scopa-4", {"hand_scoring.scopa.primiera.scale": "most-sevens", "capture.last_play_scopa": True}),
    ("scopone", {"hand_scoring.scopa.primiera.scale": "pictures-graded"}),
]


@pytest.mark.parametrize(("variant", "options"), OTHER_FAMILY_OPTIONS, ids=lambda x: str(x))
def test_options_of_the_bidding_and_fishing_games_keep_every_invariant_proved(variant, options):
    results = check(load(variant, options, checked=False))
    failed = [f"{r.name}: {r.counterexample}" for r in results if r.status == "failed"]
    assert not failed, failed
