"""Invariants over random legal playouts of every shipped trick variant.

Every variant whose play is tricks and that has no auction is played out at
random (legal choices and shuffles drawn from a seed), and at every step:
cards are conserved, legal actions exist exactly when a player must act,
every rule id exercised holds in the ruleset, no seat's view shows a card it
may not see, and a random illegal action is refused with the right rule and
changes nothing. At every hand's end every card has been played once, every
player played as many cards, and the card points add up to the pack's
total. Replaying the same shuffles and choices gives identical views.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regola.reference import IllegalAction, apply, initial_state, legal_actions, view
from regola.reference.actions import action_dict
from regola.spec import catalog, load, rule_ids, variant_ids

from .helpers import cards_of


def plain_trick_game(variant: str) -> bool:
    """Trick play with no auction and no call: the games this suite covers."""
    rules = load(variant)
    if getattr(rules.play, "kind", None) != "tricks":
        return False
    for part in ("bidding", "calling"):
        component = getattr(rules, part, None)
        if component is not None and getattr(component, "kind", "none") != "none":
            return False
    return True


TRICK_VARIANTS = [v for v in variant_ids() if plain_trick_game(v)]
TRUMP_VARIANTS = [v for v in TRICK_VARIANTS if load(v).deal.indicator != "none"]
"""The variants with a trump indicator: the option sets below turn, rebury and
exchange it, which a game without trumps (Tressette) does not accept."""

# Option sets that every plain trick variant accepts, to stress the options
# in random play as well as the shipped defaults.
OPTION_SETS: list[dict[str, Any]] = [
    {"deal.indicator": "bottom"},
    {"deal.indicator": "before-deal", "deal.rebury_indicator": ["A", "3"]},
    {"deal.indicator": "none", "exchange.card": "none"},
    {"deal.rebury_indicator": ["A", "3"]},
    {"play.follow_suit": "must-follow"},
    {"play.first_lead": "before-dealer"},
    {"hand_scoring.tie": "replay", "match.kind": "first-to-wins", "match.target": 2},
    {"hand_scoring.tie": "last-trick", "match.kind": "first-to-card-points", "match.target": 200},
    {"hand_scoring.tie": "more-cards", "match.kind": "single"},
    {"exchange.card": "seven-or-two", "exchange.requires_trick_won": True},
    {"exchange.card": "two", "exchange.window": "before-first-trick"},
    {"exchange.card": "seven"},
    {"information.stock_top_visible": True},
    {"information.open_hands": True},
    {
        "hand_scoring.game_points": [
            {"min_points": 61, "game_points": 1},
            {"min_points": 91, "game_points": 2},
            {"min_points": 120, "game_points": 3},
        ],
        "match.kind": "first-to-wins",
        "match.target": 4,
    },
]

EXAMPLES = 60


# --- what a seat may see ----------------------------------------------------


def partner_view_on(rules, omniscient: dict[str, Any]) -> bool:
    """Whether partners see each other's hands now, from the rules text."""
    when = rules.information.partner_view
    if omniscient["phase"] != "play":
        return False
    if when == "before-first-trick":
        return omniscient["tricks_played"] == 0
    if when == "stock-exhausted":
        return omniscient["stock_size"] == 0 and omniscient["indicator"] is None
    return False


def captain_sees(rules, omniscient: dict[str, Any], seat: int, other: int) -> bool:
    """Schembil (briscola.info.captain-view): once the stock is out, a team's
    first seat sees the hand of its next partner in play order, nobody else's."""
    if rules.information.partner_view != "captain-stock-exhausted" or omniscient["phase"] != "play":
        return False
    if omniscient["stock_size"] or omniscient["indicator"] is not None:
        return False
    team = next(t for t in rules.seating.teams if seat in t)
    n = rules.seating.players
    return seat == team[0] and other == min((p for p in team if p != seat), key=lambda p: (p - seat) % n)


def strings_in(data: Any) -> set[str]:
    """Every string anywhere in a view."""
    found: set[str] = set()
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


def check_seat_views(rules, state, pack: set[str]) -> None:
    everything = view(state)
    n = rules.seating.players
    sides = rules.seating.teams or tuple((s,) for s in range(n))
    partners = {s: {t for side in sides if s in side for t in side if t != s} for s in range(n)}
    for seat in range(n):
        mine = view(state, seat)
        seen = [
            t == seat
            or rules.information.open_hands
            or (t in partners[seat] and partner_view_on(rules, everything))
            or captain_sees(rules, everything, seat, t)
            for t in range(n)
        ]
        hidden: set[str] = set()
        for t in range(n):
            if seen[t]:
                assert mine["hands"][t] == everything["hands"][t]
            else:
                assert mine["hands"][t] is None, f"seat {seat} sees hand {t}"
                hidden |= set(everything["hands"][t])
        stock = everything.get("stock", [])
        top_shown = rules.information.stock_top_visible and stock
        hidden |= set(stock[1:] if top_shown else stock)
        hidden -= {c for cards in everything.get("shown", []) for c in cards}  # tressette.draw.shown: public
        assert "stock" not in mine
        assert mine["stock_top"] == (stock[0] if top_shown else None)
        assert mine["hand_sizes"] == everything["hand_sizes"]
        leaked = strings_in(mine) & pack & hidden
        assert not leaked, f"seat {seat} can see {sorted(leaked)}"


# --- the playout ------------------------------------------------------------


def cards_on_the_table(v: dict[str, Any]) -> Counter:
    cards = Counter()
    for hand in v["hands"]:
        cards.update(hand)
    cards.update(v.get("stock", []))
    if v["indicator"]:
        cards[v["indicator"]] += 1
    cards.update(p["card"] for p in v["trick"])
    for pile in v["won"]:
        cards.update(pile)
    return cards


def try_illegal(rules, state, rng: random.Random, pack: list[str]) -> None:
    """A random action the rules forbid is refused with the right rule and
    leaves the state as it was."""
    family = catalog(rules.family)
    before = json.dumps(view(state), sort_keys=True)
    n = rules.seating.players
    if state.is_over:
        action, expected = {"type": "play", "seat": rng.randrange(n), "card": rng.choice(pack)}, "briscola.match.end"
    elif state.is_chance:
        action, expected = {"type": "play", "seat": rng.randrange(n), "card": rng.choice(pack)}, "briscola.play.phase"
    else:
        mover = state.to_move
        hand = view(state)["hands"][mover]
        others = [s for s in range(n) if s != mover and view(state)["hands"][s]]
        if others and rng.random() < 0.5:
            seat = rng.choice(others)
            card = rng.choice(view(state)["hands"][seat])
            action, expected = {"type": "play", "seat": seat, "card": card}, "briscola.play.turn"
        else:
            card = rng.choice([c for c in pack if c not in hand])
            action, expected = {"type": "play", "seat": mover, "card": card}, "briscola.play.in-hand"
    with pytest.raises(IllegalAction) as refused:
        apply(state, action)
    assert refused.value.rule_id in family
    if rules.family == "briscola":
        assert refused.value.rule_id == expected, (action, refused.value)
    assert json.dumps(view(state), sort_keys=True) == before


def playout(rules, seed: int, max_steps: int = 2000) -> list[tuple[dict, str]]:
    """Play a random match, checking the invariants at every step; return
    the actions and the omniscient view after each, as JSON text."""
    rng = random.Random(seed)
    pack = cards_of(rules)
    pack_set = set(pack)
    holds = set(rule_ids(rules))
    total = rules.deck.total_points
    points = {r.id: r.points for r in rules.deck.ranks}
    n = rules.seating.players
    sides = rules.seating.teams or tuple((s,) for s in range(n))
    state = initial_state(rules)
    trace: list[tuple[dict, str]] = []
    played: list[tuple[int, str]] = []
    hands_done = 0
    for _ in range(max_steps):
        legal = legal_actions(state)
        if state.is_over or state.is_chance:
            assert legal == []
        else:
            assert legal, "a player must act but has no legal action"
        if rng.random() < 0.2:
            try_illegal(rules, state, rng, pack)
        if state.is_over:
            break
        if state.is_chance:
            deck = pack[:]
            rng.shuffle(deck)
            action: dict[str, Any] = {"type": "shuffle", "deck": deck}
            played = []
        else:
            action = action_dict(rng.choice(legal))
        state = apply(state, action)
        v = view(state)
        trace.append((action, json.dumps(v, sort_keys=True)))
        assert set(state.rules) <= holds, f"rules that do not hold here: {set(state.rules) - holds}"
        played += [(e["seat"], e["card"]) for e in state.events if e["type"] == "play"]
        if v["phase"] == "play":
            assert cards_on_the_table(v) == Counter(pack)
            check_seat_views(rules, state, pack_set)
        elif action["type"] != "shuffle":  # the hand just ended
            hands_done += 1
            assert Counter(c for _, c in played) == Counter(pack), "every card is played once"
            per_seat = Counter(s for s, _ in played)
            assert sorted(per_seat) == list(range(n))
            assert set(per_seat.values()) == {len(pack) // n}
            result = v["result"]
            assert sum(result["points"]) == total
            assert total == 120 or rules.hand_scoring.kind == "count"  # Tressette counts thirds
            for i, side in enumerate(sides):
                taken = [c for s in side for c in v["won"][s]]
                assert result["points"][i] == sum(points[c[:-1]] for c in taken)
                assert result["cards"][i] == len(taken)
            assert v["tricks_played"] == len(pack) // n
            check_seat_views(rules, state, pack_set)
    else:
        pytest.fail(f"the match did not end within {max_steps} steps")
    assert hands_done >= 1 and state.is_over
    return trace


def replay(rules, trace: list[tuple[dict, str]]) -> None:
    state = initial_state(rules)
    for action, expected in trace:
        state = apply(state, action)
        assert json.dumps(view(state), sort_keys=True) == expected


@pytest.mark.rule("briscola.deck.composition")
@pytest.mark.rule("briscola.deck.points")
@pytest.mark.rule("briscola.deal.shuffle")
@pytest.mark.rule("briscola.play.turn")
@pytest.mark.rule("briscola.play.in-hand")
@pytest.mark.rule("briscola.score.count")
@pytest.mark.rule("briscola.info.hidden")
@pytest.mark.rule("briscola.info.partner-view")
@pytest.mark.rule("briscola.match.end")
@settings(max_examples=EXAMPLES, deadline=None)
@given(variant=st.sampled_from(TRICK_VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_of_every_trick_variant(variant, seed):
    rules = load(variant)
    trace = playout(rules, seed)
    replay(rules, trace)


@pytest.mark.rule("briscola.deal.indicator")
@pytest.mark.rule("briscola.deal.rebury")
@pytest.mark.rule("briscola.play.follow-suit")
@pytest.mark.rule("briscola.exchange.card")
@pytest.mark.rule("briscola.exchange.window")
@pytest.mark.rule("briscola.score.tie")
@pytest.mark.rule("briscola.info.open-hands")
@pytest.mark.rule("briscola.info.stock-top")
@settings(max_examples=EXAMPLES, deadline=None)
@given(
    variant=st.sampled_from(TRUMP_VARIANTS),
    options=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_playouts_with_options(variant, options, seed):
    rules = load(variant, options)
    trace = playout(rules, seed)
    replay(rules, trace)


@pytest.mark.rule("briscola.draw.order")
@pytest.mark.rule("briscola.draw.indicator-last")
@pytest.mark.rule("briscola.draw.exhausted")
@pytest.mark.parametrize("variant", TRUMP_VARIANTS)
@pytest.mark.parametrize("options", range(-1, len(OPTION_SETS)))
def test_every_variant_with_every_option_set_plays_out(variant, options):
    """One fixed-seed playout of each pairing, so none is left to chance."""
    rules = load(variant, OPTION_SETS[options] if options >= 0 else None)
    trace = playout(rules, seed=1000 + options)
    replay(rules, trace)


@pytest.mark.rule("briscola.deal.shuffle")
def test_the_trick_variants_are_found():
    assert {"briscola-2", "briscola-3", "briscola-4", "briscola-6", "brisca-2", "bisca-2", "bixkla"} <= set(
        TRICK_VARIANTS
    )
