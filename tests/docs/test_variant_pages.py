"""The generator gives every variant a page with the right content; the
figures below are worked out by hand from the rules notes."""

from __future__ import annotations

import re

from _gen import data
from _gen.arithmetic import arithmetic
from _gen.catalogue import when_text
from _gen.deck import deck_section
from _gen.options import options_section
from _gen.phases import phases_diagram
from _gen.site import nav
from regola.spec import load, variant_ids


def test_the_generator_makes_a_page_for_every_variant(pages):
    for variant in variant_ids():
        page = pages[data.variant_page(variant)]
        assert page.startswith(f"# {load(variant).name}\n")
        for section in ("## The deck", "## Deal arithmetic", "## Phases of a hand", "## Rules", "## Options"):
            assert section in page, (variant, section)
    listed = re.findall(r"\]\(([a-z0-9-]+)\.md\)", pages[data.VARIANTS_INDEX])
    assert sorted(listed) == sorted(variant_ids())


def test_nav_lists_every_variant_and_drops_missing_optional_pages():
    entries = nav(["index.md", {"Variants": ["variants/index.md", "generated:variants"]}, "optional:no-such-page.md"])
    assert entries[0] == "index.md" and len(entries) == 2
    assert sorted(_paths(entries[1]["Variants"][1:])) == sorted(data.variant_page(v) for v in variant_ids())
    family = next(e for e in entries[1]["Variants"] if isinstance(e, dict) and "Briscola family" in e)
    games = [next(iter(e)) for e in family["Briscola family"] if isinstance(next(iter(e.values())), list)]
    assert games == ["Albastini", "Chiamata", "Tressette"]


def _paths(entries) -> list[str]:
    out = []
    for entry in entries:
        for value in entry.values():
            out += _paths(value) if isinstance(value, list) else [value]
    return out


def test_deal_arithmetic_by_hand():
    # Briscola for two: 40 cards, 3 each and the 7th turned up, 33 in the
    # stock; 34 cards drawn in rounds of 2 -> 17 rounds; 20 tricks.
    a = arithmetic(load("briscola-2"))
    assert (a.cards, a.dealt, a.indicator, a.stock, a.draw_rounds, a.tricks) == (40, 6, 1, 33, 17, 20)
    # Three players without one Two: 39 cards, 9 dealt, 29 + 1 drawn in 10 rounds, 13 tricks.
    a = arithmetic(load("briscola-3"))
    assert (a.cards, a.dealt, a.stock, a.draw_rounds, a.tricks) == (39, 9, 29, 10, 13)
    # Six players without the Twos: 36 cards, 18 dealt, 3 rounds, 6 tricks.
    a = arithmetic(load("briscola-6"))
    assert (a.cards, a.dealt, a.stock, a.draw_rounds, a.tricks) == (36, 18, 17, 3, 6)
    # Scopa for two: 3 each and 4 on the table, then 5 more deals of 3 each: 6 deals.
    a = arithmetic(load("scopa-2"))
    assert (a.dealt, a.table, a.stock, a.deals, a.cards_each) == (6, 4, 30, 6, 18)
    # Scopone: 9 each and 4 on the table, nothing left.
    a = arithmetic(load("scopone"))
    assert (a.dealt, a.table, a.stock, a.deals) == (36, 4, 0, 1)
    # Chiamata: five players, the whole pack dealt, 8 tricks.
    a = arithmetic(load("chiamata"))
    assert (a.dealt, a.indicator, a.stock, a.tricks) == (40, 0, 0, 8)


def test_deck_tables_name_the_faces_in_three_languages():
    italian = deck_section(load("briscola-2"))
    assert "| `H` | Horse | Cavallo | Caballo | Dame |" in italian
    assert "120 card points" in italian
    # Bisca's Queen is worth 2 and stands for the Italian Jack (Fante); its
    # Italian name is not in the variant file, so the usual one is given.
    bisca = deck_section(load("bisca-2"))
    queen = next(line for line in bisca.splitlines() if line.startswith("| `Q` |"))
    assert "*Donna*" in queen and "| Fante |" in queen and queen.rstrip(" |").endswith("2")
    assert "Portuguese" in bisca


def test_scopa_deck_shows_capture_values_and_primiera_not_strength():
    table = deck_section(load("scopa-2"))
    header = next(line for line in table.splitlines() if line.startswith("| Face |"))
    assert "Scopa value" in header and "Primiera" in header and "Strength" not in header
    rows = {line.split("|")[1].strip(): line for line in table.splitlines() if line.startswith("| `")}
    # Seven: value 7, primiera 21; Ace: value 1, primiera 16; King: 10 and 10.
    assert rows["`7`"].rstrip(" |").endswith("| 7 | 21")
    assert rows["`A`"].rstrip(" |").endswith("| 1 | 16")
    assert rows["`K`"].rstrip(" |").endswith("| 10 | 10")


def test_options_list_only_what_concerns_the_variant():
    b2 = options_section(load("briscola-2"), "variants/briscola-2.md")
    assert "**`deal.indicator`** = `after-deal` (the default)" in b2
    assert "**`match.kind`** = `best-of` (default `single`)" in b2
    assert "`capture.compulsory`" not in b2 and "`bidding.raise_rule`" not in b2
    assert "**`bidding.kind`** = `none`" in b2
    scopa = options_section(load("scopa-2"), "variants/scopa-2.md")
    assert "**`capture.compulsory`** = `true`" in scopa
    assert "`exchange.card`" not in scopa and "`hand_scoring.tie`" not in scopa
    chiamata = options_section(load("chiamata"), "variants/chiamata.md")
    assert "`bidding.raise_rule`" in chiamata and "`hand_scoring.contract.bands`" in chiamata


def test_options_say_which_sources_use_which_value():
    text = options_section(load("briscola-2"), "variants/briscola-2.md")
    line = next(l for l in text.splitlines() if l.startswith("  *In the sources:*") and "replay" in l)
    assert "`draw` (this variant): [P-BRI]" in line
    assert "`last-trick`: [IT-paginainizio]" in line


def test_conditions_in_words():
    assert when_text("deal.indicator") == "`deal.indicator` is set"
    assert when_text("play.follow_suit = must-follow") == "`play.follow_suit` is `must-follow`"
    assert when_text("bidding.kind = rank-auction | low-card and play.first_lead != bidder") == (
        "`bidding.kind` is `rank-auction` or `low-card` and `play.first_lead` is not `bidder`"
    )


def test_phases_diagrams_follow_the_spec():
    b2 = phases_diagram(load("briscola-2"))
    assert b2.startswith("```mermaid\nflowchart TD\n")
    assert "Turn up the next card" in b2 and "stock -- yes --> draw" in b2
    scopa = phases_diagram(load("scopa-2"))
    assert "4 face up to the table" in scopa and "void -- yes: deal again --> shuffle" in scopa
    assert "stock" not in scopa
    chiamata = phases_diagram(load("chiamata"))
    assert "Auction" in chiamata and "secret partner" in chiamata and "Turn up" not in chiamata


def test_every_cited_source_key_is_in_the_sources_table(pages):
    missing = data.cited_source_keys() - set(data.sources())
    assert not missing
    for key in ("P-BRI", "seeds/004", "IT-genovagioca"):
        assert f'<a id="source-{key.replace("/", "-")}"></a>' in pages[data.SOURCES]


def test_disagreements_page_covers_every_topic_and_options_exist(pages):
    text = pages[data.DISAGREEMENTS]
    for topic in data.topics():
        assert f"{{#disagreement-{topic.number}}}" in text
    from _gen.options import value_at

    ruleset = load("briscola-2")
    for topic in data.topics():
        for view in topic.views:
            for path in view.set:
                value_at(ruleset, path)  # raises AttributeError for an option that does not exist


def test_comparison_lists_every_variant(pages):
    text = pages[data.COMPARISON]
    for variant in variant_ids():
        assert f"[{variant}](../variants/{variant}.md)" in text
    assert "A<sup>11</sup> 3<sup>10</sup> K<sup>4</sup> H<sup>3</sup> J<sup>2</sup> 7 6 5 4 2" in text
    assert "A<sup>11</sup> 7<sup>10</sup> K<sup>4</sup> J<sup>3</sup> Q<sup>2</sup>" in text  # Bisca


def test_cli_reference_documents_every_command(pages):
    import typer
    from regola.conformance.cli.commands import app

    text = pages[data.CLI]
    root = typer.main.get_command(app)
    for name, cmd in root.commands.items():
        assert f"## `regola {name}`" in text
        for sub in getattr(cmd, "commands", {}) or {}:  # groups: every subcommand too
            assert f"### `regola {name} {sub}`" in text
    assert "### `regola corpus generate`" in text
    assert "`--engine CMD`" in text
    assert "\\|" not in text  # no escaped pipe shows through in code
