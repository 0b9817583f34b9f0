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
   (`regola.conformance.explain.misreadings`);
3. for ``*.deal.shuffle``, every deck order read from its other end
   (`deck_alternatives`).

Rules are tried in tiers: those the divergent step exercised, those the
reference records instead where a condition goes the other way
(``*.score.alone`` for ``*.score.payoff``), then those exercised earlier in
the trace (a pile not reset shows only later). An option field is tried
first for the rule it is named for (``exchange.window`` for
``*.exchange.window``), then for the rules whose ``when`` only names it. In the
first tier that explains the divergence, the field heuristic's own rule is
preferred among those that reproduce it, then the more specific rule. If no
alternative reproduces the engine, the field heuristic's rule is kept and
labelled a guess. At most `MAX_ALTERNATIVES` replays are tried per
divergence, and explanations are remembered per trace and line.

Misreadings patch the reference process-wide, so `explain` tries them only
on a process's main thread; `regola.conformance.explain.attach`
explains every divergence of a trace, and hands the explanations of worker
threads to a helper process. ``loose`` explains a later divergence (see
there).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from regola.conformance.explain import misreadings, option_values, reach
from regola.conformance.explain.replay import ALL, canon, expected_seat_view, matched_keys, named
from regola.conformance.trace.record import load_ruleset
from regola.spec import SpecError

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
    rivals: int = 0
    """Other rules whose alternatives reproduced the engine as well (0:
    the explanation is unambiguous)."""
    candidates: tuple[str, ...] = ()
    """When the engine's fields cannot tell several rules apart: all of them."""
    causes: tuple[Any, ...] = ()
    """Field by field, each cause found (`regola.conformance.explain.causes.Cause`):
    two bugs at one step are two causes."""
    options: tuple[tuple[str, Any], ...] = ()
    """For a house rule: the option values that reproduce the engine (checked
    against the engine's other games by `regola.conformance.explain.refute`)."""
    misreading: Any = None
    """For a misreading: which (checked against the engine's other games too)."""

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["causes"] = [c.to_json() for c in self.causes]
        out["candidates"] = list(self.candidates)
        out["options"] = [[p, v] for p, v in self.options]
        out["misreading"] = self.misreading.describe() if self.misreading is not None else None
        return out


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
    reversed_deck: bool = False
    """Deal every deck order from its other end (`deck_alternatives`)."""


def option_alternatives(header: dict[str, Any], rule: str) -> Iterator[_Alternative]:
    base = header.get("options") or {}
    try:
        default = load_ruleset(header["variant"], base, checked=False)
    except SpecError:
        return
    declared = header.get("house_rules") or {}  # the engine plays these: not a cause
    for path in option_values.own_first(default.family, rule):
        if path in declared:
            continue
        now = option_values.current(default, path)
        for value in option_values.values(path, default):
            if value == now or isinstance(now, tuple) and list(now) == value:
                continue
            changes = value if isinstance(value, dict) else {path: value}
            if any(p in declared for p in changes):
                continue
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


def deck_alternatives(rule: str) -> Iterator[_Alternative]:
    """``*.deal.shuffle``: a deck order is given top card first; read from
    its other end, every hand is dealt from the bottom. The catalogue
    cannot derive this reading from the reference's code (a deck is taken
    as it comes), so it is written here, for every family's rule."""
    if rule.endswith(".deal.shuffle"):
        yield _Alternative(
            rule,
            "misreading",
            f"behaves as if every deck order were read from its other end (the last card dealt first): "
            f"{rule} misread",
            reversed_deck=True,
        )


def value_alternatives(header: dict[str, Any], rule: str) -> Iterator[_Alternative]:
    """``scopa.deck.values``: one face worth one more or one less in captures
    (`option_values.capture_values`)."""
    if rule.endswith(".deck.values"):
        for text, ranks in option_values.capture_values(header["variant"], header.get("options") or {}):
            yield _Alternative(rule, "misreading", f"behaves as if {text}: {rule} misread", options=(("deck.ranks", ranks),))


def _reversed_decks(header: dict[str, Any], items: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The trace with every deck order turned over (its views unchanged)."""
    def turned(item: dict[str, Any]) -> dict[str, Any]:
        action = item.get("action") or {}
        if action.get("type") != "shuffle" or not isinstance(action.get("deck"), list):
            return item
        return {**item, "action": {**action, "deck": action["deck"][::-1]}}

    return {**header, "deck": list(header["deck"])[::-1]}, [turned(i) for i in items]


def _misreading_alternatives(rule: str, called: set[tuple[str, str]]) -> Iterator[_Alternative]:
    """The misreadings of ``rule`` in functions the replay runs (all of them
    if ``called`` is empty)."""
    for m in misreadings.by_rule().get(rule, ()):
        if not called or m.site_key in called:
            yield _Alternative(rule, "misreading", f"behaves as if {m.describe()}", misreading=m)


# --- replaying under one alternative ------------------------------------------


def _matched(
    alt: _Alternative,
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    seat_view: dict[str, Any] | None = None,
    loose: bool = False,
) -> frozenset[str] | None:
    """What ``alt`` reproduces of the divergence (`.replay.matched_keys`)."""
    if alt.reversed_deck:
        header, items = _reversed_decks(header, items)
    return matched_keys(alt.options, alt.misreading, header, items, divergence, fields, seat_view, loose)


# --- choosing -----------------------------------------------------------------

EXPLAINED_KINDS = ("view", "seat-view", "legal", "accepted", "refused", "wrong-rule")


@dataclass
class Found:
    """What the search over alternatives found: an explanation of the whole
    divergence (``whole``), and the alternatives that reproduce some of its
    fields (``parts``: the alternative and the keys)."""

    whole: Explanation | None = None
    parts: list[tuple[Any, frozenset[str]]] = field(default_factory=list)
    tried: int = 0
    at_odds: bool = False
    """The reference itself does what the engine did: the trace is at odds with it."""


def _tiers(
    header: dict[str, Any], items: Sequence[dict[str, Any]], divergence: Any, first: Sequence[str] = ()
) -> list[tuple[list[str], bool, str]]:
    """The rules to try, in tiers of (rules, with their options, misreadings
    of functions run: ``all``, at the ``last`` line only, or ``none``): the
    rules the divergent line exercised (and the one the engine cited); those
    the reference records instead where a condition goes the other way
    (`misreadings.alternates`); the option values of every other rule of
    their families; the rules with a misreading in a function the last line
    runs; those exercised earlier, latest first; every other rule the
    catalogue misreads."""
    now = [
        r
        for r in [*first, named(divergence), *reach.legal_rules(header, items, divergence), *(divergence.rules or [])]
        if r
    ]
    earlier = list(header.get("rules") or [])
    for item in items[:-1]:
        earlier += item.get("rules") or ([item["rule"]] if "rule" in item else [])
    first = list(dict.fromkeys(now))
    # the rules the reference records instead of those where a condition
    # goes the other way (``*.score.alone`` for ``*.score.payoff``)
    other = misreadings.alternates()
    instead = [r for r in dict.fromkeys(a for r in now for a in sorted(other.get(r, ()))) if r not in first]
    later = [r for r in dict.fromkeys(reversed(earlier)) if r not in first]
    family = header["variant"].split("-")[0]
    rest = sorted(r for r in misreadings.by_rule() if r not in first)
    rest.sort(key=lambda r: not r.startswith(family))
    # every other rule's option values (a house rule the spec knows) before
    # the misreadings of other rules' code
    known = sorted(r for r in misreadings.known_rules() if r.split(".")[0] in _families(first) and r not in first)
    return [
        (first, True, "all"),
        (instead, True, "all"),
        (known, True, "none"),
        (rest, False, "last"),
        (later, True, "all"),
        (rest, False, "all"),
    ]


def _families(rules: Sequence[str]) -> set[str]:
    return {r.split(".")[0] for r in rules}


def search(
    header: dict[str, Any],
    items: Sequence[dict[str, Any]],
    divergence: Any,
    fields: list[str],
    budget: int,
    loose: bool = False,
    first: Sequence[str] = (),
    known: Any = None,
) -> Found:
    """Try the alternatives tier by tier (`_tiers`): the first tier where
    one reproduces the whole divergence gives the explanation; the
    alternatives that reproduce some fields are kept, for the fields no
    whole explanation covers. ``known``: the rules that hold in the
    variant (others are not named)."""
    patching = threading.current_thread() is threading.main_thread()
    seat_view = expected_seat_view(header, items, divergence.seat) if divergence.kind == "seat-view" else None
    called = dict(zip(("all", "last"), reach.functions_called(header, items, divergence.seat))) if patching else {}
    found = Found()
    if _matched(_Alternative("", "none", ""), header, items, divergence, fields, seat_view, loose) == ALL:
        found.at_odds = True  # today's reference does what the engine did: no rule is to blame
        return found
    done: set[tuple[str, bool]] = set()
    for rules, with_options, where in _tiers(header, items, divergence, first):
        hits: list[_Alternative] = []
        for rule in rules:
            if known is not None and rule not in known:
                continue
            streams = []
            if with_options and (rule, True) not in done:
                streams.append(option_alternatives(header, rule))
                streams.append(deck_alternatives(rule))
                streams.append(value_alternatives(header, rule))
            if patching and where != "none" and (rule, False) not in done and (called[where] or where == "all"):
                streams.append(_misreading_alternatives(rule, called[where]))
            for stream in streams:  # at most one option and one misreading per rule
                for alt in stream:
                    if found.tried >= budget:
                        break
                    found.tried += 1
                    keys = _matched(alt, header, items, divergence, fields, seat_view, loose)
                    if keys == ALL:
                        hits.append(alt)
                        break
                    if keys:
                        found.parts.append((alt, keys))
            if with_options:
                done.add((rule, True))
            if where == "all" and patching:
                done.add((rule, False))
        if hits:
            best = _prefer(hits, divergence, reach.legal_rules(header, items, divergence))
            rivals = sorted({h.rule for h in hits} - {best.rule})
            found.whole = Explanation(best.rule, best.how, best.text, found.tried, len(rivals),
                                      _ambiguous(best, hits, divergence), (), best.options, best.misreading)
            found.whole_alt = best  # type: ignore[attr-defined]
            return found
        if found.tried >= budget:
            break
    return found


def _ambiguous(best: _Alternative, hits: list[_Alternative], divergence: Any) -> tuple[str, ...]:
    """The rules the engine's fields cannot tell apart: those of the other
    alternatives of the best one's kind that reproduce it as well, unless the
    engine itself named the rule."""
    if named(divergence) is not None:
        return ()
    alike = sorted({h.rule for h in hits if h.how == best.how} - {best.rule})
    return (best.rule, *alike) if alike else ()


def prefer(hits: list[Any], divergence: Any, header: dict[str, Any], items: Sequence[dict[str, Any]]) -> Any:
    """`_prefer` for the composition of causes."""
    return _prefer(hits, divergence, reach.legal_rules(header, items, divergence))


def _spells_own_rule(alt: _Alternative) -> bool:
    if alt.misreading is None:
        return False
    said = alt.misreading.what.lower().replace("_", "-")
    return all(word in said for word in alt.rule.rsplit(".", 1)[1].split("-"))


def _prefer(hits: list[_Alternative], divergence: Any, legal: Sequence[str] = ()) -> _Alternative:
    """The rule with the most kinds of alternatives reproducing the engine
    (an option and a misreading); then the rule the engine itself cited (or,
    for an action it wrongly accepted, the rule that forbids it; for a wrong
    list of legal actions, the first rule an action it differs on exercises);
    then an option value of a field that bears on at most three rules,
    then a misreading, then an option of a field that bears on more (fewer
    first); then a rule other than those every action exercises (turn, card in
    hand, phase); then a rule the divergent line records after a broader one
    it refines (``*.claim-right`` after ``*.claim``); then a misreading whose change spells its rule's name
    (``state.last_trick`` for ``*.score.last-trick``); then a misreading of a function that implements fewer
    rules (one given over to its rule says more); then the field heuristic's rule; then an option (a known
    house rule) over a misreading."""
    count = {alt.rule: sum(h.rule == alt.rule for h in hits) for alt in hits}
    cited = named(divergence)
    if cited is None and divergence.kind == "accepted" and divergence.rules:
        cited = divergence.rules[0]  # the rule that forbids what the engine let through
    if cited is None and divergence.kind == "legal" and legal:
        cited = legal[0]
    # a rule the divergent line records after a broader one it refines
    # (``*.claim-right`` after ``*.claim``), both reproducing the engine
    recorded = list(divergence.rules or [])
    narrower = {
        r
        for i, r in enumerate(recorded)
        if r in count and any(q in count and r.startswith(q + "-") for q in recorded[:i])
    }

    def rank(alt: _Alternative) -> tuple[int, bool, int, bool, bool, bool, int, bool, bool]:
        generic = alt.rule.endswith(("play.turn", "play.in-hand", "play.phase")) or ".deck." in alt.rule
        # a house rule the spec knows, on a field of few rules, is the likelier
        # story; one of many rules' fields (the kind of scoring) the least
        house = 0 if alt.misreading is None and alt.shared <= 3 else 1 if alt.misreading is not None else alt.shared
        return (
            -count[alt.rule],
            alt.rule != cited,
            house,
            generic,
            alt.rule not in narrower,
            not _spells_own_rule(alt),
            len(alt.misreading.rules) if alt.misreading is not None else 1,
            alt.rule != divergence.rule,
            alt.how != "option",
        )

    return min(hits, key=rank)
