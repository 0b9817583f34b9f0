"""The real-world matrix: published engines checked with regola, one engine
per row, one variant per column, grouped by family, with each engine's
real-bug score beside it.

The rows are the engines of ``realworld/`` (results written by ``python -m
realworld.harness``) and the engines published on PyPI (results files in
``docs/compat/``). A cell says how the engine did on the variant's traces:
passed, failed with the rule of its first failing trace, not supported, or
not run; it links to the engine's page. Nothing here runs an engine: the
page is rendered from the committed results, and `stale` says which of them
are older than the corpus or the adapter they were made with.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .compat import COMPAT_DIR

ROOT = Path(__file__).resolve().parents[2]
REALWORLD = ROOT / "realworld"
FAMILIES = (
    ("Briscola and its relatives", ("briscola", "brisca", "bisca", "briscas", "briscalone", "chiamata")),
    ("Scopa and Scopone", ("scopa", "scopone", "cirulla")),
    ("Tressette", ("tressette",)),
)
PYPI = ("naipes", "briscas", "libbisca", "textarena", "briscola2-js")


def _harness() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from realworld.harness import catalog, fingerprint, score

    return catalog, fingerprint, score


def family_of(variant: str) -> int:
    for i, (_, prefixes) in enumerate(FAMILIES):
        if variant.split("-")[0] in prefixes:
            return i
    return 0


def _status(traces: list[dict[str, Any]]) -> tuple[str, str | None]:
    """A variant's cell from its traces: (status, the first failing rule)."""
    statuses = [t["status"] for t in traces]
    first = next((t for t in traces if t["status"] in ("failed", "errored")), None)
    if first is not None:
        rule = next((d.get("rule") for d in first.get("divergences", []) if d.get("rule")), None)
        return ("failed" if first["status"] == "failed" else "error"), rule or first.get("error_kind")
    if "passed" in statuses:
        return "passed", None
    if "unchecked" in statuses:
        return "not checked", None
    return "not supported", None


def real_engines() -> list[dict[str, Any]]:
    """Each engine of ``realworld/`` with its cells and score."""
    catalog, _, score = _harness()
    out = []
    for slug in catalog.engines(REALWORLD):
        engine = catalog.Engine(slug, REALWORLD)
        path = engine.folder / "results" / "conform.json"
        if not path.exists():
            continue
        run = json.loads(path.read_text(encoding="utf-8"))
        by_variant: dict[str, list[dict[str, Any]]] = {}
        for t in run["traces"]:
            by_variant.setdefault(t["id"].split("/")[0], []).append(t)
        cells = {v: _status(by_variant.get(v, [])) for v in engine.info.variants}
        out.append({"slug": slug, "repo": engine.info.repo, "language": engine.info.language,
                    "cells": cells, "score": score.engine_score(engine), "page": f"{slug}.md"})
    return out


def pypi_engines() -> list[dict[str, Any]]:
    out = []
    for name in PYPI:
        path = COMPAT_DIR / f"{name}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        cells = {
            v: ({"pass": "passed", "fail": "failed", "error": "error"}.get(s["status"], "not supported"),
                s.get("first_failing_rule"))
            for v, s in data["variants"].items()
        }
        out.append({"slug": name, "repo": f"PyPI: {data['engine'].get('name')} {data['engine'].get('version')}",
                    "language": "Python" if name != "briscola2-js" else "JavaScript", "cells": cells, "score": None,
                    "page": f"../engines/{'third-party' if name == 'briscola2-js' else name}.md"})
    return out


def _cell(status: str, rule: str | None, link: str) -> str:
    mark = {"passed": "✅ passed", "failed": "❌ failed", "error": "⚠ error", "not checked": "◌ not checked",
            "not supported": "— not supported"}[status]
    body = f"{mark}<br><small>`{rule}`</small>" if rule else mark
    return f"[{body}]({link})"


def _score(s: dict[str, Any] | None) -> str:
    if not s:
        return "—"
    listed = f"{s['listed_right']}/{s['listed_expressible']}" if s["listed_expressible"] else "—"
    planted = f"{s['planted_right']}/{s['planted']}" if s["planted"] else "—"
    return f"listed {listed}<br>planted {planted}"


def matrix() -> str:
    """The page's Markdown."""
    engines = real_engines() + pypi_engines()
    lines = [
        "# Real-world matrix",
        "",
        "Published Briscola, Scopa and Tressette engines checked with regola. Each engine's repository "
        "and commit, what was read in its code before any run, the bugs planted in copies of it, its "
        "adapter and what regola reported are on its page; how it was done is in `realworld/README.md`.",
        "",
        "A cell is the engine's result on the variant's traces: **passed**, **failed** with the rule "
        "regola named at its first failing trace, **not supported** (the engine declines the variant or "
        "its options), or empty when not run. **Score** is the real-bug score: of the bugs listed by "
        "reading the engine's code, those regola caught and named with the right rule; of the one-line "
        "bugs planted in copies of its code, likewise (`python benchmarks/bench_real_engines.py`).",
        "",
    ]
    for title, _ in FAMILIES:
        index = [t for t, _ in FAMILIES].index(title)
        rows = [e for e in engines if any(family_of(v) == index for v in e["cells"])]
        if not rows:
            continue
        variants = sorted({v for e in rows for v in e["cells"] if family_of(v) == index})
        lines += [f"## {title}", "", "| engine | score | " + " | ".join(f"`{v}`" for v in variants) + " |",
                  "|---|---|" + "---|" * len(variants)]
        for e in rows:
            cells = [_cell(*e["cells"][v], e["page"]) if v in e["cells"] else "" for v in variants]
            lines.append(f"| [{e['slug']}]({e['page']})<br><small>{e['repo']} ({e['language']})</small> | "
                         f"{_score(e['score'])} | " + " | ".join(cells) + " |")
        lines.append("")
    totals = [e["score"] for e in engines if e["score"]]
    if totals:
        listed = sum(s["listed_expressible"] for s in totals)
        planted = sum(s["planted"] for s in totals)
        lines += [
            "## In all",
            "",
            f"- listed bugs: {sum(s['listed_caught'] for s in totals)} of {listed} caught, "
            f"{sum(s['listed_right'] for s in totals)} with the right rule;",
            f"- planted bugs: {sum(s['planted_caught'] for s in totals)} of {planted} caught, "
            f"{sum(s['planted_right'] for s in totals)} with the right rule.",
            "",
        ]
    return "\n".join(lines)


def stale() -> list[str]:
    """The engines whose committed results are older than the corpus or the
    adapter they were made with, each with what changed."""
    catalog, fingerprint, _ = _harness()
    out = []
    for slug in catalog.engines(REALWORLD):
        engine = catalog.Engine(slug, REALWORLD)
        path = engine.folder / "results" / "conform.json"
        if not path.exists():
            continue
        made = json.loads(path.read_text(encoding="utf-8")).get("fingerprint") or {}
        now = fingerprint.of(engine)
        changed = [k for k in ("corpus", "adapter") if made.get(k) != now[k]]
        if changed:
            out.append(f"{slug}: its results are older than its {' and '.join(changed)} "
                       f"(python -m realworld.harness conform {slug})")
    return out


def _verdict(caught: bool, right: bool, expressible: bool = True, among: bool = False) -> str:
    if not expressible:
        return "not expressible"
    if right:
        return "caught, right rule"
    if caught and among:
        return "caught, right rule among an ambiguity"
    return "caught, other rule" if caught else "missed"


def engine_results(page: str) -> str:
    """The results of the engine a page ``realworld/SLUG.md`` is about, from
    its committed results: the traces per variant, each listed bug's and
    each planted bug's verdict, the score."""
    catalog, _, score = _harness()
    slug = Path(page).stem
    engine = catalog.Engine(slug, REALWORLD)
    s = score.engine_score(engine)
    if s is None:
        return "*No results committed yet: `python -m realworld.harness conform " + slug + "`.*"
    run = json.loads((engine.folder / "results" / "conform.json").read_text(encoding="utf-8"))
    counts: dict[str, dict[str, int]] = {}
    for t in run["traces"]:
        c = counts.setdefault(t["id"].split("/")[0], {})
        c[t["status"]] = c.get(t["status"], 0) + 1
    statuses = ("passed", "failed", "errored", "unsupported", "unchecked")
    out = ["| variant | traces | " + " | ".join(statuses) + " |", "| --- " * (len(statuses) + 2) + "|"]
    for v, c in sorted(counts.items()):
        out.append(f"| `{v}` | {sum(c.values())} | " + " | ".join(str(c.get(k, 0)) for k in statuses) + " |")
    out += ["", f"Command: `python -m realworld.harness conform {slug}` (results in "
            f"`realworld/{slug}/results/conform.json`).", ""]
    bugs = {b.id: b for b in engine.bugs}
    out += ["| bug | found by | rules | regola | first seen | blamed |", "| --- | --- | --- | --- | --- | --- |"]
    for b in s["bugs"]:
        bug = bugs[b["id"]]
        out.append(
            f"| {b['id']} | {'reading the code' if bug.found_by == 'reading' else 'regola'} | "
            + ", ".join(f"`{r}`" for r in b["rules"]) + " | "
            + _verdict(b["caught"], b["right"], b["expressible"]) + (" (and fuzz)" if b["fuzz"] else "") + " | "
            + (f"`{b['by']}`" if b["by"] else "—") + " | " + (", ".join(f"`{r}`" for r in b["blamed"]) or "—") + " |"
        )
    if s["plants"]:
        out += ["", f"Planted bugs (`python -m realworld.harness plants {slug}`, each a one-line change in a copy "
                f"of the engine's code, listed in `realworld/{slug}/planted.toml`):", "",
                "| plant | shape | what | regola | blamed | how |", "| --- | --- | --- | --- | --- | --- |"]
        for p in s["plants"]:
            among = bool(set(p.get("ambiguous") or []) & set(p["rules"]))
            out.append(
                f"| {p['id']} | {p['shape']} | {p['summary']} | {_verdict(p['caught'], p['right'], True, among)} | "
                + (f"`{p['blamed']}`" if p["blamed"] else "—") + f" | {p.get('how') or '—'} |"
            )
    out += ["", f"Score: listed bugs {s['listed_caught']}/{s['listed_expressible']} caught, "
            f"{s['listed_right']} with the right rule; planted {s['planted_caught']}/{s['planted']} caught, "
            f"{s['planted_right']} with the right rule; found by regola beyond the list: {s['found_by_regola']}; "
            f"false alarms: {', '.join(f'`{r}`' for r in s['false_alarms']) or 'none'}."]
    return "\n".join(out)
