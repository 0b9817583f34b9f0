"""A player to move always has a legal card, following suit and bars included.

Rules ``briscola.play.free`` (any card in hand), ``briscola.play.follow-suit``
(a player holding the suit led must play it) and
``chiamata.play.blind-first-trick`` (a face nobody but the bidder playing last
may play to the dark first trick, and how such a barred card stands against
following suit: ``calling.blind_barred_follow``).

Outside the dark first trick every card in hand is unbarred, so a non-empty
hand always holds a legal card: one of the suit led if it has any, any card
otherwise. In the dark trick the claim is encoded for z3 over a symbolic full
hand (``deal.hand_size`` distinct cards of the pack, as everyone holds before
the first card of the hand is played) and a symbolic card led (any unbarred
card of the pack outside that hand), or no card led when the player leads:
some card of the hand must be legal by the rules above.
"""

from __future__ import annotations

import z3

from ..schema import Ruleset
from .core import Verdict, failed, find_violation, invariant, not_applicable, proved, truth, value
from .facts import Pack, option, plays_tricks
from .tricks import card_facts

PLAYABLE_READS = ("deck", "seating", "deal.hand_size", "play.kind", "play.follow_suit", "calling")


@invariant(
    "trick.always-playable",
    "A player to move always holds a card he may play, whatever the duty to "
    "follow suit and the cards barred from the dark first trick.",
    PLAYABLE_READS,
)
def always_playable(ruleset: Ruleset) -> Verdict:
    """``briscola.play.free`` / ``briscola.play.follow-suit`` /
    ``chiamata.play.blind-first-trick``: some card of every hand a player
    may hold when it is his turn is legal."""
    if not plays_tricks(ruleset):
        return not_applicable("no tricks are played")
    barred = option(ruleset, "calling.blind_barred_rank")
    follow = option(ruleset, "play.follow_suit", "free") == "must-follow"
    if barred is None:
        if follow:
            return proved("a hand holding the suit led may play it, and one without it any card")
        return proved("every card in hand may be played")
    return _dark_trick(ruleset, barred, follow)


def _dark_trick(ruleset: Ruleset, barred: str, follow: bool) -> Verdict:
    pack = Pack(ruleset)
    size = ruleset.deal.hand_size
    if size + 1 > pack.size:
        return failed(f"a hand of {size} cards and a card led cannot both come from {pack.size} cards")
    bar = pack.ranks.index(barred)
    oblige = option(ruleset, "calling.blind_barred_follow", "exempt") == "oblige"
    suits = [z3.Int(f"hand_suit_{i}") for i in range(size)]
    ranks = [z3.Int(f"hand_rank_{i}") for i in range(size)]
    led_suit, led_rank = z3.Ints("led_suit led_rank")
    leads = z3.Bool("player_leads")
    facts: list[z3.BoolRef] = []
    for s, r in zip(suits, ranks):
        facts += card_facts(pack, s, r)
    facts += card_facts(pack, led_suit, led_rank)
    keys = [s * len(pack.ranks) + r for s, r in zip(suits, ranks)]
    led_key = led_suit * len(pack.ranks) + led_rank
    facts += [keys[i] < keys[i + 1] for i in range(size - 1)]
    # the card led is some other card, and a legal one: never the barred face
    facts += [z3.Or(leads, z3.And(led_rank != bar, *[k != led_key for k in keys]))]
    is_barred = [r == bar for r in ranks]
    of_led = [z3.And(z3.Not(leads), s == led_suit) for s in suits]
    counts = [z3.BoolVal(True) if oblige else z3.Not(b) for b in is_barred]
    holds_led = z3.Or([z3.And(o, c) for o, c in zip(of_led, counts)])
    # legal: not barred, and of the suit led unless the hand holds none that counts
    legal = [
        z3.And(z3.Not(b), z3.Or(z3.BoolVal(not follow), o, z3.Not(holds_led)))
        for b, o in zip(is_barred, of_led)
    ]
    canonical = [leads, led_suit, led_rank, *[x for pair in zip(suits, ranks) for x in pair]]
    model = find_violation(facts, z3.Or(legal), canonical)
    if model is None:
        how = ", following suit where it must," if follow else ""
        return proved(f"every first-trick hand of {size} holds an unbarred card it may play{how} whatever is led")
    hand = [pack.card_id(value(model, r), value(model, s)) for s, r in zip(suits, ranks)]
    of_face = sum(1 for c in pack.cards if c.rank == bar)
    if all(truth(model, b) for b in is_barred):
        return failed(
            f"a hand of {size} cards can be all {barred}s ({of_face} are in play), and no {barred} may be played "
            f"to the dark first trick (calling.blind_barred_rank), so its holder could not play"
        )
    led = pack.card_id(value(model, led_rank), value(model, led_suit))
    suit = pack.suit_names[value(model, led_suit)]
    kept = [c for c in hand if c[-1] == led[-1]]
    return failed(
        f"with play.follow_suit = must-follow and calling.blind_barred_follow = oblige, when {led} is led to "
        f"the dark first trick a hand of {' '.join(hand)} holds {suit} only in the barred {' '.join(kept)}: it "
        f"must follow {suit} with a card that is not a {barred}, has none, and may play no other suit while "
        f"it holds {suit}, so its holder could not play"
    )
