"""The invariants proved for a variant, from ``regola.spec.invariants``.

The sections are left out when the invariants module is not installed.
Results are computed once per ruleset and cached for the build.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from regola.spec.schema import Ruleset

from . import data
from .md import indent, rel, table


def available() -> bool:
    """Whether the invariants module can be used."""
    return _api() is not None


def _api() -> Any:
    try:
        from regola.spec import invariants
    except ImportError:
        return None
    return invariants if hasattr(invariants, "check") and hasattr(invariants, "invariants") else None


@cache
def results(variant_id: str) -> tuple[Any, ...]:
    """The invariant results of a shipped variant (empty when unavailable)."""
    api = _api()
    if api is None:
        return ()
    ruleset = next(rs for rs in data.rulesets() if rs.id == variant_id)
    return tuple(api.check(ruleset))


def statements() -> dict[str, str]:
    """Each invariant's claim, by name."""
    api = _api()
    if api is None:
        return {}
    return {inv.name: inv.statement for inv in api.invariants()}


def proof_note(ruleset: Ruleset) -> str:
    """A sentence saying whether z3 proved the deal arithmetic."""
    deal = [r for r in results(ruleset.id) if r.name.startswith("deal.")]
    if not deal:
        return ""
    proved = [r for r in deal if r.status == "proved"]
    failed = [r for r in deal if r.status == "failed"]
    if failed:
        return "!!! failure \"Deal invariants failed\"\n    " + "; ".join(
            f"`{r.name}`: {r.counterexample}" for r in failed
        )
    names = ", ".join(f"`{r.name}`" for r in proved)
    return f"These counts are proved by z3 for this variant ({names}); see the invariants below."


def invariants_section(ruleset: Ruleset, page: str) -> str:
    """Markdown for the invariants of a variant, or "" if unavailable."""
    res = results(ruleset.id)
    if not res:
        return ""
    claims = statements()
    rows = []
    for r in res:
        if r.status == "not-applicable":
            continue
        if r.status == "failed":
            verdict = f'<span class="inv-failed">failed</span>: {r.counterexample or ""}'
        else:
            verdict = '<span class="inv-proved">proved</span>' + (f": {r.note}" if r.note else "")
        rows.append((f"`{r.name}`<br>{claims.get(r.name, '')}", verdict))
    skipped = [r for r in res if r.status == "not-applicable"]
    guide = rel(page, "invariants.md")
    out = (
        f"`regola check {ruleset.id}` builds z3 constraints from this spec and "
        f"proves each claim for every possible deal and play, or prints a "
        f"counterexample ([how to read one]({guide})).\n\n"
        + table(["Invariant", "Result"], rows)
    )
    if skipped:
        out += "\nNot applicable here: " + "; ".join(
            f"`{r.name}` ({r.note})" if r.note else f"`{r.name}`" for r in skipped
        ) + ".\n"
    return out


def other_player_counts(ruleset: Ruleset) -> str:
    """The inverse deal arithmetic: for each player count, the fewest cards
    to take out of the full pack so the deal works (z3), as a collapsed table."""
    api = _api()
    if api is None or not hasattr(api, "deal_table"):
        return ""
    rows = []
    for row in api.deal_table(ruleset):
        if not row.possible:
            rows.append((row.players, "not possible", "", "", ""))
            continue
        which = " ".join(f"`{c}`" for c in row.removed_cards) or "none"
        if not row.keeps_points:
            which += " (changes the card points)"
        rows.append((row.players, which, row.cards, row.dealt, row.tricks or row.draw_rounds or ""))
    body = table(["Players", "Cards to take out", "In play", "Dealt", "Tricks"], rows)
    return (
        '??? info "Other player counts with this pack and deal"\n\n'
        "    Solved by z3 (`regola.spec.invariants.deal_table`): for each number of "
        "players, the fewest cards to take out of the full pack so that every deal "
        "invariant holds, chosen among the cards worth nothing where possible.\n\n"
        + indent(body) + "\n"
    )
