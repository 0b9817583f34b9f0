"""The invariants proved for a variant, from ``regola.spec.invariants``.

The section is left out when the invariants module is not installed, or
when ``REGOLA_DOCS_SKIP_PROOFS`` is set (a quick local preview).
Results are computed once per ruleset and cached for the build.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from regola.spec.schema import Ruleset

from . import data
from .md import rel, table


def available() -> bool:
    """Whether the invariants module can be used."""
    return _api() is not None


def _api() -> Any:
    if os.environ.get("REGOLA_DOCS_SKIP_PROOFS"):
        return None  # a quick local preview without z3
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
    """Markdown table of the invariants for a variant, or "" if unavailable."""
    res = results(ruleset.id)
    if not res:
        return ""
    claims = statements()
    marks = {"proved": "✅ proved", "failed": "❌ failed", "not-applicable": "— not applicable"}
    rows = []
    for r in res:
        detail = r.counterexample if r.status == "failed" else r.note
        rows.append((f"`{r.name}`", claims.get(r.name, ""), marks.get(r.status, r.status), detail or ""))
    guide = rel(page, "invariants.md")
    return (
        f"`regola check {ruleset.id}` builds z3 constraints from this spec and "
        f"proves each claim for every possible deal and play, or prints a "
        f"counterexample ([how to read one]({guide})).\n\n"
        + table(["Invariant", "Claim", "Result", "Detail"], rows)
    )
