"""OpenSpiel's MCTS on Briscola for two, against a random player.

The variant is registered as an OpenSpiel game; MCTS plays seat 0 with
random rollouts. OpenSpiel's MCTS searches from the true state, so it sees
every card: a perfect-information baseline, not a fair player.
"""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from regola.envs.openspiel import register

(name,) = register(["briscola-2"])
game = pyspiel.load_game(name)
rng = np.random.RandomState(7)
bot = mcts.MCTSBot(
    game,
    uct_c=2.0,
    max_simulations=20,
    evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
    random_state=rng,
)

wins = 0
hands = 3
for hand in range(hands):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    wins += returns[0] > returns[1]
    print(f"hand {hand}: returns {returns}")

print(f"MCTS won {wins} of {hands} hands")
