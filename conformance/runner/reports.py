"""Reports of a conformance run: JSON, JUnit XML, the results file, the
terminal summary. Every file is written atomically.

**Results file** (``regola conform --results FILE``): the compact record the
documentation's engine compatibility matrix is rendered from, one file per
engine. JSON, sorted keys::

    {
      "format": "regola-conformance-results",
      "version": 1,
      "regola": "0.1.0",                 # the regola that ran the suite
      "protocol": 1,
      "engine": {"name": "briscola2.js", "version": "1.0.0",
                 "seat_views": true, "legal": true},
      "variants": {
        "briscola-2": {
          "status": "pass",              # pass | fail | error | unsupported
          "traces": 40, "passed": 40, "failed": 0, "errored": 0, "unsupported": 0,
          "unchecked": 0,                # replayed, but not checking what it is for
          "first_failing_trace": null,   # "briscola-2/playout-007" (corpus order)
          "first_failing_rule": null,    # the rule most likely broken there
          "divergences": 0,              # roots and possible consequences, all traces
          "rules_blamed": [],            # every rule blamed by one of them, sorted
          "fields_checked": 21,          # view fields compared ...
          "fields_total": 21,            # ... of the fields the views have
          "fields_share": 1.0,           # fields_checked / fields_total, 3 decimals
          "checked": {                   # what the run checked (`.account`)
            "rules": {"briscola.trick.winner": "verified", ...},  # failed | verified | vacuous | never reached
            "counts": {"verified": 31, "vacuous": 0, "never reached": 1, "failed": 0},
            "refusals": {"briscola.play.turn": {"refused": 3}, ...},   # per rule, by outcome
            "fields": {"hands": true, "match": false, ...}             # checked or not
          }
        }
      }
    }

A variant's status is ``fail`` if any trace failed, else ``error`` if any
errored, else ``unsupported`` if none was run, else ``pass`` (traces of the
variant the engine declined, for instance with non-default options, are
counted in ``unsupported``). The file holds no timestamps, so a re-run with
the same engine and corpus gives the same bytes.

**JSON report** (``--json FILE``): ``format`` ``regola-conformance-report``,
``version`` 1, the engine's hello, a ``summary`` of counts, ``variants`` as
in the results file, and ``traces``: every trace's verdict with its first
divergence (``divergence``, the root: differences located by path, expected
and actual values, the side-by-side rendering), the later ones
(``consequences``, each with ``"consequential": true``, its step, rule and
differences) and the command that replays it.

**JUnit XML** (``--junit FILE``): one ``testsuite`` per variant, one
``testcase`` per trace (``classname`` ``regola.conform.<variant>``, ``name``
the trace name); a failed trace has a ``failure`` whose ``type`` is the rule
most likely broken at the root (its text lists the possibly consequential
divergences after it), an errored one an ``error`` whose ``type`` is the kind
of failure, an unsupported one is ``skipped``.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.table import Table

from regola.conformance.protocol.engine import PROTOCOL, regola_version
from regola.conformance.runner.account import accounts
from regola.conformance.runner.run import TraceResult
from regola.conformance.trace.format import write_text_atomic

STATUSES = ("passed", "failed", "errored", "unsupported", "unchecked")


@dataclass
class VariantSummary:
    """Counts and figures of one variant in a run."""

    variant: str
    traces: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0
    unsupported: int = 0
    unchecked: int = 0
    """Traces replayed whose purpose was not checked (see `TraceResult.status`)."""
    first_failing_trace: str | None = None
    first_failing_rule: str | None = None
    divergences: int = 0
    rules_blamed: set[str] = field(default_factory=set)
    fields_checked: int = 0
    fields_total: int = 0
    seconds: float = 0.0

    @property
    def status(self) -> str:
        if self.failed:
            return "fail"
        if self.errored:
            return "error"
        if not self.passed:
            return "unchecked" if self.unchecked else "unsupported"
        return "pass"

    @property
    def fields_share(self) -> float:
        return round(self.fields_checked / self.fields_total, 3) if self.fields_total else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "traces": self.traces,
            "passed": self.passed,
            "failed": self.failed,
            "errored": self.errored,
            "unsupported": self.unsupported,
            "unchecked": self.unchecked,
            "first_failing_trace": self.first_failing_trace,
            "first_failing_rule": self.first_failing_rule,
            "divergences": self.divergences,
            "rules_blamed": sorted(self.rules_blamed),
            "fields_checked": self.fields_checked,
            "fields_total": self.fields_total,
            "fields_share": self.fields_share,
        }


def summarize(results: Iterable[TraceResult]) -> dict[str, VariantSummary]:
    """Per-variant summaries, variants sorted by id."""
    out: dict[str, VariantSummary] = {}
    for r in results:
        s = out.setdefault(r.variant, VariantSummary(r.variant))
        s.traces += 1
        setattr(s, r.status, getattr(s, r.status) + 1)
        s.seconds += r.seconds
        s.divergences += len(r.divergences) + r.more_consequences
        s.rules_blamed.update(d.rule for d in r.divergences if d.rule)
        if r.status in ("failed", "errored") and s.first_failing_trace is None:
            s.first_failing_trace = r.id
            s.first_failing_rule = r.rule if r.status == "failed" else None
        if r.fields_total and r.status not in ("unsupported", "unchecked"):
            s.fields_checked = max(s.fields_checked, r.fields_checked)
            s.fields_total = max(s.fields_total, r.fields_total)
    return dict(sorted(out.items()))


def totals(results: list[TraceResult]) -> dict[str, int]:
    counts = {k: 0 for k in STATUSES}
    for r in results:
        counts[r.status] += 1
    return {"traces": len(results), **counts}


def _engine_info(hello: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": hello.get("engine", "unknown"),
        "version": hello.get("version", "?"),
        "seat_views": bool(hello.get("seat_views")),
        "legal": bool(hello.get("legal")),
    }


def results_data(results: list[TraceResult], hello: dict[str, Any]) -> dict[str, Any]:
    """The results file's content (see the module docstring)."""
    acc = accounts(results, hello)
    return {
        "format": "regola-conformance-results",
        "version": 1,
        "regola": regola_version(),
        "protocol": PROTOCOL,
        "engine": _engine_info(hello),
        "variants": {v: {**s.to_json(), **({"checked": acc[v].to_json()} if v in acc else {})}
                     for v, s in summarize(results).items()},
    }


def json_report(results: list[TraceResult], hello: dict[str, Any], command: str = "") -> dict[str, Any]:
    """The full JSON report (see the module docstring)."""
    return {
        "format": "regola-conformance-report",
        "version": 1,
        "regola": regola_version(),
        "protocol": PROTOCOL,
        "command": command,
        "engine": {**_engine_info(hello), "variants": hello.get("variants", []), "fields": hello.get("fields", [])},
        "summary": totals(results),
        "variants": {v: s.to_json() for v, s in summarize(results).items()},
        "checked": {v: a.to_json() for v, a in accounts(results, hello).items()},
        "traces": [r.to_json() for r in results],
    }


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """Text XML 1.0 can hold: an engine's garbage may contain control characters."""
    return _XML_BAD.sub("\ufffd", text)


def junit_xml(results: list[TraceResult], hello: dict[str, Any]) -> str:
    """The run as JUnit XML (see the module docstring)."""
    t = totals(results)
    root = ET.Element(
        "testsuites",
        name=f"regola conform: {hello.get('engine', 'engine')}",
        tests=str(t["traces"]),
        failures=str(t["failed"]),
        errors=str(t["errored"]),
        skipped=str(t["unsupported"] + t["unchecked"]),
        time=f"{sum(r.seconds for r in results):.3f}",
    )
    by_variant: dict[str, list[TraceResult]] = {}
    for r in results:
        by_variant.setdefault(r.variant, []).append(r)
    for variant in sorted(by_variant):
        rs = by_variant[variant]
        s = summarize(rs)[variant]
        suite = ET.SubElement(
            root,
            "testsuite",
            name=variant,
            tests=str(s.traces),
            failures=str(s.failed),
            errors=str(s.errored),
            skipped=str(s.unsupported + s.unchecked),
            time=f"{s.seconds:.3f}",
        )
        acc = accounts(rs, hello).get(variant)
        if acc is not None:
            props = ET.SubElement(suite, "properties")
            for state, n in acc.counts().items():
                ET.SubElement(props, "property", name=f"rules {state}", value=str(n))
            for state in ("vacuous", "never reached"):
                names = sorted(r for r, v in acc.rules.items() if v == state)
                if names:
                    ET.SubElement(props, "property", name=f"rules {state} (ids)", value=" ".join(names))
            ET.SubElement(props, "property", name="fields not checked",
                          value=" ".join(sorted(f for f, on in acc.fields.items() if not on)))
        for r in rs:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"regola.conform.{variant}",
                name=r.name,
                file=r.path,
                time=f"{r.seconds:.3f}",
            )
            if r.status == "failed" and r.divergence:
                el = ET.SubElement(
                    case,
                    "failure",
                    message=_xml_text(f"{r.divergence.where}: {r.divergence.message}{_later(r)}"[:500]),
                    type=r.divergence.rule or "divergence",
                )
                el.text = _xml_text(r.report())
            elif r.status == "errored":
                el = ET.SubElement(
                    case, "error", message=_xml_text((r.error or "")[:500]), type=r.error_kind or "error"
                )
                el.text = _xml_text(r.report())
            elif r.status == "unsupported":
                ET.SubElement(case, "skipped", message=_xml_text(f"not supported by the engine: {r.error or ''}"))
            elif r.status == "unchecked":
                ET.SubElement(case, "skipped", message=_xml_text(r.error or "not checked"))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _later(r: TraceResult) -> str:
    n = len(r.consequences) + r.more_consequences
    return f" (then {n} possibly consequential divergence{'' if n == 1 else 's'})" if n else ""


def write_json(path: Path, data: dict[str, Any]) -> None:
    # default=str: a Python engine may hand back values JSON has no type for
    write_text_atomic(Path(path), json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str) + "\n")


def write_junit(path: Path, results: list[TraceResult], hello: dict[str, Any]) -> None:
    write_text_atomic(Path(path), junit_xml(results, hello))


def summary_table(results: list[TraceResult], title: str = "") -> Table:
    """The terminal summary: one row per variant (the first failure of each
    is listed by `first_failures`)."""
    table = Table(title=title or None, title_justify="left")
    table.add_column("variant", no_wrap=True)
    for name, style in (("passed", "green"), ("failed", "red"), ("errored", "magenta"), ("unsupported", "dim"),
                        ("unchecked", "yellow")):
        table.add_column(name, justify="right", style=style, no_wrap=True)
    table.add_column("fields checked", justify="right", no_wrap=True)
    for v, s in summarize(results).items():
        share = f"{s.fields_checked}/{s.fields_total} {s.fields_share:.0%}" if s.fields_total else "-"
        table.add_row(v, str(s.passed), str(s.failed), str(s.errored), str(s.unsupported), str(s.unchecked), share)
    return table


def first_failures(results: list[TraceResult]) -> list[str]:
    """One line per variant with a failure: its first failing trace and rule."""
    lines = []
    for v, s in summarize(results).items():
        if s.first_failing_trace:
            bad = any(r.id == s.first_failing_trace and r.error_kind in ("trace", "bad-trace") for r in results)
            rule = f" ({s.first_failing_rule})" if s.first_failing_rule else " (bad trace)" if bad else " (engine error)"
            lines.append(f"{v}: first failure {s.first_failing_trace}{rule}")
    return lines
