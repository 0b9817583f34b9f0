"""What the rules DO: the slow, obviously correct reference interpreter.

Imports ``regola.spec`` only.
"""

from .actions import ExchangeAction, PlayAction, ShuffleAction, action_dict, parse_action
from .errors import IllegalAction
from .game import apply, initial_state, legal_actions, new_game
from .playout import random_playout, shuffled_deck
from .state import HandResult, MatchScore, State
from .views import view

__all__ = [
    "ExchangeAction",
    "HandResult",
    "IllegalAction",
    "MatchScore",
    "PlayAction",
    "ShuffleAction",
    "State",
    "action_dict",
    "apply",
    "initial_state",
    "legal_actions",
    "new_game",
    "parse_action",
    "random_playout",
    "shuffled_deck",
    "view",
]
