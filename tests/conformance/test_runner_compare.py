"""Comparing views field by field, and naming the rule behind a difference."""

from __future__ import annotations

import json

from regola.conformance.explain import guess
from regola.conformance.runner.compare import (
    ABSENT,
    Difference,
    compare_views,
    describe,
    field_share,
    side_by_side,
)

EXPECTED = {
    "phase": "play",
    "to_move": 1,
    "hands": [["Ad", "3c", "7s"], ["2b", "4d", "Kc"]],
    "trick": [{"seat": 0, "card": "Ad"}],
    "match": {"game_points": [0, 1], "over": False},
    "stock": ["5s", "6s"],
}


def copy(view):
    return json.loads(json.dumps(view))


def test_equal_views_have_no_difference():
    assert compare_views(EXPECTED, copy(EXPECTED)) == []


def test_a_wrong_card_in_a_hand_is_reported_for_that_hand_whole():
    actual = copy(EXPECTED)
    actual["hands"][1] = ["2b", "4d", "Hc"]
    assert compare_views(EXPECTED, actual) == [
        Difference("hands[1]", ["2b", "4d", "Kc"], ["2b", "4d", "Hc"])
    ]


def test_a_field_inside_a_list_of_objects_is_located_by_index_and_key():
    actual = copy(EXPECTED)
    actual["trick"][0]["card"] = "3c"
    assert compare_views(EXPECTED, actual) == [Difference("trick[0].card", "Ad", "3c")]


def test_lists_of_different_lengths_are_reported_whole():
    actual = copy(EXPECTED)
    actual["trick"] = []
    assert compare_views(EXPECTED, actual) == [Difference("trick", [{"seat": 0, "card": "Ad"}], [])]


def test_nested_objects_report_each_key_and_extra_keys():
    actual = copy(EXPECTED)
    actual["match"] = {"game_points": [1, 1], "over": False, "extra": 3}
    assert compare_views(EXPECTED, actual) == [
        Difference("match.game_points", [0, 1], [1, 1]),
        Difference("match.extra", ABSENT, 3),
    ]


def test_only_the_fields_the_engine_reports_are_compared():
    actual = copy(EXPECTED)
    actual["stock"] = ["6s", "5s"]
    del actual["phase"]
    assert compare_views(EXPECTED, actual, fields=["to_move", "hands"]) == []
    assert compare_views(EXPECTED, actual, fields=["phase", "stock"]) == [
        Difference("phase", "play", ABSENT),
        Difference("stock", ["5s", "6s"], ["6s", "5s"]),
    ]


def test_json_types_do_not_mix():
    # true is not 1, and "1" is not 1, although Python's == says otherwise for the first
    assert compare_views({"over": False, "n": 1}, {"over": 0, "n": "1"}) == [
        Difference("over", False, 0),
        Difference("n", 1, "1"),
    ]
    assert compare_views({"n": 1}, {"n": 1.0}) == []


def test_an_answer_that_is_not_an_object_is_one_difference():
    assert compare_views(EXPECTED, ["not", "a", "view"]) == [Difference("(view)", EXPECTED, ["not", "a", "view"])]


def test_difference_field_and_json():
    d = Difference("trick[0].card", "Ad", ABSENT)
    assert d.field == "trick"
    assert d.to_json() == {"path": "trick[0].card", "expected": "Ad", "actual_absent": True}


def test_field_share_counts_reported_fields_among_the_view_keys():
    assert field_share(EXPECTED.keys(), ["phase", "hands", "not-a-view-key"]) == (2, 6)
    assert field_share(EXPECTED.keys(), None) == (6, 6)


def test_side_by_side_marks_the_differing_rows_and_shows_the_others():
    actual = copy(EXPECTED)
    actual["trick"][0]["card"] = "3c"
    text = side_by_side(EXPECTED, actual, compare_views(EXPECTED, actual), fields=["phase", "trick"])
    lines = text.splitlines()
    assert lines[0].split() == ["field", "expected", "actual"]
    assert [ln.split() for ln in lines[2:]] == [
        ["phase", '"play"', '"play"'],
        ["!", "trick[0].card", '"Ad"', '"3c"'],
    ]


def test_describe_summarises_and_counts_the_rest():
    diffs = [Difference(f"hands[{i}]", [], ["Ad"]) for i in range(8)]
    text = describe(diffs, limit=2)
    assert text == 'hands[0]: expected [], got ["Ad"]; hands[1]: expected [], got ["Ad"]; and 6 more'


TRICK_STEP = [
    "briscola.play.turn",
    "briscola.play.in-hand",
    "briscola.play.free",
    "briscola.trick.winner",
    "briscola.trick.lead-next",
    "briscola.draw.order",
]


def diffs(*paths):
    return [Difference(p, 0, 1) for p in paths]


def test_blame_prefers_the_trick_winner_over_the_draw_it_caused():
    # the wrong winner drew first, so the hands differ as well
    assert guess.for_view(diffs("hands[0]", "won[1]", "leader", "to_move"), TRICK_STEP) == "briscola.trick.winner"


def test_blame_names_card_points_when_the_right_trick_counts_differently():
    assert guess.for_view(diffs("points[1]"), TRICK_STEP) == "briscola.deck.points"
    # with the trick in the wrong pile the points differ too, but the winner is at fault
    assert guess.for_view(diffs("points[1]", "won[1]"), TRICK_STEP) == "briscola.trick.winner"


def test_blame_names_the_draw_order_when_only_hands_differ():
    assert guess.for_view(diffs("hands[0]", "hands[1]"), TRICK_STEP) == "briscola.draw.order"


def test_blame_names_indicator_last_when_the_indicator_went_at_a_draw():
    # the step drew from the stock only, yet the engine took the indicator
    assert guess.for_view(diffs("indicator", "hands[0]", "stock"), TRICK_STEP) == "briscola.draw.indicator-last"


def test_blame_names_the_tie_rule_for_a_wrong_result_after_a_tie():
    rules = [*TRICK_STEP[:5], "briscola.score.count", "briscola.score.majority", "briscola.score.tie", "briscola.match.end"]
    assert guess.for_view(diffs("result.outcome", "match.game_points"), rules) == "briscola.score.tie"


def test_blame_falls_back_to_the_first_rule_of_the_step():
    assert guess.for_view(diffs("unknown_field"), ["scopa.play.turn", "scopa.capture.match"]) == "scopa.play.turn"
    assert guess.for_view(diffs("phase"), []) is None


def test_specific_skips_the_rules_every_action_exercises():
    assert guess.specific(["briscola.play.first-lead", "briscola.play.turn", "briscola.play.in-hand", "briscola.play.free"]) == "briscola.play.free"
    assert guess.specific(["briscola.play.turn"]) == "briscola.play.turn"


def test_seat_view_blame_names_the_information_rule():
    hidden = ["briscola.info.hidden"]
    assert guess.for_seat_view(diffs("hands[1]"), 0, hidden) == "briscola.info.hidden"
    partners = ["briscola.info.hidden", "briscola.info.partner-view"]
    assert guess.for_seat_view(diffs("hands[2]"), 0, partners, partners=[2]) == "briscola.info.partner-view"
    assert guess.for_seat_view(diffs("hands[1]"), 0, partners, partners=[2]) == "briscola.info.hidden"
    scoperta = ["briscola.info.hidden", "briscola.info.open-hands", "briscola.info.stock-top"]
    assert guess.for_seat_view(diffs("stock_top"), 0, scoperta) == "briscola.info.stock-top"
    assert guess.for_seat_view(diffs("hands[1]"), 0, scoperta) == "briscola.info.open-hands"


def test_views_equal_but_for_key_order_are_equal():
    expected = {"match": {"over": False, "points": [1, 2]}, "phase": "play", "trick": [{"card": "Ad", "seat": 1}]}
    actual = {"trick": [{"seat": 1, "card": "Ad"}], "phase": "play", "match": {"points": [1, 2], "over": False}}
    assert compare_views(expected, actual) == []


def test_a_bool_is_never_a_number_whatever_the_key_order():
    expected = {"match": {"over": False, "points": [1, 0]}, "phase": "play"}
    reordered = {"phase": "play", "match": {"points": [1, 0], "over": 0}}  # 0 == False in Python
    same_order = {"match": {"over": False, "points": [True, 0]}, "phase": "play"}
    assert [d.path for d in compare_views(expected, reordered)] == ["match.over"]
    assert [d.path for d in compare_views(expected, same_order)] == ["match.points"]
    # an int and a float of the same value are the same JSON number
    assert compare_views({"points": [1, 2]}, {"points": [1.0, 2]}) == []


def test_a_field_judged_equal_once_is_still_checked_strictly_the_next_time():
    # the quick test keeps its verdicts on reordered fields by their exact
    # encodings: the same field with a bool for a number is a new question
    expected = {"match": {"over": False, "points": [1, 0]}, "phase": "play"}
    reordered = {"phase": "play", "match": {"points": [1, 0], "over": False}}
    assert compare_views(expected, reordered) == []
    assert compare_views(expected, reordered) == []
    sneaky = {"phase": "play", "match": {"points": [True, 0], "over": False}}
    assert compare_views(expected, sneaky) == [Difference("match.points", [1, 0], [True, 0])]
    assert compare_views(expected, reordered) == []


def test_a_view_compared_with_itself_and_with_extra_keys():
    assert compare_views(EXPECTED, EXPECTED) == []
    extra = {**copy(EXPECTED), "note": "not asked for"}
    assert compare_views(EXPECTED, extra) == []
    wrong = {**copy(EXPECTED), "note": "x", "to_move": True}  # True == 1 in Python
    assert compare_views(EXPECTED, wrong) == [Difference("to_move", 1, True)]


def test_a_tuple_or_a_str_subclass_from_a_python_engine_is_not_the_same_json():
    class Card(str):
        pass

    assert [d.path for d in compare_views({"hand": ["Ad"]}, {"hand": ("Ad",)})] == ["hand"]
    assert [d.path for d in compare_views({"trick": [{"card": "Ad"}]}, {"trick": [{"card": Card("Ad")}]})] == ["trick[0].card"]
