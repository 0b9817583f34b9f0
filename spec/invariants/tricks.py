"""Trick resolution: every possible trick has exactly one winner.

Rule ``briscola.trick.winner``: "If any trump was played, the strongest trump
wins the trick; otherwise the strongest card of the suit led wins. A card of
another suit that is not a trump never wins." A trick is encoded as symbolic
distinct cards of the pack (a suit index and a rank index each), one per
player, with any suit led and any trump suit or none; strength is the
``beats`` relation read from ``deck.strength``.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from ..schema import Ruleset
from .cards import beats_function
from .core import (
    Verdict,
    exactly_one,
    failed,
    find_violation,
    invariant,
    not_applicable,
    proved,
    truth,
    value,
)
from .facts import Pack, plays_tricks, trick_sizes


TRICK_READS = ("deck", "seating", "play.kind")


@dataclass(frozen=True)
class Trick:
    """A symbolic trick of ``size`` cards; card 0 is led."""

    size: int
    suits: list[z3.ArithRef]
    ranks: list[z3.ArithRef]
    trump: z3.ArithRef
    """A suit index, or the number of suits for "no trump suit"."""
    beats: z3.FuncDeclRef
    facts: list[z3.BoolRef]

    def is_trump(self, i: int) -> z3.BoolRef:
        return self.suits[i] == self.trump

    def candidates(self) -> list[z3.BoolRef]:
        """Card j can win: a trump if any trump was played, otherwise a card
        of the suit led."""
        trumped = z3.Or([self.is_trump(j) for j in range(self.size)])
        return [z3.If(trumped, self.is_trump(j), self.suits[j] == self.suits[0]) for j in range(self.size)]

    def wins(self, i: int, candidates: list[z3.BoolRef] | None = None) -> z3.BoolRef:
        """Card ``i`` wins by the rule text: among the trumps if any trump was
        played, otherwise among the cards of the suit led, it beats every other
        candidate."""
        can = candidates or self.candidates()
        others = [
            z3.Implies(can[j], self.beats(self.ranks[i], self.ranks[j])) for j in range(self.size) if j != i
        ]
        return z3.And(can[i], *others)


def card_facts(pack: Pack, suit: z3.ArithRef, rank: z3.ArithRef) -> list[z3.BoolRef]:
    """``suit`` and ``rank`` make a card of the pack in play."""
    facts = [z3.And(0 <= suit, suit < len(pack.suits)), z3.And(0 <= rank, rank < len(pack.ranks))]
    for card in pack.removed:
        ri, si = pack.ranks.index(card[:-1]), pack.suits.index(card[-1])
        facts.append(z3.Not(z3.And(rank == ri, suit == si)))
    return facts


def symbolic_trick(pack: Pack, strength: tuple[str, ...], size: int) -> Trick:
    """``size`` distinct cards of the pack in play, any trump suit or none.

    Who wins by the rule text does not depend on the order of the cards after
    the lead, so those are taken in increasing (suit, rank) order: one
    representative for every set of followers, which also makes them
    distinct."""
    suits = [z3.Int(f"suit_{i}") for i in range(size)]
    ranks = [z3.Int(f"rank_{i}") for i in range(size)]
    trump = z3.Int("trump")
    beats, facts = beats_function(pack, strength)
    facts.append(z3.And(0 <= trump, trump <= len(pack.suits)))
    for s, r in zip(suits, ranks):
        facts += card_facts(pack, s, r)
    key = [s * len(pack.ranks) + r for s, r in zip(suits, ranks)]
    facts += [key[i] < key[i + 1] for i in range(1, size - 1)]
    facts += [key[0] != key[i] for i in range(1, size)]
    if suits_alike(pack):
        # Renaming suits maps tricks onto tricks, so the suit led may be the
        # first suit, and trumps that suit, the second one, or none.
        facts += [suits[0] == 0, z3.Or(trump == 0, trump == min(1, len(pack.suits) - 1), trump == len(pack.suits))]
    return Trick(size, suits, ranks, trump, beats, facts)


def suits_alike(pack: Pack) -> bool:
    """Whether every suit has the same faces in play (the cards taken out are
    whole faces, or none), so that renaming the suits changes nothing."""
    faces = {c[:-1] for c in pack.removed}
    return all(f + s in pack.removed for f in faces for s in pack.suits)


def describe(pack: Pack, trick: Trick, model: z3.ModelRef) -> str:
    """``with coins as trumps, the trick 5c (led), 7c, 6c``."""
    trump = value(model, trick.trump)
    cards = [
        pack.card_id(value(model, r), value(model, s)) for s, r in zip(trick.suits, trick.ranks)
    ]
    trumps = f"with {pack.suit_names[trump]} as trumps" if trump < len(pack.suits) else "with no trump suit"
    return f"{trumps}, the trick {cards[0]} (led), {', '.join(cards[1:])}"


def _card(pack: Pack, trick: Trick, model: z3.ModelRef, i: int) -> str:
    return pack.card_id(value(model, trick.ranks[i]), value(model, trick.suits[i]))


@invariant(
    "trick.one-winner",
    "Every possible trick has exactly one winning card, and it is a trump or of the suit led.",
    TRICK_READS,
)
def one_winner(ruleset: Ruleset) -> Verdict:
    """``briscola.trick.winner`` for every trick size of the variant."""
    if not plays_tricks(ruleset):
        return not_applicable("no tricks are played")
    pack = Pack(ruleset)
    for size in trick_sizes(ruleset):
        if size > pack.size:
            return failed(f"a trick of {size} cards cannot be made from {pack.size} cards")
        trick = symbolic_trick(pack, ruleset.deck.strength, size)
        can = trick.candidates()
        wins = [trick.wins(i, can) for i in range(size)]
        good = [z3.Implies(w, z3.Or(trick.is_trump(i), trick.suits[i] == trick.suits[0])) for i, w in enumerate(wins)]
        model = find_violation(
            trick.facts, z3.And(exactly_one(wins), *good), [trick.trump, *trick.suits, *trick.ranks]
        )
        if model is None:
            continue
        winners = [_card(pack, trick, model, i) for i, w in enumerate(wins) if truth(model, w)]
        if not winners:
            what = "has no winning card: no candidate beats all the others by deck.strength"
        else:
            what = f"has {len(winners)} winning cards, {' and '.join(winners)}: deck.strength makes each beat the other"
        return failed(f"{describe(pack, trick, model)} {what}")
    sizes = " and ".join(map(str, trick_sizes(ruleset)))
    return proved(f"tricks of {sizes} cards, any lead, any trump suit or none")


@dataclass(frozen=True)
class Played:
    """A card of a symbolic trick: its suit and rank."""

    name: str
    suit: z3.ArithRef
    rank: z3.ArithRef

    @classmethod
    def new(cls, name: str) -> Played:
        return cls(name, z3.Int(f"{name}_suit"), z3.Int(f"{name}_rank"))

    def differs(self, other: Played) -> z3.BoolRef:
        return z3.Or(self.suit != other.suit, self.rank != other.rank)

    def pick(self, cond: z3.BoolRef, other: Played) -> Played:
        """This card if ``cond`` holds, else ``other``."""
        return Played(
            "kept", z3.If(cond, self.suit, other.suit), z3.If(cond, self.rank, other.rank)
        )


@invariant(
    "trick.as-played",
    "Resolving a trick card by card as the cards fall picks the rule's winner, "
    "whatever the number of cards.",
    TRICK_READS,
)
def as_played(ruleset: Ruleset) -> Verdict:
    """``briscola.trick.winner`` stated for all cards at once agrees with the
    way a trick is resolved while it is played: the best card so far is
    displaced by a stronger card of its suit, or by the first trump.

    Proved by induction on the cards played, for tricks of any size. The
    claim about a partly played trick: the card kept so far is a candidate
    (a trump if a trump has been played, else of the suit led) and beats
    every other candidate played so far. It holds for the lead alone (the
    base: the lead is of the suit led, and a trump exactly when that suit is
    trumps), and z3 proves the step: for any card kept ``best``, any other card
    ``other`` played before, and any next card ``next``, the claim holds
    again after ``next``. At the end of the trick, the card kept is then a
    winner by the rule text, and by ``trick.one-winner`` the only one."""
    if not plays_tricks(ruleset):
        return not_applicable("no tricks are played")
    pack = Pack(ruleset)
    beats, facts = beats_function(pack, ruleset.deck.strength)
    led, trump = z3.Ints("led trump")
    trumped = z3.Bool("trump_played_before")
    best, other, nxt = Played.new("best"), Played.new("other"), Played.new("next")
    facts += [z3.And(0 <= led, led < len(pack.suits)), z3.And(0 <= trump, trump <= len(pack.suits))]
    for card in (best, other, nxt):
        facts += card_facts(pack, card.suit, card.rank)
    facts += [best.differs(other), best.differs(nxt), other.differs(nxt)]

    def candidate(card: Played, trumps: z3.BoolRef) -> z3.BoolRef:
        return z3.If(trumps, card.suit == trump, card.suit == led)

    # what "played before" means: the lead's suit and any trump among them
    facts += [z3.Implies(s == trump, trumped) for s in (led, best.suit, other.suit)]
    facts += [candidate(best, trumped), z3.Implies(candidate(other, trumped), beats(best.rank, other.rank))]
    takes = z3.Or(
        z3.And(nxt.suit == best.suit, beats(nxt.rank, best.rank)),
        z3.And(nxt.suit == trump, best.suit != trump),
    )
    kept = nxt.pick(takes, best)
    after = z3.Or(trumped, nxt.suit == trump)
    claim = [candidate(kept, after)]
    for card in (best, other, nxt):
        same = z3.And(card.suit == kept.suit, card.rank == kept.rank)
        claim.append(z3.Implies(z3.And(z3.Not(same), candidate(card, after)), beats(kept.rank, card.rank)))
    canonical = [led, trump, trumped, best.suit, best.rank, other.suit, other.rank, nxt.suit, nxt.rank]
    model = find_violation(facts, z3.And(claim), canonical)
    if model is None:
        return proved("by induction on the cards played, for tricks of any size")
    def card(c: Played) -> str:
        return pack.card_id(value(model, c.rank), value(model, c.suit))

    t = value(model, trump)
    trumps = f"with {pack.suit_names[t]} as trumps" if t < len(pack.suits) else "with no trump suit"
    so_far = "a trump has" if truth(model, trumped) else "no trump has"
    if not truth(model, candidate(kept, after)):
        why = "which is neither a trump nor of the suit led"
    else:
        beaten = [
            card(c)
            for c in (best, other, nxt)
            if card(c) != card(kept)
            and truth(model, candidate(c, after))
            and not truth(model, beats(kept.rank, c.rank))
        ]
        why = f"which does not beat {' or '.join(beaten)} by deck.strength"
    return failed(
        f"{trumps}, {pack.suit_names[value(model, led)]} led and {so_far} been played: when "
        f"{card(best)} is the best card so far, {card(other)} has also been played and "
        f"{card(nxt)} comes next, resolving card by card keeps {card(kept)}, {why}"
    )
