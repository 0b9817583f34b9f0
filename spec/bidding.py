"""Spec components of the bidding and calling games (Briscola Chiamata, Albastini).

These models are part of the schema (`.schema` imports them); they live
here so the auction, the call and the contract payoffs read in one place. A
variant without an auction never sets them and keeps their defaults. Field
docstrings become the descriptions of the exported JSON Schema and of the
generated rules pages; source keys refer to the sources table of the rules
notes (§2 Briscola Chiamata, §4 Albastini, §7 rows 12-20 and 33).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Model(BaseModel):
    # The same settings as schema.Model (importing it would be circular).
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


# --- the auction ----------------------------------------------------------


class Bidding(_Model):
    """The auction (or, in Albastini, the trump guess) that comes before play."""

    kind: Literal["none", "rank-auction", "points-auction", "low-card", "trump-guess"] = "none"
    """`none`: no bidding (trumps come from the indicator). `rank-auction`:
    bids name a face, a weaker face is a higher bid, and after the weakest
    face (the Two) bids become point targets (P-CHI; rules
    `chiamata.bid.face`, `chiamata.bid.lower-rank`, `chiamata.bid.after-two`). `points-auction`:
    bids are point targets only (P-CHI variants, W-BRI, seeds/004; rule
    `chiamata.bid.points`). `low-card`: each player names a face once or
    passes, the weakest face named wins (seeds/004; rules
    `chiamata.bid.face`, `chiamata.bid.single-round`). `trump-guess`: Albastini's bid, a card
    offered face up to be exchanged if its suit turns out to be trumps
    (P-ALB; rules `albastini.bid.*`)."""
    first_speaker: Literal["after-dealer", "before-dealer"] = "after-dealer"
    """Who speaks first: the seat after the dealer (the dealer's right:
    P-CHI, TIM, P-ALB) or the seat before him (cavallore, cpusonicatt)
    (rule `chiamata.bid.turn`)."""
    order: Literal["play", "reverse"] = "play"
    """Which way the bidding goes round: in the order of play, as every
    source but one has it, or the other way (seeds/004: the bidding goes
    counter-clockwise from the dealer's right while the play goes
    clockwise, so its profile pairs `reverse` with `first_speaker =
    before-dealer` and `seating.direction = clockwise`) (rule
    `chiamata.bid.turn`)."""
    passes_final: bool = True
    """A player who passes may not bid again in this auction (P-CHI,
    seeds/004). `false`: a pass only skips one turn and the auction ends
    after every other player has passed in a row since the last bid
    (seeds/000) (rules `chiamata.bid.pass-final`, `chiamata.bid.end`)."""
    min_points: int = Field(default=61, ge=1)
    """The point target of a plain bid: a rank bid, a plain Two, and the
    lowest bid of a points auction (61 in every source)."""
    max_points: int = Field(default=120, ge=1)
    """The highest target that may be bid (120, all the card points)."""
    raise_rule: Literal["any-higher", "step"] = "any-higher"
    """How a point target is raised: to any higher total (P-CHI), or by
    exactly `raise_step` points (TIM: steps of 1 from 62; seeds/000
    briscalone: steps of 2, 63, 65...) (rules `chiamata.bid.after-two`,
    `chiamata.bid.points`)."""
    raise_step: int = Field(default=1, ge=1)
    """With `raise_rule = step`: the points each raise adds."""
    opening_two_ends: bool = False
    """In a rank auction, an opening bid of the weakest face (the Two) ends
    the auction at once: the others are shut out and the opener holds the
    Two at the plain target (IT-blackjack-baccarat: "Se il giocatore primo a
    chiamare chiede un due, gli altri giocatori sono tagliati fuori
    dall'asta") (rule `chiamata.bid.opening-two`)."""
    no_counters_redeal: bool = False
    """A player whose hand holds no card that counts points may, at his
    first turn to speak, show it and have the same dealer deal again (P-CHI
    col Monte) (rule `chiamata.bid.no-counters`)."""
    all_pass: Literal["redeal", "reopen"] = "redeal"
    """When every player passes without a bid: the same dealer deals again
    (P-CHI col Monte, the common rule), or the dealer asks each player in
    turn whether to reopen the auction at `min_points`, a reopening player
    holding that bid and the auction going on from him, the same dealer
    dealing again if nobody does (P-CHI Subito al Due) (rules
    `chiamata.bid.all-pass`, `chiamata.bid.reopen`)."""


# --- the call ---------------------------------------------------------------


class Calling(_Model):
    """How the auction's winner names trumps and, by a card, his partner."""

    kind: Literal["none", "suit", "card"] = "none"
    """`none`: no call. `suit`: the winner names a suit; the called card is
    that suit's card of the bid face (or of `rank`) (P-CHI, seeds/000). `card`:
    the winner names any card (P-CHI points-only bidding, W-BRI, seeds/004).
    Either way the called card's suit is trumps and its holder the secret
    partner (rules `chiamata.call.*`)."""
    rank: str | None = None
    """A face that is always called whatever the bid (Subito al Due: the
    Two, rule `chiamata.call.two`); empty: the face named in the bid."""
    when: Literal["before-play", "after-first-trick"] = "before-play"
    """When the call is made: as soon as the auction ends, or once every
    player has played to the first trick, which is then taken by the usual
    rule with the trumps just named (prima mano al buio: P-CHI, TIM, W-BCA,
    seeds/000) (rule `chiamata.call.after-first-trick`)."""
    lowest_not_held: bool = False
    """A winner whose called face is the weakest (the Two) and who holds that
    card in the suit he chooses may call instead the weakest card of that
    suit he does not hold (P-CHI) (rule `chiamata.call.lowest-not-held`)."""
    blind_barred_rank: str | None = None
    """With a call after the first trick: a face nobody may play to the first
    trick, except the bidder when he plays last to it (P-CHI prima mano al
    buio: the Two) (rule `chiamata.play.blind-first-trick`)."""
    two_cards_at: int | None = Field(default=None, ge=1)
    """With `calling.kind = card`: a contract of at least this many points
    lets the winner call two cards of one suit, that suit being trumps; the
    holder of each is his partner (W-BRI: a bid of 120). With two partners
    the defenders share the bidder's and the partners' payment equally
    (rules `chiamata.call.two-cards`, `chiamata.score.two-partners`)."""
    monte: bool = False
    """The cards left after the deal (the monte) lie face down until the
    call; then the auction's winner takes them unseen and discards as many,
    face down, never the called card. The discards count for the side that
    takes the last trick. A winner who then holds the called card either
    plays alone without a word or shows it and takes the player on his right
    as partner (P-CHI col Monte; rules `chiamata.call.monte`,
    `chiamata.call.own-card-shown`)."""
    blind_barred_follow: Literal["exempt", "oblige"] = "exempt"
    """How a barred card of the suit led stands against following suit
    (`play.follow_suit = must-follow`): `exempt`, it does not count, so a
    player whose only cards of the suit led are barred may play any other
    card (rule `chiamata.play.blind-first-trick`); `oblige`, it counts, so he
    must still follow with an unbarred card of that suit. `oblige` is the
    two rules read side by side with neither giving way: it can leave a
    player with no legal card, and `regola check` refuses it with
    must-follow (invariant `trick.always-playable`). No source settles the
    case (P-CHI has no duty to follow; TIM has no barred face)."""


# --- contract payoffs -------------------------------------------------------


class PayoffBand(_Model):
    """One row of the payoff table: what each player wins or loses for a
    contract whose target is at least `min_target`."""

    min_target: int = Field(ge=0)
    """The lowest contract target this row applies to."""
    bidder: int = Field(ge=0)
    """Won by the bidder when the contract is made, lost when it fails."""
    partner: int = Field(ge=0)
    """Won (lost) by the partner."""
    defender: int = Field(ge=0)
    """Lost (won) by each defender."""
    alone_bidder: int = Field(ge=0)
    """Won (lost) by a bidder playing alone, having called his own card."""
    alone_defender: int = Field(ge=0)
    """Lost (won) by each player against a bidder playing alone."""


def _pchi_bands() -> tuple[PayoffBand, ...]:
    # P-CHI: 2/1/-1 up to 70, then +-4/+-2, +-6/+-3, +-8/+-4, +-10/+-5;
    # alone 4/-1, then 8/2, 12/3, 16/4, 20/5.
    rows = ((61, 2, 1, 1, 4, 1), (71, 4, 2, 2, 8, 2), (81, 6, 3, 3, 12, 3),
            (91, 8, 4, 4, 16, 4), (101, 10, 5, 5, 20, 5))
    return tuple(
        PayoffBand(min_target=t, bidder=b, partner=p, defender=d, alone_bidder=ab, alone_defender=ad)
        for t, b, p, d, ab, ad in rows
    )


class ContractScoring(_Model):
    """How a contract hand is paid (with `hand_scoring.kind = contract`)."""

    bands: tuple[PayoffBand, ...] = Field(default_factory=_pchi_bands, min_length=1)
    """The payoff table by contract target: the last row whose `min_target`
    the target reaches applies. Default: P-CHI's escalating table; a single
    row 2/1/1, alone 4/1 is the flat scheme of W-BRI, TIM, seeds/000 and
    seeds/004 (rules `chiamata.score.payoff`, `chiamata.score.alone`)."""
    double_on: Literal["none", "all-tricks", "all-points", "all-counting-cards"] = "all-tricks"
    """Every payment is multiplied by `double_factor` when one side takes
    every trick (P-CHI), all the card points (W-BRI), or every card that
    counts points (TIM); with the 40-card pack the last two coincide
    (rule `chiamata.score.cappotto`)."""
    double_factor: int = Field(default=2, ge=1)
    """The multiplier of a cappotto."""

    @model_validator(mode="after")
    def _bands_ascend(self) -> ContractScoring:
        mins = [b.min_target for b in self.bands]
        if mins != sorted(set(mins)):
            raise ValueError("hand_scoring.contract.bands must have strictly increasing min_target")
        return self


def check_bidding(ruleset: Any) -> None:
    """Cross-field checks of the bidding options. Raises ValueError naming the field."""
    bidding, calling = ruleset.bidding, ruleset.calling
    ranks = {r.id for r in ruleset.deck.ranks}
    contract = bidding.kind in ("rank-auction", "points-auction", "low-card")
    for name, value in (("calling.rank", calling.rank), ("calling.blind_barred_rank", calling.blind_barred_rank)):
        if value is not None and value not in ranks:
            raise ValueError(f"{name} names unknown rank id {value!r}; the deck's ranks are {sorted(ranks)}")
    removed = set(ruleset.deck.removed)
    if calling.rank is not None and all(calling.rank + s.id in removed for s in ruleset.deck.suits):
        raise ValueError(f"calling.rank {calling.rank!r}: every card of that face is taken out (deck.removed)")
    if bidding.min_points > bidding.max_points:
        raise ValueError("bidding.min_points must not exceed bidding.max_points")
    if contract:
        if calling.kind == "none":
            raise ValueError(f"bidding.kind = {bidding.kind} needs a call (calling.kind suit or card)")
        if calling.kind == "suit" and bidding.kind == "points-auction" and calling.rank is None:
            raise ValueError("a points auction with calling.kind = suit needs calling.rank (the face always called)")
        if calling.kind == "card" and bidding.kind != "points-auction":
            raise ValueError("calling.kind = card needs bidding.kind = points-auction (a rank bid fixes the face)")
        if ruleset.hand_scoring.kind != "contract":
            raise ValueError(f"bidding.kind = {bidding.kind} needs hand_scoring.kind = contract")
        if ruleset.deal.indicator != "none" or ruleset.draw.enabled:
            raise ValueError("an auction for trumps needs deal.indicator = none and draw.enabled = false")
        unused = [
            name
            for name, used in (
                ("deal.rebury_indicator", bool(ruleset.deal.rebury_indicator)),
                ("draw.take_indicator = false", not ruleset.draw.take_indicator),
                ("information.stock_top_visible", ruleset.information.stock_top_visible),
            )
            if used
        ]
        if unused:
            raise ValueError(f"{', '.join(unused)}: an auction game has no stock and no indicator")
        if ruleset.seating.teams:
            raise ValueError("an auction with a called partner needs seating.teams to be empty")
    else:
        if calling.kind != "none" or calling.when != "before-play" or calling.lowest_not_held:
            raise ValueError("calling options need an auction (bidding.kind rank-auction, points-auction or low-card)")
        if ruleset.hand_scoring.kind == "contract":
            raise ValueError("hand_scoring.kind = contract needs an auction")
        if ruleset.play.first_lead == "bidder":
            raise ValueError("play.first_lead = bidder needs an auction")
    if bidding.all_pass == "reopen" and bidding.kind != "points-auction":
        raise ValueError("bidding.all_pass = reopen needs bidding.kind = points-auction (it reopens at min_points)")
    if calling.two_cards_at is not None:
        _check_two_cards(ruleset)
    if calling.monte:
        left = len(ruleset.deck.cards()) - ruleset.seating.in_hand * ruleset.deal.hand_size
        if not contract or left < 1:
            raise ValueError(
                f"calling.monte needs an auction and cards left after the deal for the monte ({left} are left)"
            )
        if calling.when != "before-play" or calling.two_cards_at is not None:
            raise ValueError("calling.monte needs calling.when = before-play and one called card (no two_cards_at)")
    if ruleset.seating.sits_out == "dealer" and not contract:
        raise ValueError("seating.sits_out = dealer needs an auction for a contract (bidding.kind rank-auction, "
                         "points-auction or low-card)")
    if bidding.no_counters_redeal and not contract:
        raise ValueError(
            "bidding.no_counters_redeal needs an auction (bidding.kind rank-auction, points-auction or low-card)"
        )
    if bidding.opening_two_ends and bidding.kind != "rank-auction":
        raise ValueError("bidding.opening_two_ends needs bidding.kind = rank-auction (the Two is a face bid)")
    if calling.blind_barred_follow != "exempt" and calling.blind_barred_rank is None:
        raise ValueError(
            "calling.blind_barred_follow needs calling.blind_barred_rank (a face barred from the dark trick)"
        )
    if calling.blind_barred_rank is not None and calling.when != "after-first-trick":
        raise ValueError("calling.blind_barred_rank needs calling.when = after-first-trick")
    if bidding.kind == "trump-guess" and ruleset.deal.indicator != "after-bids":
        raise ValueError("bidding.kind = trump-guess needs deal.indicator = after-bids")
    if ruleset.deal.indicator == "after-bids" and bidding.kind != "trump-guess":
        raise ValueError("deal.indicator = after-bids needs bidding.kind = trump-guess")


def _check_two_cards(ruleset: Any) -> None:
    """``calling.two_cards_at``: a card call, a reachable target, and payments
    the defenders can share equally (``chiamata.score.two-partners``)."""
    calling, bidding = ruleset.calling, ruleset.bidding
    if calling.kind != "card":
        raise ValueError("calling.two_cards_at needs calling.kind = card (two cards are named, not a face)")
    if calling.two_cards_at > bidding.max_points:
        raise ValueError(
            f"calling.two_cards_at {calling.two_cards_at} is above bidding.max_points {bidding.max_points}"
        )
    defenders = ruleset.seating.in_hand - 3
    if defenders < 1:
        raise ValueError("calling.two_cards_at needs at least four players in a hand (two partners leave no defender)")
    bands = ruleset.hand_scoring.contract.bands
    for i, band in enumerate(bands):
        reach = i + 1 == len(bands) or bands[i + 1].min_target > calling.two_cards_at
        if reach and (band.bidder + 2 * band.partner) % defenders:
            raise ValueError(
                f"hand_scoring.contract.bands[{i}]: with two partners the {defenders} defenders share "
                f"{band.bidder} + 2 x {band.partner} = {band.bidder + 2 * band.partner}, which does not divide equally"
            )
