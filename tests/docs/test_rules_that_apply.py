"""A variant's rule list, its flowchart and every sentence generated for it
name only rules that apply to its resolved values (issue 22).

A rule is vacuous in a variant when the variant lacks what the rule is
about: the indicator in a game where none is turned, trumps where there
are none, a stock where nothing is drawn, a face weaker than the last bid
where any face may be named. The test does not read the catalogue's
``when`` conditions (they are what is checked): it reads what each text
speaks of, by the words below, and asks the variant's own values whether
that thing exists there. It runs over every shipped variant and over the
profiles, which change what a variant plays.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from _gen.phases import phases_diagram
from _gen.wording import statement
from regola.spec import Ruleset, catalog, load, profiles, rule_ids, variant_ids


def has_trumps(rs: Ruleset) -> bool:
    """Trumps come from a turned card or from a call."""
    return rs.deal.indicator != "none" or rs.calling.kind != "none" or rs.bidding.kind == "trump-guess"


@dataclass(frozen=True)
class Thing:
    """Something a rule may speak of, the words that name it, and whether
    a variant has it."""

    name: str
    words: re.Pattern[str]
    present: Callable[[Ruleset], bool]


THINGS = [
    Thing("indicator", re.compile(r"\bindicator\b|trump card", re.I), lambda rs: rs.deal.indicator != "none"),
    Thing("trumps", re.compile(r"\btrumps?\b|\bbriscola\b", re.I), has_trumps),
    Thing("stock", re.compile(r"\bstock\b|\bdraws?\b|\bdrawing\b|\bdrawn\b", re.I),
          lambda rs: rs.draw.enabled or rs.bidding.kind == "trump-guess" or rs.calling.monte),
    Thing("auction", re.compile(r"\bauction\b|\bbids?\b|\bbidder\b|\bbidding\b", re.I),
          lambda rs: rs.bidding.kind != "none"),
    Thing("weaker-face order", re.compile(r"weaker face than", re.I), lambda rs: rs.bidding.kind == "rank-auction"),
    Thing("partner", re.compile(r"\bpartners?\b", re.I),
          lambda rs: bool(rs.seating.teams) or rs.hand_scoring.kind == "contract"),
    Thing("exchange", re.compile(r"\bexchang", re.I),
          lambda rs: rs.exchange.card != "none" or rs.bidding.kind == "trump-guess"),
    Thing("table cards", re.compile(r"face-up table cards|cards on the table", re.I),
          lambda rs: rs.play.kind == "fishing"),
]

NOT_THERE = re.compile(r"\bno (?:trumps?|trump suit|indicator|stock)\b|\bnor any trump\b|nothing is drawn|"
                       r"nobody draws|never drawn|nothing (?:is )?left(?: over)? to draw", re.I)
"""A sentence may say that a thing is absent: those words do not count."""


def spoken_of(text: str) -> set[str]:
    """The things a text speaks of (not counting sentences saying they are absent)."""
    text = NOT_THERE.sub("", text)
    return {t.name for t in THINGS if t.words.search(text)}


def missing(rs: Ruleset) -> set[str]:
    return {t.name for t in THINGS if not t.present(rs)}


CASES = [(v, None) for v in variant_ids()] + [(v, p) for v in variant_ids() for p in profiles(v)]


@pytest.mark.parametrize(("variant", "profile"), CASES, ids=[f"{v}--{p}" if p else v for v, p in CASES])
def test_every_rule_listed_applies(variant, profile):
    rs = load(variant, profile=profile, checked=False)
    absent = missing(rs)
    rules = catalog(rs.family)
    vacuous = {}
    for rid in rule_ids(rs):
        rule = rules[rid]
        about = spoken_of(rule.title + ". " + statement(rule, rs)) & absent
        if about:
            vacuous[rid] = sorted(about)
    assert not vacuous, f"{variant} ({profile or 'default'}) lists rules about what it lacks: {vacuous}"


@pytest.mark.parametrize("variant", variant_ids())
def test_the_flowchart_shows_only_what_the_variant_has(variant):
    rs = load(variant, checked=False)
    labels = " ".join(re.findall(r'"([^"]*)"', phases_diagram(rs)))
    assert not spoken_of(labels) & missing(rs), (variant, sorted(spoken_of(labels) & missing(rs)), labels)


def test_the_words_catch_the_cases_found():
    # what the independent reading found: Tressette listing who takes the
    # indicator, and low-card bidding listing the weaker-face order
    tressette = load("tressette-2")
    assert "indicator" in spoken_of(catalog("briscola")["briscola.draw.indicator-last"].statement)
    assert "indicator" in missing(tressette) and "trumps" in missing(tressette)
    low = load("chiamata-low-card")
    assert "weaker-face order" in spoken_of(catalog("briscola")["chiamata.bid.lower-rank"].statement)
    assert "weaker-face order" in missing(low)
    # and a sentence saying a thing is absent is not about it
    assert spoken_of("No card is turned and there is no trump suit") == set()
