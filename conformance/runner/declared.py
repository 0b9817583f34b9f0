"""Traces replayed under the house rules an engine declares.

An engine may play a house rule instead of the variant's: one hand as the
whole game (``match.kind = single``), a 60-60 hand dealt again, three cards
dealt at once. It says so with ``regola conform --option FIELD=VALUE`` or in
its ``hello`` (``"options": {"match.kind": "single"}``). Every trace is then
replayed under those options: the same deck orders and the same actions,
with everything the rules make of them (views, legal actions, events, rule
ids, the rule a reject line breaks) recomputed by the reference under the
house rules. So every rule the house rules leave alone is still checked.

A house rule that deals otherwise (three cards at a time, the bottom card
turned for trumps) gets each deck order restacked so that it deals the same
hands, face-up card and stock (`regola.conformance.runner.restack`). A
trace is **cut** where its next action is no longer legal under the house
rules (the shuffle of a second hand in a one-hand game), that action kept as
a reject line (the engine must refuse it); a reject line whose
action the house rules allow is left out; a focused trace whose position
cannot be reached is not run (``unsupported``, with the reason). Options
the trace sets itself (a source profile's) stay, except where the engine
declared another value for the same field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from regola import reference
from regola.conformance.trace.format import Trace
from regola.conformance.runner.restack import restack_trace_decks
from regola.conformance.trace.record import Recorder, load_ruleset
from regola.spec import SpecError


class DeclaredOptionError(ValueError):
    """A declared option the spec does not know, or a value it refuses: the
    message names the option."""


@dataclass(frozen=True)
class Rewritten:
    """A trace under the declared options: the new ``trace`` (None when it
    cannot be run, ``reason`` says why), and where it was cut."""

    trace: Trace | None
    reason: str = ""
    cut_at: int | None = None
    """The step index where the trace was cut (its action is illegal under the house rules)."""
    dropped_rejects: int = 0


def check_declared(variants: list[str], options: dict[str, Any]) -> None:
    """Refuse, naming it, a declared option that no given variant can take."""
    if not options:
        return
    from regola.spec import variant_ids

    errors = []
    for variant in variants or variant_ids():
        try:
            load_ruleset(variant, options, checked=False)
            return
        except SpecError as exc:
            errors.append(f"{variant}: {exc}")
    if errors:
        raise DeclaredOptionError("the declared house rules cannot be played: " + "; ".join(errors))


def merged_options(trace_options: dict[str, Any], declared: dict[str, Any]) -> dict[str, Any]:
    return {**(trace_options or {}), **declared}


def rewrite(trace: Trace, declared: dict[str, Any]) -> Rewritten:
    """``trace`` under the declared options (see the module docstring)."""
    if not declared:
        return Rewritten(trace)
    key = json.dumps([trace.header.get("name"), trace.header.get("variant"), str(trace.path), declared], sort_keys=True)
    return _rewrite(key, trace, json.dumps(declared, sort_keys=True))


_MEMO: dict[str, Rewritten] = {}


def _rewrite(key: str, trace: Trace, declared_json: str) -> Rewritten:
    if key in _MEMO:
        return _MEMO[key]
    found = _record(trace, json.loads(declared_json))
    if len(_MEMO) > 512:
        _MEMO.clear()
    _MEMO[key] = found
    return found


def _record(trace: Trace, declared: dict[str, Any]) -> Rewritten:
    h = trace.header
    options = merged_options(h.get("options") or {}, declared)
    shown = ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(declared.items()))
    try:
        # the same hands, face-up card and stock under a house rule that deals otherwise
        deck, items = restack_trace_decks(
            load_ruleset(h["variant"], h.get("options") or {}, checked=False),
            load_ruleset(h["variant"], options, checked=False), h, _items(trace),
        )
        rec = Recorder(
            h["variant"], options, deck,
            name=h.get("name", "?"), purpose=h.get("purpose", "playout"),
            description=f"{h.get('description', '')} (replayed under the engine's house rules: {shown})",
            seed=h.get("seed"), keep_legal=any("legal" in i for i in _items(trace) if i.get("kind") == "step"),
        )
    except SpecError as exc:
        return Rewritten(None, f"the engine's house rules ({shown}) cannot be played with this trace's options: {exc}")
    except reference.IllegalAction as exc:
        return Rewritten(None, f"under the engine's house rules ({shown}) this deck cannot be dealt: {exc.message}")
    setup = list(h.get("setup") or [])
    for n, action in enumerate(setup):
        try:
            rec.state = reference.apply(rec.state, action)
        except reference.IllegalAction as exc:
            return Rewritten(
                None,
                f"its position cannot be reached under the engine's house rules ({shown}): "
                f"setup action {n} is not legal there ({exc.rule_id})",
            )
    rec.header["house_rules"] = dict(declared)  # in memory only: explanations leave these fields alone
    if setup:
        rec.header["setup"] = setup
        rec.header["focus"] = list(h.get("focus") or [])
    cut_at, dropped = None, 0
    for item in items:
        if item["kind"] == "reject":
            try:
                rec.reject(item["action"])
            except ValueError:
                dropped += 1  # the house rules allow it: not a reject line any more
            continue
        try:
            rec.step(item["action"])
        except reference.IllegalAction:
            # the action the house rules forbid is itself a check worth
            # making (a shuffle after a one-hand game is over): a reject line
            rec.reject(item["action"])
            cut_at = item.get("index")
            break
    out = rec.trace()
    out.path = trace.path
    return Rewritten(out, cut_at=cut_at, dropped_rejects=dropped)


def _items(trace: Trace) -> list[dict[str, Any]]:
    return list(trace.items)
