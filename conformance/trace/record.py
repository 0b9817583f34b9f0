"""Recording traces by playing the reference interpreter.

A `Recorder` starts a match from a deck order and writes down every
step the way the trace format asks: the legal actions before it, the
omniscient view after it, its events and rule ids; and reject lines for
actions the reference refuses, with the rule id it cites.

`SeededPlay` draws deck orders and choices from one seed: hand ``k``
is dealt from the ``k``-th `regola.reference.shuffled_deck` of
``random.Random(seed)`` (so the first deal is the same as
`regola.reference.random_playout`'s), and each choice is
``rng.choice(legal)`` with ``rng = random.Random(f"{seed}/choices")``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from regola.conformance.trace.format import FORMAT, VERSION, Trace
from regola.reference import (
    IllegalAction,
    State,
    action_dict,
    apply,
    legal_actions,
    new_game,
    shuffled_deck,
    view,
)
from regola.spec import Ruleset, load, ruleset_hash

Action = dict[str, Any]
Step = tuple[State, list[Action], Action, State]
"""(state before, legal actions before, action, state after)."""


@cache
def _load(variant: str, options_json: str, checked: bool) -> Ruleset:
    return load(variant, json.loads(options_json) or None, checked=checked)


def load_ruleset(variant: str, options: dict[str, Any] | None = None, checked: bool = True) -> Ruleset:
    """`regola.spec.load`, remembered per variant and options (the
    loader reads the files and proves the invariants on every call)."""
    return _load(variant, json.dumps(options or {}, sort_keys=True), checked)


class StuckGame(RuntimeError):
    """The reference offers no legal action in a state where someone must act."""


def legal_dicts(state: State) -> list[Action]:
    """The legal actions of ``state`` as JSON data, in canonical order."""
    return [action_dict(a) for a in legal_actions(state)]


def rejection(state: State, action: Action) -> tuple[str, str] | None:
    """``(rule id, message)`` if the reference refuses ``action`` in
    ``state``, None if it accepts it."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        return exc.rule_id, exc.message
    return None


class SeededPlay:
    """Deck orders and random choices drawn from one seed.

    Choices are uniform over the legal actions, or with ``by_type`` uniform
    over the kinds of action first (bid or pass, play or exchange...) and
    then over the actions of that kind, so that a rare kind of action among
    many of another (a pass among a dozen bids) is chosen as often."""

    def __init__(self, ruleset: Ruleset, seed: int, by_type: bool = False) -> None:
        self.ruleset = ruleset
        self.by_type = by_type
        self._decks = random.Random(seed)
        self._choices = random.Random(f"{seed}/choices")

    def deck(self) -> list[str]:
        """The next hand's deck order."""
        return list(shuffled_deck(self.ruleset, self._decks))

    def choose(self, legal: list[Any]) -> Any:
        """A random legal action (JSON data or the reference's objects alike)."""
        if not self.by_type:
            return self._choices.choice(legal)
        kinds = list(dict.fromkeys(_kind(a) for a in legal))
        kind = self._choices.choice(kinds)
        return self._choices.choice([a for a in legal if _kind(a) == kind])


def _kind(action: Any) -> str:
    return action["type"] if isinstance(action, dict) else action.type


def seeded_game(
    ruleset: Ruleset,
    seed: int,
    max_hands: int | None = None,
    max_steps: int | None = None,
    with_legal: bool = True,
    by_type: bool = False,
) -> tuple[list[str], State, Iterator[Step]]:
    """Play from ``seed``. Returns the first deck order, the state after the
    first deal, and an iterator over the steps that follow. It stops when the
    match ends, when ``max_hands`` hands have been dealt (the next shuffle is
    not made), or after ``max_steps`` steps. Without ``with_legal`` the steps
    carry no legal list and the actions are the reference's own objects (the
    same choices, faster). ``by_type`` is passed to `SeededPlay`."""
    play = SeededPlay(ruleset, seed, by_type)
    deck = play.deck()
    first = new_game(ruleset, deck)

    def steps() -> Iterator[Step]:
        state, hands, count = first, 1, 0
        while not state.is_over and (max_steps is None or count < max_steps):
            options: list[Any] = legal_dicts(state) if with_legal else legal_actions(state)
            if state.is_chance:
                if max_hands is not None and hands >= max_hands:
                    return
                action: Action = {"type": "shuffle", "deck": play.deck()}
                hands += 1
            elif options:
                action = play.choose(options)
            else:
                raise StuckGame(
                    f"{ruleset.id}, seed {seed}: the reference offers no legal action after "
                    f"{count} steps although the match is neither over nor between hands"
                )
            after = apply(state, action)
            yield state, options if with_legal else [], action, after
            state, count = after, count + 1

    return deck, first, steps()


class Recorder:
    """Builds one trace step by step from the reference."""

    def __init__(
        self,
        variant: str,
        options: dict[str, Any] | None,
        deck: list[str],
        *,
        name: str,
        purpose: str,
        description: str,
        seed: int | None = None,
        keep_legal: bool = True,
    ) -> None:
        self.options = dict(options or {})
        self.ruleset = load_ruleset(variant, self.options)
        self.keep_legal = keep_legal
        self.state = new_game(self.ruleset, deck)
        self.header: dict[str, Any] = {
            "kind": "header",
            "format": FORMAT,
            "version": VERSION,
            "variant": variant,
            "options": self.options,
            "ruleset_hash": ruleset_hash(self.ruleset),
            "name": name,
            "purpose": purpose,
            "description": description,
            "seed": seed,
            "deck": list(deck),
            "deal": self.state.events[0],
            "view": view(self.state),
            "rules": list(self.state.rules),
        }
        self.items: list[dict[str, Any]] = []
        self.steps = 0

    def step(self, action: Action) -> State:
        """Apply ``action`` (raising `IllegalAction` if the reference
        refuses it) and record the step."""
        return self._add(legal_dicts(self.state), action, apply(self.state, action))

    def _add(self, legal: list[Action], action: Action, after: State) -> State:
        """Record a step whose result ``after`` the caller already computed
        with `regola.reference.apply` (as `seeded_game` does)."""
        line: dict[str, Any] = {
            "kind": "step",
            "index": self.steps,
            "seat": action.get("seat"),
            "action": action,
            "legal_count": len(legal),
            "view": view(after),
            "events": list(after.events),
            "rules": list(after.rules),
        }
        if self.keep_legal:
            line["legal"] = legal
        self.items.append(line)
        self.state = after
        self.steps += 1
        return after

    def reject(self, action: Action) -> dict[str, Any]:
        """Record ``action`` as rejected here, with the rule id the reference
        cites. Raises ValueError if the reference accepts the action."""
        refused = rejection(self.state, action)
        if refused is None:
            raise ValueError(f"{action} is legal here, so it cannot be a reject line")
        rule, message = refused
        line = {
            "kind": "reject",
            "index": self.steps,
            "seat": action.get("seat"),
            "action": action,
            "rule": rule,
            "message": message,
        }
        self.items.append(line)
        return line

    def trace(self) -> Trace:
        """The trace so far, closed with an end line."""
        last = view(self.state)
        end = {"kind": "end", "match": last["match"], "result": last["result"], "steps": self.steps}
        return Trace(header=self.header, items=list(self.items), end=end)


Rejects = Callable[[int, State], list[Action]]
"""Given the index of the next step and the state, the actions to record as
rejected there."""


def record(
    variant: str,
    options: dict[str, Any] | None,
    seed: int,
    *,
    name: str,
    purpose: str,
    description: str,
    max_hands: int | None = None,
    max_steps: int | None = None,
    rejects: Rejects | None = None,
    keep_legal: bool = True,
    by_type: bool = False,
) -> Trace:
    """Record a seeded playout (see `SeededPlay`) as a trace.

    ``rejects``, if given, is asked before every step, and once more at the
    end, for actions to record as rejected; each must be refused by the
    reference.
    """
    ruleset = load_ruleset(variant, options)
    deck, _, steps = seeded_game(ruleset, seed, max_hands, max_steps, by_type=by_type)
    rec = Recorder(
        variant,
        options,
        deck,
        name=name,
        purpose=purpose,
        description=description,
        seed=seed,
        keep_legal=keep_legal,
    )
    for before, legal, action, after in steps:
        for bad in rejects(rec.steps, before) if rejects else ():
            rec.reject(bad)
        rec._add(legal, action, after)
    for bad in rejects(rec.steps, rec.state) if rejects else ():
        rec.reject(bad)
    return rec.trace()


def record_line(
    variant: str,
    options: dict[str, Any] | None,
    seed: int,
    actions: list[Action] | tuple[Action, ...],
    *,
    name: str,
    purpose: str,
    description: str,
    keep_legal: bool = True,
) -> Trace:
    """Record the first deal of ``seed`` followed by the given actions."""
    ruleset = load_ruleset(variant, options)
    rec = Recorder(
        variant,
        options,
        SeededPlay(ruleset, seed).deck(),
        name=name,
        purpose=purpose,
        description=description,
        seed=seed,
        keep_legal=keep_legal,
    )
    for action in actions:
        rec.step(action)
    return rec.trace()
