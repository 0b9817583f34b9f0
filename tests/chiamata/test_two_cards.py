"""Two cards called for 120 points (W-BRI), worked by hand on HAND_A with
coins as trumps: seat 1 bids 120 and calls Ad (seat 3's) and 3d (seat 0's)."""

from __future__ import annotations

import pytest
from regola.reference import legal_actions, new_game, view

from .helpers import (
    HAND_A,
    HAND_A_POINTS,
    act,
    bid,
    call,
    deck_for,
    events,
    hands_of,
    pas,
    play_tricks,
    rejects,
    ruleset,
)

TWO_CARDS = {"calling__two_cards_at": 120}


def fresh(points: int = 120):
    rules = ruleset("chiamata-points", **TWO_CARDS)
    state = act(new_game(rules, deck_for(rules, hands_of(HAND_A))), bid(1, points=points))
    # nothing tops 120, so that bid ends the auction at once; below it the others pass
    return state if points == 120 else act(state, pas(2), pas(3), pas(4), pas(0))


def two(seat: int, first: str, second: str) -> dict:
    return {**call(seat, card=first), "second": second}


@pytest.mark.rule("chiamata.call.two-cards")
def test_a_contract_of_120_may_call_one_card_or_two_of_one_suit():
    state = fresh()
    calls = legal_actions(state)
    singles = [a for a in calls if a.second is None]
    pairs = [a for a in calls if a.second is not None]
    # 40 single cards, then 4 suits x (10 x 9 / 2) pairs named in card order
    assert len(singles) == 40 and len(pairs) == 180
    assert all(a.card[-1] == a.second[-1] for a in pairs)


@pytest.mark.rule("chiamata.call.two-cards")
def test_two_cards_are_refused_below_120_and_across_suits():
    assert all(a.second is None for a in legal_actions(fresh(119)))
    assert rejects(fresh(119), two(1, "Ad", "3d")) == "chiamata.call.two-cards"
    assert rejects(fresh(), two(1, "Ad", "3c")) == "chiamata.call.two-cards"
    assert rejects(fresh(), two(1, "Ad", "Ad")) == "chiamata.call.two-cards"
    # in card order (A 2 3 ... of a suit): Ad before 3d
    assert rejects(fresh(), two(1, "3d", "Ad")) == "chiamata.call.two-cards"


@pytest.mark.rule("chiamata.call.two-cards", "chiamata.info.secret-partner", "chiamata.info.reveal")
def test_each_holder_is_a_secret_partner_until_his_card_is_played():
    state = act(fresh(), two(1, "Ad", "3d"))
    assert state.trump == "d" and state.contract.side() == (1, 3, 0)
    assert "chiamata.call.two-cards" in state.rules
    of = {s: view(state, s)["contract"] for s in range(5)}
    assert (of[3]["partner"], of[3]["second_partner"]) == (3, None)
    assert (of[0]["partner"], of[0]["second_partner"]) == (None, 0)
    assert (of[2]["partner"], of[2]["second_partner"], of[2]["alone"]) == (None, None, None)
    assert of[1]["alone"] is False
    # trick 3 shows Ad (seat 3); trick 5 shows 3d (seat 0)
    state = play_tricks(state, HAND_A[:3])
    assert view(state, 2)["contract"]["partner"] == 3 and view(state, 2)["contract"]["second_partner"] is None
    state = play_tricks(state, HAND_A[3:5])
    assert view(state, 2)["contract"]["second_partner"] == 0


@pytest.mark.rule("chiamata.score.two-partners", "chiamata.call.two-cards")
def test_with_two_partners_the_two_defenders_share_the_payment():
    state = play_tricks(act(fresh(), two(1, "Ad", "3d")), HAND_A)
    result = events(state, "hand-over")[0]
    side = HAND_A_POINTS[1] + HAND_A_POINTS[3] + HAND_A_POINTS[0]  # 30 + 62 + 23 = 115
    assert result["contract"]["side_points"] == side and result["outcome"] == "defeated"
    # failed: bidder -2, each partner -1, and seats 2 and 4 share the 4: +2 each
    assert result["game_points"] == [-1, -2, 2, -1, 2]
    assert "chiamata.score.two-partners" in state.rules


@pytest.mark.rule("chiamata.call.two-cards", "chiamata.score.payoff")
def test_both_cards_with_one_player_make_one_partner():
    # Ad and Kd are both seat 3's: the usual 2/1/-1 against three defenders
    state = play_tricks(act(fresh(), two(1, "Ad", "Kd")), HAND_A)
    assert state.contract.partners() == (3,)
    assert events(state, "hand-over")[0]["game_points"] == [1, -2, 1, -1, 1]


@pytest.mark.rule("chiamata.call.two-cards")
def test_the_option_needs_a_card_call():
    from regola.spec import SpecError, load

    with pytest.raises(SpecError, match="calling.two_cards_at needs calling.kind = card"):
        load("chiamata", {"calling.two_cards_at": 120})


@pytest.mark.rule("chiamata.score.two-partners")
def test_the_zero_sum_proof_covers_two_partners():
    from regola.spec import SpecError, load
    from regola.spec.invariants import check

    proved = {r.name: r for r in check(load("chiamata-points", {"calling.two_cards_at": 120}))}
    assert proved["scoring.zero-sum"].status == "proved"
    # six players, a row that balances 3 + 1 against four defenders but not
    # 3 + 1 + 1 against three: the loader refuses it, and so does the proof
    bands = [{"min_target": 61, "bidder": 3, "partner": 1, "defender": 1, "alone_bidder": 5, "alone_defender": 1}]
    options = {"calling.two_cards_at": 120, "seating.players": 6, "hand_scoring.contract.bands": bands}
    with pytest.raises(SpecError, match="the 3 defenders share 3 \\+ 2 x 1 = 5, which does not divide equally"):
        load("chiamata-points", options)
    six = load("chiamata-points", {"seating.players": 6, "hand_scoring.contract.bands": bands}, checked=False)
    broken = six.model_copy(update={"calling": six.calling.model_copy(update={"two_cards_at": 120})})
    result = {r.name: r for r in check(broken)}["scoring.zero-sum"]
    assert result.status == "failed"
    assert "with two partners pays the bidder" in result.counterexample
    assert "each of the 3 defenders -1" in result.counterexample
