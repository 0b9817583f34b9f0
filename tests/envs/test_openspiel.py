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


def random_hand(game, rng):  # noqa: ANN001, ANN201
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_returns_keep_to_the_declared_game_type_and_bounds(variant: str) -> None:
    rng = np.random.default_rng(3)
    for reward in ("win", "points", "diff"):
        game = openspiel_game(variant, reward=reward, seats="random")
        kind = game.get_type().utility
        for _ in range(2):
            returns = random_hand(game, rng).returns()
            assert all(game.min_utility() <= r <= game.max_utility() for r in returns), (reward, returns)
            if kind == pyspiel.GameType.Utility.ZERO_SUM:
                assert sum(returns) == pytest.approx(0.0), (reward, returns)
            elif kind == pyspiel.GameType.Utility.CONSTANT_SUM:
                assert sum(returns) == pytest.approx(game.utility_sum()), (reward, returns)


def test_zero_sum_where_the_game_is() -> None:
    zero, constant, general = (pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.CONSTANT_SUM,
                               pyspiel.GameType.Utility.GENERAL_SUM)
    assert openspiel_game("briscola-2").get_type().utility == general  # a drawn hand pays nobody
    assert openspiel_game("briscola-2", reward="diff").get_type().utility == zero
    assert openspiel_game("briscola-2", reward="points").get_type().utility == constant
    assert openspiel_game("chiamata").get_type().utility == zero  # chiamata.score.payoff
    assert openspiel_game("scopa-2").get_type().utility == general  # both sides score
    game = openspiel_game("briscola-2", reward="diff")
    assert (game.min_utility(), game.max_utility()) == (-0.5, 0.5)
    assert (openspiel_game("briscola-2").min_utility(), openspiel_game("briscola-2").max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize("variant", ["briscola-2", "chiamata-col-monte", "scopa-2", "tressette-2", "albastini-3"])
def test_resampled_states_look_the_same_to_the_player(variant: str) -> None:
    game = openspiel_game(variant, seats="random")
    rng = np.random.default_rng(11)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state, checked, differed = game.new_initial_state(), 0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        player = state.current_player()
        if rng.random() < 0.3:
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            checked += 1
            differed += str(other) != str(state)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked and differed  # the hidden cards are dealt again, not copied


def test_games_pickle() -> None:
    import pickle

    (name,) = register(["scopa-2"])
    for game in (pyspiel.load_game(name), pyspiel.load_game(f"{name}(reward=diff,seats=random)"),
                 openspiel_game("briscola-2", {"match.target": 2})):
        again = pickle.loads(pickle.dumps(game))
        assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
        assert again.shape.ruleset == game.shape.ruleset


def test_random_seats_are_a_chance_node() -> None:
    game = openspiel_game("briscola-4", seats="random")
    state = game.new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    state.apply_action(2)
    assert state.seat_of(0) == 2 and state.player_of(2) == 0
