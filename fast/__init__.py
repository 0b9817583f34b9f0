"""regola.fast: a second implementation of play, written for speed.

The reference (`regola.reference`) is the one that defines the rules: slow,
immutable, obviously correct. This core plays the same rules for those who
need many games: the RL environments (`regola.envs`) and fuzzing
(`regola fuzz --partner fast`). It is proved equal to the reference the way
any engine is: it passes ``regola conform --engine fast`` on the whole
corpus, and random games in lockstep (``regola fuzz --engine fast``; by
the hundred thousand, both side by side in one process:
``benchmarks/fuzz_fast.py``). ``docs/engines/fast.md`` tells the story;
this docstring is the interface.

Interface
---------

A match is one mutable object; every call changes it in place::

    from regola.fast import IllegalAction, new_match
    from regola.spec import load

    match = new_match(load("briscola-2"))        # before the first shuffle: seat 0 deals
    match = new_match(ruleset, deck)             # ...and the first hand dealt from deck
    match.shuffle(deck)                          # the chance step: card ids (or ints), top card first
    match.shuffle_random(rng)                    # the same order regola.reference.shuffled_deck(ruleset, rng) draws
    match.phase                                  # "shuffle", "bid", "call", "discard", "play", "over"
    match.is_chance, match.is_over               # between hands / the match has ended
    match.to_move                                # the seat to act (None between hands and at the end)
    match.legal()                                # list of moves, in the reference's canonical order
    match.apply(move)                            # a move (or an action dict); IllegalAction as the reference
    match.view(seat=None)                        # == regola.reference.view(state, seat), key for key
    match.copy()                                 # an independent copy (search, OpenSpiel's clone)
    match.action(move)                           # a move as the reference's JSON action
    match.move(action)                           # the move of a JSON action (IllegalAction if malformed)
    match.playout(rng, seat=None, hands=1)       # random moves inside the core (legal[int(rng.random() * n)])
    match.to_reference()                         # the same match as a regola.reference state (slow: checks)
    from_reference(state)                        # ...and back: a fast match from a reference state

``playout`` plays until ``seat`` is to move or ``hands`` hands have been
scored (None: the whole match), dealing each new hand with
``shuffle_random``: the very game a loop of ``legal()`` and ``apply`` plays
with the same draws (a random opponent, a rollout); a plain trick hand is
played by one inlined loop (`regola.fast.tricks.playout`).

``legal()`` and ``apply`` agree with `regola.reference.legal_actions` and
`regola.reference.apply` move for move; ``apply`` refuses what the
reference refuses, with the same ``rule_id`` (`IllegalAction` is the
reference's class). ``legal()`` returns a new list the caller may keep.

Moves are plain ints in play, so a step allocates nothing and a move is a
dict key or an array index (`regola.fast.moves`):

- cards are ints: ``match.cards[c]`` is the id of card ``c``, in the
  canonical order of ``ruleset.deck.cards()`` (the order of the envs'
  ``play`` block);
- trick games: ``c`` plays card ``c``; ``EXCHANGE | c`` swaps trump ``c``
  for the indicator (``briscola.exchange.*``);
- fishing games: ``c`` lays card ``c`` on the table; ``CAPTURE | c |
  (mask << TAKE_SHIFT)`` plays ``c`` taking the table cards of ``mask``
  (bit ``k`` for card ``k``; ``mask`` 0 is an Ace taking only itself);
  ``CLAIM`` claims the match (``scopa.match.claim``);
- the phases before play (an auction, a call, a trump guess, the monte's
  discards) are delegated to the reference, whose action objects are the
  moves there (``match.action(move)`` turns any move into JSON).

What a seat may see is ``view(seat)``. For encoders that read the state
directly, these fields are public (read them, never change them):
``ruleset``, ``cards``, ``players``, ``sides``, ``side_of``, ``dealer``,
``hand_number``, ``hands`` (per seat, a sorted list of card ints), and the
match so far: ``totals`` (per side: game points in the trick games, points
in the fishing games), ``hands_played``, ``winner``, ``result`` (the last
hand's result as the view shows it), ``delegate`` (None while the fast
core plays; the reference's state during a delegated phase, when the
fields above are read back from it after every step). Trick games add ``trump`` (suit id or
None), ``indicator`` (card or None), ``stock`` (top card LAST), ``trick``
(list of (seat, card)), ``leader``, ``won`` (per seat, cards taken in
order), ``points`` (per seat, card points taken), ``tricks_won``,
``tricks_played``, ``card_totals`` (per side, the card points of the
match's hands), and where the variant has them ``shown`` (per seat),
``declared`` (per side), ``auction`` and ``contract`` (the reference's
records, from the delegated phases); fishing games ``table``
(sorted), ``stock`` (top card LAST), ``captured`` (per side, sorted),
``scope``, ``last_capture`` ((seat, card, take tuple, scopa) or None).

Technique
---------

Pure Python, with integer cards, mutable state and tables built once per
ruleset: who takes a trick under each trump is one lookup, card points and
the draw order are tuples, the captures of a card are remembered by the
table cards that can take part in them. Why not numpy batches: the
environments step one game at a time (PettingZoo's AEC loop, OpenSpiel's
states, a tree search), where a batch pays microseconds of call overhead
for each of a handful of cards. Why not a compiled core: it would need a
toolchain the README's two commands cannot assume, and a second copy of
the rules (the pure-Python fallback) to keep equal and prove. One
pure-Python source is the one that is proved.

Measured side by side (``benchmarks/bench_fast.py``, briscola-2 random
play): the reference 1x, the fast core a move at a time about 4x, its
playout over 10x; scopa-2 about 3x either way.

Delegated to the reference (slow, but off the path of play): the phases
before play of the bidding games (auction, call, trump guess, monte), and
the reason for a refusal (the fast core decides that an action is illegal;
the reference names the rule and says why).
"""

from __future__ import annotations

from typing import Any

from regola.reference import IllegalAction
from regola.spec import Ruleset

from .match import CoreDisagreement, Match
from .moves import CAPTURE, CLAIM, EXCHANGE, TAKE_SHIFT, capture, card_of, take_of
from .tricks.match import TrickMatch


def new_match(ruleset: Ruleset, deck: Any = None) -> Match:
    """A match of ``ruleset`` before its first shuffle (seat 0 deals), or
    with its first hand dealt from ``deck`` (card ids or ints, top card first)."""
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"expected a Ruleset (regola.spec.load(...)), got {type(ruleset).__name__}")
    if ruleset.play.kind == "fishing":
        from .fishing.match import FishingMatch

        match: Match = FishingMatch(ruleset)
    else:
        match = TrickMatch(ruleset)
    if deck is not None:
        match.shuffle(deck)
    return match


def from_reference(state: Any) -> Match:
    """The match a `regola.reference` state stands for, as a fast match
    (a delegated phase stays with the reference until it is over)."""
    match = new_match(state.ruleset)
    match._import(state)
    if not match._takes_back(state):
        match.delegate = state
    return match


__all__ = [
    "CAPTURE",
    "CLAIM",
    "EXCHANGE",
    "TAKE_SHIFT",
    "CoreDisagreement",
    "IllegalAction",
    "Match",
    "capture",
    "card_of",
    "from_reference",
    "new_match",
    "take_of",
]
