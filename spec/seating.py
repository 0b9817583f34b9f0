"""The seats of a variant: how many players, their sides, and who sits out.

Part of the schema (`.schema` imports it); it lives here to keep the schema
module short. Seats are numbered in order of play: seat 0 deals the first
hand and seat 1 receives first.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Model(BaseModel):
    # The same settings as schema.Model (importing it would be circular).
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Seating(_Model):
    """Players, sides and seating. Seats are numbered in order of play."""

    players: int = Field(ge=2, le=8)
    """Number of players. Seat 0 deals the first hand; seat 1 receives first."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Fixed partnerships as lists of seats; empty means each plays for
    himself. Partners opposite with four: `[[0, 2], [1, 3]]`."""
    direction: Literal["counter-clockwise", "clockwise"] = "counter-clockwise"
    """Which way round the table play passes. A presentation detail: the
    model only needs seat order (rule `briscola.play.turn`)."""
    sits_out: Literal["nobody", "dealer"] = "nobody"
    """Who sits out each hand: nobody, or the dealer, who is dealt no cards,
    takes no part in the auction or the play and neither wins nor pays that
    hand; the deal passes on as usual, so each player sits out in turn
    (P-CHI: six play Briscola Chiamata this way; rule
    `chiamata.seat.dealer-sits-out`)."""

    @model_validator(mode="after")
    def _teams_partition_seats(self) -> Seating:
        if self.teams:
            seats = sorted(s for team in self.teams for s in team)
            if seats != list(range(self.players)):
                raise ValueError(
                    f"seating.teams {list(map(list, self.teams))} must list "
                    f"every seat 0..{self.players - 1} exactly once"
                )
        if self.sits_out == "dealer" and self.teams:
            raise ValueError("seating.sits_out = dealer needs seating.teams to be empty (a team would lose a player)")
        return self

    @property
    def in_hand(self) -> int:
        """How many players take part in each hand (all but one sitting out)."""
        return self.players - (self.sits_out == "dealer")

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: the teams, or one side per seat."""
        return self.teams or tuple((s,) for s in range(self.players))

    def side_of(self) -> tuple[int, ...]:
        """For each seat, the index of its side in `sides()`."""
        index = {seat: i for i, side in enumerate(self.sides()) for seat in side}
        return tuple(index[seat] for seat in range(self.players))
