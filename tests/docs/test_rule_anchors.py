"""Every rule id has an anchor on the site, and every rule id the site
mentions exists.

These tests check the generator's Markdown directly (each rule is a heading
whose attribute list sets the rule id as its HTML id), so they need no
mkdocs. CI's docs step also builds the site and runs the same two checks
on the built HTML (docs/_gen/site_check.py), API reference included.
"""

from __future__ import annotations

import re

from _gen import data
from _gen.catalogue import in_hand_order
from _gen.links import link_rule_ids, mentioned_rule_ids
from _gen.snippets import expand
from regola.spec import load, variant_ids
from regola.spec.rules import catalog, rule_ids

ANCHOR = re.compile(r"^#{2,6} .* \{#([a-z0-9.-]+) \.rule-heading\}$", re.M)


def anchors(markdown: str) -> list[str]:
    return ANCHOR.findall(markdown)


def test_every_rule_of_every_catalogue_is_anchored_once_on_the_rules_index(pages):
    found = anchors(pages[data.RULES_INDEX])
    every = [rid for family in data.families() for rid in catalog(family)]
    assert sorted(found) == sorted(every)
    assert len(found) == len(set(found))
    assert "briscola.trick.winner" in found and "scopa.sweep" in found


def test_every_variant_page_anchors_exactly_the_rules_that_hold(pages):
    # in the order of a hand: by topic (the auction before the play), and in
    # catalogue order within a topic
    for variant in variant_ids():
        ruleset = load(variant)
        found = anchors(pages[data.variant_page(variant)])
        holding = [r for r in catalog(ruleset.family).values() if r.id in rule_ids(ruleset)]
        assert found == [r.id for r in in_hand_order(holding)], variant


def test_a_rule_that_does_not_hold_has_no_anchor_on_the_variant_page(pages):
    # Briscola for two has no exchange of the indicator (exchange.card = none),
    # Brisca has it; neither captures like Scopa.
    b2 = anchors(pages[data.variant_page("briscola-2")])
    brisca = anchors(pages[data.variant_page("brisca-2")])
    assert "briscola.exchange.card" not in b2
    assert "briscola.exchange.card" in brisca
    assert not any(rid.startswith("scopa.") for rid in b2)


def test_every_rule_id_mentioned_in_a_page_exists(pages, handwritten):
    known = data.all_rule_ids()
    for path, markdown in {**pages, **handwritten}.items():
        text = expand(markdown, path) if "<!-- regola:" in markdown else markdown
        unknown = mentioned_rule_ids(text) - known
        assert not unknown, f"{path} mentions {sorted(unknown)}"


def test_mentions_are_rule_shaped_names_not_files_or_patterns():
    text = (
        "see `briscola.trick.winner`, spec/rules/briscola.toml, the rules "
        "chiamata.bid.* and scopa.sweep. Also briscola.fake.rule and regola.spec.load"
    )
    assert mentioned_rule_ids(text) == {"briscola.trick.winner", "scopa.sweep", "briscola.fake.rule"}


def test_rule_ids_in_code_become_links_except_in_headings_links_and_code_blocks():
    html = (
        "<p><code>briscola.trick.winner</code> and <code>briscola.no.such</code></p>"
        '<h4 id="x"><code>briscola.trick.winner</code></h4>'
        '<a href="#y"><code>briscola.trick.winner</code></a>'
        "<pre><code>briscola.trick.winner</code></pre>"
    )
    out = link_rule_ids(html, lambda rid: f"../rules/#{rid}")
    assert out.count('href="../rules/#briscola.trick.winner"') == 1
    assert "<code>briscola.no.such</code></p>" in out
    assert out.endswith("<pre><code>briscola.trick.winner</code></pre>")
