"""The reference's side of a replay: the ruleset of a trace header,
loaded once per process, and the reference replaying the same trace (for
seat views, rule ids and the state before a step).

The trace check (`.trace_check.check_trace`) already plays a trace through
the reference; for a trace held in memory it keeps the states it reaches,
and the replay is handed them (``states``) instead of playing the trace a
second time. A streamed trace (`regola.conformance.trace.format.LinesOnDisk`)
keeps none, so that memory stays bounded: its replay plays it again."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from regola import reference
from regola.conformance.explain import guess
from regola.conformance.trace.format import Trace
from regola.conformance.trace.setup import start_state
from regola.spec import SpecError, load, rule_ids, ruleset_hash

_LOADING = threading.Lock()


def ruleset_for(variant: str, options_json: str) -> Any:
    """The ruleset of a trace header, loaded once per process.

    Loads are serialised: the first load of a ruleset proves its invariants
    with z3, which must not run in two threads at once (``--jobs``). Later
    loads anywhere in the process, the in-process engine's included, find
    the proofs cached."""
    with _LOADING:
        return _load(variant, options_json)


@lru_cache(maxsize=256)
def _load(variant: str, options_json: str) -> Any:
    return load(variant, json.loads(options_json) or None)


_RULE_IDS: dict[int, tuple[Any, Any]] = {}


def _rule_ids(ruleset: Any) -> Any:
    """`regola.spec.rule_ids` of ``ruleset``, kept by its identity (the
    rulesets of `ruleset_for` live as long as the process)."""
    known = _RULE_IDS.get(id(ruleset))
    if known is None or known[0] is not ruleset:
        known = _RULE_IDS[id(ruleset)] = (ruleset, rule_ids(ruleset))
    return known[1]


class ReferenceReplay:
    """The reference replaying the same trace, for seat views and rule ids.

    ``states``, if given, are the states the trace check reached: after the
    deal, then after each step line in order. `advance` then takes the next
    one instead of applying the action again; past their end it applies."""

    def __init__(self, header: dict[str, Any], states: Sequence[Any] | None = None) -> None:
        self.ruleset = ruleset_for(header["variant"], json.dumps(header.get("options") or {}, sort_keys=True))
        self._kept = list(states or ())
        self._next = 1
        self.state = self._kept[0] if self._kept else start_state(self.ruleset, header)
        self.players = self.ruleset.seating.players

    @property
    def rule_ids(self) -> Any:
        """The ruleset's rule ids (to blame a wrong seat view), worked out
        when first asked for and kept per ruleset, not at every trace."""
        return _rule_ids(self.ruleset)

    def advance(self, action: dict[str, Any]) -> None:
        if self._next < len(self._kept):
            self.state = self._kept[self._next]
            self._next += 1
        else:
            self._kept = []  # played past the kept states: apply from here on
            self.state = reference.apply(self.state, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return reference.view(self.state, seat)

    def partners(self, seat: int) -> list[int]:
        for side in self.ruleset.seating.sides():
            if seat in side:
                return [s for s in side if s != seat]
        return []


def check_header(trace: Trace) -> str | None:
    """Why the trace cannot be replayed against today's rules, or None."""
    h = trace.header
    try:
        rs = ruleset_for(h["variant"], json.dumps(h.get("options") or {}, sort_keys=True))
    except SpecError as exc:
        return f"the trace's variant cannot be loaded: {exc}"
    if h.get("ruleset_hash") != ruleset_hash(rs):
        return (
            f"the trace was recorded for ruleset {h.get('ruleset_hash')}, but {h['variant']} "
            f"with these options is now {ruleset_hash(rs)}: regenerate the corpus"
        )
    return None


def state_before(header: dict[str, Any], items: Sequence[dict[str, Any]]) -> Any:
    """The reference state after the header's deal (and setup) and the step lines of ``items``."""
    replay = ReferenceReplay(header)
    for item in items:
        if item["kind"] == "step":
            replay.advance(item["action"])
    return replay.state


def legal_rule(state: Any, missing: list[dict[str, Any]], extra: list[dict[str, Any]]) -> str | None:
    """The rule behind a wrong list of legal actions: the rule the reference
    cites to refuse an action the engine offers, else the most specific rule
    of an action the engine leaves out."""
    if state is None:
        return None
    for action in extra:
        try:
            reference.apply(state, action)
        except reference.IllegalAction as exc:
            return exc.rule_id
        except Exception:  # noqa: BLE001 - an action too malformed to judge names no rule
            continue
    for action in missing:
        try:
            return guess.specific(reference.apply(state, action).rules)
        except Exception:  # noqa: BLE001
            continue
    return None
