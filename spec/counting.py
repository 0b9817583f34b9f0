"""Scoring by counting: every side scores the points it took, counted in
fractions of a point, with a bonus for the last trick and the declarations
made at the first trick (Tressette, rules ``tressette.*``).

A variant counts this way with ``hand_scoring.kind = "count"``; the options
live in `Counting` (the ruleset's ``counting``). Fractions are kept exact by
counting in units: with ``unit = 3`` every rank's ``points`` and the deck's
``total_points`` are thirds of a point.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError


class _Model(BaseModel):
    # The same settings as schema.Model (importing it would be circular).
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Declarations(_Model):
    """The combinations a player declares at the first trick and what each
    is worth, in whole points (rules ``tressette.declare.*``)."""

    sequence: tuple[str, ...] = ()
    """Rank ids that, held together in one suit, make a declaration (the
    Napoletana: Ace, Two and Three of a suit, P-TRE); empty: none (rule
    `tressette.declare.napoletana`)."""
    sequence_points: int = Field(default=0, ge=0)
    """Whole points a `sequence` declaration is worth (3 in P-TRE)."""
    of_a_kind: tuple[str, ...] = ()
    """Rank ids of which three or four cards held together make a
    declaration (Aces, Twos and Threes, P-TRE); empty: none (rule
    `tressette.declare.of-a-kind`)."""
    three_points: int = Field(default=0, ge=0)
    """Whole points three cards of one `of_a_kind` face are worth (3)."""
    four_points: int = Field(default=0, ge=0)
    """Whole points all four cards of one `of_a_kind` face are worth (4)."""

    @model_validator(mode="after")
    def _points_given(self) -> Declarations:
        if self.sequence and not self.sequence_points:
            raise ValueError("counting.declarations.sequence needs sequence_points above 0")
        if self.of_a_kind and not (self.three_points or self.four_points):
            raise ValueError("counting.declarations.of_a_kind needs three_points or four_points above 0")
        return self


class Counting(_Model):
    """Counting points in fractions, the last trick and the declarations
    (with ``hand_scoring.kind = "count"``, rules ``tressette.score.*``)."""

    unit: int = Field(default=1, ge=1)
    """Card points are counted in 1/`unit` of a point: with 3, each rank's
    `points` and `deck.total_points` are thirds (rule `tressette.deck.points`).
    A side scores only the whole points of its count (rule `tressette.score.count`)."""
    last_trick: int = Field(default=0, ge=0)
    """Whole points for the side that takes the last trick (1 in P-TRE)
    (rule `tressette.score.last-trick`)."""
    declarations: Declarations = Declarations()
    """Combinations declared at the first trick (rules `tressette.declare.*`)."""
    cappotto: int = Field(default=0, ge=0)
    """When above 0: a side that takes every trick of a hand (cappotto)
    wins the match at the end of that hand, whatever the scores, and the win
    counts as this many games: 2 in P-TRE, twice the stake in
    IT-spazioinwind, four times in IT-enciclopedia (rule
    `tressette.score.cappotto`)."""
    cappottone: int = Field(default=0, ge=0)
    """With `cappotto`, in a partnership game: when above 0, a cappotto made
    by one player alone, his partner taking no trick (cappottone), counts as
    this many games instead: 6 in P-TRE, 8 in IT-enciclopedia (rule
    `tressette.score.cappotto`)."""


def check_counting(counting: Counting, info: Any) -> Counting:
    """The declarations name faces of the deck (run once the deck is read)."""
    deck = info.data.get("deck")
    if deck is None:
        return counting
    ranks = [r.id for r in deck.ranks]
    decl = counting.declarations
    for field, named in (("sequence", decl.sequence), ("of_a_kind", decl.of_a_kind)):
        bad = [r for r in named if r not in ranks]
        if bad:
            raise PydanticCustomError(
                "unknown_rank",
                "counting.declarations.{field} names unknown rank id(s) {bad}; the deck's ranks are {ranks}",
                {"field": field, "bad": bad, "ranks": ranks},
            )
    return counting
