"""The phases before play in the bidding games (rules ``chiamata.bid.*``,
``chiamata.call.*``, ``chiamata.score.*``, ``albastini.bid.*``).

`.phase` is what the trick family's `regola.reference.tricks.game` calls; it
hands each action to the Chiamata auction (`.auction`), the call of trumps
and partner (`.calling`) or Albastini's trump guess (`.trump_guess`). The
records they build are in `.bids`, their actions in `.actions`, and a
contract hand is scored by `.scoring`.
"""
