"""A variant page states only what holds in that variant: the rules whose
condition holds, each worded for the variant, in the order of a hand, and
the variant's own file at the end."""

from __future__ import annotations

import re

import pytest
from _gen import data
from _gen.site import static_files
from _gen.variant import variant_file
from _gen.wording import wording_for, wordings
from regola.spec import catalog, load, load_all, rule_ids, variant_ids
from regola.spec.loader import VARIANTS_DIR

HEADING = re.compile(r"^#### (.+?) \{#([a-z0-9.-]+) \.rule-heading\}$", re.M)


def _section(page: str, title: str) -> str:
    """The text of one ``## title`` section of a page."""
    start = page.index(f"\n## {title}\n")
    end = page.find("\n## ", start + 1)
    return page[start: end if end != -1 else None]


def _statements(page: str) -> dict[str, str]:
    """Each rule id on a page and the paragraph stated under its heading."""
    rules = _section(page, "Rules")
    out = {}
    for match in HEADING.finditer(rules):
        after = rules[match.end():].lstrip("\n")
        out[match.group(2)] = after.split("\n\n", 1)[0]
    return out


def test_chiamata_speaks_of_no_stock_and_no_indicator(pages):
    # Chiamata deals the whole pack: nothing is drawn and no card is turned.
    for variant in variant_ids():
        ruleset = load(variant)
        if ruleset.draw.enabled or ruleset.deal.indicator != "none" or ruleset.family != "briscola":
            continue
        page = pages[data.variant_page(variant)]
        told = _section(page, "Phases of a hand") + _section(page, "Rules")
        assert not re.search(r"stock|indicator", told, re.I), variant


def test_a_page_shows_exactly_the_rules_that_hold(pages):
    for ruleset in load_all():
        shown = list(_statements(pages[data.variant_page(ruleset.id)]))
        assert sorted(shown) == sorted(rule_ids(ruleset)), ruleset.id


def test_rule_text_states_what_holds_not_the_choices(pages):
    for variant in variant_ids():
        for rid, text in _statements(pages[data.variant_page(variant)]).items():
            assert not re.search(r"the variant|variant's|is an option|are options|holds here because|[{}]",
                                 text, re.I), (variant, rid, text)
    # the rules index keeps the general statements, with their conditions
    index = pages[data.RULES_INDEX]
    assert "Which card is turned (the next after the deal" in index
    assert "Holds where `deal.indicator` is set" in index


def test_statements_follow_the_options():
    def said(variant: str, rid: str) -> str:
        ruleset = load(variant)
        from _gen.wording import statement

        return statement(catalog(ruleset.family)[rid], ruleset)

    assert said("briscola-2", "briscola.play.first-lead") == "The non-dealer leads to the first trick."
    assert "bottom card" in said("briscas-2", "briscola.deal.indicator")
    assert "never drawn" in said("albastini-5", "briscola.deal.indicator")
    assert "less `2b`" in said("briscola-3", "briscola.deck.composition")
    assert "63, 65 and so on" in said("briscalone", "chiamata.bid.after-two")
    assert "the Two of that suit is the called card" in said("chiamata-subito-al-due", "chiamata.call.suit")
    assert "best of 3 hands: the first side to 2 game points" in said("briscola-2", "briscola.match.end")
    assert "three at a time" in said("scopone", "scopa.deal.hands")
    shares = said("chiamata-points", "chiamata.score.payoff")
    assert "2 for the bidder, 1 for his partner and 1 for each defender" in shares
    assert "4/2/2 from 71" in said("chiamata", "chiamata.score.payoff")
    assert said("chiamata-points", "chiamata.score.target").endswith("at least its target, the points bid.")
    assert "three or four Kings" in said("scopa-2", "scopa.deal.redeal")
    # open hands: nothing but the stock is hidden in Briscola Scoperta
    assert "other hands are face down" not in said("briscola-scoperta-2", "briscola.info.hidden")
    # a rule without an entry keeps the catalogue's words, less "Where the variant says so,"
    assert said("brisca-2", "briscola.draw.order") == " ".join(
        catalog("briscola")["briscola.draw.order"].statement.split())
    assert said("briscola-scoperta-2", "briscola.info.open-hands").startswith("In the open game")
    assert said("briscola-4", "briscola.info.partner-view").startswith("From the moment the stock is exhausted")


def test_a_call_after_the_first_trick_comes_after_it_in_the_diagram():
    from _gen.phases import phases_diagram

    late = phases_diagram(load("chiamata-al-buio"))
    assert "bidding --> turn" in late and "turn -- first trick --> calling" in late and "calling --> winner" in late
    usual = phases_diagram(load("chiamata"))
    assert "bidding --> calling" in usual and "calling --> turn" in usual


def test_every_wording_names_a_rule_and_is_used():
    known = data.all_rule_ids()
    rulesets = load_all()
    for entry in wordings():
        assert entry.rule_id in known, entry
        assert any(entry.rule_id in rule_ids(rs) and wording_for(entry.rule_id, rs) is entry for rs in rulesets), (
            f"no shipped variant uses the wording of {entry.rule_id} when {entry.when}")


@pytest.mark.parametrize("variant", ["chiamata", "briscalone", "albastini-2"])
def test_the_auction_comes_before_the_play(pages, variant):
    rules = _section(pages[data.variant_page(variant)], "Rules")
    groups = re.findall(r"^### (.+)$", rules, re.M)
    assert groups.index("Bidding") < groups.index("Playing") < groups.index("Tricks"), groups
    assert len(groups) == len(set(groups))  # each topic once, whatever catalogue its rules come from


def test_every_variant_page_embeds_its_file(pages):
    files = static_files()
    for variant in variant_ids():
        page = pages[data.variant_page(variant)]
        section = _section(page, "The variant file")
        text = (VARIANTS_DIR / f"{variant}.toml").read_text(encoding="utf-8")
        embedded = "\n".join("    " + line if line.strip() else line for line in text.rstrip("\n").splitlines())
        assert f'??? note "spec/variants/{variant}.toml"' in section
        assert embedded in section, variant
        assert f"[`spec/variants/{variant}.toml`]({variant}.toml)" in section  # a link to the file beside the page
        assert files[variant_file(variant)] == text.encode("utf-8")
    # the conditions that switch rules on are told in this section, not in the rules
    chiamata = pages[data.variant_page("chiamata")]
    assert "- [`chiamata.bid.pass-final`](#chiamata.bid.pass-final): `bidding.kind` is `rank-auction` or " \
           "`points-auction` and `bidding.passes_final` is `true`\n" in _section(chiamata, "The variant file")
    assert "Holds here because" not in chiamata
