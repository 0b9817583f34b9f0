"""The page of one variant, and the variants index."""

from __future__ import annotations

import tomllib

from regola.spec import ruleset_hash
from regola.spec.inheritance import summary_origin
from regola.spec.loader import VARIANTS_DIR
from regola.spec.rules import catalog
from regola.spec.schema import Ruleset

from . import data
from .arithmetic import arithmetic, arithmetic_section
from .catalogue import in_hand_order, rule_blocks, source_links, when_text
from .deck import deck_section
from .example import example_section
from .md import first_sentence, indent, plural, rel, table
from .options import options_section
from .phases import phases_diagram
from .profiles import profiles_section
from .proofs import invariants_section, other_player_counts, proof_note

WRITING_VARIANTS = "writing-variants.md"


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
        *summary_part(ruleset),
        facts_list(facts),
        "## The deck\n",
        deck_section(ruleset),
        "## Deal arithmetic\n",
        arithmetic_section(ruleset, proof_note(ruleset)),
        other_player_counts(ruleset),
        "## Phases of a hand\n",
        phases_diagram(ruleset),
        "## Rules\n",
        f"The {len(rules)} rules that hold in this variant, in the order of a "
        f"hand, each as it applies here. Each id is an anchor: link to "
        f"`{ruleset.id}/#<rule id>`. The [rules index]"
        f"({rel(page, data.RULES_INDEX)}) gives every rule of every variant in "
        "its general form, and [the variant file](#the-variant-file) below "
        "shows which options switch each rule on.\n",
        rule_blocks(rules, page, ruleset.family, level=3, ruleset=ruleset),
        "## Options\n",
        options_section(ruleset, page),
    ]
    sources = profiles_section(ruleset, page)
    if sources:
        parts += ["## What each source says\n", sources]
    proofs = invariants_section(ruleset, page)
    if proofs:
        parts += ["## Invariants proved\n", proofs]
    example = example_section(ruleset, page)
    if example:
        parts += ["## Example game\n", example]
    parts += ["## The variant file\n", variant_file_section(ruleset, rules, page)]
    return "\n".join(parts)


def summary_part(ruleset: Ruleset) -> list[str]:
    """The summary paragraph and, when it is another file's and the variant
    plays otherwise (`regola.spec.inheritance`), a note saying whose it is
    and which of the variant's values it does not describe."""
    origin = summary_origin(ruleset.id, ruleset)
    note = [f'!!! note "Summary of {origin.origin}"\n\n    {origin.note()}\n'] if origin else []
    return [" ".join(ruleset.summary.split()) + "\n", *note]


def variant_file(variant_id: str) -> str:
    """Where a variant's file is copied in the site (beside its page), so
    the page can link to it."""
    return f"variants/{variant_id}.toml"


def variant_chain(variant_id: str) -> list[str]:
    """The file names a variant is made from: its own, then what it extends,
    and so on (``chiamata.toml``, ``_briscola.toml``)."""
    chain = []
    name: str | None = variant_id
    while name is not None:
        chain.append(f"{name}.toml")
        with (VARIANTS_DIR / f"{name}.toml").open("rb") as fh:
            name = tomllib.load(fh).get("extends")
    return chain


def variant_file_section(ruleset: Ruleset, rules: list, page: str) -> str:
    """The variant's TOML file, verbatim and collapsed, what it extends, and
    which options switch on the rules that hold only under a condition."""
    own, *bases = variant_chain(ruleset.id)
    parts = [
        f"Everything on this page is generated from the file "
        f"[`spec/variants/{own}`]({rel(page, variant_file(ruleset.id))}) and "
        + (f"what it extends: {_extends_text(bases, page)}" if bases else "the schema's defaults")
        + ". A file names only what differs from what it extends; every other "
        "option keeps its value from there or its default. "
        f"[Writing a variant file]({rel(page, WRITING_VARIANTS)}) shows how to "
        "write your own.\n",
    ]
    for i, name in enumerate([own, *bases]):
        text = (VARIANTS_DIR / name).read_text(encoding="utf-8")
        title = f"spec/variants/{name}" + ("" if i == 0 else " (extended by the file above)")
        parts.append(f'??? note "{title}"\n\n' + indent("```toml\n" + text.rstrip("\n") + "\n```") + "\n")
    conditional = [r for r in rules if r.when]
    if conditional:
        parts.append("### Rules switched on by options\n")
        parts.append(
            "These rules hold here because of the options the file sets or "
            "inherits; the others hold in every variant of the family.\n"
        )
        items = [f"- [`{r.id}`](#{r.id}): {when_text(r.when)}" for r in in_hand_order(conditional)]
        parts.append("\n".join(items) + "\n")
    return "\n".join(parts)


def _extends_text(bases: list[str], page: str) -> str:
    out = []
    for name in bases:
        stem = name.removesuffix(".toml")
        if stem.startswith("_"):
            out.append(f"the shared base `spec/variants/{name}`")
        else:
            out.append(f"[`spec/variants/{name}`]({rel(page, variant_file(stem))}) "
                       f"(the file of [{stem}]({rel(page, data.variant_page(stem))}))")
    return ", which extends ".join(out)


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
