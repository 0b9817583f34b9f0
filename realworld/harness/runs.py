"""Running regola against an engine's tree, and reading what it found.

Every run is a `regola conform` (or `regola fuzz`) process, exactly as an
engine author would run it; the harness reads its JSON report and keeps,
per trace, its status and its divergences (the root and the later ones),
each with the rule regola blamed and how it chose it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Engine


def regola_command() -> list[str]:
    """The `regola` of the Python running the harness."""
    exe = Path(sys.executable).parent / "regola"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("regola")
    if found:
        return [found]
    return [sys.executable, "-m", "regola.conformance.cli"]


@dataclass
class Divergence:
    line: int | None
    kind: str
    rule: str | None
    how: str | None
    rules: list[str]
    consequential: bool
    ambiguous: list[str] = field(default_factory=list)
    causes: list[str] = field(default_factory=list)
    """The rules of every cause, field by field (two bugs at one step: two rules)."""
    message: str = ""
    """What differs (the values): a plant that changes the values at a line
    that already differed is a new divergence there."""
    field_causes: list[dict[str, Any]] = field(default_factory=list)
    """Field by field: each cause's ``keys``, ``rule``, ``how`` and ``candidates``."""

    def changed_fields(self, before: "Divergence") -> set[str]:
        """The fields (keys: ``captured[2]`` is ``captured``) whose values
        differ between this divergence's message and ``before``'s at the
        same line."""
        mine, theirs = _values(self.message), _values(before.message)
        return {k for k, v in mine.items() if theirs.get(k) != v}

    def focused_on(self, keys: set[str]) -> "Divergence":
        """This divergence as blamed for ``keys`` alone: the cause, field by
        field, that explains them (itself when no cause does)."""
        for c in self.field_causes:
            if keys & set(c.get("keys") or []) and c.get("rule"):
                return Divergence(self.line, self.kind, c["rule"], c.get("how"), self.rules, self.consequential,
                                  list(c.get("candidates") or []), [c["rule"]], self.message, [c])
        return self

    def key(self) -> tuple:
        return (self.line, self.kind, self.message or self.rule)

    def names(self, rules: list[str]) -> bool:
        """Whether this divergence names one of ``rules`` (its rule, or a cause's)."""
        return self.rule in rules or any(r in rules for r in self.causes)


@dataclass
class TraceFinding:
    id: str
    status: str
    error_kind: str | None = None
    divergences: list[Divergence] = field(default_factory=list)

    @property
    def root(self) -> Divergence | None:
        return self.divergences[0] if self.divergences else None


def _values(message: str) -> dict[str, str]:
    """``field: expected X, got Y; ...`` as field key -> its text."""
    out = {}
    for part in message.split("; "):
        name, sep, rest = part.partition(": ")
        if sep and " " not in name:
            out[name.split("[")[0]] = out.get(name.split("[")[0], "") + rest
    return out


def _divergence(d: dict[str, Any], consequential: bool) -> Divergence:
    exp = d.get("explained_by") or {}
    return Divergence(
        line=d.get("line"),
        kind=d.get("kind", "?"),
        rule=d.get("rule"),
        how=exp.get("how"),
        rules=list(d.get("rules") or []),
        consequential=consequential,
        ambiguous=list(exp.get("candidates") or exp.get("ambiguous") or []),
        causes=[c.get("rule") for c in exp.get("causes") or [] if c.get("rule")],
        message=str(d.get("message") or "")[:4000],
        field_causes=[{k: c.get(k) for k in ("keys", "rule", "how", "candidates")} for c in exp.get("causes") or []],
    )


def findings(report: dict[str, Any]) -> list[TraceFinding]:
    """Per trace of a `regola conform --json` report: status and divergences."""
    out = []
    for t in report.get("traces", []):
        divs = []
        if t.get("divergence"):
            divs.append(_divergence(t["divergence"], False))
        divs += [_divergence(c, True) for c in t.get("consequences") or []]
        out.append(TraceFinding(t["id"], t["status"], t.get("error_kind"), divs))
    return out


@dataclass
class Run:
    """One `regola conform` of one tree on the engine's variants."""

    command: list[str]
    seconds: float
    exit_status: int
    traces: list[TraceFinding]
    hello: dict[str, Any]
    stderr_tail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "seconds": round(self.seconds, 1),
            "exit_status": self.exit_status,
            "engine": self.hello,
            "traces": [
                {"id": t.id, "status": t.status, "error_kind": t.error_kind,
                 "divergences": [asdict(d) for d in t.divergences]}
                for t in self.traces
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Run":
        traces = [
            TraceFinding(t["id"], t["status"], t.get("error_kind"), [Divergence(**d) for d in t["divergences"]])
            for t in data["traces"]
        ]
        return cls(data["command"], data["seconds"], data["exit_status"], traces, data.get("engine", {}))


def conform(engine: Engine, tree: Path, extra: list[str] = (), timeout: float = 10.0) -> Run:
    """`regola conform` of the tree on every variant the engine plays."""
    engine_cmd = " ".join(_quote(w) for w in engine.command(tree))
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        cmd = [*regola_command(), "conform", "--engine", engine_cmd, "--json", str(report), "--timeout", str(timeout)]
        for v in engine.info.variants:
            cmd += ["--variant", v]
        for k, v in engine.info.house_options.items():
            if _supports_option():
                cmd += ["--option", f"{k}={_option_text(v)}"]
        cmd += list(extra)
        started = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "COLUMNS": "160"})
        seconds = time.perf_counter() - started
        if not report.exists():
            raise RuntimeError(f"regola conform wrote no report (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
        data = json.loads(report.read_text())
    return Run(cmd, seconds, proc.returncode, findings(data), data.get("engine", {}), proc.stderr[-2000:])


_OPTION_FLAG: bool | None = None


def _supports_option() -> bool:
    """Whether this regola's conform takes ``--option`` (house rules declared)."""
    global _OPTION_FLAG
    if _OPTION_FLAG is None:
        out = subprocess.run([*regola_command(), "conform", "--help"], capture_output=True, text=True).stdout
        _OPTION_FLAG = "--option" in out
    return _OPTION_FLAG


def _option_text(value: object) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)
