"""Playing the reference and an engine in lockstep on games hypothesis draws.

Where the corpus replays fixed games, the lockstep checker makes up new
ones: hypothesis draws the deck orders (as seeds) and every choice, the reference
records each step as a trace line, and the engine must agree with it at once
(the same checks as ``regola conform``: views, seat views, legal actions,
refusals). Now and then it also tries an action the rules forbid, which the
engine must refuse.

When they disagree, hypothesis shrinks the game (towards the first legal
choice at every step, no probes, small deck seeds) and the smallest game that still
disagrees is written as a trace file, so that ::

    regola conform --engine my_engine.py:MyEngine --trace lockstep-briscola-2.jsonl

replays exactly the disagreement. Use it from a test::

    from regola.conformance.runner.lockstep import check_engine

    def test_my_engine_in_lockstep(tmp_path):
        check_engine(MyEngine, "briscola-2", out=tmp_path / "minimal.jsonl")

or inside your own ``@given(st.data())`` test with `play_lockstep`.
Needs ``hypothesis`` (the ``test`` extra).
"""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.internal.conjecture import engine as _conjecture

from regola.conformance.protocol.engine import ActionRejected, Engine, EngineFailure
from regola.conformance.runner.replay import (
    DivergenceFound,
    check_reject,
    check_step,
    check_views,
    describe_exception,
    ruleset_for,
)
from regola.conformance.runner.run import EngineHost
from regola.conformance.runner.verdicts import Divergence
from regola.conformance.trace.format import write_trace
from regola.conformance.runner.partner import Partner, PartnerFactory, ReferencePartner
from regola.reference import shuffled_deck

PROBE_ODDS = 8
"""About one step in this many also tries a forbidden action first."""


class LockstepDisagreement(AssertionError):
    """The engine and the reference disagreed; ``trace_path`` holds the game
    up to and including the step where they did."""

    def __init__(
        self,
        report: str,
        trace_path: Path | None,
        divergence: Divergence | None = None,
        lines: int = 0,
        failure: str | None = None,
    ) -> None:
        super().__init__(report)
        self.report = report
        self.trace_path = trace_path
        self.divergence = divergence
        self.lines = lines
        """Trace lines (steps and rejects) up to and including the disagreement."""
        self.failure = failure
        """For an engine that failed (no divergence): the kind of failure (``crash``, ``timeout``...)."""

    @property
    def signature(self) -> tuple[str, str | None]:
        """What kind of disagreement this is: (the divergence's kind, the rule
        it is blamed on), or (``engine-<failure>``, None). A game shrunk to
        another signature shows another bug."""
        if self.divergence is not None:
            return self.divergence.kind, self.divergence.rule
        return f"engine-{self.failure or 'failure'}", None


def _forbidden(rec: Partner, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Plays the rules forbid now: any seat, any card of the pack, that is
    not a legal action."""
    allowed = {(a.get("seat"), a.get("card")) for a in legal if a.get("type") == "play"}
    players = rec.ruleset.seating.players
    return [
        {"type": "play", "seat": seat, "card": card}
        for seat in range(players)
        for card in rec.ruleset.deck.cards()
        if (seat, card) not in allowed
    ]


class Choices(Protocol):
    """Where a lockstep game's choices come from: hypothesis's draws (which it
    shrinks), or a seeded random source (`regola fuzz`), which records them
    so a failing game can be replayed and shrunk."""

    def deck_seed(self) -> int:
        """The seed of the next deck order."""

    def length(self, max_steps: int) -> int:
        """How many steps to play, from 1 to ``max_steps``."""

    def probe(self) -> bool:
        """Whether to try a forbidden action before this step (or, once the
        match is over, after it)."""

    def forbidden(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """Which forbidden action to try."""

    def choice(self, count: int) -> int:
        """Which legal action to play, by index."""


class DrawnChoices:
    """The choices of a game drawn from hypothesis's ``data``."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def deck_seed(self) -> int:
        # One number for hypothesis to shrink rather than forty positions.
        return self.data.draw(st.integers(0, 2**32 - 1), label="deck seed")

    def length(self, max_steps: int) -> int:
        return self.data.draw(st.integers(1, max_steps), label="steps")

    def probe(self) -> bool:
        return self.data.draw(st.integers(0, PROBE_ODDS - 1), label="probe?") == PROBE_ODDS - 1

    def forbidden(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        return self.data.draw(st.sampled_from(actions), label="forbidden action")

    def choice(self, count: int) -> int:
        return self.data.draw(st.integers(0, count - 1), label="choice")


Forbidden = Callable[[Any, list[dict[str, Any]]], list[dict[str, Any]]]
"""Given the reference's state and its legal actions (JSON data), the
forbidden actions a probe may try there (each one the rules refuse)."""


def play_lockstep(
    engine: Engine,
    hello: dict[str, Any],
    data: st.DataObject,
    variant: str,
    options: dict[str, Any] | None = None,
    max_steps: int = 200,
    out: Path | None = None,
) -> int:
    """Play one game drawn from ``data`` through the reference and
    ``engine`` side by side; return the number of steps played.

    At the first disagreement, or if the engine fails, the game so far is
    written to ``out`` (if given) and `LockstepDisagreement` raised.
    The number of steps is drawn too (at most ``max_steps``), so that
    shrinking makes the game stop right after the disagreement.
    """
    return play_game(engine, hello, DrawnChoices(data), variant, options, max_steps, out)


def play_game(
    engine: Engine,
    hello: dict[str, Any],
    choices: Choices,
    variant: str,
    options: dict[str, Any] | None = None,
    max_steps: int = 200,
    out: Path | None = None,
    probes: Callable[[Any], Forbidden] | None = None,
    replay: str | None = None,
    partner: PartnerFactory = ReferencePartner,
) -> int:
    """Play one game whose choices come from ``choices`` through the
    reference (or another `Partner`) and ``engine`` side by side (see
    `play_lockstep`).

    A probe may come before any step, a shuffle between hands included, and
    once more after the end of the match. ``probes``, given the ruleset,
    makes the function that lists the forbidden actions a probe may try
    (default: plays of any seat and card that are not legal now), from the
    reference's state. ``replay``: the engine's part of the command that
    replays the written trace (``--engine 'node my.js'``), for the report."""
    if variant not in hello.get("variants", []):
        raise ValueError(f"the engine does not list {variant} among its variants")
    ruleset = ruleset_for(variant, json.dumps(options or {}, sort_keys=True))

    def draw_deck() -> list[str]:
        return list(shuffled_deck(ruleset, random.Random(choices.deck_seed())))

    deck = draw_deck()
    name = out.stem if out else f"lockstep-{variant}"
    rec = partner(
        variant,
        options,
        deck,
        name=name,
        purpose="scenario",
        description="A game on which the engine disagreed with the reference, found and shrunk by the lockstep checker.",
    )
    fields = list(hello.get("fields", []))
    ref = rec.views() if hello.get("seat_views") else None
    forbidden: Forbidden = probes(ruleset) if probes else (lambda _state, legal: _forbidden(rec, legal))
    engine = _Guarded(engine)  # type: ignore[assignment]

    def probe(legal: list[dict[str, Any]], view: dict[str, Any]) -> None:
        if choices.probe():
            candidates = forbidden(rec.before()(), legal)  # the reference's state, whatever the partner
            if candidates:
                item = rec.reject(choices.forbidden(candidates))
                check_reject(engine, fields, item, len(rec.items) + 1, view)

    try:
        engine.new(variant, options or {}, rec.header["ruleset_hash"], deck, rec.header["deal"])
        check_views(engine, fields, rec.header["view"], ref, None, 1, None, lambda: rec.header["rules"])
        view = rec.header["view"]
        length = choices.length(max_steps)
        while not rec.state.is_over and rec.steps < length:
            legal = rec.legal()
            probe(legal, view)
            if rec.state.is_chance:
                action: dict[str, Any] = {"type": "shuffle", "deck": draw_deck()}
            else:
                action = legal[choices.choice(len(legal))]
            before = rec.before()
            rec.step(action)
            item = rec.items[-1]
            check_step(engine, hello, fields, item, len(rec.items) + 1, ref, before)
            view = item["view"]
        if rec.state.is_over:  # after the end of the match every action is refused
            probe([], view)
    except DivergenceFound as found:
        raise _disagreement(rec, out, found.divergence.render(), found.divergence, replay=replay) from None
    except EngineFailure as exc:
        last = rec.items[-1] if rec.items else None
        if last is None:
            where = "the deal"
        elif last["kind"] == "step":
            where = f"step {last['index']}"
        else:
            where = f"the reject line before step {last['index']}"
        text = f"engine error ({exc.kind}) at {where}: {exc.message}"
        raise _disagreement(rec, out, text, failure=exc.kind, replay=replay) from None
    return rec.steps


class _Guarded:
    """An engine whose own exceptions (a Python engine's bugs) become
    `EngineFailure` of kind ``crash``, as in the runner."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._engine, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            except (ActionRejected, EngineFailure):
                raise
            except Exception as exc:  # noqa: BLE001 - reported, with where it happened
                raise EngineFailure("crash", f"the engine raised {describe_exception(exc)}") from None

        return call


def _disagreement(
    rec: Partner,
    out: Path | None,
    text: str,
    divergence: Divergence | None = None,
    failure: str | None = None,
    replay: str | None = None,
) -> LockstepDisagreement:
    if out is not None:
        # Written at every failing example: hypothesis replays the smallest
        # one last, so the file ends up holding it.
        write_trace(out, rec.trace())
        trace = shlex.quote(str(out))
        if replay is None:
            text += (f"\n\nthe game is written to {out}; replay it through your engine with `regola conform "
                     f"--trace {trace}` and the --engine option that starts it")
        else:
            text += f"\n\nthe game is written to {out}; replay it with:\n  regola conform {replay}--trace {trace}"
    return LockstepDisagreement(text, out, divergence, len(rec.items), failure)


def check_engine(
    factory: Callable[[], Engine],
    variant: str,
    options: dict[str, Any] | None = None,
    max_examples: int = 50,
    max_steps: int = 200,
    out: Path | str = "lockstep-failure.jsonl",
    derandomize: bool = True,
    shrink_seconds: float = 60.0,
) -> None:
    """Play ``max_examples`` games of ``variant`` in lockstep; raise
    `LockstepDisagreement` for the smallest disagreement found, its
    game written to ``out``. Engines come from ``factory`` (a fresh one
    after an engine failure).

    ``derandomize`` makes the games the same on every run (a conformance
    check should not be flaky); ``shrink_seconds`` bounds the time spent
    shrinking a disagreement (best effort: it sets hypothesis's own limit,
    which is five minutes by default)."""
    host = EngineHost(factory)
    path = Path(out)
    try:
        host.start()
    except EngineFailure as exc:
        host.discard()
        raise LockstepDisagreement(f"the engine did not start ({exc.kind}): {exc.message}", None) from None
    variants = host.hello.get("variants", [])
    if variant not in variants:
        host.discard()
        raise ValueError(f"the engine does not list {variant} among its variants ({', '.join(variants)})")

    @settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        derandomize=derandomize,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(data=st.data())
    def games(data: st.DataObject) -> None:
        try:
            engine = host.start()
        except EngineFailure as exc:
            raise LockstepDisagreement(f"the engine did not start ({exc.kind}): {exc.message}", None) from None
        try:
            play_lockstep(engine, host.hello, data, variant, options, max_steps, path)
        except LockstepDisagreement as exc:
            if exc.divergence is None:  # the engine failed: start a fresh one next time
                host.discard()
            raise

    saved = getattr(_conjecture, "MAX_SHRINKING_SECONDS", None)
    if saved is not None:
        _conjecture.MAX_SHRINKING_SECONDS = shrink_seconds
    try:
        games()
    finally:
        host.discard()
        if saved is not None:
            _conjecture.MAX_SHRINKING_SECONDS = saved
