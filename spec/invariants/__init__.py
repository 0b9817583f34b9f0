"""Invariants proved with z3 from each ruleset's parameters.

Each invariant is a function ``ruleset -> InvariantResult`` whose body
encodes its claim as z3 constraints over the spec's numbers (never by running
the interpreter) and either proves it or explains a counterexample in plain
words. Modules, one per group:

- `.cards`: card points add up; the strength order is a strict total order.
- `.deal`: hands, table, indicator and stock account for every card,
  the stock drains evenly, every player plays as many cards, whole tricks.
- `.face_up`: a card is left for the indicator, reburying ends, a void
  deal can be avoided.
- `.deal_solve`: the inverse: which player counts and removals work.
- `.tricks`: every possible trick has exactly one winner.
- `.playable`: a player to move always has a legal card.
- `.scoring`: hands are won exclusively; tiers; targets reachable.
- `.counting`: a counting hand's units and whole points (Tressette).
- `.contract`: contract payoffs add up to zero; payoff bands.
- `.scopa`: Scopa's category points are bounded; the primiera scale.
- `.bidding`: bids are bounded, auctions end, the called card exists.
- `.conservation`: no action creates, loses or copies a card.

The loader (`regola.spec.load`) refuses a ruleset that fails one of
them unless asked for an unchecked ruleset.
"""

# importing the modules registers their invariants, in this (report) order
from . import cards, deal, face_up, tricks, playable, scoring, counting, contract, scopa, bidding, conservation  # noqa: F401, I001
from .core import REGISTRY, Invariant, InvariantResult
from .deal_solve import DealOption, deal_options, deal_table
from .runner import check, clear_cache, failures, invariants, require_proved

__all__ = [
    "REGISTRY",
    "DealOption",
    "Invariant",
    "InvariantResult",
    "check",
    "clear_cache",
    "deal_options",
    "deal_table",
    "failures",
    "invariants",
    "require_proved",
]
