"""What a trace's lines reach in the (correct) reference: the functions it
runs, and the rules behind the actions an engine wrongly lists or leaves
out. Blame by explanation (`regola.conformance.explain.search`) tries only
the misreadings of functions a replay runs, and the rules of those actions.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from regola import reference
from regola.conformance.explain.misreadings import caches
from regola.conformance.trace.record import load_ruleset
from regola.conformance.trace.setup import start_state
from regola.spec import rule_ids


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def functions_called(
    header: dict[str, Any], items: Sequence[dict[str, Any]], seat: int | None = None
) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(file, qualified name) of every function the (correct) reference runs
    to replay the lines and answer at the last one, and of those it runs at
    the last one: a misreading of any other function changes nothing there."""
    seen: set[tuple[str, str]] = set()
    last: set[tuple[str, str]] = set()
    into = [seen]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            for found in into:
                found.add((frame.f_code.co_filename, frame.f_code.co_qualname))

    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    for memo in caches():
        memo.cache_clear()  # a remembered answer would hide the functions behind it
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        state = start_state(ruleset, header)
        reference.view(state)
        for item in items:
            if item is items[-1]:
                into.append(last)
                reference.legal_actions(state)
            try:
                after = reference.apply(state, item["action"])
            except reference.IllegalAction:
                continue
            if item["kind"] == "step":
                state = after
                reference.view(state)
                if item is items[-1] and seat is not None:
                    reference.view(state, seat)
    except Exception:  # noqa: BLE001 - the trace replays in the reference; if not, try everything
        return set(), set()
    finally:
        sys.setprofile(previous)
    return seen, last


def listed(message: str, label: str) -> list[dict[str, Any]]:
    """The actions a legal-list divergence's message lists after ``label``."""
    at = message.find(label)
    out: list[dict[str, Any]] = []
    if at < 0:
        return out
    text, at = message, at + len(label)
    decoder = json.JSONDecoder()
    while at < len(text) and text[at] == "{":
        try:
            action, at = decoder.raw_decode(text, at)
        except ValueError:
            break
        out.append(action)
        at += 2 if text.startswith(", ", at) else 0
    return out


def nobody_acts(state: Any) -> list[str]:
    """The rules an engine that lists no legal action at all breaks, where
    the rules allow some: it holds the hand (or the phase) over already
    (``*.play.phase``); once the stock is out, the last cards are still to
    be played (``*.draw.exhausted``) first."""
    known = rule_ids(state.ruleset)
    out_of_stock = reference.view(state).get("stock_size") == 0
    out: list[str] = []
    for suffix in (("draw.exhausted", "play.phase") if out_of_stock else ("play.phase",)):
        out += [r for r in sorted(known) if r.endswith("." + suffix)]
    return out


def legal_rules(header: dict[str, Any], items: Sequence[dict[str, Any]], divergence: Any) -> list[str]:
    """For a wrong list of legal actions: the rules the actions the engine
    leaves out exercise, and those that forbid the ones it adds."""
    if divergence.kind != "legal" or not divergence.differences:
        return []
    d = divergence.differences[0]
    if d.path == "legal_count":  # a trace that counts the actions: the message names those that differ
        missing, extra = listed(divergence.message, "missing "), listed(divergence.message, "not allowed ")
        want, got = {_canon(a): a for a in missing}, {_canon(a): a for a in extra}
    elif d.path == "legal":
        want, got = {_canon(a): a for a in d.expected}, {_canon(a): a for a in d.actual}
    else:
        return []
    try:
        state = start_state(load_ruleset(header["variant"], header.get("options") or {}, checked=False), header)
        for item in items[:-1]:
            if item["kind"] == "step":
                state = reference.apply(state, item["action"])
    except Exception:  # noqa: BLE001 - no state, no rules
        return []
    out: list[str] = []
    if want and not got:
        return nobody_acts(state)
    for key in [k for k in want if k not in got] + [k for k in got if k not in want]:
        try:
            out += reference.apply(state, {**want, **got}[key]).rules
        except reference.IllegalAction as exc:
            out.append(exc.rule_id)
        except Exception:  # noqa: BLE001, S112 - a malformed action names no rule
            continue
    generic = ("play.turn", "play.in-hand", "play.phase")
    return [r for r in dict.fromkeys(out) if not r.endswith(generic)]
