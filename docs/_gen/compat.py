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
    "pass": '<span class="compat-passed">passed</span>',
    "fail": '<span class="compat-failed">failed</span>',
    "error": '<span class="compat-failed">error</span>',
    "unsupported": '<span class="compat-unsupported">not supported</span>',
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


def _rule_link(rule: str | None, variant: str, page: str) -> str:
    if not rule:
        return ""
    if variant in data.holds_in(rule):
        return f"[`{rule}`]({rel(page, data.variant_page(variant), rule)})"
    if rule in data.all_rule_ids():
        return f"[`{rule}`]({rel(page, data.RULES_INDEX, rule)})"
    return f"`{rule}`"


def cells(row: dict[str, Any], variant: str, page: str) -> list[str]:
    """Verdict, traces passed, fields checked and first failing rule of one
    engine on one variant."""
    status = row["status"]
    if status == "unsupported":
        return [STATUS[status], "", ""]
    checked = f"{row.get('passed', 0)}/{row.get('traces', 0)} traces"
    share = row.get("fields_share")
    if share is not None:
        checked += f"<br>{round(100 * float(share))}% of fields ({row.get('fields_checked')}/{row.get('fields_total')})"
    rule = _rule_link(row.get("first_failing_rule"), variant, page) if status in ("fail", "error") else ""
    return [STATUS[status], checked, rule]


def _engine_title(res: Results, page: str) -> str:
    own = ENGINES_DIR / f"{res.path.stem}.md"
    label = f"{res.name} {res.engine.get('version', '')}".strip()
    return f"[{label}]({rel(page, f'engines/{own.name}')})" if own.is_file() else label


def _matrix(files: list[Results], page: str) -> str:
    """Engine x variant, one row per variant an engine was run on."""
    shipped = {rs.id for rs in data.rulesets()}
    rows = []
    for r in files:
        for i, (v, row) in enumerate(sorted(r.variants.items())):
            name = f"[{v}]({rel(page, data.variant_page(v))})" if v in shipped else f"`{v}`"
            rows.append([_engine_title(r, page) if i == 0 else "", name, *cells(row, v, page)])
    return table(["Engine", "Variant", "Verdict", "Passed, fields checked", "First failing rule"], rows)


def _details(files: list[Results], page: str, set_key: str) -> str:
    out = []
    for r in files:
        e = r.engine
        flags = [
            "seat views" if e.get("seat_views") else "no seat views",
            "lists legal actions" if e.get("legal") else "no list of legal actions",
        ]
        results_file = rel(page, f"compat/{r.path.relative_to(COMPAT_DIR).as_posix()}")
        out.append(
            f"- **{_engine_title(r, page)}**: {', '.join(flags)}; checked by regola "
            f"{r.regola} (protocol {r.protocol}); [results file]({results_file})."
        )
        for v, row in sorted(r.variants.items()):
            trace = row.get("first_failing_trace")
            if trace and set_key == "":
                out.append(
                    f"    - `{v}`: first failing trace `{trace}`; replay it with "
                    f"`regola conform --engine {_engine_arg(r)} --trace conformance/corpus/{trace}.jsonl`"
                )
            elif trace:
                out.append(f"    - `{v}`: first failing game `{trace}`")
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
        "conformance suite: for each engine and each variant it was run on, the "
        "verdict, the traces passed out of those run, the share of view fields "
        "the engine reports (only those are compared), and for a failure the "
        "rule most likely broken at the first divergence. *Not supported* means "
        "the engine does not play the variant (or not with those options).\n",
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
        parts.append(_details(files, page, key))
    return "\n".join(parts)
