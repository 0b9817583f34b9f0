"""Deliberately wrong engines, each with the one rule it breaks.

The conformance suite must catch every one of them and name that rule; see
``tests/conformance/test_mutants.py``. ``wire.py`` serves any of them (or
a misbehaving engine) over the JSON-lines protocol, as a subprocess engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import MutantEngine
from .wrong import (
    AcceptsCardNotHeld,
    AuctionReopenedAfterPass,
    FaceValueStrength,
    IndicatorDrawnFirst,
    LastPlayScopa,
    LoserDrawsFirst,
    SingleHandMatch,
    SumOverSingleCard,
    TieScoredAsWin,
    WrongRuleOutOfTurn,
)


@dataclass(frozen=True)
class Mutant:
    engine: type[MutantEngine]
    rule: str
    """The rule the mutant breaks: the report must name it."""

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def variant(self) -> str:
        return self.engine.variants[0]


MUTANTS: tuple[Mutant, ...] = (
    Mutant(FaceValueStrength, "briscola.trick.winner"),
    Mutant(LoserDrawsFirst, "briscola.draw.order"),
    Mutant(IndicatorDrawnFirst, "briscola.draw.indicator-last"),
    Mutant(TieScoredAsWin, "briscola.score.tie"),
    Mutant(SingleHandMatch, "briscola.match.end"),
    Mutant(AcceptsCardNotHeld, "briscola.play.in-hand"),
    Mutant(WrongRuleOutOfTurn, "briscola.play.turn"),
    Mutant(SumOverSingleCard, "scopa.capture.single-card-first"),
    Mutant(LastPlayScopa, "scopa.sweep.last-play"),
    Mutant(AuctionReopenedAfterPass, "chiamata.bid.pass-final"),
)

BY_NAME = {m.name: m for m in MUTANTS}

__all__ = ["BY_NAME", "MUTANTS", "Mutant", "MutantEngine"]
