"""Moves as plain ints (the shape every fast phase of play uses).

Bits 0-5 are a card (``match.cards[card]`` is its id; no pack has more
than 64 cards), bit 6 tells the second kind of move of a family, and the
bits from `TAKE_SHIFT` up are the table cards a capture takes (bit ``k``
for card ``k``):

- trick games: ``card`` plays it (``briscola.play.*``); ``EXCHANGE | card``
  swaps that trump for the face-up indicator (``briscola.exchange.*``);
- fishing games: ``card`` lays it on the table (``scopa.capture.lay``);
  ``CAPTURE | card | take << TAKE_SHIFT`` plays it and takes ``take``
  (``scopa.capture.*``; ``take`` 0 is an Ace taking only itself,
  ``scopa.capture.ace-takes-itself``); `CLAIM` claims the match
  (``scopa.match.claim``).
"""

from __future__ import annotations

CARD = 63
"""The bits of the card a move plays."""
EXCHANGE = 64
"""Trick games: the move swaps its card for the indicator."""
CAPTURE = 64
"""Fishing games: the move captures with its card."""
TAKE_SHIFT = 7
"""Fishing games: where the bitmask of the cards a capture takes starts."""
CLAIM = -1
"""Fishing games: the claim that the side has reached the target."""


def capture(card: int, take_mask: int) -> int:
    """The move of ``card`` taking the table cards of ``take_mask``."""
    return CAPTURE | card | (take_mask << TAKE_SHIFT)


def card_of(move: int) -> int:
    """The card a move plays (not for `CLAIM`)."""
    return move & CARD


def take_of(move: int) -> int:
    """The bitmask of the table cards a capture takes."""
    return move >> TAKE_SHIFT


def mask_of(cards) -> int:  # noqa: ANN001 - any iterable of card ints
    """The bitmask of some cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: int) -> list[int]:
    """The cards of a bitmask, in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
