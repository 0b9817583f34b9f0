"""The engine compatibility page, rendered from the runner's result files.

``regola conform --results FILE`` writes one JSON file per engine (format
``regola-conformance-results``, version 1, documented in
``conformance/reports.py``). The files live in ``docs/compat/``: those at
the top are runs against the corpus with each variant's own rules; each
subfolder is another set of runs (``house/``: each engine's house rules,
set as options). A file that cannot be read stops the build with a message
naming it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import data
from .md import rel, table

COMPAT_DIR = Path(__file__).resolve().parent.parent / "compat"
ENGINES_DIR = COMPAT_DIR.parent / "engines"
FORMAT = "regola-conformance-results"
SET_TITLES = {
    "": "Against the corpus",
    "house": "With each engine's house rules",
}
SET_NOTES = {
    "": "Every trace of the committed corpus for the variant, with the variant's own rules.",
    "house": (
        "Games recorded under the options that describe the engine's own house "
        "rules (where it differs from the variant's defaults), replayed into it."
    ),
}
STATUS = {
    "pass": "passed",
    "fail": "failed",
    "error": "error",
    "unsupported": "not supported",
}


class ResultsError(ValueError):
    """A results file that cannot be used."""


@dataclass(frozen=True)
class Results:
    """One results file."""

    path: Path
    engine: dict[str, Any]
    regola: str
    protocol: int
    variants: dict[str, dict[str, Any]]

    @property
    def name(self) -> str:
        return str(self.engine.get("name", self.path.stem))


def read_results(path: Path) -> Results:
    """Read and check one results file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ResultsError(f"{path}: not a readable JSON file ({exc})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ResultsError(f"{path}: field 'format' must be {FORMAT!r}, got {raw.get('format') if isinstance(raw, dict) else raw!r}")
    if raw.get("version") != 1:
        raise ResultsError(f"{path}: field 'version' must be 1, got {raw.get('version')!r}")
    for key in ("engine", "variants"):
        if not isinstance(raw.get(key), dict):
            raise ResultsError(f"{path}: field {key!r} must be an object")
    for variant, row in raw["variants"].items():
        if not isinstance(row, dict) or row.get("status") not in STATUS:
            raise ResultsError(
                f"{path}: variants.{variant}.status must be one of {', '.join(STATUS)}, "
                f"got {row.get('status') if isinstance(row, dict) else row!r}"
            )
    return Results(path, raw["engine"], str(raw.get("regola", "")), int(raw.get("protocol", 1)), raw["variants"])


def result_sets() -> dict[str, list[Results]]:
    """Results files by set ("" for the top folder), engines sorted by name."""
    sets: dict[str, list[Results]] = {}
    if not COMPAT_DIR.is_dir():
        return sets
    for path in sorted(COMPAT_DIR.rglob("*.json")):
        key = path.parent.relative_to(COMPAT_DIR).as_posix()
        sets.setdefault("" if key == "." else key, []).append(read_results(path))
    for files in sets.values():
        files.sort(key=lambda r: r.name)
    return dict(sorted(sets.items()))


def _rule_link(rule: str | None, variant: str, page: str, breakable: bool = False) -> str:
    """A rule id as code, linked to its anchor on the variant's page (or the
    rules index). ``breakable``: the id may wrap after each dot, so that a
    narrow cell of the matrix holds it."""
    if not rule:
        return ""
    text = f"<code>{'.<wbr>'.join(rule.split('.'))}</code>" if breakable else f"`{rule}`"
    if variant in data.holds_in(rule):
        return f"[{text}]({rel(page, data.variant_page(variant), rule)})"
    if rule in data.all_rule_ids():
        return f"[{text}]({rel(page, data.RULES_INDEX, rule)})"
    return text


def share(row: dict[str, Any]) -> str:
    """Traces passed out of those run, and the percentage: ``7/10 (70%)``."""
    passed, traces = int(row.get("passed", 0)), int(row.get("traces", 0))
    return f"{passed}/{traces} ({round(100 * passed / traces) if traces else 0}%)"


def cell(row: dict[str, Any] | None, variant: str, page: str) -> str:
    """One cell of the matrix: the verdict (its class colours the cell), the
    share of traces passed and, for a failure, the rule broken first, linked
    to its anchor. A variant the engine was not run on is left empty."""
    if row is None:
        return ""
    status = row["status"]
    if status == "unsupported":
        return '<span class="compat-unsupported" title="not supported">–</span>'
    text = f'<span class="compat-{status}">{STATUS[status]}</span><br>{share(row)}'
    if status not in ("fail", "error") or not row.get("first_failing_rule"):
        return text
    return text + "<br>" + _rule_link(row["first_failing_rule"], variant, page, breakable=True)


def _engine_title(res: Results, page: str, short: bool = False) -> str:
    own = ENGINES_DIR / f"{res.path.stem}.md"
    version = res.engine.get("version", "")
    label = f"{res.name}<br>{version}" if short and version else f"{res.name} {version}".strip()
    return f"[{label}]({rel(page, f'engines/{own.name}')})" if own.is_file() else label


def _matrix(files: list[Results], page: str) -> str:
    """Variants as rows, engines as columns, one verdict per cell, and a last
    row counting the variants each engine passed of those it plays."""
    shipped = {rs.id for rs in data.rulesets()}
    variants = sorted({v for r in files for v in r.variants})
    rows = []
    for v in variants:
        name = f"[{v}]({rel(page, data.variant_page(v))})" if v in shipped else f"`{v}`"
        rows.append([name, *(cell(r.variants.get(v), v, page) for r in files)])
    totals = []
    for r in files:
        played = [row for row in r.variants.values() if row["status"] != "unsupported"]
        passed = sum(row["status"] == "pass" for row in played)
        totals.append(f"{passed} of {len(played)}")
    rows.append(["**Passed**", *totals])
    header = ["Variant", *(_engine_title(r, page, short=True) for r in files)]
    return '<div class="compat-matrix" markdown>\n\n' + table(header, rows) + "\n</div>\n"


def _details(files: list[Results], page: str, set_key: str) -> str:
    """For each engine: what it reports, the results file, and every variant
    it was run on with its traces, fields compared and first divergence."""
    out = []
    for r in files:
        e = r.engine
        flags = [
            "reports seat views" if e.get("seat_views") else "reports no seat views",
            "lists legal actions" if e.get("legal") else "does not list legal actions",
        ]
        results_file = rel(page, f"compat/{r.path.relative_to(COMPAT_DIR).as_posix()}")
        out.append(
            f"- **{_engine_title(r, page)}** {', '.join(flags)}; checked by regola "
            f"{r.regola} (protocol {r.protocol}); [results file]({results_file})."
        )
        played = [(v, row) for v, row in sorted(r.variants.items()) if row["status"] != "unsupported"]
        skipped = len(r.variants) - len(played)
        for v, row in played:
            bits = [f"{STATUS[row['status']]}, {share(row)} of traces"]
            if row.get("fields_share") is not None:
                bits.append(
                    f"{round(100 * float(row['fields_share']))}% of view fields compared "
                    f"({row.get('fields_checked')} of {row.get('fields_total')})"
                )
            rule = _rule_link(row.get("first_failing_rule"), v, page)
            if rule and row["status"] in ("fail", "error"):
                bits.append(f"first broken rule {rule}")
            trace = row.get("first_failing_trace")
            if trace and set_key == "":
                bits.append(
                    f"first failing trace `{trace}`, replayed by "
                    f"`regola conform --engine {_engine_arg(r)} --trace conformance/data/corpus/{trace}.jsonl.gz`"
                )
            elif trace:
                bits.append(f"first failing game `{trace}`")
            out.append(f"    - `{v}`: " + "; ".join(bits))
        if skipped:
            out.append(f"    - not supported: {skipped} other variant{'s' if skipped != 1 else ''}")
    return "\n".join(out) + "\n"


def _engine_arg(res: Results) -> str:
    """What ``--engine`` takes for this engine: a built-in adapter's name, or
    the command that starts it (not recorded in the file: ``CMD``)."""
    from regola.conformance.adapters import adapter_names

    return res.name if res.name in adapter_names() else "CMD"


def compatibility() -> str:
    """Markdown of the compatibility matrix (engine x variant)."""
    page = data.COMPAT
    parts = [
        "# Engine compatibility\n",
        "Which engines play which variants by the rules, as found by the "
        "conformance suite. Each row is a variant and each column an engine; a "
        "cell gives the verdict and the traces passed out of those run and, "
        "for a failure, the rule most likely broken at the first divergence "
        "(a link to the rule). A dash means the engine does not play the "
        "variant (or not with those options); an empty cell, that it was not "
        "run on it. Under each matrix, each engine's details: what it reports, "
        "how many view fields could be compared, and how to replay its first "
        "failure.\n",
        "The page is rendered from the results files in `docs/compat/`, which "
        "`regola conform --engine ENGINE --results FILE` writes; add a file and "
        "the engine appears here.\n",
    ]
    sets = result_sets()
    if not sets:
        parts.append("No results yet: no engine's results file is in `docs/compat/`.\n")
        return "\n".join(parts)
    for key, files in sets.items():
        parts.append(f"## {SET_TITLES.get(key, key.replace('-', ' ').capitalize())}\n")
        if key in SET_NOTES:
            parts.append(SET_NOTES[key] + "\n")
        parts.append(_matrix(files, page))
        parts.append("### Details\n")
        parts.append(_details(files, page, key))
    return "\n".join(parts)
