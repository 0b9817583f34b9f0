"""OpenSpiel: every variant, registered with ``pyspiel.register_game``,
passes OpenSpiel's random-simulation checks, and its chance nodes deal the
hand card by card."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from regola.envs.openspiel import continue_match, openspiel_game, register, short_name
from regola.spec import load

from .conftest import VARIANTS


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_simulation_passes(variant: str) -> None:
    register([variant])
    game = pyspiel.load_game(short_name(variant))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chance_deals_the_pack_card_by_card() -> None:
    game = openspiel_game("briscola-2")
    state = game.new_initial_state()
    cards = load("briscola-2").deck.cards()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(len(cards)))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for i in range(len(cards)):
        state.apply_action(i)
    # dealt from the canonical order: each player holds three cards
    assert not state.is_chance_node()
    assert sorted(len(h) for h in state.ref.hands) == [3, 3]
    assert state.current_player() in (0, 1)


def test_tensors_have_their_declared_shapes() -> None:
    game = openspiel_game("chiamata")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        player = state.current_player()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
        assert state.information_state_string(player).startswith(f"seat {player}")
        state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert len(returns) == 5 and sum(returns) == 0  # Chiamata pays in full between the sides


def test_the_next_hand_continues_the_match() -> None:
    game = openspiel_game("scopa-2")
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(options)))
    nxt = continue_match(state)
    assert nxt.is_chance_node() and not nxt.is_terminal()
    assert nxt.ref.match.hands_played == 1
    with pytest.raises(ValueError, match="continue_match: the hand is not over"):
        continue_match(nxt)


def test_registering_twice_is_harmless() -> None:
    assert register(["briscola-2"]) == register(["briscola-2"]) == ["regola_briscola_2"]
    assert "regola_briscola_2" in pyspiel.registered_names()
