"""Small traces recorded from the reference, for tests that need their own.

Seeded playouts come from :func:`regola.conformance.trace.record.record`; a
seed that exercises a given rule is found by playing seeds in order.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from regola.conformance.trace.format import write_trace
from regola.conformance.trace.record import load_ruleset, record, seeded_game


@cache
def seed_exercising(variant: str, rule: str, max_hands: int = 1, tries: int = 3000) -> int:
    """The first seed whose playout (``max_hands`` hands) exercises ``rule``."""
    ruleset = load_ruleset(variant)
    for seed in range(tries):
        _, first, steps = seeded_game(ruleset, seed, max_hands=max_hands, with_legal=False)
        if rule in first.rules or any(rule in after.rules for *_, after in steps):
            return seed
    raise LookupError(f"no seed below {tries} exercises {rule} in {variant}")


def trick_mistakes(index: int, state: Any) -> list[dict[str, Any]]:
    """Every ninth step of a trick game: a play out of turn
    (``*.play.turn``) and a card the player to move does not hold
    (``*.play.in-hand``)."""
    if state.phase != "play" or index % 9:
        return []
    seat = state.to_move
    other = (seat + 1) % state.tables.players
    not_held = next(c for c in state.tables.cards if c not in state.hands[seat])
    return [
        {"type": "play", "seat": other, "card": state.hands[other][0]},
        {"type": "play", "seat": seat, "card": not_held},
    ]


def write_playout(
    folder: Path,
    variant: str,
    seed: int,
    max_hands: int | None = None,
    with_mistakes: bool = False,
    name: str | None = None,
) -> Path:
    """Record the seeded playout of ``variant`` into ``folder``; return its path."""
    name = name or f"seed-{seed}"
    trace = record(
        variant,
        None,
        seed,
        name=name,
        purpose="negative" if with_mistakes else "playout",
        description=f"Seeded playout {seed} of {variant}, recorded for the tests.",
        max_hands=max_hands,
        rejects=trick_mistakes if with_mistakes else None,
    )
    path = folder / variant / f"{name}.jsonl"
    write_trace(path, trace)
    return path
