"""Playing to tricks and who wins them (rules briscola.play.*, briscola.trick.*).

The seed 002 worked examples are given with French suits; in the Italian pack
hearts are cups (c), spades swords (s), clubs batons (b), diamonds coins (d).
"""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, view

from .helpers import events, play, plays, rejects, ruleset, start


def winner(state) -> int:
    (trick,) = events(state, "trick")
    return trick["winner"]


# --- seed 002, two players, trumps the four of spades (4s) -------------------
# A is the non-dealer (seat 1) and leads; B is the dealer (seat 0).


@pytest.mark.rule("briscola.trick.winner")
def test_seed_same_suit_higher_card_wins(two):
    # A leads the 5 of clubs, B plays the ace of clubs: B takes it (rule 1).
    state = start(two, {1: ["5b", "6d", "7d"], 0: ["Ab", "2d", "Jc"]}, "4s")
    assert view(state)["trump"] == "s"
    state = plays(state, "1:5b", "0:Ab")
    assert winner(state) == 0


@pytest.mark.rule("briscola.trick.winner")
def test_seed_other_suit_without_trump_loses(two):
    # A leads the 5 of hearts, B plays the king of clubs: A takes it (rule 2).
    state = start(two, {1: ["5c", "6d", "7d"], 0: ["Kb", "2d", "Jc"]}, "4s")
    state = plays(state, "1:5c", "0:Kb")
    assert winner(state) == 1


@pytest.mark.rule("briscola.trick.winner")
def test_seed_a_trump_beats_the_ace_led(two):
    # A leads the ace of diamonds, B plays the 6 of spades, a trump: B wins (rule 3).
    state = start(two, {1: ["Ad", "5c", "7b"], 0: ["6s", "2d", "Jc"]}, "4s")
    state = plays(state, "1:Ad", "0:6s")
    assert winner(state) == 0


@pytest.mark.rule("briscola.trick.winner")
def test_seed_two_trumps_the_stronger_wins(two):
    # Both play trumps: rule 1 applies, the stronger card wins.
    state = start(two, {1: ["3s", "5c", "7b"], 0: ["Ks", "2d", "Jc"]}, "4s")
    state = plays(state, "1:3s", "0:Ks")
    assert winner(state) == 1
    state = start(two, {1: ["2s", "5c", "7b"], 0: ["5s", "2d", "Jc"]}, "4s")
    state = plays(state, "1:2s", "0:5s")
    assert winner(state) == 0


@pytest.mark.rule("briscola.trick.winner")
@pytest.mark.rule("briscola.trick.lead-next")
def test_seed_four_player_example(four):
    # A deals (seat 0); D (seat 1) leads, then C (seat 2), B (seat 3), A.
    # Trumps: the three of hearts (3c). D leads 4s, C plays Js, B trumps with
    # 2c, A plays 5b: B's trump wins and the B and D side takes the trick.
    state = start(
        four,
        {1: ["4s", "Ad", "Kd"], 2: ["Js", "2d", "4d"], 3: ["2c", "5d", "6d"], 0: ["5b", "7d", "Jd"]},
        "3c",
    )
    assert view(state)["trump"] == "c"
    state = plays(state, "1:4s", "2:Js", "3:2c", "0:5b")
    assert winner(state) == 3
    v = view(state)
    assert sorted(v["won"][3]) == sorted(["4s", "Js", "2c", "5b"])
    assert v["points"] == [0, 0, 0, 2]
    # The seed's text says D leads the next trick, but its own rule is that
    # the trick's winner leads; B won it, so B (seat 3) leads.
    assert v["to_move"] == 3 and v["leader"] == 3


@pytest.mark.rule("briscola.trick.winner")
def test_four_players_first_trump_then_stronger_trump(four):
    hands = {1: ["Ad", "2c", "3c"], 2: ["2b", "4c", "5c"], 3: ["Hb", "6c", "7c"], 0: ["Kb", "Jc", "Hc"]}
    # trumps batons: Ad led, 2b trumps, Hb over-trumps, Kb over-trumps again
    state = plays(start(four, hands, "5b"), "1:Ad", "2:2b", "3:Hb", "0:Kb")
    assert winner(state) == 0
    # a weaker trump played after a stronger one does not take over
    hands = {1: ["Ad", "2c", "3c"], 2: ["Kb", "4c", "5c"], 3: ["Hb", "6c", "7c"], 0: ["2b", "Jc", "Hc"]}
    state = plays(start(four, hands, "5b"), "1:Ad", "2:Kb", "3:Hb", "0:2b")
    assert winner(state) == 2
    # no trump: the strongest of the suit led; off-suit Aces never win
    hands = {1: ["5d", "2c", "3c"], 2: ["As", "4c", "5c"], 3: ["7d", "6c", "7c"], 0: ["Ac", "Jc", "Hc"]}
    state = plays(start(four, hands, "5b"), "1:5d", "2:As", "3:7d", "0:Ac")
    assert winner(state) == 3


@pytest.mark.rule("briscola.trick.winner")
def test_a_trump_lead_wins_against_other_suits(two):
    state = start(two, {1: ["2b", "5c", "7d"], 0: ["Ad", "3d", "Jc"]}, "4b")
    state = plays(state, "1:2b", "0:Ad")
    assert winner(state) == 1


@pytest.mark.rule("briscola.trick.winner")
def test_bixkla_jack_beats_queen():
    bixkla = ruleset("bixkla")
    hands = {1: ["Qh", "2c", "3c"], 2: ["Jh", "4c", "5c"], 3: ["7h", "6c", "7c"], 0: ["2h", "Jc", "Qc"]}
    state = plays(start(bixkla, hands, "5d"), "1:Qh", "2:Jh", "3:7h", "0:2h")
    assert winner(state) == 2


@pytest.mark.rule("briscola.trick.winner")
def test_bisca_seven_beats_king():
    bisca = ruleset("bisca-2")
    # packets of three: seat 1 then seat 0, then the indicator
    state = start(bisca, {1: ["Kh", "2c", "3c"], 0: ["7h", "4c", "5c"]}, "6d")
    state = plays(state, "1:Kh", "0:7h")
    assert winner(state) == 0


@pytest.mark.rule("briscola.trick.winner")
def test_brisca_spanish_faces(brisca):
    # Rey (R) beats Caballo (C) beats Sota (S); trumps espadas (e)
    state = start(brisca, {1: ["Co", "2c", "3c"], 0: ["Ro", "4c", "5c"]}, "4e")
    assert winner(plays(state, "1:Co", "0:Ro")) == 0
    state = start(brisca, {1: ["So", "2c", "3c"], 0: ["7o", "4c", "5c"]}, "4e")
    assert winner(plays(state, "1:So", "0:7o")) == 1
    state = start(brisca, {1: ["Ao", "2c", "3c"], 0: ["2e", "4c", "5c"]}, "4e")
    assert winner(plays(state, "1:Ao", "0:2e")) == 0


@pytest.mark.rule("briscola.trick.lead-next")
def test_the_winner_takes_the_cards_and_leads(two):
    state = start(two, {1: ["5c", "6d", "7d"], 0: ["Ac", "2d", "Jb"]}, "4s", ["Kd", "Kb"])
    state = plays(state, "1:5c", "0:Ac")
    v = view(state)
    assert sorted(v["won"][0]) == sorted(["5c", "Ac"])
    assert v["won"][1] == []
    assert v["to_move"] == 0 and v["leader"] == 0
    assert v["trick"] == []
    assert v["last_trick"] == {"winner": 0, "cards": [{"seat": 1, "card": "5c"}, {"seat": 0, "card": "Ac"}]}
    assert v["tricks_played"] == 1
    assert rejects(state, {"type": "play", "seat": 1, "card": "6d"}) == "briscola.play.turn"
    state = plays(state, "0:2d", "1:6d")  # the 6 beats the 2 of the suit led
    assert view(state)["to_move"] == 1


@pytest.mark.rule("briscola.play.turn")
def test_play_goes_round_in_seat_order(four):
    hands = {1: ["Ad", "2c", "3c"], 2: ["2b", "4c", "5c"], 3: ["Hb", "6c", "7c"], 0: ["Kb", "Jc", "Hc"]}
    state = start(four, hands, "5b")
    assert view(state)["to_move"] == 1
    state = play(state, 1, "Ad")
    assert view(state)["to_move"] == 2
    assert rejects(state, {"type": "play", "seat": 3, "card": "Hb"}) == "briscola.play.turn"
    assert rejects(state, {"type": "play", "seat": 1, "card": "2c"}) == "briscola.play.turn"
    state = play(state, 2, "2b")
    assert view(state)["to_move"] == 3
    state = play(state, 3, "Hb")
    assert view(state)["to_move"] == 0
    assert [a.seat for a in legal_actions(state)] == [0, 0, 0]


@pytest.mark.rule("briscola.play.turn")
def test_a_seat_that_does_not_exist_is_out_of_turn(two):
    state = start(two, {1: ["Ad", "2c", "3c"], 0: ["2b", "4c", "5c"]}, "5b")
    assert rejects(state, {"type": "play", "seat": 5, "card": "Ad"}) == "briscola.play.turn"
    assert rejects(state, {"type": "play", "seat": -1, "card": "Ad"}) == "briscola.play.turn"


@pytest.mark.rule("briscola.play.in-hand")
def test_only_a_card_held_may_be_played(two):
    state = start(two, {1: ["Ad", "2c", "3c"], 0: ["2b", "4c", "5c"]}, "5b")
    for card in ("2b", "5b", "Kd", "Zz", "Ao", ""):
        # the opponent's card, the indicator, a stock card, no such card
        assert rejects(state, {"type": "play", "seat": 1, "card": card}) == "briscola.play.in-hand"
    state = play(state, 1, "Ad")
    assert rejects(state, {"type": "play", "seat": 0, "card": "Ad"}) == "briscola.play.in-hand"


@pytest.mark.rule("briscola.play.free")
def test_no_duty_to_follow_or_trump(two):
    # seat 0 holds a cup and a trump but may throw a coin on a cup lead
    state = start(two, {1: ["Ac", "2d", "3d"], 0: ["2c", "4b", "5d"]}, "6b")
    state = play(state, 1, "Ac")
    assert sorted(a.card for a in legal_actions(state)) == sorted(["2c", "4b", "5d"])
    state = play(state, 0, "5d")
    assert winner(state) == 1
    assert "briscola.play.free" in state.rules


@pytest.mark.rule("briscola.play.follow-suit")
def test_must_follow_when_holding_the_suit_led():
    rules = ruleset("briscola-2", play__follow_suit="must-follow")
    state = start(rules, {1: ["Ac", "2d", "3d"], 0: ["2c", "4b", "5d"]}, "6b")
    state = play(state, 1, "Ac")
    assert [a.card for a in legal_actions(state)] == ["2c"]
    assert rejects(state, {"type": "play", "seat": 0, "card": "4b"}) == "briscola.play.follow-suit"
    assert rejects(state, {"type": "play", "seat": 0, "card": "5d"}) == "briscola.play.follow-suit"
    state = play(state, 0, "2c")
    assert "briscola.play.follow-suit" in state.rules


@pytest.mark.rule("briscola.play.follow-suit")
def test_a_player_void_in_the_suit_led_plays_anything():
    rules = ruleset("briscola-2", play__follow_suit="must-follow")
    state = start(rules, {1: ["Ac", "2d", "3d"], 0: ["Jd", "4b", "5s"]}, "6b")
    state = play(state, 1, "Ac")
    assert sorted(a.card for a in legal_actions(state)) == sorted(["Jd", "4b", "5s"])
    state = play(state, 0, "4b")  # no cup: he may trump
    assert winner(state) == 0
    # the leader is never bound
    assert sorted(a.card for a in legal_actions(state)) == sorted(view(state)["hands"][0])
