"""Scoring Tressette worked by hand: thirds, the dropped fractions, the
last trick, declarations added, the race to 21."""

from __future__ import annotations

import random

import pytest

from regola.reference import apply, initial_state, legal_actions, view
from regola.reference.playout import shuffled_deck
from regola.reference.tricks.counting import score_count
from regola.reference.tricks.state import replace

from .helpers import FOUR, act, events, ruleset, start, thirds

FIRST_TRICK = ({"type": "play", "seat": 1, "card": "4d"}, {"type": "play", "seat": 2, "card": "Kd"},
               {"type": "play", "seat": 3, "card": "3s"}, {"type": "play", "seat": 0, "card": "Kb"})


def play_out(state):
    """Play to the end of the hand, always the first legal card."""
    while state.phase == "play":
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.rule("tressette.score.count")
@pytest.mark.rule("tressette.score.last-trick")
def test_worked_example_thirds_dropped_and_last_trick():
    state = act(start("tressette-4", FOUR), *FIRST_TRICK)
    side_a = ["Ad", "Ac", "3d", "2d", "Kd", "4d", "5d"]  # 3 + 3 + 1 + 1 + 1 = 9 thirds
    rest = [c for c in state.tables.cards if c not in side_a]
    assert thirds(side_a) == 9 and thirds(rest) == 23
    won = (tuple(side_a[:5]), tuple(rest[:20]), tuple(side_a[5:]), tuple(rest[20:]))
    finished = replace(state, won=won, last_trick=(1, ()), declared=(3, 0))
    result, rules = score_count(finished)
    # seats 1+3: 23 thirds and 3 for the last trick = 26 thirds = 8 2/3 points, 8 scored
    # seats 0+2: 9 thirds = 3 points, plus 3 declared
    assert result.points == (9, 23) and result.counted == (9, 26)
    assert result.game_points == (6, 8)
    assert (result.outcome, result.winner) == ("win", 1)
    assert {"tressette.score.count", "tressette.score.last-trick", "tressette.deck.points"} <= set(rules)


@pytest.mark.rule("tressette.score.count")
def test_equal_scores_draw_the_hand():
    state = act(start("tressette-4", FOUR), *FIRST_TRICK)
    side_a = ["Ad", "Ac", "As", "3d", "2d", "Kd", "4d"]  # 9 + 3 = 12 thirds: 4 points
    rest = [c for c in state.tables.cards if c not in side_a]  # 20 + 3 = 23 thirds: 7 points
    won = (tuple(side_a), tuple(rest), (), ())
    result, _ = score_count(replace(state, won=won, last_trick=(1, ()), declared=(3, 0)))
    assert result.game_points == (7, 7)
    assert (result.outcome, result.winner) == ("draw", None)


@pytest.mark.rule("tressette.score.last-trick")
@pytest.mark.rule("tressette.score.count")
@pytest.mark.parametrize("variant", ["tressette-4", "tressette-2"])
def test_every_hand_counts_eleven_and_two_thirds_and_scores_eleven(variant):
    rules = ruleset(variant)
    for seed in range(6):
        state = initial_state(rules)
        state = play_out(apply(state, {"type": "shuffle", "deck": list(shuffled_deck(rules, random.Random(seed)))}))
        [over] = events(state, "hand-over")
        sides = rules.seating.sides()
        last = next(i for i, side in enumerate(sides) if state.last_trick[0] in side)
        counted = [thirds([c for seat in side for c in state.won[seat]]) + (3 if i == last else 0)
                   for i, side in enumerate(sides)]
        assert over["counted"] == counted and sum(counted) == 35
        assert sum(over["points"]) == rules.deck.total_points == 32
        declared = view(state)["declared"]
        assert over["game_points"] == [c // 3 + d for c, d in zip(counted, declared)]
        assert sum(over["game_points"]) - sum(declared) == 11


@pytest.mark.rule("briscola.match.end")
@pytest.mark.parametrize("target", [21, 31])
def test_the_first_side_to_the_target_wins_the_match(target):
    rules = ruleset("tressette-4", match__target=target)
    rng = random.Random(target)
    state = initial_state(rules)
    totals = [0, 0]
    while not state.is_over:
        if state.is_chance:
            state = apply(state, {"type": "shuffle", "deck": list(shuffled_deck(rules, rng))})
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        for e in events(state, "hand-over"):
            before = list(totals)
            totals = [a + b for a, b in zip(totals, e["game_points"])]
            assert max(before) < target or before[0] == before[1]
    winner = view(state)["match"]["winner"]
    assert totals[winner] >= target and totals[winner] > totals[1 - winner]


COINS = ["3d", "2d", "Ad", "Kd", "Hd", "Jd", "7d", "6d", "5d", "4d"]
SWORDS = ["3s", "2s", "As", "Ks", "Hs", "Js", "7s", "6s", "5s", "4s"]
CUPS = ["3c", "2c", "Ac", "Kc", "Hc", "Jc", "7c", "6c", "5c", "4c"]
BATONS = ["3b", "2b", "Ab", "Kb", "Hb", "Jb", "7b", "6b", "5b", "4b"]


def play_hand_leading_coins(state):
    """Seat 1 leads its coins, strongest first, then its last card; everyone
    else plays his first legal card (following suit when he must)."""
    while state.phase == "play":
        legal = legal_actions(state)
        if state.to_move == 1:
            coins = [a for a in legal if a.card.endswith("d")]
            state = apply(state, (coins or legal)[0])
        else:
            state = apply(state, legal[0])
    return state


@pytest.mark.rule("tressette.score.cappotto")
def test_a_side_taking_every_trick_wins_the_match_as_two_games():
    # Seat 1 holds nine coins and the Four of swords, its partner seat 3 the
    # Four of coins and nine swords, seat 0 the cups and seat 2 the batons.
    # Seat 1 leads a coin nine times: nobody else but seat 3 (its Four, once)
    # has a coin, so seat 1 takes nine tricks. Its last lead, the Four of
    # swords, is taken by seat 3's last sword (every sword beats the Four).
    # Seats 1 and 3 took all ten tricks: cappotto, two games (P-TRE), and
    # the match ends on the first hand, far short of 21.
    hands = {1: COINS[:9] + ["4s"], 3: ["4d"] + SWORDS[:9], 0: CUPS, 2: BATONS}
    state = play_hand_leading_coins(start("tressette-4", hands))
    [over] = events(state, "hand-over")
    assert over["cappotto"] == {"kind": "cappotto", "side": 1, "games": 2}
    assert state.is_over and view(state)["match"]["winner"] == 1
    assert "tressette.score.cappotto" in state.rules
    # where it is not played, the same hand is an ordinary win
    plain = play_hand_leading_coins(start("tressette-4", hands, counting__cappotto=0))
    assert "cappotto" not in events(plain, "hand-over")[0] and not plain.is_over


@pytest.mark.rule("tressette.score.cappotto")
def test_one_player_taking_every_trick_wins_as_six_games():
    # Seat 1 holds every coin and leads them all: no one else can follow,
    # so seat 1 alone takes the ten tricks: cappottone, six games (P-TRE).
    hands = {1: COINS, 3: SWORDS, 0: CUPS, 2: BATONS}
    state = play_hand_leading_coins(start("tressette-4", hands))
    [over] = events(state, "hand-over")
    assert over["cappotto"] == {"kind": "cappottone", "side": 1, "seat": 1, "games": 6}
    assert state.is_over and view(state)["match"]["winner"] == 1
    assert "tressette.score.cappotto" in state.rules
    # IT-enciclopedia's values
    enc = play_hand_leading_coins(start("tressette-4", hands, counting__cappottone=8, counting__cappotto=4))
    assert events(enc, "hand-over")[0]["cappotto"]["games"] == 8


@pytest.mark.rule("tressette.score.cappotto")
def test_regola_play_says_who_took_every_trick():
    from regola.conformance.cli.render.counting import hand_over
    from regola.conformance.cli.render.game import GameRenderer

    hands = {1: COINS[:9] + ["4s"], 3: ["4d"] + SWORDS[:9], 0: CUPS, 2: BATONS}
    state = play_hand_leading_coins(start("tressette-4", hands))
    [over] = events(state, "hand-over")
    text = "\n".join(hand_over(GameRenderer(state.ruleset), over))
    assert "cappotto: seats 1+3 took every trick; seats 1+3 win the match, as 2 games" in text
