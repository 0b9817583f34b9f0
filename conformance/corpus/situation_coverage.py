"""Which situations the corpus shows, per variant: not rule ids, but where
bugs live (`regola.conformance.corpus.situations`).

For each shipped variant, from the traces of its own rules (no options):
the match situations (a second and a third hand, a match tied at its
target, each way the match can end), each per-hand field carried to the end
of a hand and seen reset by the next, each extreme hand and tie, the pairs
of cards that met (`regola.conformance.corpus.pairs`), and the negative
matrix (`regola.conformance.corpus.matrix`): each cell rejected by some
reject line, or not. What cannot occur in a variant is listed as such,
with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.conformance.corpus.matrix import WRONG_TYPES, cells_along
from regola.conformance.corpus.pairs import pair_universe, pairs_cannot
from regola.conformance.corpus.situations import applicable, cannot, walk
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.record import legal_dicts, load_ruleset
from regola.conformance.trace.storage import read_text, trace_stem
from regola.reference import apply, new_game
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
    """Per-hand fields carried to the end of a hand but never seen reset by
    the next (missing: an engine that keeps them is not caught)."""
    pairs: tuple[int, int] = (0, 0)
    """(pairs of cards met in the variant's traces, pairs that can meet)."""
    pairs_missing: list[tuple[str, str]] = field(default_factory=list)
    """Pairs that can meet and no trace of the variant meets."""
    pairs_cannot: dict[tuple[str, str], str] = field(default_factory=dict)
    """Pairs of the pack that never meet under the variant's rules, with why."""
    matrix: list[tuple[str, str, str, str | None]] = field(default_factory=list)
    """(phase, action type, corruption, the rule id of its reject line, or
    None when the corpus has none)."""
    matrix_cannot: list[tuple[str, str, str]] = field(default_factory=list)
    """Cells the reference accepts (the corruption is no mistake there)."""
    after_end: int = 0
    """Reject lines after the end of a match."""
    matrix_trace: bool = False
    """Whether the variant has its ``negative--matrix`` trace."""


@dataclass
class SituationCoverage:
    variants: dict[str, VariantSituations] = field(default_factory=dict)


def situation_coverage(root: Path = CORPUS_DIR, on_trace: Callable[[Path], None] | None = None) -> SituationCoverage:
    """Read every trace under ``root`` once and say which situations it
    shows; ``on_trace`` is told of each trace read (progress)."""
    out = SituationCoverage()
    per_variant: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {}
    for path in iter_traces(root=root):
        if on_trace is not None:
            on_trace(path)
        try:
            lines = [json.loads(line) for line in read_text(path).splitlines()]
            variant = lines[0]["variant"]
        except (OSError, ValueError, KeyError, IndexError):
            continue  # `coverage.corpus_coverage` reports unreadable traces
        if variant in variant_ids():
            per_variant.setdefault(variant, []).append((trace_stem(path), lines))
    for variant in variant_ids():
        rs = load_ruleset(variant, checked=False)
        vs = VariantSituations(variant, rs.family)
        out.variants[variant] = vs
        traces = sorted(per_variant.get(variant, []))
        changed: set[str] = set()
        carried: set[str] = set()
        met: set[tuple[str, str]] = set()
        fields: list[str] = []
        for name, lines in traces:
            if lines[0]["options"]:
                continue  # an option set's traces show its rules, not the variant's
            seen = walk(lines, rs.family, rs)
            met |= seen.pairs
            for situation, where in seen.shows.items():
                if situation.startswith("reset:"):
                    vs.resets.setdefault(situation[6:], name)
                else:
                    vs.shown.setdefault(situation, name)
                    if isinstance(where, tuple):
                        vs.counts[situation] = max(vs.counts.get(situation, 0), where[0])
            changed |= seen.changed
            carried |= seen.carried
            fields = fields or seen.fields
            vs.after_end += seen.after_end
        vs.unchanged = [f for f in fields if f not in changed]
        vs.not_reset = [f for f in fields if f in carried and f not in vs.resets]
        vs.cannot = cannot(rs)
        vs.missing = [s for s in applicable(rs) if s not in vs.shown]
        universe = pair_universe(rs)
        vs.pairs = (len(met & universe), len(universe))
        vs.pairs_missing = sorted(universe - met)
        vs.pairs_cannot = pairs_cannot(rs)
        vs.matrix_trace = _matrix(vs, variant, dict(traces).get("negative--matrix"))
    return out


def _matrix(vs: VariantSituations, variant: str, lines: list[dict[str, Any]] | None) -> bool:
    """The cells of the ``negative--matrix`` trace's game (the first full
    match, replayed from its deck and actions), each with its reject line;
    False if there is no such trace."""
    if not lines or "deck" not in lines[0]:
        return False
    rs = load_ruleset(variant, checked=False)
    first = state = new_game(rs, lines[0]["deck"])
    steps = []
    for line in lines:
        if line["kind"] == "step":
            after = apply(state, line["action"])
            steps.append((state, legal_dicts(state), line["action"], after))
            state = after
    rejects = {(x["index"], json.dumps(x["action"], sort_keys=True)): x["rule"]
               for x in lines if x["kind"] == "reject"}
    for c in cells_along(rs, first, steps):
        if c.rule is None:
            vs.matrix_cannot.append((c.phase, c.kind, c.corruption))
        else:
            vs.matrix.append((c.phase, c.kind, c.corruption,
                              rejects.get((c.index, json.dumps(c.action, sort_keys=True)))))
    return True


def render(cov: SituationCoverage) -> list[str]:
    """The report as lines of text."""
    out = ["", "situations: per variant, what the traces of its own rules show (+), miss (-) and what cannot "
               "occur there (n/a)"]
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
            out.append("  carried to the end of a hand, never seen reset: " + " ".join(f"-{f}" for f in vs.not_reset))
        got, total = vs.pairs
        what = "same-rank cards in a capture" if vs.family == "scopa" else "same-suit cards in a trick"
        out.append(f"  pairs of cards meeting ({what}): {got}/{total}"
                   + (f"; missing: {' '.join('-' + '+'.join(p) for p in vs.pairs_missing[:8])}"
                      + (f" and {len(vs.pairs_missing) - 8} more" if len(vs.pairs_missing) > 8 else "")
                      if vs.pairs_missing else "")
                   + (f"; n/a: {len(vs.pairs_cannot)} ({next(iter(vs.pairs_cannot.values()))})" if vs.pairs_cannot else ""))
        if vs.unchanged:
            out.append("  n/a (never changes within a hand): " + " ".join(vs.unchanged))
        got = sum(1 for *_, rule in vs.matrix if rule)
        phases = sorted({p for p, *_ in vs.matrix})
        if not vs.matrix_trace:
            out.append("  negative matrix: -missing (no negative--matrix trace)")
            continue
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
    """Every variant has its negative matrix, every cell with its reject
    line, and shows, in the traces of its own rules, every situation that
    can occur in it, every per-hand field it carries reset, and every pair
    of cards that can meet."""
    return all(vs.matrix_trace and not vs.missing and not vs.not_reset and not vs.pairs_missing
               and all(rule for *_, rule in vs.matrix) for vs in cov.variants.values())
