"""Which rule ids the corpus exercises, and which it misses.

A trace exercises a rule id if its first deal (the header's ``rules``) or
one of its steps cites it; it rejects with a rule id if one of its reject
lines cites it. Every rule id that holds in a shipped variant's default
rules must be exercised or rejected with by at least one trace of that
variant.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from regola.conformance.corpus.generate import trace_rules
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.storage import read_text
from regola.conformance.trace.record import load_ruleset
from regola.spec import SpecError, catalog, rule_ids, variant_ids


@dataclass
class RuleCount:
    """How many traces exercise a rule id, and how many reject with it."""

    exercised: int = 0
    rejected: int = 0


@dataclass
class Coverage:
    """The corpus's coverage, per family and per variant."""

    families: dict[str, dict[str, RuleCount]] = field(default_factory=dict)
    """Family -> rule id (catalogue order) -> counts."""
    missing: list[tuple[str, str]] = field(default_factory=list)
    """(variant, rule id) for every default rule id no trace of the variant covers."""
    traces: int = 0
    problems: list[str] = field(default_factory=list)
    """Traces that could not be used (unknown variant, unreadable)."""


def _rules_of(path: Path) -> tuple[str, set[str], set[str]]:
    """(variant, rule ids exercised, rule ids rejected with), read fast
    (plain JSON, no schema check: ``regola corpus check`` guards the files)."""
    lines = [json.loads(line) for line in read_text(path).splitlines()]
    return (lines[0]["variant"], *trace_rules(lines))


def corpus_coverage(root: Path = CORPUS_DIR, on_trace: Callable[[Path], None] | None = None) -> Coverage:
    """Count, over every trace under ``root``, the traces exercising each rule
    id; ``on_trace`` is told of each trace read (progress)."""
    cov = Coverage()
    per_variant: dict[str, set[str]] = {}
    for family in sorted({load_ruleset(v, checked=False).family for v in variant_ids()}):
        cov.families[family] = {rid: RuleCount() for rid in catalog(family)}
    for path in iter_traces(root=root):
        if on_trace is not None:
            on_trace(path)
        try:
            variant, exercised, rejected = _rules_of(path)
            family = load_ruleset(variant, checked=False).family
        except (OSError, ValueError, KeyError, SpecError) as exc:
            cov.problems.append(f"{path}: {exc}")
            continue
        cov.traces += 1
        per_variant.setdefault(variant, set()).update(exercised | rejected)
        counts = cov.families.setdefault(family, {})
        for rid in exercised:
            counts.setdefault(rid, RuleCount()).exercised += 1
        for rid in rejected:
            counts.setdefault(rid, RuleCount()).rejected += 1
    for variant in variant_ids():
        seen = per_variant.get(variant, set())
        cov.missing += [(variant, rid) for rid in rule_ids(load_ruleset(variant, checked=False)) if rid not in seen]
    return cov
