"""The one error the interpreter raises for a move the rules forbid."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid in this state.

    ``rule_id`` is the id of the rule that forbids it (see the rule
    catalogue); ``message`` says what was wrong in words a player would use.
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.message = message
