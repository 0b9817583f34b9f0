"""Verdicts of a conformance run: a trace's result and its divergences.

A trace ends ``passed``, ``failed`` (the engine disagreed with the rules:
see `Divergence`), ``errored`` (the engine crashed, hung, printed
garbage or broke the protocol, or the trace itself is unusable) or
``unsupported`` (the engine does not play the variant or its options).

The replay goes on after a divergence where it can, so a failed trace has
a **root** (``divergence``, the first disagreement) and may have later
**consequences** (``consequences``): each found further on, with its own
step and rule, marked *possibly consequential*, since it may only follow
from the root.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from collections.abc import Sequence
from typing import Any

from regola.conformance.runner.compare import Difference

REJECT_KINDS = ("accepted", "wrong-rule", "changed-by-reject")
"""Divergences found on a reject line."""


@dataclass
class Divergence:
    """The first place where the engine and the rules disagree in a trace."""

    kind: str
    """``view``, ``seat-view``, ``legal``, ``refused`` (a legal action refused),
    ``accepted`` (an illegal action accepted), ``wrong-rule`` (refused under
    another rule), ``changed-by-reject`` (a refused action changed the view)."""
    step: int | None
    """The step's index in the trace (None: the deal, right after ``new``)."""
    line: int
    """Line of the trace file (the header is line 1)."""
    action: dict[str, Any] | None
    rules: list[str]
    """Rule ids the step exercised (for a reject, the rule that forbids it)."""
    rule: str | None
    """The rule most likely broken."""
    message: str
    seat: int | None = None
    """For a seat-view divergence, whose view."""
    differences: list[Difference] = field(default_factory=list)
    side_by_side: str = ""
    explained_by: Any = None
    """How ``rule`` was chosen (an `regola.conformance.explain.search.Explanation`):
    an option value or a misreading of the rule that reproduces the engine,
    or a guess from the fields that differ. None: not explained."""
    consequential: bool = False
    """Found after the trace's first divergence: possibly a consequence of it."""
    setup: int | None = None
    """For a focused trace's setup action the engine refused: which (from 0)."""
    engine_view: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """The engine's view at a view divergence (what the explanation reads;
    not in reports: the differences hold what it got wrong)."""

    @property
    def where(self) -> str:
        if self.setup is not None:
            step = f"setup action {self.setup} of the header"
        elif self.step is None:
            step = "the deal"
        elif self.kind in REJECT_KINDS:
            step = f"the reject line before step {self.step}"
        else:
            step = f"step {self.step}"
        return f"{step} (line {self.line})"

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out.pop("engine_view", None)
        out["differences"] = [d.to_json() for d in self.differences]
        out["explained_by"] = self.explained_by.to_json() if self.explained_by is not None else None
        return out

    def render(self) -> str:
        """The divergence as text for a person: where, what, which rule, both views."""
        head = "possibly consequential divergence" if self.consequential else "first divergence"
        lines = [f"{head} at {self.where}: {self.message}"]
        if self.action is not None:
            lines.append(f"  action: {json.dumps(self.action, ensure_ascii=False, separators=(',', ':'))}")
        if self.seat is not None:
            lines.append(f"  in the view of seat {self.seat}")
        lines += self._why()
        if self.rules:
            lines.append(f"  rules of this step: {', '.join(self.rules)}")
        if self.side_by_side:
            lines += ["", self.side_by_side]
        return "\n".join(lines)


    def _why(self) -> list[str]:
        """The rule (or, field by field, the rules) most likely broken, and why."""
        why = self.explained_by
        causes = list(getattr(why, "causes", ()) or ())
        if len(causes) > 1:
            lines = ["  rules most likely broken, field by field:"]
            for c in causes:
                lines.append(f"    {', '.join(c.keys)}: {c.rule} ({c.how})" + (f": {c.text}" if c.how != "guess" else ""))
                if c.candidates:
                    lines.append(f"      ambiguous: the engine's fields cannot tell apart {', '.join(c.candidates)}")
            return lines
        lines = [f"  rule most likely broken: {self.rule}"] if self.rule else []
        if why is not None:
            lines.append(f"  why ({why.how}): {why.text}")
            if getattr(why, "candidates", ()):
                lines.append(f"  ambiguous: the engine's fields cannot tell apart {', '.join(why.candidates)}")
        return lines


MAX_CONSEQUENCES = 50
"""Possible consequences kept per trace; the rest are only counted."""


@dataclass
class TraceResult:
    """The verdict on one trace."""

    path: str
    variant: str
    name: str
    status: str
    """``passed``, ``failed``, ``errored``, ``unsupported``, or ``unchecked``:
    replayed, but what it is for was not checked (a focused trace whose
    position the engine did not reach or already differed at, a trace on
    which the engine reported nothing to compare); ``error`` says why."""
    steps: int = 0
    """Trace lines (steps and rejects) the engine got through before the
    first divergence."""
    replayed: int = 0
    """Trace lines replayed in all, going on past divergences where it could."""
    total_steps: int = 0
    divergence: Divergence | None = None
    """The root: the first divergence."""
    consequences: list[Divergence] = field(default_factory=list)
    """The divergences found after the root, in trace order (each marked
    ``consequential``); the first `MAX_CONSEQUENCES` of them."""
    more_consequences: int = 0
    """How many more were found and not kept (a long trace gone wrong early
    would otherwise hold one per step)."""
    error_kind: str | None = None
    """For ``errored``: crash, timeout, garbage, oversized, protocol, trace..."""
    error: str | None = None
    error_step: int | None = None
    fields_checked: int = 0
    fields_total: int = 0
    seconds: float = 0.0
    replay: str = ""
    """The command that replays just this trace."""
    unchecked: list[str] = field(default_factory=list)
    """For a focused trace: the view fields (``match.points``, ``seat 1: hands``)
    that already differed at its position, left to the other traces."""
    checked_rules: dict[str, str] = field(default_factory=dict)
    """Rule -> ``verified`` or ``vacuous`` on the lines replayed (`regola.conformance.runner.account`)."""
    cells: list[Any] = field(default_factory=list)
    """The verdict on each reject line (`regola.conformance.runner.cells.Cell`)."""
    house_rules: dict[str, Any] = field(default_factory=dict)
    """The house rules the trace was replayed under (`regola.conformance.runner.declared`)."""
    cut_at: int | None = None
    """Under house rules: the step where the trace was cut, its action being illegal there."""

    @property
    def id(self) -> str:
        return f"{self.variant}/{self.name}"

    @property
    def rule(self) -> str | None:
        return self.divergence.rule if self.divergence else None

    @property
    def divergences(self) -> list[Divergence]:
        """The root, then its possible consequences."""
        return ([self.divergence] if self.divergence else []) + list(self.consequences)

    def add_divergence(self, divergence: Divergence) -> None:
        """Record a divergence: the root if it is the first, else a possible consequence."""
        if self.divergence is None:
            self.divergence = divergence
        else:
            divergence.consequential = True
            if len(self.consequences) < MAX_CONSEQUENCES:
                self.consequences.append(divergence)
            else:
                self.more_consequences += 1

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["id"] = self.id
        out["divergence"] = self.divergence.to_json() if self.divergence else None
        out["consequences"] = [d.to_json() for d in self.consequences]
        out["cells"] = [c.to_json() for c in self.cells]
        return out

    def house_note(self) -> str:
        """How the trace was replayed under the engine's house rules."""
        shown = ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(self.house_rules.items()))
        cut = "" if self.cut_at is None else f"; cut before step {self.cut_at}, whose action they make illegal"
        return f"replayed under the engine's house rules ({shown}): expected views recomputed{cut}"

    def report(self) -> str:
        """What went wrong, for a failed or errored trace ('' otherwise)."""
        if self.status == "failed" and self.divergence:
            text = f"{self.id} ({self.path})\n{self.divergence.render()}"
            for later in self.consequences:
                text += "\n\n" + later.render()
            if self.more_consequences:
                text += f"\n\n... and {self.more_consequences} later divergences not shown"
            if self.unchecked:
                text += ("\n\nalready different at this focused trace's position, so not checked here: "
                         + ", ".join(self.unchecked))
            if self.error:
                at = "" if self.error_step is None else f" at step {self.error_step}"
                text += f"\n\nthe replay stopped{at}: engine error ({self.error_kind}): {self.error}"
            if self.house_rules:
                text += "\n\n" + self.house_note()
        elif self.status == "errored" and self.error_kind in ("trace", "bad-trace"):
            # the trace's own fault (trace_check.py), not the engine's
            text = f"{self.id} ({self.path})\nbad trace, not the engine's fault: {self.error}"
        elif self.status == "errored":
            at = "" if self.error_step is None else f" at step {self.error_step}"
            text = f"{self.id} ({self.path})\nengine error ({self.error_kind}){at}: {self.error}"
        elif self.status == "unsupported":
            return f"{self.id}: not supported by the engine ({self.error})"
        elif self.status == "unchecked":
            return f"{self.id}: {self.error}"
        else:
            return ""
        if self.replay:
            text += f"\n\nreplay just this trace:\n  {self.replay}"
        return text


class Recorder:
    """Where a replay that goes on past divergences puts them: the first in
    ``result`` as the root, the later ones as possible consequences."""

    def __init__(self, result: TraceResult) -> None:
        self.result = result
        self._differing: dict[str, set[str]] = {}

    def __call__(self, divergence: Divergence) -> None:
        self.result.add_divergence(divergence)

    def fresh(self, where: str, diffs: list[Difference]) -> list[Difference]:
        """The differences in the view ``where`` (``view``, ``seat 1``) that
        were not there at the previous check: a field that stays wrong is
        reported once, at the step where it goes wrong."""
        before = self._differing.get(where)
        if not before:
            if diffs:
                self._differing[where] = {d.path for d in diffs}
            elif before is not None:
                del self._differing[where]
            return diffs  # nothing was wrong before (the common case: no set to build)
        self._differing[where] = {d.path for d in diffs}
        return [d for d in diffs if d.path not in before]


    def forget(self, paths: Sequence[str]) -> None:
        """A fresh engine was brought back to the position after a refusal
        that changed the view at ``paths``: those differences went with the
        old engine (the ones that were there before stay known)."""
        known = self._differing.get("view")
        if known:
            known.difference_update(paths)


class DivergenceFound(Exception):
    """Raised by the checks below at a disagreement the replay cannot go past
    (or at any, when the caller records none)."""

    def __init__(self, divergence: Divergence) -> None:
        self.divergence = divergence


STOP_KINDS = ("refused", "accepted")
"""Divergences after which the engine's match is no longer the trace's:
it refused a step the trace plays, or played one the trace rejects."""


def diverge(divergence: Divergence, record: Recorder | None) -> None:
    """Record ``divergence`` and go on, or raise it if the replay must stop."""
    if record is None or divergence.kind in STOP_KINDS:
        raise DivergenceFound(divergence)
    record(divergence)
