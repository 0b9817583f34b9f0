"""The real-bug score: per engine and in all, from the results files.

- **Listed bugs** (read from the engine's code before any run): a bug is
  caught with the right rule when a divergence of the engine's run (a root
  or a later one) is blamed on one of its rules; caught when, besides, one
  of its ``witness`` traces failed (the trace that shows it, named after the
  run); a bug marked not expressible is counted apart.
- **Planted bugs**: caught and right as `plants` decides; ``amb``: caught,
  not right, but the report says the engine's fields cannot tell the rule
  blamed from others, the right one among them (not counted as right).
- **Fuzz**: a listed bug is caught by fuzz when a failing fuzz game blames
  one of its rules.
- **Found by regola**: departures added to ``bugs.toml`` after a run
  (``found_by = "regola"``), counted apart from the listed bugs.
- **False alarms**: divergences blamed on rules no bug of the list names
  (read or found), and not explained away in ``results/triage.toml``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Bug, Engine
from .runs import Run


@dataclass
class BugScore:
    bug: Bug
    caught: bool
    right: bool
    by: str | None
    blamed: list[str] = field(default_factory=list)
    fuzz: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.bug.id, "kind": self.bug.kind, "rules": self.bug.rules, "caught": self.caught,
                "right": self.right, "by": self.by, "blamed": self.blamed, "fuzz": self.fuzz,
                "expressible": self.bug.expressible}


def load_json(path: Path) -> Any:
    return json.loads(path.read_text()) if path.exists() else None


def score_bugs(engine: Engine, run: Run, fuzz: dict[str, Any] | None, witnesses: dict[str, list[str]]) -> list[BugScore]:
    """Each listed bug: caught when a trace that shows it (its ``witness``
    traces, read from the run by hand) failed, or, for a bug with no
    witness in the run, when any divergence names one of its rules; right
    when a divergence of a witness trace (or, without one, of any trace)
    names one of its rules, as its rule or one of its causes."""
    out = []
    fuzz_rules = {g.get("rule") for g in (fuzz or {}).get("failures", [])}
    by_id = {t.id: t for t in run.traces}
    for bug in engine.bugs:
        if bug.kind != "bug":
            continue
        wit = [by_id[w] for w in witnesses.get(bug.id, []) if w in by_id]
        pool = wit or run.traces
        right_by = next((f"{t.id}:{d.line}" for t in pool for d in t.divergences if d.names(bug.rules)), None)
        failing = [t for t in wit if t.status in ("failed", "errored", "unchecked")]
        blamed = sorted({t.root.rule for t in failing if t.root and t.root.rule})
        caught = right_by is not None or bool(failing)
        by = right_by or (failing[0].id if failing else None)
        out.append(BugScore(bug, caught, right_by is not None, by, blamed, bool(fuzz_rules & set(bug.rules))))
    return out


def triage(engine: Engine) -> dict[str, Any]:
    path = engine.results / "triage.toml"
    return tomllib.loads(path.read_text()) if path.exists() else {}


def engine_score(engine: Engine) -> dict[str, Any] | None:
    conform_json = load_json(engine.results / "conform.json")
    if conform_json is None:
        return None
    run = Run.from_json(conform_json)
    tri = triage(engine)
    bugs = score_bugs(engine, run, load_json(engine.results / "fuzz.json"), tri.get("witness", {}))
    plants = (load_json(engine.results / "plants.json") or {}).get("plants", [])
    listed_rules = {r for b in engine.bugs for r in b.rules}
    explained = set(tri.get("explained_rules", []))
    alarms = sorted({
        d.rule for t in run.traces for d in t.divergences
        if d.rule and d.rule not in listed_rules and d.rule not in explained and not d.consequential
    })
    expressible = [b for b in bugs if b.bug.expressible and b.bug.found_by == "reading"]
    return {
        "engine": engine.slug,
        "repo": engine.info.repo,
        "commit": engine.info.commit,
        "variants": engine.info.variants,
        "listed": sum(b.bug.found_by == "reading" for b in bugs),
        "found_by_regola": sum(b.bug.found_by == "regola" for b in bugs),
        "listed_expressible": len(expressible),
        "listed_caught": sum(b.caught for b in expressible),
        "listed_right": sum(b.right for b in expressible),
        "listed_fuzz": sum(b.fuzz for b in expressible),
        "house": sum(1 for b in engine.bugs if b.kind == "house"),
        "planted": len(plants),
        "planted_caught": sum(p["caught"] for p in plants),
        "planted_right": sum(p["right"] for p in plants),
        "planted_among": sum(bool(not p["right"] and p["caught"] and set(p.get("ambiguous") or []) & set(p["rules"]))
                             for p in plants),
        "false_alarms": alarms,
        "bugs": [b.to_json() for b in bugs],
        "plants": plants,
    }


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "-"


def render(scores: list[dict[str, Any]]) -> str:
    head = f"{'engine':24} {'listed':>6} {'caught':>7} {'right':>6} {'fuzz':>5} {'planted':>7} {'caught':>7} {'right':>6} {'amb':>4} {'found':>5}  false alarms"
    lines = [head, "-" * len(head)]
    tot = dict.fromkeys(("listed_expressible", "listed_caught", "listed_right", "listed_fuzz", "planted", "planted_caught",
                         "planted_right", "planted_among", "found_by_regola"), 0)
    for s in scores:
        for k in tot:
            tot[k] += s[k]
        lines.append(
            f"{s['engine']:24} {s['listed_expressible']:>6} {s['listed_caught']:>7} {s['listed_right']:>6} {s['listed_fuzz']:>5}"
            f" {s['planted']:>7} {s['planted_caught']:>7} {s['planted_right']:>6} {s['planted_among']:>4} {s['found_by_regola']:>5}"
            f"  {', '.join(s['false_alarms']) or '-'}"
        )
    lines.append("-" * len(head))
    lines.append(
        f"{'all':24} {tot['listed_expressible']:>6} {tot['listed_caught']:>7} {tot['listed_right']:>6} {tot['listed_fuzz']:>5}"
        f" {tot['planted']:>7} {tot['planted_caught']:>7} {tot['planted_right']:>6} {tot['planted_among']:>4} {tot['found_by_regola']:>5}"
    )
    lines.append(
        f"listed bugs: {pct(tot['listed_caught'], tot['listed_expressible'])} caught, "
        f"{pct(tot['listed_right'], tot['listed_expressible'])} with the right rule; planted: "
        f"{pct(tot['planted_caught'], tot['planted'])} caught, {pct(tot['planted_right'], tot['planted'])} with the right rule"
        f" (and {tot['planted_among']} more where the report lists the right rule among rules the engine's fields"
        f" cannot tell apart)"
    )
    return "\n".join(lines)
