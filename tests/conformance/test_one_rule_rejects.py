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


def _states_with_a_match(variant: str):
    """States of seeded scopa games where the player to move holds a card
    that matches a table card, with the table's other cards."""
    import random

    from regola.conformance.trace.record import legal_dicts

    rules = load_ruleset(variant)
    value = {r.id: r.value for r in rules.deck.ranks}
    for seed in range(40):
        state = reference.new_game(rules, reference.shuffled_deck(rules, random.Random(seed)))
        rng = random.Random(seed)
        while not state.is_over and not state.is_chance:
            table = list(reference.view(state)["table"])
            for card in state.hands[state.to_move]:
                match = [c for c in table if value[c[:-1]] == value[card[:-1]]]
                if match:
                    yield state, card, match[0], [c for c in table if c != match[0]], value
            state = reference.apply(state, rng.choice(legal_dicts(state)))


def test_a_set_taken_while_a_card_matches_breaks_single_card_first_whatever_its_sum() -> None:
    # a player who takes the matching card and another (a wrong sum) ignores
    # the match as much as the sum: the line is not one about the sum alone
    for state, card, match, others, _ in _states_with_a_match("scopa-2"):
        if others:
            bad = {"type": "capture", "seat": state.to_move, "card": card, "take": [match, others[0]]}
            with pytest.raises(reference.IllegalAction) as refused:
                reference.apply(state, bad)
            assert refused.value.rule_id == "scopa.capture.single-card-first"
            assert breaks_only(state, bad, "scopa.capture.sum") is not None
            return
    raise AssertionError("no state with a match and another table card in 40 games")


def test_the_set_for_a_match_probe_breaks_single_card_first_alone() -> None:
    from regola.conformance.corpus.negatives import set_for_match

    for state, card, match, _, _ in _states_with_a_match("scopone"):
        legal = {"type": "capture", "seat": state.to_move, "card": card, "take": [match]}
        for bad in set_for_match(state, legal, "take"):
            assert breaks_only(state, bad, "scopa.capture.single-card-first") is None
            return
    raise AssertionError("no state with a match and a set of the same total in 40 games")
