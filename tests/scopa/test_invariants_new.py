"""The invariants the new Scopa rules need, proved and broken (rules
scopa.deal.last-deal, scopa.match.cappotto, scopa.score.grande)."""

from __future__ import annotations

import pytest
from regola.spec import load
from regola.spec.invariants import check


def results(variant, **options):
    ruleset = load(variant, {k.replace("__", "."): v for k, v in options.items()} or None, checked=False)
    return {r.name: r for r in check(ruleset)}


@pytest.mark.rule("scopa.deal.last-deal")
def test_the_last_deal_of_the_rest_is_proved_and_can_fail():
    got = results("scopa-corse")
    for name in ("deal.stock-drains-evenly", "deal.equal-plays"):
        assert got[name].status == "proved"
        assert "then the last 8 cards shared out, 4 each" in got[name].note
    # three players: 36 - 9 - 4 = 23; one full deal of 9 leaves 14, which
    # three players cannot share
    bad = results("scopa-corse", seating__players=3)
    assert bad["deal.equal-plays"].status == "failed"
    assert "then 14 cards, which 3 players cannot share equally" in bad["deal.equal-plays"].counterexample


@pytest.mark.rule("scopa.match.cappotto")
def test_the_cappotto_must_be_below_the_target():
    assert results("scopa-cappotto")["scoring.scopa-cappotto"].status == "proved"
    bad = results("scopa-cappotto", hand_scoring__scopa__cappotto=11)["scoring.scopa-cappotto"]
    assert bad.status == "failed" and "not below match.target 11" in bad.counterexample
    assert results("scopa-2")["scoring.scopa-cappotto"].status == "not-applicable"


@pytest.mark.rule("scopa.score.grande")
def test_the_grande_counts_in_the_bound_of_a_hand():
    # four categories, the Napola up to 6 and the 5 of the King, Horse and Jack
    assert "at most 15 + scopas" in results("cirulla")["scoring.scopa-bounded"].note
