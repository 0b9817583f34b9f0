"""Illegal actions for negative traces, made by mutating legal ones.

Nothing here knows a game: candidates are derived from the legal actions
of the moment and from the actions seen during the same playout, by
changing one thing at a time:

- the ``seat`` of a legal action (out of turn);
- its ``card`` (a card of the pack the legal actions do not offer: one not
  held, or one held but not allowed);
- a list field such as ``take`` (a card swapped for one not offered, one
  dropped, one added; one card taken replaced by a set of others with the
  same total);
- a number field such as a bid's points (one lower, one higher);
- another text field (another value seen in the playout);
- its ``type`` (an action of a kind seen in the playout that is not legal
  now);
- a shuffle during a hand, a player's action between hands, any action
  after the match is over.

Each candidate is applied to the reference; only those it refuses are
kept, with the rule id it cites, and only if they break that rule alone
(`regola.conformance.explain.waive.breaks_only`): an action out of turn
is played with a card the seat holds, a card swapped in a capture is one of
the same value. `RejectFinder` keeps the first
example of each (mutation, action type, rule id) so a trace shows each kind
of mistake once.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from regola.conformance.explain.waive import breaks_only
from regola.conformance.trace.record import Action, Step, legal_dicts, rejection
from regola.reference import State, view
from regola.spec import Ruleset

Candidate = tuple[str, Action]
"""(what was changed, the action)."""


class Vocabulary:
    """What a playout showed: the first action of each type (templates for a
    kind of action that is not legal at some other moment) and every value
    each field took."""

    def __init__(self, steps: list[Step]) -> None:
        self.templates: dict[str, Action] = {}
        self.values: dict[tuple[str, str], list[Any]] = {}
        for _, legal, action, _ in steps:
            for a in [*legal, action]:
                self.templates.setdefault(a["type"], a)
                for field, value in a.items():
                    seen = self.values.setdefault((a["type"], field), [])
                    if isinstance(value, str) and value not in seen:
                        seen.append(value)


def _a(kind: str) -> str:
    """``a play``, ``an exchange``."""
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def _held(state: State, seat: int) -> list[str] | None:
    """The seat's hand as the omniscient view shows it, if the view has hands."""
    hands = view(state).get("hands")
    if isinstance(hands, list) and 0 <= seat < len(hands) and isinstance(hands[seat], list):
        return hands[seat]
    return None


def _mutations(
    state: State, legal: list[Action], a: Action, pack: list[str], players: int, vocab: Vocabulary
) -> list[Candidate]:
    """One-field changes of the legal action ``a``."""
    kind, seat = a["type"], a.get("seat")
    out: list[Candidate] = []
    for field, value in a.items():
        offered = [x.get(field) for x in legal if x["type"] == kind]
        if field == "type":
            continue
        if field == "seat" and isinstance(value, int):
            out += [(f"{_a(kind)} out of turn", bad) for bad in out_of_turn(state, a, players)]
        elif field == "card" and isinstance(value, str):
            held = _held(state, seat) if isinstance(seat, int) else None
            for c in [c for c in held or () if c not in offered][:1]:
                out.append((f"{_a(kind)} of a card held but not allowed", {**a, "card": c}))
            value = _value(state, value)
            spare = [c for c in pack if c not in offered and c not in (held or ())]
            alike = [c for c in spare if value is not None and _value(state, c) == value]
            for c in [*alike[:1], *spare[:1]]:
                out.append((f"{_a(kind)} of a card not held", {**a, "card": c}))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            spare = [c for c in pack if c not in value and c != a.get("card")]
            if value and spare:
                out += [(f"{_a(kind)} with another {field}", bad) for bad in other_take(state, a, field, spare)]
            if len(value) == 1:
                out += [(f"{_a(kind)} of a set where one card matches", bad) for bad in set_for_match(state, a, field)]
            if len(value) > 1:
                out.append((f"{_a(kind)} with a shorter {field}", {**a, field: value[:-1]}))
            if spare:
                out.append((f"{_a(kind)} with a longer {field}", {**a, field: [*value, spare[-1]]}))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append((f"{_a(kind)} with a lower {field}", {**a, field: value - 1}))
            out.append((f"{_a(kind)} with a higher {field}", {**a, field: value + 1}))
        elif isinstance(value, str):
            for v in [v for v in vocab.values.get((kind, field), []) if v not in offered][:1]:
                out.append((f"{_a(kind)} with another {field}", {**a, field: v}))
    return out


def _value(state: State, card: str) -> int | None:
    """A card's capture value in a fishing game (None in a trick game)."""
    ranks = {r.id: r.value for r in state.ruleset.deck.ranks}
    return ranks.get(card[:-1])


def out_of_turn(state: State, a: Action, players: int) -> list[Action]:
    """``a`` played by the next seat instead, with cards that seat holds (a
    card it does not hold would break a second rule): the same card where it
    has it, else each of its cards (a capture keeping its take where the
    card's value allows)."""
    other = (a["seat"] + 1) % players
    if "card" not in a:
        return [{**a, "seat": other}]
    held = _held(state, other) or []
    value = _value(state, a["card"])
    same = [c for c in held if _value(state, c) == value] if value is not None else []
    return [{**a, "seat": other, "card": c} for c in [*same, *[c for c in held if c not in same]]] or [{**a, "seat": other}]


def other_take(state: State, a: Action, field: str, spare: list[str]) -> list[Action]:
    """``a`` with one card of its ``field`` swapped for a card not on offer,
    one of the same value first, so that the sum still holds."""
    value = _value(state, a[field][0]) if a[field] else None
    alike = [c for c in spare if value is not None and _value(state, c) == value]
    return [{**a, field: [c, *a[field][1:]]} for c in [*alike[:2], spare[0]]]


def set_for_match(state: State, a: Action, field: str) -> list[Action]:
    """``a``, which takes one table card, taking instead a set of two or more
    other table cards whose values add up to the same (the first found): the
    set a player takes who ignores a card that matches."""
    table = view(state).get("table")
    want = _value(state, a[field][0])
    if not isinstance(table, list) or want is None:
        return []
    others = [c for c in table if c not in a[field]]
    for size in range(2, min(len(others), 4) + 1):
        for combo in combinations(others, size):
            if sum(_value(state, c) or 0 for c in combo) == want:
                return [{**a, field: list(combo)}]
    return []


def player_candidates(state: State, legal: list[Action], ruleset: Ruleset, vocab: Vocabulary) -> list[Candidate]:
    """Illegal candidates at a state where a player is to act."""
    pack = list(ruleset.deck.cards())
    out: list[Candidate] = [("a shuffle during a hand", {"type": "shuffle", "deck": pack})]
    firsts: dict[str, Action] = {}
    for a in legal:
        firsts.setdefault(a["type"], a)
    for a in firsts.values():
        out += _mutations(state, legal, a, pack, ruleset.seating.players, vocab)
    mover = next((a["seat"] for a in legal if isinstance(a.get("seat"), int)), None)
    for kind, template in vocab.templates.items():
        if kind == "shuffle" or kind in firsts:
            continue
        action = dict(template)
        if mover is not None and "seat" in action:
            action["seat"] = mover
        out.append((f"{_a(kind)} when no {kind} is allowed", action))
    return out


def idle_candidates(state: State, vocab: Vocabulary) -> list[Candidate]:
    """Player actions between hands, or any action after the end of the match."""
    when = "after the end of the match" if state.is_over else "between hands"
    out = [(f"{_a(kind)} {when}", dict(a)) for kind, a in vocab.templates.items() if kind != "shuffle"]
    if state.is_over:
        # a new deal after the end breaks the end alone (a play then is also out of turn)
        shuffle = vocab.templates.get("shuffle") or {"type": "shuffle", "deck": list(state.ruleset.deck.cards())}
        out.append((f"a shuffle {when}", dict(shuffle)))
    return out


class RejectFinder:
    """Collects, over one or more playouts of a variant, the first refused
    example of each (mutation, rule id)."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()
        self.rules: set[str] = set()

    def find(
        self, ruleset: Ruleset, first: State, steps: list[Step], new_rules_only: bool = False
    ) -> dict[int, list[tuple[str, Action, str]]]:
        """New rejects along a playout: step index -> [(mutation, action, rule)].
        Index ``len(steps)`` is the state after the last step. With
        ``new_rules_only``, only rejects citing a rule id no earlier reject
        cited."""
        vocab = Vocabulary(steps)
        states = [first] + [after for *_, after in steps]
        found: dict[int, list[tuple[str, Action, str]]] = {}
        for index, state in enumerate(states):
            if state.is_chance or state.is_over:
                cands = idle_candidates(state, vocab)
            else:
                legal = steps[index][1] if index < len(steps) else legal_dicts(state)
                cands = player_candidates(state, legal, ruleset, vocab)
            for mutation, action in cands:
                refused = rejection(state, action)
                if refused is None or (mutation, refused[0]) in self.seen:
                    continue
                if breaks_only(state, action, refused[0]) is not None:
                    continue  # it breaks another rule too: a line about one rule only
                if new_rules_only and refused[0] in self.rules:
                    continue
                self.seen.add((mutation, refused[0]))
                self.rules.add(refused[0])
                found.setdefault(index, []).append((mutation, action, refused[0]))
        return found
