"""The calls of `regola.fast`: refusals name the reference's rule and
change nothing, moves and JSON actions convert both ways, what a call
returns belongs to the caller."""

from __future__ import annotations

import random

import pytest

from regola.fast import CAPTURE, CLAIM, EXCHANGE, IllegalAction, capture, card_of, new_match, take_of
from regola.reference import apply as reference_apply
from regola.reference import new_game, shuffled_deck
from regola.spec import load


def _dealt(variant: str, seed: int = 1, options: dict | None = None):  # noqa: ANN202
    ruleset = load(variant, options)
    deck = list(shuffled_deck(ruleset, random.Random(seed)))
    return new_match(ruleset, deck), new_game(ruleset, deck)


def _refused(match, action) -> str:  # noqa: ANN001
    before = match.view()
    with pytest.raises(IllegalAction) as caught:
        match.apply(action)
    assert match.view() == before, "a refused action changed the match"
    return caught.value.rule_id


def _reference_rule(state, action) -> str:  # noqa: ANN001
    with pytest.raises(IllegalAction) as caught:
        reference_apply(state, action)
    return caught.value.rule_id


@pytest.mark.parametrize(
    ("variant", "make"),
    [
        ("briscola-2", lambda m: {"type": "play", "seat": 1 - m.to_move, "card": m.cards[m.hands[1 - m.to_move][0]]}),
        ("briscola-2", lambda m: {"type": "play", "seat": m.to_move, "card": m.cards[m.hands[1 - m.to_move][0]]}),
        ("briscola-2", lambda m: {"type": "shuffle", "deck": list(m.cards)}),
        ("briscola-2", lambda m: {"type": "play", "seat": "1", "card": "Ad"}),
        ("briscola-2", lambda m: {"type": "play", "seat": m.to_move}),
        ("briscola-2", lambda m: {"type": "capture", "seat": m.to_move, "card": "Ad", "take": []}),
        ("briscola-2", lambda m: {"type": "bid", "seat": m.to_move, "rank": "A"}),
        ("briscola-2", lambda m: {"type": "exchange", "seat": m.to_move, "card": m.cards[m.hands[m.to_move][0]]}),
        ("scopa-2", lambda m: {"type": "capture", "seat": m.to_move, "card": m.cards[m.hands[m.to_move][0]],
                               "take": [m.cards[m.hands[1 - m.to_move][0]]]}),
        ("scopa-2", lambda m: {"type": "claim", "seat": m.to_move}),
        ("scopa-2", lambda m: {"type": "exchange", "seat": m.to_move, "card": "Ad"}),
        ("chiamata", lambda m: {"type": "play", "seat": m.to_move, "card": m.cards[m.hands[m.to_move][0]]}),
        ("chiamata", lambda m: {"type": "bid", "seat": (m.to_move + 1) % 5, "rank": "A"}),
    ],
)
def test_a_refusal_names_the_reference_s_rule_and_changes_nothing(variant, make) -> None:  # noqa: ANN001
    match, state = _dealt(variant)
    action = make(match)
    assert _refused(match, action) == _reference_rule(state, action)


def test_following_suit_is_refused_as_the_reference_refuses_it() -> None:
    for seed in range(40):
        match, state = _dealt("tressette-2", seed)
        lead = match.legal()[0]
        match.apply(lead)
        state = reference_apply(state, match.action(lead) | {"seat": state.to_move})
        led = match.pack.suit[lead]
        hand = match.hands[match.to_move]
        off = [c for c in hand if match.pack.suit[c] != led]
        if off and len(off) < len(hand):
            action = match.action(off[0])
            assert _refused(match, off[0]) == _reference_rule(state, action) == "briscola.play.follow-suit"
            return
    pytest.fail("no seed gave a hand that must follow suit")


def test_a_match_over_refuses_everything() -> None:
    match, _ = _dealt("briscola-2")
    match.playout(random.Random(2), hands=None)
    assert match.is_over and match.legal() == [] and match.to_move is None
    state = match.to_reference()
    for action in ({"type": "play", "seat": 0, "card": "Ad"}, {"type": "shuffle", "deck": list(match.cards)}):
        assert _refused(match, action) == _reference_rule(state, action) == "briscola.match.end"


def test_a_move_that_is_no_move_is_a_value_error() -> None:
    match, _ = _dealt("briscola-2")
    with pytest.raises(ValueError):
        match.apply(1000)
    fishing, _ = _dealt("scopa-2")
    with pytest.raises(ValueError):
        fishing.apply(-7)
    with pytest.raises(ValueError):
        fishing.apply(1 << 60)


@pytest.mark.parametrize("variant", ["briscola-2", "scopa-2", "cirulla", "scopa-fuori", "chiamata"])
def test_moves_and_json_actions_convert_both_ways(variant: str) -> None:
    match, _ = _dealt(variant, 3)
    rng = random.Random(3)
    for _ in range(40):
        if match.is_over or match.is_chance:
            break
        for move in match.legal():
            action = match.action(move)
            assert match.move(action) == move
            assert action["seat"] == match.to_move
        moves = match.legal()
        match.apply(moves[rng.randrange(len(moves))])


def test_the_shape_of_a_move() -> None:
    move = capture(5, 0b1010)
    assert move & CAPTURE and card_of(move) == 5 and take_of(move) == 0b1010
    assert EXCHANGE == CAPTURE == 64 and CLAIM == -1


def test_what_a_call_returns_belongs_to_the_caller() -> None:
    match, _ = _dealt("briscola-2")
    legal = match.legal()
    legal.clear()
    assert match.legal()
    first = match.view()
    first["hands"][0].clear()
    first["match"]["game_points"].append(9)
    assert match.view() != first
    match.playout(random.Random(1), hands=1)
    finished = match.view()
    finished["result"]["points"][0] = -1
    assert match.view()["result"]["points"][0] != -1


def test_new_match_takes_a_ruleset_and_a_deck() -> None:
    with pytest.raises(TypeError):
        new_match("briscola-2")  # type: ignore[arg-type]
    ruleset = load("briscola-2")
    with pytest.raises(IllegalAction) as caught:
        new_match(ruleset, ["Ad"] * 40)
    assert caught.value.rule_id == "briscola.deal.shuffle"
    match = new_match(ruleset)
    assert match.is_chance and match.view() == new_match(ruleset).view()
