"""``regola play``'s text: a game as lines a person can follow.

`GameRenderer` (in `.game`) prints each step's events through the one table
in `.handlers`; each family's printers are in `.tricks`, `.bidding` and
`.fishing`, and what they share in `.common`.
"""

from .game import GameRenderer

__all__ = ["GameRenderer"]
