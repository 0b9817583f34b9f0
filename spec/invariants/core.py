"""What an invariant is, how it is proved, and how its result reads.

An invariant is a function ``ruleset -> InvariantResult``. Its body builds z3
constraints from the ruleset's parameters, asks z3 for a state of affairs
that breaks the claim, and turns the model z3 finds (if any) into a
counterexample written for a person. The `invariant` decorator adds the
name, the timing and the registry entry, so a body only returns a
`Verdict`.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from time import perf_counter
from typing import Any, Literal

import z3
from pydantic import BaseModel

from ..schema import Ruleset

Status = Literal["proved", "failed", "not-applicable"]

#: z3 gives up after this long on one query; the answer is then "failed" with
#: a message saying the proof could not be completed (never a silent pass).
TIMEOUT_MS = 20_000


@dataclass(frozen=True)
class InvariantResult:
    """The outcome of one invariant for one ruleset."""

    name: str
    """Dotted invariant name, e.g. ``deal.stock-drains-evenly``."""
    status: Status
    seconds: float
    counterexample: str | None = None
    """For a failure: why, in plain words, with the numbers or cards involved."""
    note: str | None = None
    """For a proof: what was shown, in a few words; for not-applicable: why."""
    final: bool = field(default=True, compare=False, repr=False)
    """False when z3 gave up (a timeout): the claim was neither proved nor
    refuted, so the result is not kept across processes."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["final"]
        return data


@dataclass(frozen=True)
class Verdict:
    """What an invariant body returns; the decorator adds name and time."""

    status: Status
    text: str | None = None
    final: bool = True


def proved(note: str | None = None) -> Verdict:
    return Verdict("proved", note)


def failed(counterexample: str) -> Verdict:
    return Verdict("failed", counterexample)


def not_applicable(reason: str) -> Verdict:
    return Verdict("not-applicable", reason)


@dataclass(frozen=True)
class Invariant:
    """A registered invariant: its name, its claim in one sentence, its check."""

    name: str
    statement: str
    check: Callable[[Ruleset], InvariantResult]
    reads: tuple[str, ...]
    """The ruleset fields (dotted paths) the check depends on: rulesets that
    agree on them share one proof."""

    @property
    def group(self) -> str:
        return self.name.split(".")[0]


#: Every invariant, in the order the modules register them (the order of the
#: ``regola check`` table).
REGISTRY: dict[str, Invariant] = {}

#: Results by invariant and by the values of the fields it reads.
_PROOFS: dict[tuple[str, str], InvariantResult] = {}


def _read(ruleset: Ruleset, path: str) -> Any:
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part, None)
    if isinstance(node, BaseModel):
        return node.model_dump(mode="json")
    if isinstance(node, tuple):
        return [x.model_dump(mode="json") if isinstance(x, BaseModel) else x for x in node]
    return node


def parameters_key(ruleset: Ruleset, reads: tuple[str, ...]) -> str:
    """The values of the fields ``reads`` names, as canonical JSON."""
    return json.dumps([_read(ruleset, p) for p in reads], sort_keys=True, separators=(",", ":"))


def invariant(
    name: str, statement: str, reads: tuple[str, ...]
) -> Callable[[Callable[[Ruleset], Verdict]], Callable[[Ruleset], InvariantResult]]:
    """Register ``body`` as the invariant ``name``, time every run of it, and
    reuse its result for rulesets that agree on the fields in ``reads``."""

    def wrap(body: Callable[[Ruleset], Verdict]) -> Callable[[Ruleset], InvariantResult]:
        def run(ruleset: Ruleset) -> InvariantResult:
            key = (name, parameters_key(ruleset, reads))
            start = perf_counter()
            if key in _PROOFS:
                return replace(_PROOFS[key], seconds=perf_counter() - start)
            try:
                verdict = body(ruleset)
            except Undecided as exc:
                if str(exc) in ("canceled", "interrupted from keyboard"):
                    # z3 took the Ctrl-C meant for us: pass it on, never call the claim failed
                    signal.raise_signal(signal.SIGINT)
                    raise KeyboardInterrupt from None
                verdict = Verdict(
                    "failed",
                    f"z3 could not decide this claim within {TIMEOUT_MS // 1000} s "
                    f"({exc}), so it is not proved",
                    final=False,
                )
            except Vacuous as exc:
                verdict = failed(
                    f"no state of the game fits the spec's numbers ({exc}), so nothing "
                    f"about it can be proved; see the deal invariants"
                )
            seconds = perf_counter() - start
            if verdict.status == "failed":
                result = InvariantResult(name, "failed", seconds, counterexample=verdict.text, final=verdict.final)
            else:
                result = InvariantResult(name, verdict.status, seconds, note=verdict.text)
            if len(_PROOFS) > 4096:  # bound the memory of long runs with many options
                _PROOFS.clear()
            _PROOFS[key] = result
            return result

        run.__name__ = body.__name__
        run.__doc__ = body.__doc__
        run.__qualname__ = body.__qualname__
        if name in REGISTRY:
            raise ValueError(f"invariant {name} registered twice")
        REGISTRY[name] = Invariant(name, statement, run, reads)
        return run

    return wrap


#: Clear functions of the modules' caches of z3 terms (see `forget_proofs`).
_TERM_CACHES: list[Callable[[], None]] = []


def term_cache(clear: Callable[[], None]) -> None:
    """Register a cache of z3 terms, so `forget_proofs` empties it too."""
    _TERM_CACHES.append(clear)


def forget_proofs() -> None:
    """Forget every stored result and cached term (to time a cold check)."""
    _PROOFS.clear()
    for clear in _TERM_CACHES:
        clear()


# Ctrl-C is Python's to handle, not z3's: z3 would turn it into "unknown"
# (reported as a claim not proved) or drop it. Python acts on it as soon as
# the z3 call returns, within TIMEOUT_MS.
z3.set_param("ctrl_c", False)


class Undecided(Exception):
    """z3 answered "unknown" (a timeout): the claim is neither proved nor refuted."""


class Vacuous(Exception):
    """The facts of an encoding contradict each other, so any claim would
    follow from them: reported as a failure, never as a proof."""


#: Models of sets of facts already solved, by the structural hash of their
#: conjunction: several claims are often proved from the same facts, and the
#: facts need solving (to rule out a vacuous proof) only once.
_MODELS: dict[int, list[tuple[z3.BoolRef, z3.ModelRef | None]]] = {}


def _conjunction(facts: list[z3.BoolRef]) -> z3.BoolRef:
    return z3.And(facts) if facts else z3.BoolVal(True)


def _facts_model(facts: list[z3.BoolRef], conjunction: z3.BoolRef | None = None) -> z3.ModelRef | None:
    """A model of ``facts``, or None when they contradict each other."""
    if conjunction is None:
        conjunction = _conjunction(facts)
    bucket = _MODELS.setdefault(conjunction.hash(), [])
    for term, model in bucket:
        if term.eq(conjunction):
            return model
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(conjunction)
    answer = solver.check()
    if answer == z3.unknown:
        raise Undecided(solver.reason_unknown())
    model = solver.model() if answer == z3.sat else None
    if len(_MODELS) > 4096:
        _MODELS.clear()
        bucket = _MODELS.setdefault(conjunction.hash(), [])
    bucket.append((conjunction, model))
    return model


term_cache(_MODELS.clear)


def find_violation(
    facts: list[z3.BoolRef], claim: z3.BoolRef, canonical: Sequence[z3.ExprRef] = ()
) -> z3.ModelRef | None:
    """A model of ``facts`` in which ``claim`` is false, or None if the claim
    follows from the facts (proved). Raises `Vacuous` when the facts
    themselves cannot hold, so that no claim is ever proved vacuously.

    Which model z3 returns can depend on what the process solved before, so
    when ``canonical`` names the terms a counterexample is written from, the
    model returned is the least one in them (lexicographically, Booleans as
    0/1): the same ruleset always gets the same counterexample."""
    conjunction = _conjunction(facts)
    if _facts_model(facts, conjunction) is None:
        raise Vacuous("the constraints built from it contradict each other")
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(conjunction, z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return None
    if answer != z3.sat:
        raise Undecided(solver.reason_unknown())
    if not canonical:
        return solver.model()
    opt = z3.Optimize()
    opt.set("timeout", TIMEOUT_MS)
    opt.set("priority", "lex")
    opt.add(conjunction, z3.Not(claim))
    for term in canonical:
        opt.minimize(z3.If(term, 1, 0) if z3.is_bool(term) else term)
    return opt.model() if opt.check() == z3.sat else solver.model()


def witness(facts: list[z3.BoolRef]) -> z3.ModelRef:
    """A model of ``facts`` (to read the numbers a proof note reports; only
    for numbers the facts fix, so that the note does not depend on which
    model z3 picked)."""
    model = _facts_model(facts)
    if model is None:
        raise Vacuous("the constraints built from it contradict each other")
    return model


def example(facts: list[z3.BoolRef]) -> z3.ModelRef | None:
    """A model of ``facts``, or None when they cannot all hold (for claims
    that something is possible, such as a tier being reachable)."""
    return _facts_model(facts)


def _optimum(facts: list[z3.BoolRef], term: z3.ArithRef, goal: str) -> int | None:
    opt = z3.Optimize()
    opt.set("timeout", TIMEOUT_MS)
    opt.add(*facts)
    best = z3.FreshInt("optimum")
    opt.add(best == term)
    (opt.maximize if goal == "max" else opt.minimize)(best)
    answer = opt.check()
    if answer == z3.unsat:
        return None
    if answer != z3.sat:
        raise Undecided(opt.reason_unknown())
    return opt.model().eval(best).as_long()


def maximum(facts: list[z3.BoolRef], term: z3.ArithRef) -> int | None:
    """The largest value ``term`` takes under ``facts`` (None if they cannot hold)."""
    return _optimum(facts, term, "max")


def minimum(facts: list[z3.BoolRef], term: z3.ArithRef) -> int | None:
    """The smallest value ``term`` takes under ``facts`` (None if they cannot hold)."""
    return _optimum(facts, term, "min")


def value(model: z3.ModelRef, term: z3.ExprRef) -> int:
    """The integer ``term`` takes in ``model`` (0 for a term the model leaves free)."""
    return model.eval(term, model_completion=True).as_long()


def truth(model: z3.ModelRef, term: z3.ExprRef) -> bool:
    """Whether ``term`` holds in ``model``."""
    return z3.is_true(model.eval(term, model_completion=True))


def count(terms: list[z3.BoolRef]) -> z3.ArithRef:
    """How many of ``terms`` hold, as an integer term."""
    return z3.Sum([z3.If(t, 1, 0) for t in terms]) if terms else z3.IntVal(0)


def exactly_one(terms: list[z3.BoolRef]) -> z3.BoolRef:
    """Exactly one of ``terms`` holds (a pseudo-Boolean constraint, which z3
    handles far faster than an integer sum)."""
    return z3.PbEq([(t, 1) for t in terms], 1)


def at_most(terms: list[z3.BoolRef], k: int) -> z3.BoolRef:
    return z3.PbLe([(t, 1) for t in terms], k) if terms else z3.BoolVal(True)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
