"""Spec components of the fishing games (Scopa, Scopone).

These models are part of the schema (`.schema` imports them); they live
here so the fishing rules read in one place. A trick-game variant never sets
them and keeps their defaults. Field docstrings become the descriptions of
the exported JSON Schema and of the generated rules pages; the source keys in
them refer to the sources table of the rules notes.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    # The same settings as schema.Model (importing it would be circular).
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


# --- deal -----------------------------------------------------------------


class RedealTrigger(_Model):
    """A condition on the face-up table cards that voids a deal."""

    rank: str
    """Rank id counted among the table cards (`K`, `A`...)."""
    at_least: int = Field(ge=1)
    """The deal is void when at least this many table cards have that rank."""
    dealer: Literal["same", "next"] = "same"
    """Who deals again: the same dealer (3 Kings: P-SCO, P-SCN, W-SCO; 2 Aces
    in Cirulla: P-CIR, IT-wikipedia, PARLETT, IT-regoledelgioco) or the next
    one (2 Aces in Cirulla, W-SCO alone) (rule `scopa.deal.redeal`)."""


# --- capture --------------------------------------------------------------


class Capture(_Model):
    """How a played card captures table cards (the fishing games)."""

    compulsory: bool = True
    """A played card that can capture must capture (P-SCO, P-SCN, W-SCO);
    `false`: the player may lay it on the table instead (Scopa Corse) (rules
    `scopa.capture.compulsory`, `scopa.capture.optional`). Either way the
    player may choose which card to play."""
    priority: Literal["single-card", "free"] = "single-card"
    """`single-card`: a card that matches a table card of its value must take
    a single card, never a sum (P-SCO, P-SCN, W-SCO, TIM); `free`: any
    matching card or set may be chosen (Cirulla, W-SCO) (rules
    `scopa.capture.single-card-first`, `scopa.capture.free-choice`)."""
    ace_takes_all: Literal["none", "scopa", "no-scopa"] = "none"
    """An Ace played when no Ace lies on the table takes every table card:
    `scopa` counts that as a sweep (Asso piglia tutto, P-SCO), `no-scopa`
    does not (Scopa d'Assi, P-SCO, W-SCO, TIM). What an Ace may take while an
    Ace lies on the table is `ace_on_ace` (rule `scopa.capture.ace-takes-all`)."""
    ace_on_ace: Literal["only-ace", "as-usual"] = "only-ace"
    """With `ace_takes_all`: what an Ace played while an Ace lies on the
    table may take. `only-ace`: an Ace and nothing else (Asso piglia tutto
    and Scopa d'Assi, P-SCO, W-SCO, TIM); `as-usual`: whatever the usual
    captures allow, an Ace of equal value or, where fifteen is played, a set
    making 15 with it ("prende solo l'asso o eventuali somme": Cirulla,
    P-CIR, IT-altervista) (rules `scopa.capture.ace-takes-all`,
    `scopa.capture.ace-on-ace`)."""
    ace_on_empty_table: Literal["stays", "takes-itself"] = "stays"
    """With `ace_takes_all`: an Ace played to an empty table stays there
    (P-SCO), or is captured at once by its player, the table staying empty
    (some Scopa d'Assi players, P-SCO) (rule `scopa.capture.ace-takes-itself`)."""
    fifteen: Literal["none", "only", "also"] = "none"
    """Capturing by fifteen: `only`: a played card takes a set of one or
    more table cards that adds up with it to 15, and never by equal value
    (Scopa di Quindici, P-SCO's first version, W-SCO); `also`: either as
    usual or by fifteen (P-SCO's second version; Cirulla, W-SCO) (rule
    `scopa.capture.fifteen`)."""
    last_play_scopa: bool = False
    """Whether a sweep made by the very last card of the hand counts as a
    scopa: never (P-SCO, P-SCN, W-SCO), or it does (some players of 10-card
    Scopone, P-SCN) (rules `scopa.sweep.last-play`, `scopa.sweep.last-play-counts`)."""


# --- scoring --------------------------------------------------------------


PrimieraScale = Literal[
    "standard", "pictures-graded", "pictures-zero", "ace-five-and-a-half", "most-sevens",
    "lexicographic",
]

# Primiera values in half points, by Italian rank id (so 5½ and ½ are whole).
PRIMIERA_HALVES: dict[str, dict[str, int]] = {
    # 7=21 6=18 A=16 5=15 4=14 3=13 2=12, pictures 10 (P-SCO, W-SCO, FIGS)
    "standard": {"7": 42, "6": 36, "A": 32, "5": 30, "4": 28, "3": 26, "2": 24,
                 "K": 20, "H": 20, "J": 20},
    # as standard, pictures K 10, Horse 9, Jack 8 (P-SCN southern Italy)
    "pictures-graded": {"7": 42, "6": 36, "A": 32, "5": 30, "4": 28, "3": 26, "2": 24,
                        "K": 20, "H": 18, "J": 16},
    # as standard, pictures 0 (W-SCO, TIM)
    "pictures-zero": {"7": 42, "6": 36, "A": 32, "5": 30, "4": 28, "3": 26, "2": 24,
                      "K": 0, "H": 0, "J": 0},
    # 2-7 face value, Ace 5½, pictures ½ (P-SCO)
    "ace-five-and-a-half": {"7": 14, "6": 12, "A": 11, "5": 10, "4": 8, "3": 6, "2": 4,
                            "K": 1, "H": 1, "J": 1},
}

# The "most sevens" comparison: count of each face, compared in this order.
MOST_SEVENS_ORDER = ("7", "6", "5", "4", "3", "2", "A")

# The lexicographic ("semplice") primiera: faces from the best down (TIM);
# the Horse and the Queen are one Italian face, `H`.
LEXICOGRAPHIC_ORDER = ("7", "6", "A", "5", "4", "3", "2", "K", "H", "J")

# Primiera scales that compare faces rather than add values.
ORDER_SCALES = ("most-sevens", "lexicographic")


class Primiera(_Model):
    """The primiera (prime): the best card of each suit, compared between sides."""

    enabled: bool = True
    """Whether the primiera scores a point (rule `scopa.score.primiera`)."""
    scale: PrimieraScale = "standard"
    """How primes are valued. `standard`: 7=21 6=18 A=16 5=15 4=14 3=13 2=12,
    pictures 10 (P-SCO, W-SCO, FIGS). `pictures-graded`: the same with King
    10, Horse 9, Jack 8 (P-SCN). `pictures-zero`: pictures 0 (W-SCO, TIM).
    `ace-five-and-a-half`: 2-7 face value, Ace 5½, pictures ½ (P-SCO).
    `most-sevens`: most Sevens, then most Sixes, and so on down to the Aces,
    with no need for every suit (W-SCO). `lexicographic`: the "semplice"
    prime (TIM): each side's best card of every suit, sorted from the best
    down in the order 7 6 A 5 4 3 2 K H J, compared card by card (rule
    `scopa.score.primiera-lexicographic`)."""
    missing_suit: Literal["disqualifies", "more-suits-win"] = "disqualifies"
    """A side without a card of every suit: `disqualifies` it, so only
    four-suit primes compete (P-SCO, W-SCO, FIGS); `more-suits-win` ranks
    primes by the number of suits first and the total second, so a four-suit
    prime beats any three-suit prime (P-SCN's wording, also applied when no
    side holds all four suits)."""

    def halves(self) -> dict[str, int]:
        """The scale's values in half points, by Italian rank id (sum scales;
        the face-order scales rank faces as `standard` does)."""
        return PRIMIERA_HALVES.get(self.scale, PRIMIERA_HALVES["standard"])


class ScopaScoring(_Model):
    """The scoring categories of a Scopa hand. A category tied between the
    best sides scores for nobody (rule `scopa.score.tie`)."""

    cards: bool = True
    """One point for the most cards captured (rule `scopa.score.cards`)."""
    coins: bool = True
    """One point for the most coins captured (rule `scopa.score.coins`)."""
    settebello: bool = True
    """One point for the Seven of coins (rule `scopa.score.settebello`)."""
    primiera: Primiera = Primiera()
    """One point for the best prime (rule `scopa.score.primiera`)."""
    scopas: bool = True
    """One point for every sweep (rule `scopa.score.scopas`)."""
    re_bello: bool = False
    """One point for the King of coins (P-SCO, P-SCN, W-SCO) (rule
    `scopa.score.re-bello`)."""
    napola: bool = False
    """A side holding the Ace, Two and Three of coins scores one point per
    card of its unbroken run of coins from the Ace (P-SCO, TIM; the same as
    P-SCN's highest card of the run) (rule `scopa.score.napola`)."""
    napola_max: int = Field(default=10, ge=3, le=10)
    """The most the Napola may score: 6 (run capped at the Six) or 9 (at the
    Horse) for some players, P-SCO."""
    napoleone: bool = False
    """A side that captures all ten coins (the Napoleone, played with the
    Napola) wins the match at the end of that hand (P-SCO, P-SCN) (rule
    `scopa.score.napoleone`)."""
    grande: bool = False
    """A side holding the King, Horse and Jack of coins scores 5 points
    (Cirulla, W-SCO) (rule `scopa.score.grande`)."""
    hand_bonuses: bool = False
    """Cirulla's bonuses for a hand as dealt (W-SCO): three cards adding up
    to less than 10 score 3, three of a kind score 10, at every deal
    (rule `scopa.bonus.hand`)."""
    bonus_wildcard: str | None = None
    """A card id (Cirulla: the Seven of cups, the Genoese pack's Seven of
    hearts, `7c`) that may stand for any face, but only to make a hand
    bonus (W-SCO) (rule `scopa.bonus.wildcard`)."""
    table_bonus: bool = False
    """Cirulla's bonus for the dealer (W-SCO, P-CIR, PARLETT): four table
    cards adding up to 15 are his at once as one scopa, to 30 as two (rule
    `scopa.bonus.table`)."""
    table_wildcard: bool = False
    """With `table_bonus` and `bonus_wildcard`: the wildcard among the
    dealer's table cards stands for any capture value he likes, so the table
    is his whenever some value makes it 15 or 30 (PARLETT; W-SCO and P-CIR
    keep it to the hand bonuses) (rule `scopa.bonus.table-wildcard`)."""
    cappotto: int = Field(default=0, ge=0)
    """When above 0: a side that has this many points at the end of a hand
    while every other side has none wins the match (7 in some Italian
    cities, W-SCO) (rule `scopa.match.cappotto`)."""
    claims: bool = False
    """Chiamarsi fuori (P-SCO): on his turn a player may claim that his side
    has reached the target; a right claim wins the match at once, a wrong
    one loses it (rules `scopa.match.claim`, `scopa.match.claim-right`,
    `scopa.match.claim-wrong`)."""


# --- consistency of a fishing ruleset -------------------------------------


def check_fishing(ruleset: Any) -> None:
    """Cross-field checks of a ruleset whose play is `fishing` (and of the
    fishing-only options elsewhere). Raises ValueError naming the field."""
    deal = ruleset.deal
    ranks = {r.id for r in ruleset.deck.ranks}
    bad = sorted({t.rank for t in deal.redeal} - ranks)
    if bad:
        raise ValueError(f"deal.redeal names unknown rank id(s) {bad}")
    if len(deal.table_packets) > len(deal.packets) or any(t < 0 for t in deal.table_packets):
        raise ValueError(
            f"deal.table_packets {list(deal.table_packets)} gives the table cards "
            f"dealt after each round of deal.packets {list(deal.packets)}: at most "
            f"one non-negative number per round"
        )
    if ruleset.play.kind != "fishing":
        extras = [
            name
            for name, used in (
                ("family = scopa", ruleset.family == "scopa"),
                ("deal.table_packets", sum(deal.table_packets) > 0),
                ("deal.refill", deal.refill),
                ("deal.redeal", bool(deal.redeal)),
                ("deal.last_deal = rest", deal.last_deal == "rest"),
                ("hand_scoring.kind = scopa", ruleset.hand_scoring.kind == "scopa"),
            )
            if used
        ]
        if extras:
            raise ValueError(f"{', '.join(extras)} belong to the fishing games: they need play.kind = fishing")
        return
    problems = []
    if ruleset.family != "scopa":
        problems.append("family must be scopa")
    if ruleset.hand_scoring.kind != "scopa":
        problems.append("hand_scoring.kind must be scopa")
    if deal.indicator != "none":
        problems.append("deal.indicator must be none (no trumps)")
    if ruleset.draw.enabled:
        problems.append("draw.enabled must be false (new hands come from deal.refill)")
    if ruleset.exchange.card != "none":
        problems.append("exchange.card must be none")
    if ruleset.match.kind not in ("single", "first-to-points"):
        problems.append("match.kind must be single or first-to-points")
    if getattr(ruleset.match, "next_dealer", "next-seat") != "next-seat":
        problems.append("match.next_dealer must be next-seat (the deal passes round)")
    for part in ("bidding", "calling"):
        if getattr(getattr(ruleset, part, None), "kind", "none") != "none":
            problems.append(f"{part}.kind must be none (there is no auction)")
    missing = [r.id for r in ruleset.deck.ranks if r.value is None]
    if missing:
        problems.append(f"every rank needs a capture value (deck.ranks value); missing for {missing}")
    italian = {r.italian for r in ruleset.deck.ranks}
    opts = ruleset.hand_scoring.scopa
    wild = opts.bonus_wildcard
    if wild is not None and wild not in ruleset.deck.cards():
        problems.append(f"hand_scoring.scopa.bonus_wildcard {wild!r} is not a card of the pack")
    if wild is not None and not opts.hand_bonuses:
        problems.append("hand_scoring.scopa.bonus_wildcard needs hand_scoring.scopa.hand_bonuses")
    if opts.table_wildcard and (wild is None or not opts.table_bonus):
        problems.append("hand_scoring.scopa.table_wildcard needs hand_scoring.scopa.table_bonus and a bonus_wildcard")
    if opts.claims and ruleset.match.kind != "first-to-points":
        problems.append("hand_scoring.scopa.claims needs match.kind = first-to-points (a target to claim)")
    if opts.primiera.scale not in ORDER_SCALES:
        unknown = sorted(italian - set(PRIMIERA_HALVES["standard"]))
        if unknown:
            problems.append(f"the primiera scale has no value for Italian rank(s) {unknown}")
    if problems:
        raise ValueError("a fishing game (play.kind = fishing): " + "; ".join(problems))
