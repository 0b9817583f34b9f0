"""The shapes real bugs take, each a general alternative of the rules.

An engine's bug is rarely a misreading of the reference's own code; it has
one of a few shapes, whatever the game and the language:

- **another ordering** of the cards a trick or a capture is decided by
  (face number, card points, trumps or the suit led forgotten):
  `tricks.trick_winner`;
- **the turn passed to the wrong seat** (the previous leader, the seat
  after the winner, play the other way round): `tricks.wrong_turn`;
- **another card played** than the one the action names:
  `tricks.other_card`;
- **the face-up card put into the stock**, to be drawn before its turn:
  `tricks.indicator_in_stock`;
- **the wrong number of cards dealt** to every hand or to the table:
  `dealing.deal_sizes`;
- **the auction won, or the call made, by another seat** than the last
  bidder: `bidding.auction_end`; **a contract scored the other way round**
  at exactly its target, or a bidder alone paid by another factor:
  `bidding.contract_score`;
- **something counted twice**, or replaced instead of added, or not added,
  or a card given another value: `counting.counted`; the match's points
  replaced by the hand's: `counting.replaced`;
- **a hand or match ended early** once its outcome was decided, or not
  ended at all: `ending.ended`;
- **a per-hand field not reset** at a new hand (a pile, the points, the
  sweeps carried into the next hand): `counting.not_reset`;
- in the fishing games, **a card laid on the table that vanished**
  (`fishing.vanished`), **a sweep counted wrongly**, **the cards left on
  the table given to the wrong side**, and **a scoring category weighed
  wrongly** (a scopa worth two, a category scored twice or left out, a tie
  scored for every side): `fishing.sweeps`, `fishing.leftovers`,
  `fishing.weighed`; a **category counted another way** (on another suit
  or card, for the side with fewer, the leftovers to another side), found
  from the hand's points alone: `fishing.recount`;
- a **total that cannot tell its parts apart** (an engine that reports only
  match totals): `fishing.totals`, which lists every rule that could
  account for the difference instead of picking one; in Tressette, whole
  points that cannot tell the thirds from the last trick or a declaration:
  `counting.totals`, which says where the last trick's bonus given to
  another side would fit too; the bonus added at the trick before the
  last: `counting.last_trick_bonus`.

Each shape looks at the divergent step alone: the reference's views before
and after it, its events, and the engine's view after it. It finds nothing
unless the engine's values are exactly what its shape predicts (a cause is
stated only when it reproduces the engine); then it names the rule the
shape breaks and says what the engine did, in words. Shapes cost no replay,
so they are tried on every divergence.

The other alternatives (a house rule the spec knows, a misreading of the
reference's code, a deck read from its other end) replay the trace
(`regola.conformance.explain.search`).
"""

from __future__ import annotations

from collections.abc import Sequence

from regola.conformance.explain.shapes import bidding, counting, dealing, ending, fishing, tricks
from regola.conformance.explain.shapes.base import Context, Finding, Shape, seat_name

__all__ = ["Context", "Finding", "Shape", "catalogue", "findings", "seat_name"]


def catalogue() -> Sequence[tuple[str, Shape]]:
    """Every shape, by name, in the order they are tried."""
    return (
        ("another ordering of the cards", tricks.trick_winner),
        ("the turn passed to the wrong seat", tricks.wrong_turn),
        ("another card played than the one named", tricks.other_card),
        ("the face-up card drawn before its turn", tricks.indicator_in_stock),
        ("the wrong number of cards dealt", dealing.deal_sizes),
        ("the auction won or the call made by another seat", bidding.auction_end),
        ("a contract scored the wrong way or by another factor", bidding.contract_score),
        ("a hand or match ended early, or not at all", ending.ended),
        ("a per-hand field not reset at a new hand", counting.not_reset),
        ("something counted twice, replaced or left out", counting.counted),
        ("the match's points replaced by the hand's", counting.replaced),
        ("a card laid that vanished", fishing.vanished),
        ("a sweep counted wrongly", fishing.sweeps),
        ("the cards left on the table given to the wrong side", fishing.leftovers),
        ("a scoring category counted another way", fishing.recount),
        ("a scoring category weighed wrongly", fishing.weighed),
        ("a total that cannot tell its parts apart", fishing.totals),
        ("whole points that cannot tell their parts apart", counting.totals),
        ("the last trick's bonus to another side", counting.last_trick_bonus),
    )


def findings(ctx: Context) -> list[Finding]:
    """What every shape finds at the divergent step."""
    out: list[Finding] = []
    for _, shape in catalogue():
        try:
            out += shape(ctx)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, ZeroDivisionError):
            continue  # an engine's view of another shape than expected: this shape says nothing
    return [f for f in out if f.rule in ctx.known]


