"""Generated pieces of hand-written pages.

A hand-written page holds a marker ``<!-- regola:NAME -->``; the hook
replaces it with ``SNIPPETS[NAME]()`` for the page, so facts such as the
list of invariants or a real counterexample are computed at build time
rather than copied by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from .md import rel, table

DOCS_DIR = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"<!-- regola:([a-z-]+) -->")


def invariants_table(page: str) -> str:
    """Every registered invariant with its claim."""
    from regola.spec import invariants

    rows = [(f"`{inv.name}`", inv.statement) for inv in invariants.invariants()]
    return table(["Invariant", "Claim"], rows)


def counterexample(page: str) -> str:
    """What ``regola check briscola-2 -o seating.players=6`` finds."""
    from regola.spec import invariants, load

    ruleset = load("briscola-2", {"seating.players": 6}, checked=False)
    failed = invariants.failures(invariants.check(ruleset))
    lines = [f"✗ {r.name}\n  {r.counterexample}" for r in failed]
    return "```text\n" + "\n".join(lines) + "\n```\n"


def engine_docs(page: str) -> str:
    """Links to the trace format and protocol pages, where they exist."""
    pages = [
        ("trace-format.md", "The trace format", "every line of a trace file, with its JSON Schema"),
        ("protocol.md", "The engine protocol", "every request and answer, with a full example session"),
    ]
    found = [(p, t, what) for p, t, what in pages if (DOCS_DIR / p).is_file()]
    if not found:
        return ""
    items = "\n".join(f"- [{t}]({rel(page, p)}): {what}." for p, t, what in found)
    return "## Reference\n\n" + items + "\n"


def variant_summary(page: str) -> str:
    """How many variants and rules there are, by family."""
    from . import data

    by_family: dict[str, list[str]] = {}
    for rs in data.rulesets():
        by_family.setdefault(rs.family, []).append(rs.id)
    cats = data.catalogues()
    rows = [
        (
            f"{family.capitalize()}",
            f"[{len(ids)} variants]({rel(page, data.VARIANTS_INDEX)})",
            f"[{len(cats.get(family, {}))} rules]({rel(page, data.RULES_INDEX)})",
        )
        for family, ids in sorted(by_family.items())
    ]
    return table(["Family", "Variants", "Rules"], rows)


def _engine_results(page: str) -> str:
    """A real engine's page: its results (`realworld.engine_results`)."""
    from .realworld import engine_results

    return engine_results(page)


SNIPPETS: dict[str, Callable[[str], str]] = {
    "variant-summary": variant_summary,
    "invariants-table": invariants_table,
    "counterexample": counterexample,
    "engine-docs": engine_docs,
    "engine-results": _engine_results,
}


def expand(markdown: str, page: str) -> str:
    """Replace every marker in ``markdown`` (a page at ``page``)."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in SNIPPETS:
            raise KeyError(f"{page}: unknown generated snippet {name!r}; known: {', '.join(SNIPPETS)}")
        return SNIPPETS[name](page)

    return MARKER.sub(one, markdown)
