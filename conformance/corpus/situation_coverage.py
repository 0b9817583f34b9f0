"""Which situations the corpus shows, per variant: not rule ids, but where
bugs live (`regola.conformance.corpus.situations`).

For each shipped variant: the match situations (a second hand, a match
played to its end), each per-hand field seen reset by a new hand, each
extreme hand, the pairs of cards that met (per family, over every trace of
the family), and the negative matrix (`regola.conformance.corpus.matrix`):
each cell rejected by some reject line, or not. What cannot occur in a
variant is listed as such, with the reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.conformance.corpus.matrix import WRONG_TYPES, cells
from regola.conformance.corpus.situations import (
    AUCTION_EXTREMES,
    FISHING_EXTREMES,
    MATCH,
    PER_HAND,
    TRICK_EXTREMES,
    applicable,
    pair_universe,
    pairs_met,
    situations,
)
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.record import load_ruleset
from regola.spec import variant_ids


@dataclass
class VariantSituations:
    """One variant's situations: what shows each, and what cannot occur."""

    variant: str
    family: str
    shown: dict[str, str] = field(default_factory=dict)
    """Situation -> the first trace (by name) that shows it."""
    counts: dict[str, int] = field(default_factory=dict)
    """For the counted extremes: the largest count shown."""
    missing: list[str] = field(default_factory=list)
    """Situations that can occur here and no trace shows."""
    cannot: dict[str, str] = field(default_factory=dict)
    """Situation -> why it cannot occur in this variant."""
    resets: dict[str, str] = field(default_factory=dict)
    """Per-hand field -> the first trace that shows it reset."""
    unchanged: list[str] = field(default_factory=list)
    """Per-hand fields of the view no trace shows changed within a hand."""
    not_reset: list[str] = field(default_factory=list)
    """Per-hand fields that change but are never seen reset."""
    matrix: list[tuple[str, str, str, str | None]] = field(default_factory=list)
    """(phase, action type, corruption, the rule id of its reject line, or
    None when the corpus has none)."""
    matrix_cannot: list[tuple[str, str, str]] = field(default_factory=list)
    """Cells the reference accepts (the corruption is no mistake there)."""
    after_end: int = 0
    """Reject lines after the end of a match."""


@dataclass
class SituationCoverage:
    variants: dict[str, VariantSituations] = field(default_factory=dict)
    pairs: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Family -> (pairs met in some trace, pairs there are)."""


def _cannot(name: str, ruleset: Any) -> str:
    if name == "second-hand":
        return "a match of one hand"
    if name in AUCTION_EXTREMES:
        return "no auction"
    if name == "void-deal":
        return "no redeal in these rules"
    if name == "hand-tie":
        return "a contract is made or not" if ruleset.hand_scoring.kind == "contract" else "no tie in these rules"
    return "not in this family"


def situation_coverage(root: Path = CORPUS_DIR) -> SituationCoverage:
    """Read every trace under ``root`` once and say which situations it shows."""
    out = SituationCoverage()
    per_variant: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {}
    for path in iter_traces(root=root):
        try:
            with path.open(encoding="utf-8") as fh:
                lines = [json.loads(line) for line in fh]
            variant = lines[0]["variant"]
        except (OSError, ValueError, KeyError, IndexError):
            continue  # `coverage.corpus_coverage` reports unreadable traces
        if variant in variant_ids():
            per_variant.setdefault(variant, []).append((path.stem, lines))
    met: dict[str, set[tuple[str, str]]] = {}
    universe: dict[str, set[tuple[str, str]]] = {}
    for variant in variant_ids():
        rs = load_ruleset(variant, checked=False)
        universe.setdefault(rs.family, set()).update(pair_universe(rs))
        vs = VariantSituations(variant, rs.family)
        out.variants[variant] = vs
        traces = sorted(per_variant.get(variant, []))
        changed: set[str] = set()
        for name, lines in traces:
            met.setdefault(rs.family, set()).update(pairs_met(lines, rs.family))
            if lines[0]["options"]:
                continue  # an option set's traces show its rules, not the variant's
            for situation, where in situations(lines, rs.family).items():
                if situation.startswith("reset:"):
                    vs.resets.setdefault(situation[6:], name)
                else:
                    vs.shown.setdefault(situation, name)
                    if isinstance(where, tuple):
                        vs.counts[situation] = max(vs.counts.get(situation, 0), where[0])
            changed |= _changed(lines)
            vs.after_end += _after_end(lines)
        fields = [f for f in PER_HAND if traces and _present(traces[0][1][0]["view"], f)]
        vs.unchanged = [f for f in fields if f not in changed]
        vs.not_reset = [f for f in fields if f in changed and f not in vs.resets and rs.match.kind != "single"]
        can = applicable(rs)
        everything = {**MATCH, **(FISHING_EXTREMES if rs.family == "scopa" else {**TRICK_EXTREMES, **AUCTION_EXTREMES})}
        vs.cannot = {s: _cannot(s, rs) for s in everything if s not in can}
        vs.missing = [s for s in can if s not in vs.shown]
        _matrix(vs, variant, dict(traces).get("negative--matrix"))
    out.pairs = {f: (len(met.get(f, set()) & u), len(u)) for f, u in sorted(universe.items())}
    return out


def _present(view: dict[str, Any], path: str) -> bool:
    node: Any = view
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _changed(lines: list[dict[str, Any]]) -> set[str]:
    """Per-hand fields whose value, within a hand, differs from the first deal's."""
    first = lines[0]["view"]
    out = set()
    for line in lines:
        if line["kind"] == "step":
            for f in PER_HAND:
                if _present(first, f) and _value(line["view"], f) != _value(first, f):
                    out.add(f)
    return out


def _value(view: dict[str, Any], path: str) -> Any:
    node: Any = view
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _after_end(lines: list[dict[str, Any]]) -> int:
    over, count = False, 0
    for line in lines:
        if line["kind"] == "step":
            over = bool(line["view"].get("match", {}).get("over"))
        elif line["kind"] == "reject" and over:
            count += 1
    return count


def _matrix(vs: VariantSituations, variant: str, lines: list[dict[str, Any]] | None) -> None:
    rejects = {(x["index"], json.dumps(x["action"], sort_keys=True)): x["rule"]
               for x in lines or () if x["kind"] == "reject"}
    for c in cells(variant):
        if c.rule is None:
            vs.matrix_cannot.append((c.phase, c.kind, c.corruption))
        else:
            vs.matrix.append((c.phase, c.kind, c.corruption,
                              rejects.get((c.index, json.dumps(c.action, sort_keys=True)))))


def render(cov: SituationCoverage) -> list[str]:
    """The report as lines of text."""
    out = ["", "situations: per variant, what the corpus shows (+), misses (-) and what cannot occur there (n/a)"]
    for family, (got, total) in cov.pairs.items():
        out.append(f"  pairs of cards meeting ({family}): {got}/{total} ({100 * got / max(total, 1):.0f}%)")
    for v, vs in cov.variants.items():
        out.append(f"\n{v}")
        shown = [f"+{s}" + (f" ({vs.counts[s]})" if s in vs.counts else "") for s in vs.shown if s not in vs.cannot]
        out.append("  shown:   " + " ".join(shown))
        if vs.missing:
            out.append("  missing: " + " ".join(f"-{s}" for s in vs.missing))
        if vs.cannot:
            out.append("  n/a:     " + "; ".join(f"{s} ({why})" for s, why in vs.cannot.items()))
        out.append("  reset by a new hand: " + (" ".join(f"+{f}" for f in vs.resets)
                                                  or ("n/a (a match of one hand)" if "second-hand" in vs.cannot else "none")))
        if vs.not_reset:
            out.append("  never seen reset: " + " ".join(f"-{f}" for f in vs.not_reset))
        if vs.unchanged:
            out.append("  n/a (never changes within a hand): " + " ".join(vs.unchanged))
        got = sum(1 for *_, rule in vs.matrix if rule)
        phases = sorted({p for p, *_ in vs.matrix})
        out.append(f"  negative matrix: {got}/{len(vs.matrix)} cells rejected in {', '.join(phases)}; "
                   f"{vs.after_end} reject(s) after the end of a match; "
                   f"{len(vs.matrix_cannot)} cell(s) n/a (accepted there)")
        for phase in phases:
            mine = [(k, w, r) for p, k, w, r in vs.matrix if p == phase]
            wrong = sorted({k for k, w, _ in mine if w == "not allowed now"})
            parts = [f"{', '.join(wrong)} (not allowed now)"] if wrong else []
            for kind in sorted({k for k, w, _ in mine if w != "not allowed now"}):
                parts.append(f"{kind}: " + ", ".join(f"{'' if r else '-'}{w}" for k, w, r in mine if k == kind and w != "not allowed now"))
            out.append(f"    {phase}: " + "; ".join(parts))
    out.append(f"\nn/a everywhere: a value of the wrong JSON type ({', '.join(WRONG_TYPES)}) is a bad request of the "
               "protocol, not a move the rules refuse: no reject line (tests/conformance/test_malformed_actions.py)")
    return out


def complete(cov: SituationCoverage) -> bool:
    """Every negative matrix cell has its reject line (the extremes found
    by search may be missing, and are reported)."""
    return all(rule for vs in cov.variants.values() for *_, rule in vs.matrix)
