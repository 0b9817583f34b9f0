"""The mutation score: misreadings of the rules run as engines through the
corpus, caught or not, and blamed on the rule they misread or not.

A `MisreadingEngine` is the reference with one `Misreading` applied while
it answers (the runner's own reference, for the expected seat views and
legal actions, stays correct between calls). `score` takes, for every rule
the reference cites, the first misreadings in catalogue order that the
corpus kills, replays the corpus traces that exercise the rule into each,
and says whether it was caught and which rule the report blames (the rule
most traces blame, a trace whose explanation several rules reproduce alike
splitting its vote). A rule none of whose misreadings the corpus kills is
played in random lockstep games (`regola.conformance.explain.equivalence`):
if no game tells a misreading from the rule, it is equivalent and counted
apart; else the first game that does names what the corpus lacks.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from regola.conformance.explain import equivalence, search, attach, option_values
from regola.conformance.explain.misreadings import Misreading, by_rule, known_rules, patched
from regola.conformance.explain.option_mutants import AlteredReference, OptionEngine, OptionMutant
from regola.conformance.explain.reach import functions_called
from regola.conformance.runner.reference_replay import check_header
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.record import load_ruleset
from regola.spec import catalog

SUBSET = 4
"""Corpus traces replayed per mutant."""
OPTION_SHARED = 3
"""An option mutant changes a field that bears on at most so many rules."""
SEARCH = 12
"""Misreadings of a rule tried, in catalogue order, before it counts as not caught."""
EQUIVALENCE_SETTINGS = 2
"""Settings (variant and options) of a rule's traces its uncaught misreadings are played in."""


class MisreadingEngine(AlteredReference):
    """The reference with one misreading, in-process, as an `Engine`."""

    def __init__(self, misreading: Misreading) -> None:
        super().__init__(f"misreading {misreading.name}")
        self.misreading = misreading

    def within(self) -> AbstractContextManager[Any]:
        return patched(self.misreading)


@cache
def traces_by_rule(root: Path = CORPUS_DIR) -> dict[str, list[Path]]:
    """Corpus traces per rule id they exercise or reject under, taken in
    turn from three lists: those aimed at the rule (by name, shortest
    first), those with a reject line under it, the others (longest first);
    then the focused traces."""
    found: dict[str, tuple[list[tuple[bool, int, Path]], ...]] = {}
    for path in iter_traces(None, root):
        trace = read_trace(path)
        exercised = set(trace.header.get("rules") or ())
        rejected = set()
        for item in trace.items:
            exercised.update(item.get("rules") or ())
            if item["kind"] == "reject":
                rejected.add(item["rule"])
        # the focused traces come after the whole ones: an engine wrong in one
        # rule is often refused on its way to their position (a refusal that
        # blames no rule), where a whole trace shows the rule going wrong
        focused = bool(trace.header.get("setup"))
        size = len(trace.items)
        for rule in exercised | rejected:
            lists = found.setdefault(rule, ([], [], []))
            if rule.split(".", 1)[1].replace(".", "-") in path.stem:
                lists[0].append((focused, size, path))
            elif rule in rejected:
                lists[1].append((focused, size, path))
            else:
                lists[2].append((focused, -size, path))
    out = {}
    for rule, lists in found.items():
        ordered = [[p for focused, _, p in sorted(kind) if not focused] for kind in lists]
        mixed = [p for turn in itertools.zip_longest(*ordered) for p in turn if p is not None]
        out[rule] = mixed + [p for kind in lists for focused, _, p in sorted(kind) if focused]
    return out


@cache
def _calls(path: Path) -> frozenset[tuple[str, str]]:
    """The reference functions a trace runs (none if the trace no longer
    fits today's rules: it must be regenerated, and says nothing)."""
    trace = read_trace(path)
    if check_header(trace) is not None:
        return frozenset()
    return frozenset(functions_called(trace.header, trace.items)[0])


def traces_for(m: Misreading, subset: int = SUBSET, root: Path = CORPUS_DIR) -> list[Path]:
    """Up to ``subset`` corpus traces that exercise ``m``'s rule and run the
    function it rewrites (elsewhere it changes nothing)."""
    out = []
    for path in traces_by_rule(root).get(m.rule, []):
        if m.site_key in _calls(path):
            out.append(path)
            if len(out) == subset:
                break
    return out


@dataclass
class MutantResult:
    misreading: Misreading
    caught: bool
    blamed: str | None
    """The rule the failed traces blame (most of those explained; None: no trace failed)."""
    how: str | None = None
    """How the blame was chosen: option, misreading or guess."""
    traces: int = 0
    failed: int = 0
    errored: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def right(self) -> bool:
        return self.blamed == self.misreading.rule or self.blamed in getattr(self.misreading, "bears_on", ())

    def to_json(self) -> dict[str, Any]:
        return {
            "mutant": self.misreading.describe(),
            "rule": self.misreading.rule,
            "caught": self.caught,
            "blamed": self.blamed,
            "how": self.how,
            "traces": self.traces,
            "failed": self.failed,
            "errored": self.errored,
            "seconds": round(self.seconds, 2),
        }


def run_mutant(m: Misreading, paths: Sequence[Path]) -> MutantResult:
    """Replay ``paths`` into the misreading; caught if any trace fails or the
    engine errors."""
    started = time.perf_counter()
    was, attach.LATER = attach.LATER, 0  # the score reads the roots only
    try:
        results, _ = run_traces(list(paths), lambda: engine_for(m))
    finally:
        attach.LATER = was
    failed = [r for r in results if r.status == "failed"]
    errored = [f"{r.id}: {r.error_kind}" for r in results if r.status == "errored"]
    first = _verdict([r.divergence for r in failed])
    how = first.explained_by.how if first is not None and first.explained_by is not None else None
    return MutantResult(
        m,
        bool(failed or errored),
        first.rule if first else None,
        how,
        len(results),
        len(failed),
        errored,
        time.perf_counter() - started,
    )


def _verdict(roots: list[Any]) -> Any:
    """The root divergence that speaks for the run: one blaming the rule
    that the failed traces blame most by explanation (not a guess), the
    first such; else the first failed trace's that blames a rule. A trace whose explanation
    several rules' alternatives reproduce alike splits its vote among them
    (an unambiguous explanation says more than a tie broken by preference)."""
    explained = [d for d in roots if d.explained_by is not None and d.explained_by.how != "guess"]
    if not explained:
        # a focused trace refused on its way to its position blames no rule
        return next((d for d in roots if d.rule is not None), roots[0] if roots else None)
    votes: Counter[str] = Counter()
    for d in explained:
        votes[d.rule] += 1 / (1 + getattr(d.explained_by, "rivals", 0))
    top = max(votes.values())
    return next(d for d in explained if votes[d.rule] >= top - 1e-9)


def engine_for(m: Any) -> Any:
    """The engine that plays a mutant: a misreading or an option value."""
    return OptionEngine(m) if isinstance(m, OptionMutant) else MisreadingEngine(m)


def option_pick(rule: str, subset: int = SUBSET, root: Path = CORPUS_DIR) -> tuple[OptionMutant | None, list[Path]]:
    """The first other value of the rule's options (on the traces of the
    first variant and options that exercise it) that fails one of them."""
    by_setting: dict[str, list[Path]] = {}
    for path in traces_by_rule(root).get(rule, []):
        trace = read_trace(path)
        if check_header(trace) is None:
            key = json.dumps([trace.header["variant"], trace.header.get("options") or {}], sort_keys=True)
            by_setting.setdefault(key, []).append(path)
    for paths in list(by_setting.values())[:2]:
        header = read_trace(paths[0]).header
        # an option that bears on this rule alone first; one that bears on
        # many (the kind of scoring) changes a game, not a rule
        alternatives = [a for a in search.option_alternatives(header, rule) if a.shared <= OPTION_SHARED]
        for alt in sorted(alternatives, key=lambda a: a.shared):
            family = load_ruleset(header["variant"], None, checked=False).family
            bears_on = tuple(
                r for r in catalog(family) if any(p in option_values.paths_of(family, r) for p, _ in alt.options)
            )
            m = OptionMutant(rule, alt.options, bears_on=bears_on)
            if killed(m, paths[:subset]) == "failed":
                return m, paths[:subset]
    return None, []


def killed(m: Misreading, paths: Sequence[Path]) -> str | None:
    """How the corpus catches ``m`` (``failed``: a trace fails; ``errored``:
    the engine only crashes), stopping at the first failed trace, with no
    explanation sought; None if it passes every trace."""
    was, search.ENABLED = search.ENABLED, False
    verdict = None
    try:
        for path in paths:
            results, _ = run_traces([path], lambda: engine_for(m))
            if results[0].status == "failed":
                return "failed"
            if results[0].status == "errored":
                verdict = "errored"
        return verdict
    finally:
        search.ENABLED = was


def pick(
    rule: str, search: int = SEARCH, subset: int = SUBSET, root: Path = CORPUS_DIR
) -> tuple[Misreading | None, list[Path], int]:
    """The first misreading of ``rule`` (of the first ``search`` whose
    function the corpus runs) that fails a corpus trace, its traces, and how
    many were tried. A rewrite that only crashes the reference is broken
    code, not a misreading: it is passed over."""
    tried = 0
    for m in by_rule().get(rule, []):
        paths = traces_for(m, subset, root)
        if not paths:
            continue
        tried += 1
        if killed(m, paths) == "failed":
            return m, paths, tried
        if tried == search:
            break
    return None, [], tried


def _why_not_caught(rule: str, search: int, root: Path) -> dict[str, Any]:
    """Whether the misreadings of ``rule`` the corpus did not kill change
    anything an engine reports, by random lockstep games in the settings of
    the traces that exercise it (`regola.conformance.explain.equivalence`):
    ``equivalent`` if none does (a rewrite that only crashes the reference
    is broken code, not a misreading), else the first game that tells one
    from the rule (the situation the corpus lacks)."""
    settings: list[tuple[str, dict[str, Any]]] = []
    for path in traces_by_rule(root).get(rule, []):
        header = read_trace(path).header
        setting = (header["variant"], header.get("options") or {})
        if setting not in settings:
            settings.append(setting)
    tried = [m for m in by_rule().get(rule, []) if traces_for(m, 1, root)][:search]
    games = crashed = 0
    for m in tried:
        verdict = equivalence.check(engine_for, m, settings[:EQUIVALENCE_SETTINGS])
        games += verdict.games
        if verdict.error is not None:
            return {"equivalent": False, "games": games, "crashed": crashed, "gap": f"not known: {verdict.error}"}
        if verdict.disagreement is not None and "engine error" in verdict.disagreement:
            crashed += 1
        elif verdict.disagreement is not None:
            gap = f"{m.describe()}: {verdict.disagreement}"
            return {"equivalent": False, "games": games, "crashed": crashed, "gap": gap}
    return {"equivalent": bool(tried), "games": games, "crashed": crashed, "gap": None}


def score(
    rules: Iterable[str] | None = None, search: int = SEARCH, subset: int = SUBSET, root: Path = CORPUS_DIR
) -> dict[str, Any]:
    """Pick and run one misreading per rule; the figures and the misses."""
    results: list[MutantResult] = []
    uncaught: list[dict[str, Any]] = []
    without: list[str] = []
    for rule in rules if rules is not None else sorted(known_rules()):
        m, paths, tried = pick(rule, search, subset, root)
        if m is None:
            m, paths = option_pick(rule, subset, root)
        if m is None and rule not in by_rule():
            without.append(rule)  # neither a misreading nor an option value of it fails a trace
            continue
        if m is None:
            uncaught.append({"rule": rule, "tried": tried, **_why_not_caught(rule, search, root)})
            continue
        results.append(run_mutant(m, paths))
    equivalent = [u for u in uncaught if u["equivalent"]]
    uncaught = [u for u in uncaught if not u["equivalent"]]
    run = len(results) + len(uncaught)
    caught = sum(r.caught for r in results)
    right = sum(r.right for r in results)
    return {
        "rules": run,
        "mutants_run": len(results),
        "caught": caught,
        "right_rule": right,
        "right_rule_pct": round(100 * right / run, 1) if run else 0.0,
        "by_how": {h: sum(r.how == h for r in results) for h in ("option", "misreading", "guess")},
        "option_mutants": sum(isinstance(r.misreading, OptionMutant) for r in results),
        "not_caught": uncaught,
        "equivalent": equivalent,
        "no_misreading": without,
        "wrong_rule": [r.to_json() for r in results if r.caught and not r.right],
        "results": [r.to_json() for r in results],
    }


def render(figures: dict[str, Any]) -> str:
    lines = [
        f"rules with a mutant: {figures['rules']} ({figures.get('option_mutants', 0)} of them an option value, "
        "right when blamed on a rule its field bears on)",
        (
            f"mutants run: {figures['mutants_run']}, caught: {figures['caught']}, "
            f"blamed on the mutated rule: {figures['right_rule']} ({figures['right_rule_pct']}% of the rules)"
        ),
        "blame chosen by: " + ", ".join(f"{k} {v}" for k, v in figures["by_how"].items()),
    ]
    if figures.get("no_misreading"):
        lines.append(
            f"\nrules with no mutant (no misreading in the catalogue, no other option value fails a trace) "
            f"({len(figures['no_misreading'])}): "
            + ", ".join(figures["no_misreading"])
        )
    if figures["not_caught"]:
        lines.append(f"\nnot caught ({len(figures['not_caught'])}): no misreading among the first tried is killed")
        lines += [
            f"  {u['rule']}: "
            + (
                f"{u['tried']} tried, each run by a corpus trace, none failed"
                if u["tried"]
                else "no up-to-date corpus trace runs any of its misread functions"
            )
            + (f"\n    the corpus lacks: {u['gap']}" if u.get("gap") else "")
            for u in figures["not_caught"]
        ]
    if figures.get("equivalent"):
        lines.append(
            f"\nequivalent, not counted ({len(figures['equivalent'])}): no misreading the corpus runs is told "
            "from the rule by random lockstep games"
        )
        lines += [
            f"  {u['rule']}: {u['tried']} misreadings, {u['games']} games, no difference"
            + (f" ({u['crashed']} of them only crash the reference: broken code)" if u.get("crashed") else "")
            for u in figures["equivalent"]
        ]
    if figures["wrong_rule"]:
        lines.append(f"\nblamed on another rule ({len(figures['wrong_rule'])}):")
        lines += [f"  {w['mutant']}\n    -> blamed {w['blamed']} ({w['how']})" for w in figures["wrong_rule"]]
    return "\n".join(lines)


def to_json(figures: dict[str, Any]) -> str:
    return json.dumps(figures, indent=2)
