"""The page of one variant, and the variants index."""

from __future__ import annotations

from regola.spec import ruleset_hash
from regola.spec.rules import catalog
from regola.spec.schema import Ruleset

from . import data
from .arithmetic import arithmetic, arithmetic_section
from .catalogue import rule_blocks, source_links, when_text
from .deck import deck_section
from .example import example_section
from .md import first_sentence, plural, rel, table
from .options import options_section
from .phases import phases_diagram
from .proofs import invariants_section, other_player_counts, proof_note


def players_text(ruleset: Ruleset) -> str:
    """"2 players", "4 players in 2 teams of 2"."""
    seating = ruleset.seating
    text = plural(seating.players, "player")
    if seating.teams:
        sizes = sorted({len(t) for t in seating.teams})
        size = "/".join(str(s) for s in sizes)
        text += f" in {len(seating.teams)} teams of {size}"
    return text


def facts_list(facts: list[tuple[str, str]]) -> str:
    """Label/value pairs as a compact definition list (a grid on wide screens)."""
    items = "\n".join(f"{label}\n:   {value}\n" for label, value in facts)
    return f'<div class="facts" markdown>\n\n{items}\n</div>\n'


def variant_page(ruleset: Ruleset) -> str:
    """Markdown of the page of one variant."""
    page = data.variant_page(ruleset.id)
    rules = [r for r in catalog(ruleset.family).values() if r.applies_to(ruleset)]
    why = {
        r.id: f"Holds here because {when_text(r.when)}"
        for r in rules
        if r.when
    }
    a = arithmetic(ruleset)
    facts = [
        ("Variant id", f"`{ruleset.id}`"),
        ("Family", ruleset.family.capitalize()),
        ("Players", players_text(ruleset)),
        ("Pack", f"{ruleset.deck.name}, {a.cards} cards"),
        ("Hand", plural(ruleset.deal.hand_size, "card")),
        ("Sources", source_links(ruleset.sources, page)),
        ("Ruleset hash", f"`{ruleset_hash(ruleset)[:19]}…`"),
    ]
    parts = [
        f"# {ruleset.name}\n",
        " ".join(ruleset.summary.split()) + "\n",
        facts_list(facts),
        "## The deck\n",
        deck_section(ruleset),
        "## Deal arithmetic\n",
        arithmetic_section(ruleset, proof_note(ruleset)),
        other_player_counts(ruleset),
        "## Phases of a hand\n",
        phases_diagram(ruleset),
        "## Rules\n",
        f"The {len(rules)} rules of the {ruleset.family} catalogue that hold in "
        f"this variant. Each id is an anchor: link to "
        f"`{ruleset.id}/#<rule id>`, or see the [rules index]"
        f"({rel(page, data.RULES_INDEX)}) for every rule of every variant.\n",
        rule_blocks(rules, page, ruleset.family, level=3, why=why),
        "## Options\n",
        options_section(ruleset, page),
    ]
    proofs = invariants_section(ruleset, page)
    if proofs:
        parts += ["## Invariants proved\n", proofs]
    example = example_section(ruleset, page)
    if example:
        parts += ["## Example game\n", example]
    return "\n".join(parts)


def variants_index() -> str:
    """The list of variants, by family."""
    page = data.VARIANTS_INDEX
    parts = [
        "# Variants\n",
        "Every variant regola ships, generated from the files in "
        "`spec/variants/`. Each page gives the deck, the deal arithmetic, the "
        "phases of a hand, every rule that holds, and every option with its "
        "value. To compare them, see the [comparison]"
        f"({rel(page, data.COMPARISON)}).\n",
    ]
    by_family: dict[str, dict[str, list[Ruleset]]] = {}
    for rs in data.rulesets():
        by_family.setdefault(rs.family, {}).setdefault(data.game_of(rs), []).append(rs)
    for family, games in sorted(by_family.items()):
        parts.append(f"## {family.capitalize()} family\n")
        order = sorted(games, key=lambda g: (g != family, g))
        for game in order:
            if len(games) > 1:
                parts.append(f"### {game.capitalize()}\n")
            rows = [
                (
                    f"[{rs.name}]({rel(page, data.variant_page(rs.id))})",
                    f"`{rs.id}`",
                    players_text(rs),
                    first_sentence(rs.summary),
                )
                for rs in games[game]
            ]
            parts.append(table(["Variant", "Id", "Players", "In short"], rows))
    return "\n".join(parts)
