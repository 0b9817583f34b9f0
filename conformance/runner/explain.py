"""Blame by explanation: which alternative reading of the rules reproduces
what the engine did at a divergence.

At a divergence the runner knows the trace's header, its lines up to and
including the divergent one, and what the engine reported there (the
`Divergence`'s differences: the engine's values where they differ from the
trace; elsewhere, on the fields it reports, the engine agreed). `explain`
replays that prefix in the reference under alternatives and keeps those
that reproduce the engine exactly, on the fields it reports, at the
divergent line, while agreeing with the trace where the engine did before
it (same views at earlier steps, the same rejects refused):

1. every other value the spec knows for the option fields of a rule
   (fields its ``when`` names, or whose description cites it): "behaves as
   if ``hand_scoring.tie = last-trick``", a house rule;
2. every catalogued misreading of the rule
   (`regola.conformance.runner.misreadings`).

Rules are tried in tiers: those the divergent step exercised, then those
exercised earlier in the trace (a pile not reset shows only later). In the
first tier that explains the divergence, the field heuristic's own rule is
preferred among those that reproduce it, then the more specific rule. If no
alternative reproduces the engine, the field heuristic's rule is kept and
labelled a guess. At most `MAX_ALTERNATIVES` replays are tried per
divergence, and explanations are remembered per trace and line.

Misreadings patch the reference process-wide, so they are tried only on the
main thread (``--jobs 1``); worker threads try the options alone.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from regola import reference
from regola.conformance.runner import misreadings, option_values, reach
from regola.conformance.runner.compare import compare_views
from regola.conformance.trace.record import load_ruleset
from regola.spec import Ruleset, SpecError

MAX_ALTERNATIVES = 600
"""Replays tried per divergence, options and misreadings together."""

ENABLED = True
"""Off: divergences keep the field heuristic's rule, unexplained (a search
for a mutant the corpus kills needs only the verdicts)."""


@dataclass(frozen=True)
class Explanation:
    """Why the engine diverged, as far as the alternatives tell."""

    rule: str | None
    how: str
    """``option`` (a house rule), ``misreading`` (a catalogued misreading of
    ``rule``) or ``guess`` (the field heuristic: nothing reproduced it)."""
    text: str
    tried: int = 0
    """Alternatives replayed."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class _Alternative:
    rule: str
    how: str
    text: str
    options: tuple[tuple[str, Any], ...] = ()
    misreading: misreadings.Misreading | None = None
    shared: int = 1
    """How many rules the alternative bears on (an option field several
    rules name explains each of them equally)."""


def _option_alternatives(header: dict[str, Any], rule: str) -> Iterator[_Alternative]:
    base = header.get("options") or {}
    try:
        default = load_ruleset(header["variant"], base, checked=False)
    except SpecError:
        return
    for path in option_values.paths_of(default.family, rule):
        now = option_values.current(default, path)
        for value in option_values.values(path, default):
            if value == now or isinstance(now, tuple) and list(now) == value:
                continue
            changes = value if isinstance(value, dict) else {path: value}
            shown = ", ".join(f"{p} = {str(v).lower() if isinstance(v, bool) else v}" for p, v in changes.items())
            used = (
                option_values.where_used(default.family, path, json.dumps(value))
                if len(changes) == 1
                else "a house rule"
            )
            yield _Alternative(
                rule,
                "option",
                f"behaves as if `{shown}` ({used}): {rule} read as that house rule",
                options=tuple(changes.items()),
                shared=option_values.rules_naming(default.family, path),
            )


def _misreading_alternatives(rule: str, called: set[tuple[str, str]]) -> Iterator[_Alternative]:
    """The misreadings of ``rule`` in functions the replay runs (all of them
    if ``called`` is empty)."""
    for m in misreadings.by_rule().get(rule, ()):
        if not called or m.site_key in called:
            yield _Alternative(rule, "misreading", f"behaves as if {m.describe()}", misreading=m)


# --- replaying under one alternative ------------------------------------------


def _reproduces(
    alt: _Alternative,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None = None,
) -> bool:
    options = {**(header.get("options") or {}), **dict(alt.options)}
    try:
        ruleset = load_ruleset(header["variant"], options, checked=False)
    except SpecError:
        return False
    if alt.misreading is None:
        return _replay(ruleset, header, items, divergence, fields, seat_view)
    with misreadings.patched(alt.misreading):
        return _replay(ruleset, header, items, divergence, fields, seat_view)


def _same_as(want: dict[str, Any], got: dict[str, Any], fields: list[str]) -> bool:
    return not compare_views(want, got, fields)


def _replay(
    ruleset: Ruleset,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None,
) -> bool:
    try:
        state = reference.new_game(ruleset, header["deck"])
        if divergence.step is None and divergence.kind == "view":
            return _matches_engine(header["view"], reference.view(state), divergence, fields)
        if not _same_as(header["view"], reference.view(state), fields):
            return False
        for item in items[:-1]:
            if item["kind"] == "step":
                state = reference.apply(state, item["action"])
                if not _same_as(item["view"], reference.view(state), fields):
                    return False
            else:
                try:
                    reference.apply(state, item["action"])
                except reference.IllegalAction:
                    continue
                return False
        last = items[-1]
        kind = divergence.kind
        if kind == "accepted":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction:
                return False
            return True
        if kind == "wrong-rule":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                return exc.rule_id == _named(divergence)
            return False
        if kind == "refused":
            try:
                reference.apply(state, last["action"])
            except reference.IllegalAction as exc:
                # an engine that named a rule must be matched on it
                return " under " not in divergence.message or exc.rule_id == divergence.rule
            return False
        if kind == "legal":
            d = divergence.differences[0]
            got = [reference.action_dict(a) for a in reference.legal_actions(state)]
            if d.path == "legal_count":
                return len(got) == d.actual
            return sorted(map(_canon, got)) == sorted(map(_canon, d.actual))
        state = reference.apply(state, last["action"])
        if kind == "view":
            return _matches_engine(last["view"], reference.view(state), divergence, fields)
        if kind == "seat-view" and seat_view is not None:
            return _matches_engine(seat_view, reference.view(state, divergence.seat), divergence, fields)
    except Exception:  # noqa: BLE001 - a misreading may crash: then it is not what the engine did
        return False
    return False


def _expected_seat_view(header: dict[str, Any], items: Sequence[dict[str, Any]], seat: int) -> dict[str, Any]:
    """The trace's seat view at the last line, by the (unpatched) reference."""
    ruleset = load_ruleset(header["variant"], header.get("options") or {}, checked=False)
    state = reference.new_game(ruleset, header["deck"])
    for item in items:
        if item["kind"] == "step":
            state = reference.apply(state, item["action"])
    return reference.view(state, seat)


def _matches_engine(expected: dict[str, Any], got: dict[str, Any], divergence: Any, fields: list[str]) -> bool:
    diffs = compare_views(expected, got, fields)
    return {d.path: _canon(d.actual) for d in diffs} == {d.path: _canon(d.actual) for d in divergence.differences}


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


# --- choosing -----------------------------------------------------------------

_CACHE: dict[str, Explanation] = {}
_CACHE_LOCK = threading.Lock()
EXPLAINED_KINDS = ("view", "seat-view", "legal", "accepted", "refused", "wrong-rule")


def explain(
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: Sequence[str],
    max_alternatives: int = MAX_ALTERNATIVES,
) -> Explanation:
    """Explain ``divergence`` (a `Divergence`, whose ``rule`` is the field
    heuristic's guess) at the last of ``items`` (the trace's lines up to and
    including the divergent one; none for the deal), for an engine that
    reports ``fields``."""
    guess = Explanation(divergence.rule, "guess", f"guessed from the fields that differ: {divergence.rule}")
    if divergence.kind not in EXPLAINED_KINDS or (not items and divergence.step is not None):
        return guess
    key = _canon(
        [
            header.get("variant"),
            header.get("options"),
            header.get("deck"),
            len(items),
            divergence.to_json(),
            sorted(fields),
        ]
    )
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    found = _search(header, items, divergence, list(fields), max_alternatives)
    result = (
        found
        if isinstance(found, Explanation)
        else Explanation(
            divergence.rule,
            "guess",
            f"no alternative of the rules tried ({found}) reproduces the engine; guessed from the fields that differ",
            found,
        )
    )
    with _CACHE_LOCK:
        _CACHE[key] = result
    return result


def _named(divergence: Any) -> str | None:
    """The rule an engine cited to refuse a reject line under another rule."""
    found = _NAMED.search(divergence.message) if divergence.kind == "wrong-rule" else None
    return found.group(1) if found else None


_NAMED = re.compile(r"refused the action under (\S+), but")


def _tiers(
    header: dict[str, Any], items: Sequence[dict[str, Any]], divergence: Any
) -> list[tuple[list[str], bool, str]]:
    """The rules to try, in tiers of (rules, with their options, misreadings
    of functions run: ``all`` or at the ``last`` line only): the rules the
    divergent line exercised (and the one the engine cited); the rules with
    a misreading in a function the last line runs; those exercised earlier,
    latest first; every other rule the catalogue misreads."""
    now = [
        r for r in [_named(divergence), *reach.legal_rules(header, items, divergence), *(divergence.rules or [])] if r
    ]
    earlier = list(header.get("rules") or [])
    for item in items[:-1]:
        earlier += item.get("rules") or ([item["rule"]] if "rule" in item else [])
    first = list(dict.fromkeys(now))
    later = [r for r in dict.fromkeys(reversed(earlier)) if r not in first]
    family = header["variant"].split("-")[0]
    rest = sorted(r for r in misreadings.by_rule() if r not in first)
    rest.sort(key=lambda r: not r.startswith(family))
    return [(first, True, "all"), (rest, False, "last"), (later, True, "all"), (rest, False, "all")]


def _search(
    header: dict[str, Any], items: Sequence[dict[str, Any]], divergence: Any, fields: list[str], budget: int
) -> Explanation | int:
    """The explanation, or the number of alternatives tried in vain."""
    patching = threading.current_thread() is threading.main_thread()
    seat_view = _expected_seat_view(header, items, divergence.seat) if divergence.kind == "seat-view" else None
    called = dict(zip(("all", "last"), reach.functions_called(header, items, divergence.seat))) if patching else {}
    if _reproduces(_Alternative("", "none", ""), header, items, divergence, fields, seat_view):
        return 0  # today's reference does what the engine did: the trace is at odds with it, no rule is
    tried = 0
    done: set[tuple[str, bool]] = set()
    for rules, with_options, where in _tiers(header, items, divergence):
        hits: list[_Alternative] = []
        for rule in rules:
            streams = []
            if with_options and (rule, True) not in done:
                streams.append(_option_alternatives(header, rule))
            if patching and (rule, False) not in done and (called[where] or where == "all"):
                streams.append(_misreading_alternatives(rule, called[where]))
            for stream in streams:  # at most one option and one misreading per rule
                for alt in stream:
                    if tried >= budget:
                        break
                    tried += 1
                    if _reproduces(alt, header, items, divergence, fields, seat_view):
                        hits.append(alt)
                        break
            if with_options:
                done.add((rule, True))
            if where == "all" and patching:
                done.add((rule, False))
        if hits:
            best = _prefer(hits, divergence)
            return Explanation(best.rule, best.how, best.text, tried)
        if tried >= budget:
            break
    return tried


def _prefer(hits: list[_Alternative], divergence: Any) -> _Alternative:
    """The rule with the most kinds of alternatives reproducing the engine
    (an option and a misreading); then the rule the engine itself cited;
    then an alternative that bears on fewer rules; then a rule other than those every action exercises (turn, card in
    hand, phase); then the field heuristic's rule; then an option (a known
    house rule) over a misreading."""
    count = {alt.rule: sum(h.rule == alt.rule for h in hits) for alt in hits}
    named = _named(divergence)

    def rank(alt: _Alternative) -> tuple[int, bool, int, bool, bool, bool]:
        generic = alt.rule.endswith(("play.turn", "play.in-hand", "play.phase")) or ".deck." in alt.rule
        return (
            -count[alt.rule],
            alt.rule != named,
            alt.shared,
            generic,
            alt.rule != divergence.rule,
            alt.how != "option",
        )

    return min(hits, key=rank)


def attach(divergence: Any, header: dict[str, Any], lines: Sequence[dict[str, Any]], fields: Sequence[str]) -> None:
    """Explain a trace's root ``divergence`` (``lines``: the trace's lines
    after the header) and, when an alternative reproduces the engine, blame
    its rule."""
    if not ENABLED:
        return
    items = list(lines[: max(0, divergence.line - 1)])
    found = explain(header, items, divergence, fields)
    divergence.explained_by = found
    if found.how != "guess":
        divergence.rule = found.rule
