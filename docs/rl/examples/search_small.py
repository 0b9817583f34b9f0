"""Information-set search and CFR on a small variant: Briscola for two on
eight cards (Aces, Threes, Kings and Twos of coins and cups), made with
options, as an OpenSpiel game with zero-sum returns.

- OpenSpiel's ``ISMCTSBot`` plays seat by seat from its information state:
  each search samples states it cannot tell from the true one
  (``resample_from_infostate``), so it never sees the hidden cards.
- Outcome-sampling MCCFR learns an average strategy by self-play, from the
  information-state strings alone.

Both are measured against the random player over hands whose seats rotate.
"""

import math

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from regola.envs.openspiel import openspiel_game
from regola.spec import load

full = load("briscola-2")
kept = [c for c in full.deck.cards() if c[:-1] in ("A", "3", "K", "2") and c[-1] in ("d", "c")]
points = sum(full.deck.rank(c[:-1]).points for c in kept)
small = load("briscola-2", {"deck.removed": [c for c in full.deck.cards() if c not in kept], "deck.total_points": points})
game = openspiel_game(small, reward="diff")  # each hand pays +-0.5: zero-sum
rng = np.random.RandomState(0)
np.random.seed(0)  # outcome sampling draws from NumPy's global generator
print(f"{small.id} on {len(kept)} cards: {game.get_type().utility}, returns in [{game.min_utility()}, {game.max_utility()}]")


def play(choose, hands: int) -> str:  # noqa: ANN001
    """``choose(state)`` in one seat, the random player in the other."""
    won = 0
    for hand in range(hands):
        me = hand % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == me:
                state.apply_action(choose(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        won += state.returns()[me] > 0
    rate = won / hands
    return f"won {rate:.2f} ± {math.sqrt(rate * (1 - rate) / hands):.2f} of {hands} hands"


bot = ismcts.ISMCTSBot(
    game, mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng), uct_c=2.0, max_simulations=40, random_state=rng
)
# each search's states drawn from the example's own generator, so that a run repeats exactly
bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
print("ISMCTS against random:", play(bot.step, 30))

solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
for _ in range(1500):
    solver.iteration()
average = solver.average_policy()


def mccfr(state):  # noqa: ANN001, ANN201
    probs = average.action_probabilities(state)
    actions = list(probs)
    return int(rng.choice(actions, p=np.array([probs[a] for a in actions]) / sum(probs.values())))


print(f"MCCFR (outcome sampling, 1500 iterations, {len(solver._infostates)} information states) against random:",
      play(mccfr, 60))
