"""The rule-spec schema: what a variant file may say.

Every model is frozen and forbids unknown fields, so a typo in a variant file
is an error, not a silently ignored key. Every optional rule found in the
sources is a typed field with a default; a house rule is an override of one
of these fields, never code. Field docstrings become the descriptions of the
exported JSON Schema (``regola schema``) and of the generated rules pages.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from .bidding import Bidding, Calling, ContractScoring, check_bidding
from .counting import Counting, check_counting
from .fishing import Capture, RedealTrigger, ScopaScoring, check_fishing
from .seating import Seating


class Model(BaseModel):
    """Base for every spec model: frozen, no unknown fields, documented."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


# --- deck -----------------------------------------------------------------


class Rank(Model):
    """One face of the deck (Ace, Two, ..., King)."""

    id: str = Field(pattern=r"^[A-Za-z0-9]{1,2}$")
    """Rank id, the first part of a card id (`A`, `7`, `J`, `H`, `K`...)."""
    name: str
    """English name of the face."""
    names: dict[str, str] = {}
    """Names in other languages, by language code (`it`, `es`, `pt`, `mt`, `fr`)."""
    italian: str
    """The Italian face this one stands for (a rank id of the Italian deck), so
    an engine using another deck can be read in Italian terms."""
    points: int = Field(default=0, ge=0)
    """Card points this face is worth in the trick games (in 1/`counting.unit` of a point)."""
    value: int | None = Field(default=None, ge=1)
    """Capture value in the fishing games: A 1, 2-7 face value, Jack 8,
    Horse 9, King 10 (rule `scopa.deck.values`)."""


class Suit(Model):
    """One suit of the deck."""

    id: str = Field(pattern=r"^[a-z]$")
    """Suit id, the last character of a card id (`d`, `c`, `s`, `b`...)."""
    name: str
    """English name of the suit."""
    names: dict[str, str] = {}
    """Names in other languages, by language code."""
    italian: str
    """The Italian suit this one stands for (`d` coins, `c` cups, `s` swords,
    `b` batons)."""


class Deck(Model):
    """The pack: suits, faces, their strength, their points, removed cards."""

    name: str
    """Name of the pack (`italian-40`, `spanish-40`, `french-40`...)."""
    suits: tuple[Suit, ...] = Field(min_length=1)
    """The suits, in canonical order (this order sorts hands and legal actions)."""
    ranks: tuple[Rank, ...] = Field(min_length=1)
    """The faces, in canonical order (this order sorts hands and legal actions)."""
    strength: tuple[str, ...]
    """Rank ids from strongest to weakest: a card beats a card of the same
    suit that comes later in this list (rule `briscola.trick.winner`)."""
    removed: tuple[str, ...] = ()
    """Card ids taken out of the pack before play (for example one 2 with
    three players, all 2s with six)."""
    total_points: int
    """The card points the pack must add up to (120 in Briscola; 32 thirds in Tressette)."""

    @model_validator(mode="after")
    def _known_ids(self) -> Deck:
        rank_ids = [r.id for r in self.ranks]
        suit_ids = [s.id for s in self.suits]
        for label, ids in (("ranks", rank_ids), ("suits", suit_ids)):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"deck.{label}: duplicated id(s) {dupes}")
        unknown = [r for r in self.strength if r not in rank_ids]
        if unknown:
            raise ValueError(
                f"deck.strength names unknown rank id(s) {unknown}; "
                f"the deck's ranks are {rank_ids}"
            )
        twice = sorted({c for c in self.removed if self.removed.count(c) > 1})
        if twice:
            raise ValueError(f"deck.removed names card(s) {twice} more than once")
        every = {r + s for s in suit_ids for r in rank_ids}
        bad = [c for c in self.removed if c not in every]
        if bad:
            raise ValueError(
                f"deck.removed names card(s) {bad} that are not in the pack "
                f"(a card id is a rank id followed by a suit id, e.g. "
                f"{rank_ids[0]}{suit_ids[0]})"
            )
        return self

    def cards(self) -> tuple[str, ...]:
        """Card ids in play, in canonical order (suit by suit, face by face)."""
        removed = set(self.removed)
        return tuple(r.id + s.id for s in self.suits for r in self.ranks if r.id + s.id not in removed)

    def rank(self, rank_id: str) -> Rank:
        """The rank with this id."""
        for r in self.ranks:
            if r.id == rank_id:
                return r
        raise KeyError(rank_id)


# --- deal -----------------------------------------------------------------


class Deal(Model):
    """How a deck order becomes hands, trump indicator and stock."""

    hand_size: int = Field(default=3, ge=1)
    """Cards in each hand after the deal and after every draw."""
    packets: tuple[int, ...] = (1, 1, 1)
    """Packet sizes of the deal: each round gives every player, starting with
    the seat after the dealer, one packet. `[1, 1, 1]` deals one at a time,
    `[3]` three at once. They must add up to `hand_size`."""
    indicator: Literal["after-deal", "bottom", "before-deal", "none", "after-bids"] = (
        "after-deal"
    )
    """Which card is turned up to fix trumps: the next card after the deal,
    the bottom card of the deck, the top card before dealing, or none (no
    trump suit) (rule `briscola.deal.indicator`). `after-bids`: the next
    card after the deal is turned only once the bids are over (Albastini,
    rule `albastini.bid.turn-indicator`)."""
    rebury_indicator: tuple[str, ...] = ()
    """Rank ids that may not stay as indicator: such a card is put back in
    the middle of the stock and the next card is turned instead (P-BRI
    optional rule: `["A", "3"]`) (rule `briscola.deal.rebury`)."""
    table_packets: tuple[int, ...] = ()
    """Fishing games: cards dealt face up to the table after each round of
    `packets` (Scopa `[0, 0, 4]`: four after the hands; Scopone `[2, 2, 0]`)
    (rule `scopa.deal.table`)."""
    refill: bool = False
    """Fishing games: when every hand is empty and cards remain, the dealer
    deals everyone a new hand the same way, with no table cards (rule
    `scopa.deal.refill`)."""
    redeal: tuple[RedealTrigger, ...] = ()
    """Fishing games: table cards that void the deal (Scopa: 3 or more
    Kings) (rule `scopa.deal.redeal`)."""
    last_deal: Literal["full", "rest"] = "full"
    """Fishing games: `full`: every new hand is of `hand_size`. `rest`: when
    the stock holds fewer cards than two full deals, the next deal is the
    last and shares all of it out equally, one card at a time (Scopa Corse
    for two, P-SCO: hands of 3, 3, 3, 3 and 4) (rule `scopa.deal.last-deal`)."""

    @model_validator(mode="after")
    def _packets_fill_hand(self) -> Deal:
        if sum(self.packets) != self.hand_size or min(self.packets, default=0) < 1:
            raise ValueError(
                f"deal.packets {list(self.packets)} must be positive and add "
                f"up to deal.hand_size {self.hand_size}"
            )
        return self


# --- play -----------------------------------------------------------------


class Play(Model):
    """Playing to tricks."""

    kind: Literal["tricks", "fishing"] = "tricks"
    """The kind of play: tricks (one card from each player, one winner), or
    fishing (each card played captures table cards or stays there: Scopa)."""
    follow_suit: Literal["free", "must-follow"] = "free"
    """`free`: any card may be played (Briscola, P-BRI). `must-follow`: a
    player holding the suit led must play it (rule `briscola.play.follow-suit`)."""
    first_lead: Literal["after-dealer", "before-dealer", "bidder"] = "after-dealer"
    """Who leads to the first trick: the seat after the dealer (dealer's
    right, most sources) or the seat before him (the cutter, W-BIS)
    (rule `briscola.play.first-lead`); `bidder`: the winner of the auction
    (seeds/004, P-CHI col Monte) (rule `chiamata.play.bidder-leads`)."""


class Draw(Model):
    """Drawing from the stock after each trick."""

    enabled: bool = True
    """Whether players draw back up to a full hand after each trick, the
    trick winner first and then in seat order (rule `briscola.draw.order`)."""
    take_indicator: bool = True
    """Whether the face-up indicator is drawn as the last card of the stock;
    `false`: it stays on the table to the end and counts for nobody
    (Albastini for five, P-ALB) (rule `albastini.draw.indicator-stays`)."""
    shown: bool = False
    """Whether each player shows the card he draws to everyone: it stays known
    to all until he plays it (Tressette for two) (rule `tressette.draw.shown`)."""


class Exchange(Model):
    """Exchanging a trump from hand for the face-up indicator."""

    card: Literal["none", "two", "seven", "seven-or-two"] = "none"
    """Which trump may be exchanged for the indicator: none (P-BRI), the 2,
    the 7, or the 7 when the indicator ranks above the 7 and the 2 when it
    ranks at or below it (W-BCA) (rule `briscola.exchange.card`)."""
    window: Literal["before-first-trick", "while-stock"] = "while-stock"
    """When: on one's own turn in the first trick only, or on one's own turn
    while face-down cards remain in the stock (rule `briscola.exchange.window`)."""
    requires_trick_won: bool = False
    """Whether the player must already have won a trick (W-BCA, old W-BRI)
    (rule `briscola.exchange.after-win`)."""


class Information(Model):
    """What each seat may see."""

    open_hands: bool = False
    """Every hand is face up on the table (Briscola Scoperta) (rule
    `briscola.info.open-hands`)."""
    stock_top_visible: bool = False
    """The top card of the stock is face up (Briscola Scoperta)."""
    partner_view: Literal[
        "never", "before-first-trick", "stock-exhausted", "before-first-lead", "captain-stock-exhausted"
    ] = "never"
    """When partners see each other's hands: never; from the deal until the first trick is complete; or from the
    moment the stock is exhausted to the end of the hand (rule `briscola.info.partner-view`); or once, from the
    moment trumps are turned until the first card is played (Albastini, P-ALB, rule `albastini.info.team-look`);
    `captain-stock-exhausted`: once the stock is exhausted, each team's captain (its first seat in `seating.teams`)
    alone sees one partner's hand, the next partner in play order (Schembil, P-BRI, `briscola.info.captain-view`)."""


# --- scoring and match ----------------------------------------------------


class Tier(Model):
    """One row of a game-point table."""

    min_points: int = Field(ge=0)
    """The winner's card points needed for this row."""
    game_points: int = Field(ge=1)
    """Game points the winning side scores."""


class HandScoring(Model):
    """Who wins a hand, and what it is worth."""

    kind: Literal["card-points", "scopa", "contract", "count"] = "card-points"
    """`card-points`: the side with strictly the most card points wins the hand. `scopa`: every side scores the
    Scopa categories of `scopa`. `contract`: the auction's winner and his partner need the contract's target, and
    every player is paid by the table of `contract` (rules `chiamata.score.*`). `count`: every side scores the
    whole points it counted by the ruleset's `counting` (Tressette, rules `tressette.score.*`)."""
    tie: Literal["draw", "replay", "last-trick", "more-cards"] = "draw"
    """When sides tie for most points: a draw (P-BRI); the hand is void and
    the same dealer deals again (spazioinwind, seeds); the winner of the last
    trick wins; the side that took more cards wins (W-BCA)
    (rule `briscola.score.tie`)."""
    game_points: tuple[Tier, ...] = (Tier(min_points=0, game_points=1),)
    """Game points for the winner, by the winner's card points: the last row
    whose `min_points` the winner reached applies (the first row when he
    reached none, as a plurality winner or a tiebreak winner may)."""
    scopa: ScopaScoring = ScopaScoring()
    """The categories scored with `kind = scopa` (rules `scopa.score.*`)."""
    contract: ContractScoring = ContractScoring()
    """The payoffs with `kind = contract` (rules `chiamata.score.*`)."""
    double_below: int = Field(default=0, ge=0)
    """When above 0, the winner's game points are doubled if any other side
    took fewer card points than this (Albastini's mrithi: 10 for
    individuals, 20 for teams of two, 30 for teams of three, P-ALB)
    (rule `albastini.score.victory-points`)."""

    @model_validator(mode="after")
    def _tiers_ascend(self) -> HandScoring:
        mins = [t.min_points for t in self.game_points]
        if not mins or mins != sorted(set(mins)):
            raise ValueError(
                "hand_scoring.game_points must be a non-empty list with "
                "strictly increasing min_points"
            )
        return self


class Match(Model):
    """How hands make a match."""

    kind: Literal[
        "single", "best-of", "first-to-wins", "first-to-card-points", "first-to-points",
        "deals",
    ] = "single"
    """`single`: one hand, won or drawn (a void hand is dealt again). `best-of`: best of `target` hands, that is
    first to `target // 2 + 1` game points. `first-to-wins`: first to
    `target` game points. `first-to-card-points`: first to `target` card
    points added over hands (rule `briscola.match.end`). `first-to-points`:
    first to `target` points scored over hands (Scopa); when several sides
    reach it in the same hand the highest total wins, and while the highest
    totals are equal play goes on (rule `scopa.match.end`); the game points
    of a contract hand are the payoffs, so a Chiamata match to 11 is one too
    (rule `chiamata.match.end`). `deals`: `target` hands are played (hands
    dealt again after everyone passed do not count), the highest total wins,
    and while the highest totals are equal one more hand is played (P-CHI,
    `chiamata.match.end`; Bixkla, seed 004: hands won, `briscola.match.end`)."""
    target: int = Field(default=1, ge=1)
    """The number of hands, game points or card points the kind refers to."""
    next_dealer: Literal["next-seat", "winner"] = "next-seat"
    """Who deals the next hand: the next seat in order (P-BRI, P-CHI), or
    the winner of the hand, a winning team's next member in seat order, and
    after a tied hand the same dealer (Albastini, P-ALB) (rules
    `briscola.match.next-dealer`, `albastini.match.winner-deals`)."""


# --- the ruleset ----------------------------------------------------------


class Ruleset(Model):
    """One variant, fully resolved: everything the interpreter reads."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    """Variant id (`briscola-2`), the file name without `.toml`."""
    name: str
    """Human name of the variant."""
    family: Literal["briscola", "scopa"] = "briscola"
    """The family whose rule catalogue applies."""
    summary: str
    """One paragraph describing the variant, in our own words."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Source keys (see the sources page) the variant is taken from."""
    deck: Deck
    seating: Seating
    deal: Deal = Deal()
    play: Play = Play()
    draw: Draw = Draw()
    exchange: Exchange = Exchange()
    information: Information = Information()
    hand_scoring: HandScoring = HandScoring()
    match: Match = Match()
    capture: Capture = Capture()
    """Capture rules of the fishing games (rules `scopa.capture.*`)."""
    bidding: Bidding = Bidding()
    """The auction before play (rules `chiamata.bid.*`, `albastini.bid.*`)."""
    calling: Calling = Calling()
    """The call of trumps and partner after an auction (rules `chiamata.call.*`)."""
    counting: Annotated[Counting, AfterValidator(check_counting)] = Counting()

    @model_validator(mode="after")
    def _fishing_checks(self) -> Ruleset:
        check_fishing(self)
        return self

    @model_validator(mode="after")
    def _bidding_checks(self) -> Ruleset:
        check_bidding(self)
        return self

    @model_validator(mode="after")
    def _cross_checks(self) -> Ruleset:
        ranks = {r.id for r in self.deck.ranks}
        bad = [r for r in self.deal.rebury_indicator if r not in ranks]
        if bad:
            raise ValueError(f"deal.rebury_indicator names unknown rank id(s) {bad}")
        if self.information.partner_view != "never" and not self.seating.teams:
            raise ValueError(
                "information.partner_view needs partnerships (seating.teams)"
            )
        if self.exchange.card != "none" and self.deal.indicator == "none":
            raise ValueError("exchange.card needs a trump indicator (deal.indicator)")
        return self
