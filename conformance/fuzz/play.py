"""Playing one game of a campaign against an engine, and shrinking a failure.

A worker keeps one engine per engine spec (a fresh one after the engine
fails), plays the game in lockstep with the reference
(`regola.conformance.runner.lockstep.play_game`) from `SeededChoices`,
probing now and then with an action the rules forbid, of any kind and in
any phase (`.probes`), and on a disagreement shrinks the recorded choices:
the game is cut right after the disagreement, probes that did not disagree
are dropped, then each choice is tried at its simplest (the first legal
action), a change kept only while the engine still disagrees in the same
way: the same kind of divergence blamed on the same rule, or the same kind
of engine failure (`LockstepDisagreement.signature`), so that a turn bug is
never saved as a game that shows a trick-winner bug. Within a time budget.
The smallest game is written as a trace.
"""

from __future__ import annotations

import time
from multiprocessing.util import Finalize
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.conformance.fuzz.choices import Script, ScriptedChoices, SeededChoices
from regola.conformance.fuzz.plan import Game
from regola.conformance.fuzz.probes import Probes
from regola.conformance.protocol.engine import EngineFailure
from regola.conformance.runner.lockstep import Choices, LockstepDisagreement, play_game
from regola.conformance.runner.partner import PartnerFactory, ReferencePartner
from regola.conformance.runner.run import EngineHost

MAX_STEPS = 400
"""A game stops after this many steps even if the match is not over."""
SHRINK_SECONDS = 20.0


@dataclass
class Outcome:
    """What one game gave: ``passed``, ``failed``, ``unsupported`` (the
    engine does not play the variant or its options) or ``errored`` (the
    engine could not be started)."""

    number: int
    variant: str
    options: dict[str, Any]
    seed: int
    status: str
    steps: int = 0
    """Steps played (for a failure: trace lines up to the disagreement)."""
    message: str = ""
    rule: str | None = None
    trace: str | None = None
    """The shrunk trace's file, for a failure."""
    trace_lines: int = 0
    script: Script = field(default_factory=list, repr=False)
    """The recorded choices of a failed game."""
    signature: tuple[str, str | None] | None = None
    """A failed game's kind of disagreement and rule (`LockstepDisagreement.signature`)."""


_HOSTS: dict[str, EngineHost] = {}


def close_engines() -> None:
    """Close every engine this process started."""
    for host in _HOSTS.values():
        host.discard()
    _HOSTS.clear()


def _host(spec: str, factory: Callable[[], Any]) -> EngineHost:
    host = _HOSTS.get(spec)
    if host is None:
        if not _HOSTS:
            # a worker process closes its engines when it ends (atexit does
            # not run in multiprocessing's workers; this does)
            Finalize(None, close_engines, exitpriority=10)
        host = _HOSTS[spec] = EngineHost(factory)
    return host


PARTNERS = ("reference", "fast")
"""What an engine can be played against: the reference, or the fast core
(`regola.conformance.fuzz.fast_partner`), proved equal to it and cheaper."""


def partner_factory(name: str) -> PartnerFactory:
    """The lockstep partner called ``name`` (one of `PARTNERS`)."""
    if name == "reference":
        return ReferencePartner
    if name == "fast":
        from regola.conformance.fuzz.fast_partner import FastPartner

        return FastPartner
    raise ValueError(f"unknown partner {name!r}: one of {', '.join(PARTNERS)}")


def _attempt(
    host: EngineHost, game: Game, choices: Choices, out: Path | None, replay: str | None = None,
    partner: PartnerFactory = ReferencePartner,
) -> LockstepDisagreement | int:
    """Play once; the disagreement, or the number of steps if none."""
    engine = host.start()
    # the house rules the engine declares (its hello's options) are played, as by conform
    options = {**game.options, **host.house_rules}
    try:
        return play_game(engine, host.hello, choices, game.variant, options, MAX_STEPS, out, Probes, replay, partner)
    except LockstepDisagreement as exc:
        if exc.divergence is None:  # the engine failed: a fresh one next time
            host.discard()
        return exc


def _shrink(host: EngineHost, game: Game, script: Script, budget: float, signature: tuple[str, str | None]) -> Script:
    """A smaller script on which the engine still disagrees with the same
    ``signature`` (`LockstepDisagreement.signature`)."""
    deadline = time.monotonic() + budget

    def fails(candidate: Script) -> Script | None:
        choices = ScriptedChoices(candidate)
        result = _attempt(host, game, choices, None)
        same = isinstance(result, LockstepDisagreement) and result.signature == signature
        return choices.used if same else None

    steps = sum(1 for kind, _ in script if kind == "choice") or 1
    best = [(k, steps if k == "length" else v) for k, v in script]
    best = fails(best) or script
    # drop probes, the last one first kept until the others are gone
    for i in [i for i, (k, v) in enumerate(best) if k == "probe" and v][::-1]:
        if time.monotonic() > deadline or i >= len(best):
            break
        trial = list(best)
        trial[i] = ("probe", 0)
        best = fails(trial) or best
    for i, (kind, value) in enumerate(list(best)):
        if time.monotonic() > deadline:
            break
        if i < len(best) and kind in ("choice", "deck") and value:
            trial = list(best)
            trial[i] = (kind, 0)
            best = fails(trial) or best
    return best


def play(spec: str, factory: Callable[[], Any], game: Game, partner: str = "reference") -> Outcome:
    """Play ``game`` against the engine ``spec`` names (built by ``factory``),
    in lockstep with the ``partner`` (`PARTNERS`). A failure keeps its
    recorded choices (``script``) for `shrink`. A game the engine fails
    against the fast core is played again, with the same choices, against
    the reference, whose report it gets (and if the reference finds no
    fault, the fast core is wrong: the game is ``errored``, saying so)."""
    outcome = Outcome(game.number, game.variant, game.options, game.seed, "passed")
    host = _host(spec, factory)
    try:
        host.start()
    except EngineFailure as exc:
        host.discard()
        outcome.status, outcome.message = "errored", f"the engine did not start ({exc.kind}): {exc.message}"
        return outcome
    if game.variant not in host.hello.get("variants", []):
        outcome.status, outcome.message = "unsupported", f"the engine does not list {game.variant}"
        return outcome
    choices = SeededChoices(game.seed)
    result = _attempt(host, game, choices, None, partner=partner_factory(partner))
    if partner != "reference" and isinstance(result, LockstepDisagreement):
        again = _attempt(host, game, ScriptedChoices(choices.script), None)
        if not isinstance(again, LockstepDisagreement):
            outcome.status = "errored"
            outcome.message = (
                f"the {partner} partner disagrees with the reference on this game (the engine agrees with the "
                f"reference): a bug of regola.{partner}, to report; what the partner saw: {result.report}"
            )
            return outcome
        result = again
    if not isinstance(result, LockstepDisagreement):
        outcome.steps = result
        return outcome
    if "(unsupported)" in result.report.split("\n", 1)[0]:
        outcome.status, outcome.message = "unsupported", result.report.splitlines()[0]
        return outcome
    outcome.status = "failed"
    outcome.steps = result.lines
    outcome.script = choices.script
    outcome.signature = result.signature
    _describe(outcome, result)
    return outcome


def shrink(
    spec: str,
    factory: Callable[[], Any],
    game: Game,
    outcome: Outcome,
    out_dir: Path,
    seconds: float = SHRINK_SECONDS,
    replay: str | None = None,
) -> None:
    """Shrink a failed game's choices to the same kind of disagreement and
    write the smallest game that still shows it as
    ``out_dir/fuzz-<variant>-<number>.jsonl`` (in ``outcome.trace``);
    with ``seconds`` 0 the game is written as found. ``replay``: the
    engine's part of the replay command (`play_game`)."""
    host = _host(spec, factory)
    script = outcome.script
    if seconds > 0 and outcome.signature is not None:
        script = _shrink(host, game, outcome.script, seconds, outcome.signature)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"fuzz-{game.variant}-{game.number}.jsonl"
    final = _attempt(host, game, ScriptedChoices(script), path, replay)
    if not isinstance(final, LockstepDisagreement) or final.signature != outcome.signature:
        # the engine is not deterministic: keep the game as found
        final = _attempt(host, game, ScriptedChoices(outcome.script), path, replay)
    if isinstance(final, LockstepDisagreement):
        _describe(outcome, final)
        outcome.trace = str(path)
        outcome.trace_lines = final.lines


def _describe(outcome: Outcome, disagreement: LockstepDisagreement) -> None:
    # the replay command is the report's to print, once
    outcome.message = disagreement.report.split("\n\nthe game is written to ", 1)[0]
    outcome.rule = disagreement.divergence.rule if disagreement.divergence else None
