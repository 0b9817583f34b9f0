"""Every reject line of the corpus breaks exactly one rule: the reference
refuses it under its rule, and with that rule's checks removed it refuses
it under no other (`regola.conformance.explain.waive`), so that an engine
refusing it refuses it for that rule."""

from __future__ import annotations

import pytest

from regola import reference
from regola.conformance.explain.waive import breaks_only, waived
from regola.conformance.trace.files import CORPUS_DIR, iter_traces
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.record import load_ruleset
from regola.conformance.trace.setup import start_state

VARIANTS = sorted(p.name for p in CORPUS_DIR.iterdir() if p.is_dir())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reject_line_breaks_its_rule_alone(variant: str) -> None:
    checked = 0
    for path in iter_traces([variant]):
        trace = read_trace(path)
        rules = load_ruleset(trace.header["variant"], trace.header.get("options") or {}, checked=False)
        state = start_state(rules, trace.header)
        for line, item in enumerate(trace.items, start=2):
            if item["kind"] == "reject":
                why = breaks_only(state, item["action"], item["rule"])
                assert why is None, f"{path}:{line}: {item['action']}: {why}"
                checked += 1
            else:
                state = reference.apply(state, item["action"])
    assert checked, f"{variant}: no reject line at all"


def test_an_out_of_turn_play_with_the_movers_card_breaks_two_rules() -> None:
    # the probe the corpus no longer makes: another seat playing a card of the
    # player to move is out of turn and not held; with the turn's check
    # removed, the card in hand still refuses it
    rules = load_ruleset("briscola-2")
    state = reference.new_game(rules, reference.shuffled_deck(rules, __import__("random").Random(1)))
    mover = state.to_move
    card = state.hands[mover][0]
    action = {"type": "play", "seat": 1 - mover, "card": card}
    assert "briscola.play.in-hand" in (breaks_only(state, action, "briscola.play.turn") or "")
    mine = {"type": "play", "seat": 1 - mover, "card": state.hands[1 - mover][0]}
    assert breaks_only(state, mine, "briscola.play.turn") is None


def test_waiving_leaves_the_reference_as_it_was() -> None:
    rules = load_ruleset("briscola-2")
    state = reference.new_game(rules, reference.shuffled_deck(rules, __import__("random").Random(3)))
    bad = {"type": "play", "seat": 1 - state.to_move, "card": state.hands[1 - state.to_move][0]}
    with waived("briscola.play.turn"):
        reference.apply(state, bad)  # no refusal while the turn's check is removed
    with pytest.raises(reference.IllegalAction) as refused:
        reference.apply(state, bad)
    assert refused.value.rule_id == "briscola.play.turn"
