"""No information leak: a seat's observation is a function of that seat's
view alone. For every variant, two deals that differ only in cards the seat
cannot see (another seat's hidden hand, the stock) give the seat the same
observation and the same action mask, step after step, as long as its view
is the same (rules ``briscola.info.hidden``, ``chiamata.info.secret-partner``,
``scopa.info.hidden``)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from regola.envs import aec_env
from regola.envs.openspiel import openspiel_game
from regola.reference import shuffled_deck, view

from .conftest import VARIANTS


def hidden_cards(env, seat: int) -> list[str]:
    """Cards nowhere in ``seat``'s view."""
    seen = json.dumps(view(env.game.state, seat))
    return [c for c in env.game.ruleset.deck.cards() if f'"{c}"' not in seen]


def twin_deals(variant: str, seed: int, seat: int) -> tuple[list[str], list[str]] | None:
    """A deck order and the same with two cards swapped that ``seat``
    cannot see after the deal, or None if no such pair keeps its view."""
    env = aec_env(variant)
    deck = list(shuffled_deck(env.game.ruleset, random.Random(seed)))
    env.reset(options={"deck": deck})
    hidden = hidden_cards(env, seat)
    rng = random.Random(seed)
    for _ in range(20):
        a, b = rng.sample(hidden, 2)
        other = [b if c == a else a if c == b else c for c in deck]
        twin = aec_env(variant)
        twin.reset(options={"deck": other})
        if view(twin.game.state, seat) == view(env.game.state, seat) and view(twin.game.state) != view(env.game.state):
            return deck, other
    return None


def same_for(env_a, env_b, seat: int) -> bool:
    agent = env_a.possible_agents[seat]
    a, b = env_a.observe(agent), env_b.observe(agent)
    return np.array_equal(a["observation"], b["observation"]) and np.array_equal(a["action_mask"], b["action_mask"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_hidden_cards_change_nothing_a_seat_observes(variant: str) -> None:
    checked = 0
    players = aec_env(variant).game.players
    for seat in range(players):
        twins = twin_deals(variant, seat + 10, seat)
        assert twins is not None, f"{variant}: no two cards hidden from seat {seat} after the deal"
        deck_a, deck_b = twins
        env_a, env_b = aec_env(variant), aec_env(variant)
        env_a.reset(options={"deck": deck_a})
        env_b.reset(options={"deck": deck_b})
        rng = random.Random(seat)
        while not env_a.game.done and not env_b.game.done:
            if view(env_a.game.state, seat) != view(env_b.game.state, seat):
                break  # a hidden card came to light: the views differ from here on
            assert same_for(env_a, env_b, seat), f"{variant}: seat {seat} observes a difference its view does not show"
            checked += 1
            legal_a, legal_b = env_a.game.legal(), env_b.game.legal()
            index = rng.choice(list(legal_a))
            if index not in legal_b or env_a.game.to_move != env_b.game.to_move:
                break
            env_a.step(index)
            env_b.step(index)
        # OpenSpiel's tensors come from the same view, through its own state
        game = openspiel_game(variant)
        states = []
        for deck in (deck_a, deck_b):
            state = game.new_initial_state()
            index = state.shape.card_index
            for card in deck:
                state.apply_action(index[card])
            states.append(state)
        assert states[0].observation_tensor(seat) == states[1].observation_tensor(seat)
        assert states[0].information_state_tensor(seat) == states[1].information_state_tensor(seat)
    assert checked >= players


def test_the_check_sees_a_leak() -> None:
    """The same comparison tells apart two deals whose difference the seat
    does see (its own hand), so the test above can fail."""
    env = aec_env("briscola-2")
    deck = list(shuffled_deck(env.game.ruleset, random.Random(0)))
    env.reset(options={"deck": deck})
    own = env.game.state.hands[0][0]
    hidden = hidden_cards(env, 0)[0]
    other = [hidden if c == own else own if c == hidden else c for c in deck]
    twin = aec_env("briscola-2")
    twin.reset(options={"deck": other})
    assert not same_for(env, twin, 0)
