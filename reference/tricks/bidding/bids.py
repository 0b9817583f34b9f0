"""Records of the bidding phases: one bid, the auction so far, the contract.

Plain frozen values kept in `regola.reference.tricks.state.State`
(``state.auction``, ``state.contract``); the rules that build them live in
`.auction`, `.calling` and `.trump_guess`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class Bid:
    """One turn of the auction: a bid or a pass.

    A Chiamata bid names a face (``rank``), a face and a point target (a
    raised Two: ``rank`` and ``points``) or a point target only
    (``points``); an Albastini bid is a card laid face up (``card``).
    """

    seat: int
    kind: Literal["bid", "pass"]
    rank: str | None = None
    points: int | None = None
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "type": self.kind}
        for key in ("rank", "points", "card"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True)
class Auction:
    """The auction of the hand in progress (public knowledge)."""

    first: int
    """The seat that spoke first."""
    history: tuple[Bid, ...] = ()
    """Every bid and pass, in order (those before a reopening included)."""
    passed: tuple[int, ...] = ()
    """Seats out of the auction for good (rule ``chiamata.bid.pass-final``)."""
    high: Bid | None = None
    """The current highest bid."""
    spoken: int = 0
    """Turns taken in a one-round auction (low card, trump guess) or in the
    reopening round."""
    passes_in_row: int = 0
    """Passes since the last bid."""
    reopening: bool = False
    """Everyone passed and the dealer is asking who reopens (rule
    ``chiamata.bid.reopen``)."""
    closed: bool = False
    table: tuple[tuple[int, str], ...] = ()
    """Albastini: bid cards lying face up, (seat, card) in bidding order."""
    exchange: tuple[int, str, str] | None = None
    """Albastini: (seat, bid card, indicator taken) of the forced exchange."""

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "history": [b.to_json() for b in self.history],
            "passed": list(self.passed),
            "high": self.high.to_json() if self.high else None,
            "reopening": self.reopening,
            "closed": self.closed,
            "table": [{"seat": s, "card": c} for s, c in self.table],
            "exchange": (
                {"seat": self.exchange[0], "bid": self.exchange[1], "indicator": self.exchange[2]}
                if self.exchange
                else None
            ),
        }


@dataclass(frozen=True)
class Contract:
    """What the auction's winner undertook, and (once called) with whom."""

    bidder: int
    rank: str | None
    """The face bid (rank auction, low card); None in a points auction."""
    target: int
    """Card points the bidding side needs (rule ``chiamata.score.target``)."""
    called: str | None = None
    """The called card, once the call is made."""
    partner: int | None = None
    """The seat that held the called card at the call (the bidder himself
    when he plays alone)."""
    revealed: bool = False
    """Whether the called card has been seen on the table (rule
    ``chiamata.info.reveal``)."""
    second: str | None = None
    """The second called card, where two are called (rule ``chiamata.call.two-cards``)."""
    second_partner: int | None = None
    """The seat that held the second called card at the call."""
    second_revealed: bool = False
    """Whether the second called card has been seen on the table."""
    monte: int = 0
    """Cards the bidder took from the monte (rule ``chiamata.call.monte``)."""
    discards: tuple[str, ...] = ()
    """The cards he laid face down since, for the winner of the last trick."""
    own_call: str | None = None
    """A bidder holding the called card after the monte: ``alone`` or
    ``show`` (rule ``chiamata.call.own-card-shown``)."""

    @property
    def alone(self) -> bool:
        return (
            self.called is not None
            and self.partner == self.bidder
            and (self.second is None or self.second_partner == self.bidder)
        )

    def partners(self) -> tuple[int, ...]:
        """The bidder's partners: the other holders of the called cards."""
        seats = (self.partner, self.second_partner)
        return tuple(dict.fromkeys(s for s in seats if s is not None and s != self.bidder))

    def side(self) -> tuple[int, ...]:
        """The bidding side's seats (the bidder first)."""
        return (self.bidder, *self.partners())

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The contract as ``seat`` knows it (everything when ``seat`` is None).

        Rule ``chiamata.info.secret-partner``: the partner and whether the
        bidder is alone are shown only to the omniscient view, to the holder
        of the called card (the partner, or the bidder playing alone), and
        to everyone once the called card has been revealed; otherwise they
        are ``null``.
        """
        knows = seat is None or self.revealed or (self.called is not None and seat == self.partner)
        if not knows and seat == self.bidder and self.called is not None:
            # the bidder knows he does not hold the card, not who does
            partner, alone = None, False
        elif knows and self.called is not None:
            partner, alone = (None if self.partner == self.bidder else self.partner), self.alone
        else:
            partner, alone = None, None
        out = {
            "bidder": self.bidder,
            "rank": self.rank,
            "target": self.target,
            "called": self.called,
            "partner": partner,
            "alone": alone,
            "revealed": self.revealed,
        }
        if self.second is not None:
            out.update(self._second_json(seat, knows))
        if self.monte:
            # chiamata.call.monte: how many were laid down is public, which only to the bidder
            sees = seat is None or seat == self.bidder
            out.update(
                monte=self.monte,
                discards=list(self.discards) if sees else None,
                discarded=len(self.discards),
                own_call=self.own_call if sees or self.own_call == "show" else None,
            )
        return out

    def _second_json(self, seat: int | None, knows_first: bool) -> dict[str, Any]:
        """``chiamata.call.two-cards``: the second card's holder, as ``seat``
        knows it (the same rule as the first's); whether the bidder is alone
        is known only to one who knows both holders, and the bidder who
        does not knows he is not."""
        knows = seat is None or self.second_revealed or seat == self.second_partner
        partner = (None if self.second_partner == self.bidder else self.second_partner) if knows else None
        if knows and knows_first:
            alone = self.alone
        else:
            alone = False if seat == self.bidder else None
        return {"second": self.second, "second_partner": partner, "second_revealed": self.second_revealed,
                "alone": alone}
