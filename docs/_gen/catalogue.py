"""Rule blocks (one per rule id, each an anchor) and the rules index page."""

from __future__ import annotations

from collections.abc import Iterable

from regola.spec.rules import Rule
from regola.spec.schema import Ruleset

from . import data
from .md import rel
from .wording import statement

GROUPS = {
    "deck": "The pack",
    "deal": "Dealing",
    "phase": "The order of a hand",
    "bid": "Bidding",
    "call": "Calling a partner",
    "play": "Playing",
    "capture": "Capturing",
    "sweep": "Sweeps",
    "trick": "Tricks",
    "declare": "Declarations",
    "draw": "Drawing",
    "exchange": "Exchanging the indicator",
    "end": "The end of a hand",
    "info": "What players see",
    "score": "Scoring a hand",
    "match": "The match",
}
# The order of the groups on a variant page: the order of a hand.
HAND_ORDER = list(GROUPS)


def group_of(rule_id: str, family: str | None = None) -> str:
    """The heading a rule is listed under: the second part of its id, and
    the first where it is not the family's name (``chiamata.bid`` ->
    "Bidding: Chiamata")."""
    prefix, part = rule_id.split(".")[:2]
    name = GROUPS.get(part, part.replace("-", " ").capitalize())
    family = family or prefix
    return name if prefix == family else f"{name}: {prefix.capitalize()}"


def source_links(keys: Iterable[str], page: str) -> str:
    """Source keys as links to the sources page."""
    known = data.sources()
    out = []
    for key in keys:
        if key in known:
            out.append(f"[{key}]({rel(page, data.SOURCES, source_anchor(key))} \"{known[key].title}\")")
        else:
            out.append(key)
    return ", ".join(out)


def source_anchor(key: str) -> str:
    """The anchor of a source on the sources page."""
    from .md import slug

    return "source-" + slug(key)


def topic(rule_id: str) -> str:
    """The second part of a rule id: ``deal``, ``bid``, ``trick``..."""
    return rule_id.split(".")[1]


def in_hand_order(rules: Iterable[Rule]) -> list[Rule]:
    """Rules by topic in the order a hand is played (the auction before the
    play), catalogue order within a topic."""
    rank = {name: i for i, name in enumerate(HAND_ORDER)}
    return sorted(rules, key=lambda r: rank.get(topic(r.id), len(rank)))


def rule_blocks(rules: Iterable[Rule], page: str, family: str, level: int = 3,
                holds: bool = False, ruleset: Ruleset | None = None) -> str:
    """Rules grouped by topic, each a heading whose id is the rule id.

    With a ``ruleset`` (a variant page) the topics come in the order of a
    hand, each once whatever catalogue its rules come from, and each rule
    reads as it holds in that variant."""
    out: list[str] = []
    group = None
    if ruleset is not None:
        rules = in_hand_order(rules)
    for rule in rules:
        name = GROUPS.get(topic(rule.id), topic(rule.id).capitalize()) if ruleset else group_of(rule.id, family)
        if name != group:
            group = name
            out.append(f"{'#' * level} {group}\n")
        out.append(rule_block(rule, page, level + 1, holds, ruleset))
    return "\n".join(out)


def rule_block(rule: Rule, page: str, level: int, holds: bool = False, ruleset: Ruleset | None = None) -> str:
    """One rule: a heading whose id is the rule id, the statement, then the
    id, the sources and (on the rules index) the condition in a smaller
    line. On a variant page the statement is the rule as it holds there."""
    meta = [f"[`{rule.id}`](#{rule.id})", f"Sources: {source_links(rule.sources, page)}"]
    if rule.when and ruleset is None:
        meta.append(f"Holds where {when_text(rule.when)}")
    text = statement(rule, ruleset) if ruleset is not None else " ".join(rule.statement.split())
    lines = [
        f"{'#' * level} {rule.title} {{#{rule.id} .rule-heading}}\n",
        text + "\n",
        '<p class="rule-meta" markdown>' + " · ".join(meta) + "</p>\n",
    ]
    if holds:
        lines.append(f'<p class="rule-meta" markdown>{holds_text(rule, page)}</p>\n')
    return "\n".join(lines)


def holds_text(rule: Rule, page: str) -> str:
    """Where a rule holds: every variant of its family, every one but a few,
    or the list of those where it does."""
    family = data.catalogue_files().get(data.catalogue_of_rule().get(rule.id, "") + ".toml")
    members = [rs.id for rs in data.rulesets() if rs.family == family]
    holds = data.holds_in(rule.id)

    def links(ids: list[str] | tuple[str, ...]) -> str:
        return ", ".join(f"[{v}]({rel(page, data.variant_page(v), rule.id if v in holds else None)})" for v in ids)

    if not holds:
        return "Holds in no shipped variant."
    if len(holds) == len(members):
        return f"Holds in every {family} variant."
    others = [v for v in members if v not in holds]
    if len(others) < len(holds) and len(others) <= 8:
        return f"Holds in every {family} variant except {links(others)}."
    return f"Holds in: {links(holds)}."


def when_text(when: str) -> str:
    """A rule's condition in words: ``deal.indicator`` -> "`deal.indicator`
    is set"; ``a = x | y and b != z`` -> "`a` is `x` or `y` and `b` is not `z`"."""
    out = []
    for cond in when.split(" and "):
        for op, verb in (("!=", "is not"), ("=", "is")):
            path, sep, value = cond.partition(op)
            if sep:
                values = " or ".join(f"`{_toml_word(v.strip())}`" for v in value.split("|"))
                out.append(f"`{path.strip()}` {verb} {values}")
                break
        else:
            out.append(f"`{cond.strip()}` is set")
    return " and ".join(out)


def _toml_word(value: str) -> str:
    """A condition's value as a variant file writes it (``True`` -> ``true``)."""
    return {"True": "true", "False": "false"}.get(value, value)


def rules_index() -> str:
    """The rules index: every rule of every family, with its anchor."""
    page = data.RULES_INDEX
    cats = data.catalogues()
    total = sum(len(c) for c in cats.values())
    parts = [
        "# Rules index\n",
        f"Every normative rule of regola, {total} in all, by family. Each rule has "
        "a stable dotted id, which is also its anchor on this page and on the "
        "page of every variant in which it holds. The reference interpreter "
        "names these ids when it rejects an action, and every trace records the "
        "ids each step exercised.\n",
    ]
    files = data.catalogue_files()
    for family, cat in cats.items():
        names = ", ".join(f"`spec/rules/{f}`" for f, fam in files.items() if fam == family)
        parts.append(f"## {family.capitalize()} family\n")
        parts.append(
            f"{len(cat)} rules, from {names}. A rule with a condition holds "
            "only in the variants where that option is on.\n"
        )
        parts.append(rule_blocks(cat.values(), page, family, level=3, holds=True))
    return "\n".join(parts)
