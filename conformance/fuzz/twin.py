"""The fast core and the reference played side by side, in-process: the
games of a ``regola fuzz --engine fast`` campaign, compared directly.

`play_twin` plays game ``n`` of a campaign exactly as `regola.conformance.fuzz.play`
does (the same variant, options, seed, and the same questions asked of
`SeededChoices` in the same order: deck orders, probes, forbidden actions,
choices), but instead of driving the fast core through the engine
protocol and the runner's checks, it holds both implementations here and
compares, at every step, the legal actions (the same list, in the same
order), the omniscient view and every seat's view, and for every probe the
refusal (the same rule id, nothing changed). That costs a tenth of a
lockstep game, which is what lets ``benchmarks/fuzz_fast.py`` play a
hundred thousand of them.

A game that differs is handed to `regola.conformance.fuzz.play` with the
``fast`` engine, which finds the same difference through the protocol,
shrinks it and writes its trace.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from regola.conformance.fuzz.choices import SeededChoices
from regola.conformance.fuzz.plan import Game
from regola.conformance.fuzz.play import MAX_STEPS
from regola.conformance.runner.reference_replay import ruleset_for
from regola.conformance.trace.record import rejection
from regola.fast import IllegalAction, new_match
from regola.reference import action_dict, apply, legal_actions, new_game, shuffled_deck, view


class Difference(AssertionError):
    """The fast core and the reference disagree."""


@dataclass
class TwinOutcome:
    """What one game gave: ``passed`` or ``failed`` (with the difference)."""

    number: int
    variant: str
    options: dict[str, Any]
    seed: int
    status: str
    steps: int = 0
    message: str = ""


_ACTIONS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _json(action: Any) -> dict[str, Any]:
    """`regola.reference.action_dict`, remembered: the reference hands out
    the same few action objects at every step. Each caller gets a copy."""
    hit = _ACTIONS.get(id(action))
    if hit is None or hit[0] is not action:
        if len(_ACTIONS) >= 1 << 16:
            _ACTIONS.clear()
        hit = _ACTIONS[id(action)] = (action, action_dict(action))
    return dict(hit[1])


def _same_views(state: Any, match: Any, players: int, where: str) -> None:
    for seat in (None, *range(players)):
        want, got = view(state, seat), match.view(seat)
        if want != got:
            keys = [k for k in want if want[k] != got.get(k)] + [k for k in got if k not in want]
            raise Difference(f"{where}: {'omniscient' if seat is None else f'seat {seat}'} view differs in {keys}")


def _forbidden(ruleset: Any, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The plays the lockstep checker tries, in its order: any seat, any
    card, not legal now (`regola.conformance.runner.lockstep`)."""
    allowed = {(a.get("seat"), a.get("card")) for a in legal if a.get("type") == "play"}
    return [play for key, play in _every_play(ruleset) if key not in allowed]


_PLAYS: dict[int, tuple[Any, list[tuple[tuple[int, str], dict[str, Any]]]]] = {}


def _every_play(ruleset: Any) -> list[tuple[tuple[int, str], dict[str, Any]]]:
    """Every (seat, card) play of a ruleset, built once (nothing changes them)."""
    hit = _PLAYS.get(id(ruleset))
    if hit is None or hit[0] is not ruleset:
        plays = [((seat, card), {"type": "play", "seat": seat, "card": card})
                 for seat in range(ruleset.seating.players) for card in ruleset.deck.cards()]
        if len(_PLAYS) >= 256:
            _PLAYS.clear()
        hit = _PLAYS[id(ruleset)] = (ruleset, plays)
    return hit[1]


def play_twin(game: Game, max_steps: int = MAX_STEPS) -> TwinOutcome:
    """Play ``game`` through both implementations (see the module docstring)."""
    outcome = TwinOutcome(game.number, game.variant, game.options, game.seed, "passed")
    choices = SeededChoices(game.seed)
    ruleset = ruleset_for(game.variant, json.dumps(game.options or {}, sort_keys=True))
    players = ruleset.seating.players

    def draw_deck() -> list[str]:
        return list(shuffled_deck(ruleset, random.Random(choices.deck_seed())))

    try:
        deck = draw_deck()
        state = new_game(ruleset, deck)
        match = new_match(ruleset, deck)
        _same_views(state, match, players, "the deal")
        length = choices.length(max_steps)
        steps = 0
        while not state.is_over and steps < length:
            if state.is_chance:
                deck = draw_deck()
                state = apply(state, {"type": "shuffle", "deck": deck})
                match.shuffle(deck)
            else:
                legal = [_json(a) for a in legal_actions(state)]
                if choices.probe():
                    bad = choices.forbidden(_forbidden(ruleset, legal))
                    _same_refusal(state, match, bad, players, f"step {steps}")
                moves = match.legal()
                mine = [match.action(m) for m in moves]
                if mine != legal:
                    raise Difference(f"step {steps}: legal actions differ: reference {legal}, fast {mine}")
                index = choices.choice(len(legal))
                state = apply(state, legal[index])
                match.apply(moves[index])
            steps += 1
            _same_views(state, match, players, f"step {steps - 1}")
        outcome.steps = steps
    except Difference as exc:
        outcome.status, outcome.message = "failed", str(exc)
    except Exception as exc:  # noqa: BLE001 - a crash of either side is a difference to look at
        outcome.status, outcome.message = "failed", f"{type(exc).__name__}: {exc}"
    return outcome


def _same_refusal(state: Any, match: Any, action: dict[str, Any], players: int, where: str) -> None:
    """Both refuse ``action`` under the same rule, and the fast match is as it was."""
    refused = rejection(state, action)
    if refused is None:  # the lockstep checker cannot probe with a legal action either
        raise Difference(f"{where}: the reference accepts the probe {action}")
    try:
        match.apply(action)
    except IllegalAction as exc:
        if exc.rule_id != refused[0]:
            raise Difference(f"{where}: {action} refused under {exc.rule_id}, not {refused[0]}") from None
    else:
        raise Difference(f"{where}: the fast core accepts {action}, which {refused[0]} forbids")
    _same_views(state, match, players, f"{where} (after refusing {action})")


def play_twin_batch(seed: int, numbers: list[int], variants: tuple[str, ...], sample_options: bool = True
                    ) -> list[TwinOutcome]:
    """Games ``numbers`` of the campaign of ``seed`` (for a process pool)."""
    from regola.conformance.fuzz.plan import game

    return [play_twin(game(seed, n, variants, sample_options)) for n in numbers]
