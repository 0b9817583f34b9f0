"""Checking the engine's list of legal actions against a step's
(``legal``, or only ``legal_count``): the actions it leaves out and those it
adds, and the rule behind the difference."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from regola import reference
from regola.conformance.explain import guess, reach
from regola.conformance.protocol.engine import Engine, EngineFailure
from regola.conformance.runner.compare import Difference, side_by_side
from regola.conformance.runner.reference_replay import legal_rule
from regola.conformance.runner.verdicts import Divergence, Recorder, diverge

_canon = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
"""An action as canonical JSON, to compare lists of actions as sets (the
encoder made once: ``json.dumps`` with options makes one per call)."""


def check_legal(
    engine: Engine,
    item: dict[str, Any],
    line: int,
    rules: list[str],
    state_before: Callable[[], Any] | None,
    record: Recorder | None = None,
) -> None:
    actual = engine.legal()
    if not isinstance(actual, list):
        raise EngineFailure("protocol", f"legal returned {type(actual).__name__}, not a list")
    if item.get("legal") is None and len(actual) == item["legal_count"]:
        return  # the trace counts the actions only: the count is all there is to check
    got = sorted(_canon(a) for a in actual)
    if "legal" in item and item["legal"] is not None:
        want = sorted(_canon(a) for a in item["legal"])
        if got == want:
            return
        diffs = [Difference("legal", [json.loads(a) for a in want], [json.loads(a) for a in got])]
    else:
        if len(got) == item["legal_count"]:
            return
        want = None
        diffs = [Difference("legal_count", item["legal_count"], len(got))]
    state = state_before() if state_before else None
    if want is None and state is not None:
        want = sorted(_canon(reference.action_dict(a)) for a in reference.legal_actions(state))
    message = f"the engine lists {len(got)} legal actions, the rules allow {item['legal_count']}"
    missing: list[dict[str, Any]] = []
    extra: list[dict[str, Any]] = []
    if want is not None:
        missing = [json.loads(a) for a in want if a not in got]
        extra = [json.loads(a) for a in got if a not in want]
        parts = [f"missing {describe_actions(missing)}"] if missing else []
        parts += [f"not allowed {describe_actions(extra)}"] if extra else []
        message += ": " + ("; ".join(parts) or "some actions are listed twice")
    shown = side_by_side({d.path: d.expected for d in diffs}, {d.path: d.actual for d in diffs}, diffs)
    if want is not None and not any(d.path == "legal" for d in diffs):
        # the lists themselves, for the explanation (`explain.shapes.listing`)
        diffs.append(Difference("legal", [json.loads(a) for a in want], [json.loads(a) for a in got]))
    diverge(
        Divergence(
            kind="legal",
            step=item.get("index"),
            line=line,
            action=item["action"],
            rules=rules,
            rule=_legal_rule(state, missing, extra, got) or guess.specific(rules),
            message=message + " (before this step)",
            differences=diffs,
            side_by_side=shown,
        ),
        record,
    )


def _legal_rule(state: Any, missing: list[dict[str, Any]], extra: list[dict[str, Any]], got: list[str]) -> str | None:
    """The rule behind a wrong list: an engine that lets nobody act breaks
    the phase's rule (`regola.conformance.explain.reach.nobody_acts`);
    otherwise `legal_rule`."""
    if state is not None and missing and not got:
        found = reach.nobody_acts(state)
        if found:
            return found[0]
    return legal_rule(state, missing, extra)


def describe_actions(actions: list[dict[str, Any]], limit: int = 6) -> str:
    shown = [_canon(a) for a in actions[:limit]]
    more = f" and {len(actions) - limit} more" if len(actions) > limit else ""
    return ", ".join(shown) + more


# --- running many traces ------------------------------------------------------
