"""The variant pages' "What each source says": one column per source the
variant cites, the differences in bold, the gaps a source leaves marked
silent, and the sentence that says why the variant departs from a source."""

from __future__ import annotations

import re

from _gen import data

from regola.spec import load, profiles, variant_ids


def _sources_section(page: str) -> str:
    start = page.index("## What each source says")
    end = page.find("\n## ", start + 1)
    return page[start : end if end >= 0 else None]


def test_every_variant_with_profiles_has_the_sources_table(pages):
    for variant in variant_ids():
        page = pages[data.variant_page(variant)]
        if not profiles(variant):
            assert "## What each source says" not in page, variant
            continue
        section = _sources_section(page)
        for name in profiles(variant):
            assert f"`{name}`" in section, (variant, name)
        header = next((line for line in section.splitlines() if line.startswith("| Option")), None)
        if header is None:  # no source differs from the variant nor leaves anything open
            assert "Every source agrees with this variant's values" in section, variant
        else:
            assert header.count("|") == 3 + len(profiles(variant)), variant  # one column per source


def test_the_table_highlights_differences_and_gaps(pages):
    section = _sources_section(pages[data.variant_page("briscola-4")])
    row = next(line for line in section.splitlines() if line.startswith("| `hand_scoring.tie`"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    # option, this variant, then P-BRI, W-BRI, genovagioca, lotoflaughs, seed 002, seed 004
    assert cells[1] == "`replay`"
    assert cells[2] == "**`draw`**" and cells[7] == "`replay`"
    assert cells[5].startswith("*silent: `replay`")  # lotoflaughs says nothing of ties
    assert "seeds/004" in section and "IT-genovagioca" in section


def test_the_page_says_why_the_variant_departs_from_a_source(pages):
    section = _sources_section(pages[data.variant_page("albastini-2")])
    assert "Where this variant does not follow a source it cites, and why:" in section
    assert re.search(r"seed 001.*P-ALB", section)


def test_a_variant_whose_sources_all_agree_says_so(pages):
    # chiamata-low-card cites only seed 004, which leaves the target open
    section = _sources_section(pages[data.variant_page("chiamata-low-card")])
    assert "*silent: `61`*" in section
    assert load("chiamata-low-card").bidding.min_points == 61
