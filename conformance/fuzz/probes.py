"""The forbidden actions a fuzzing game probes an engine with: every kind of
action in every phase, not only forbidden plays.

At any state of a game (an auction, a call, play, between hands, after the
end of the match), `Probes` offers the cells of the negative matrix there
(`regola.conformance.corpus.matrix.cells_at`): each action type the rules
do not allow now (a new deal in the middle of a hand, a play after the
match, a capture in a trick game, a bid in a game without an auction), each
legal type out of turn or by a seat that does not exist, and each field of
a legal action corrupted (a card not held or not allowed, a card not on
the table or taken twice, a bid's points out of range, a deck with a card
missing, repeated, unknown or too many). Only those the reference refuses
are offered, each once; the game's choices pick one
(`regola.conformance.runner.lockstep.play_game`).
"""

from __future__ import annotations

import json
from typing import Any

from regola.conformance.corpus.matrix import cells_at
from regola.reference import State
from regola.spec import Ruleset

Action = dict[str, Any]


class Probes:
    """The forbidden actions of each state of one game (a new `Probes` per
    game): it remembers the first legal action of each type seen in the
    game, the templates of actions of that type at other moments."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.seen: dict[str, Action] = {}

    def __call__(self, state: State, legal: list[Action]) -> list[Action]:
        for action in legal:
            self.seen.setdefault(action["type"], action)
        out: dict[str, Action] = {}
        for cell in cells_at(state, legal, 0, self.ruleset, self.seen):
            if cell.rule is not None:  # refused by the rules (not merely a bad request)
                out.setdefault(json.dumps(cell.action, sort_keys=True), cell.action)
        return list(out.values())

