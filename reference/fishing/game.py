"""Entry points of the fishing games (Scopa, Scopone): start a match, list
legal actions, apply one, and (from `.views`) the view. The public functions
of `regola.reference` hand every ruleset with ``play.kind = "fishing"`` to
these (through `regola.reference.families`).

Actions: ``shuffle`` (chance), ``play`` (a card that captures nothing and
stays on the table) and ``capture`` (a card and the table cards it takes).
``apply`` never mutates: it returns a new `FishingState` or raises
`IllegalAction` with a ``scopa.*`` rule id.
"""

from __future__ import annotations

from typing import Any

from regola.spec import Ruleset

from ..actions import PlayAction, ShuffleAction
from ..cache import per_ruleset
from ..errors import IllegalAction
from .actions import (
    AnyFishingAction,
    CaptureAction,
    ClaimAction,
    capture_action,
    claim_action,
    lay_action,
    parse_action,
)
from .bonuses import deal_bonuses
from .capture import capture_choices, check_capture, check_lay, is_scopa
from .claims import claim
from .deal import deal_hand, last_deal_rules, refill
from .match import cappotto_winner, next_dealer, update_match
from .scoring import score_hand
from .state import CaptureRecord, FishingMatch, FishingState, replace
from .tables import FishingTables
from .views import view

__all__ = ["apply", "initial_state", "legal_actions", "view"]


def initial_state(ruleset: Ruleset) -> FishingState:
    """A match before its first shuffle: seat 0 is to deal.

    A state is a frozen value, so the one built for a ruleset is kept and
    handed out again (`regola.reference.cache.per_ruleset`) instead of
    being built anew for every match."""
    return _initial_state(ruleset)


@per_ruleset
def _initial_state(ruleset: Ruleset) -> FishingState:
    tables = FishingTables.of(ruleset)
    return FishingState(
        tables=tables,
        phase="shuffle",
        dealer=0,
        match=FishingMatch(points=tuple(0 for _ in tables.sides)),
    )


def legal_actions(state: FishingState) -> list[PlayAction | CaptureAction | ClaimAction]:
    """Every legal action of the player to move, in canonical order: card by
    card in canonical order, first laying the card (where allowed: it can
    capture nothing, or capturing is optional), then each distinct capture
    it can make, ordered by the taken cards in canonical order; last, where
    chiamarsi fuori is played, the claim (``scopa.match.claim``). Empty at
    a chance step and once the match is over."""
    if state.phase != "play":
        return []
    tables = state.tables
    seat = state.to_move
    compulsory = state.ruleset.capture.compulsory
    actions: list[PlayAction | CaptureAction | ClaimAction] = []
    table = state.table
    for card in state.hands[seat]:
        choices = capture_choices(tables, table, card)
        if not choices or not compulsory:
            actions.append(lay_action(seat, card))
        for take in choices:
            actions.append(capture_action(seat, card, take))
    if state.ruleset.hand_scoring.scopa.claims:
        actions.append(claim_action(seat))
    return actions


def apply(state: FishingState, action: AnyFishingAction | dict[str, Any]) -> FishingState:
    """Apply one action and return the new state.

    Raises `IllegalAction`: a shuffle during a hand or a card between
    hands (``scopa.play.phase``), out of turn (``scopa.play.turn``), a card
    not held (``scopa.play.in-hand``), a card laid that must capture
    (``scopa.capture.compulsory``), a capture the rules do not allow
    (``scopa.capture.*``), anything after the end (``scopa.match.end``).
    """
    act = parse_action(action)
    if state.phase == "over":
        raise IllegalAction("scopa.match.end", "the match is over: no further action is possible")
    if isinstance(act, ShuffleAction):
        if state.phase not in ("shuffle", "over"):  # after the match: scopa.match.end's alone
            raise IllegalAction("scopa.play.phase", "a shuffle is only possible between hands")
        return deal_hand(state, act.deck)
    if state.phase != "play":
        raise IllegalAction(
            "scopa.play.phase", f"no {act.type} is possible between hands: the next step is a shuffle"
        )
    if act.seat != state.to_move:
        raise IllegalAction("scopa.play.turn", f"it is seat {state.to_move}'s turn, not seat {act.seat}'s")
    if isinstance(act, ClaimAction):
        if not state.ruleset.hand_scoring.scopa.claims:
            raise IllegalAction(
                "scopa.play.phase",
                "this variant does not play chiamarsi fuori (hand_scoring.scopa.claims): no claim is possible",
            )
        return claim(state, act.seat, ["scopa.play.turn"])
    hand = state.hands[act.seat]
    if act.card not in hand:
        raise IllegalAction("scopa.play.in-hand", f"seat {act.seat} does not hold {act.card}")
    rules = ["scopa.play.turn", "scopa.play.in-hand"]
    if state.played == 0:
        rules.insert(0, "scopa.play.first-lead")
    if isinstance(act, PlayAction):
        rules += check_lay(state.tables, state.table, hand, act.card)
        return _lay(state, act.seat, act.card, rules)
    take, capture_rules = check_capture(state.tables, state.table, act.card, tuple(act.take))
    return _capture(state, act.seat, act.card, take, rules + capture_rules)


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple([c for c in hand if c != card])


def _lay(state: FishingState, seat: int, card: str, rules: list[str]) -> FishingState:
    """``scopa.capture.lay``: the card joins the table."""
    hands = list(state.hands)
    hands[seat] = _without(hands[seat], card)
    return _next_turn(
        state,
        seat,
        [{"type": "play", "seat": seat, "card": card}],
        rules,
        hands=tuple(hands),
        table=state.tables.sort(state.table + (card,)),
        played=state.played + 1,
    )


def _capture(state: FishingState, seat: int, card: str, take: tuple[str, ...], rules: list[str]) -> FishingState:
    """The card and the cards it takes go to the side's pile; ``scopa.sweep``."""
    tables = state.tables
    hands = list(state.hands)
    hands[seat] = _without(hands[seat], card)
    table = tuple([c for c in state.table if c not in take])
    last_play = not state.stock and not any(hands)  # every hand is empty
    scopa, sweep_rules = is_scopa(tables, table, take, card, last_play)
    side = tables.side_of[seat]
    captured = list(state.captured)
    captured[side] = tables.sort(captured[side] + take + (card,))
    scope = list(state.scope)
    if scopa:
        scope[side] += 1
    record = CaptureRecord(seat=seat, card=card, take=take, scopa=scopa)
    event = {"type": "capture", **record.to_json()}
    return _next_turn(
        state,
        seat,
        [event],
        rules + [r for r in sweep_rules if r not in rules],
        hands=tuple(hands),
        table=table,
        captured=tuple(captured),
        scope=tuple(scope),
        last_capture=record,
        played=state.played + 1,
    )


def _next_turn(
    state: FishingState, seat: int, events: list[dict[str, Any]], rules: list[str], **played: Any
) -> FishingState:
    """``scopa.play.turn``: the next seat holding cards plays;
    ``scopa.deal.refill`` when every hand is empty and cards remain;
    otherwise the hand is over.

    ``played`` are the fields the card just played changed (``hands``
    among them). For speed they go straight into the next state with the
    turn, so a step builds one state, not two; only the end of a round of
    hands (a refill, the end of the hand) builds the state between, which
    the rules there read."""
    n = state.tables.players
    hands = played["hands"]
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if hands[nxt]:
            return replace(state, **played, to_move=nxt, events=tuple(events), rules=tuple(rules))
    state = replace(state, **played)
    if state.stock:
        hands, stock, event = refill(state)
        bonus, bonus_events, bonus_rules = deal_bonuses(state.tables, hands, state.bonus)
        return replace(
            state,
            hands=hands,
            stock=stock,
            deals=state.deals + 1,
            bonus=bonus,
            to_move=(state.dealer + 1) % n,
            events=(*events, event, *bonus_events),
            rules=(*rules, "scopa.deal.refill", "scopa.deal.hands", *bonus_rules, *last_deal_rules(state)),
        )
    return _finish_hand(state, events, rules)


def _finish_hand(state: FishingState, events: list[dict[str, Any]], rules: list[str]) -> FishingState:
    """``scopa.end.leftovers``, then the score and the match."""
    tables = state.tables
    captured = list(state.captured)
    if state.table:
        taker = state.last_capture.seat if state.last_capture else None
        side = tables.side_of[taker] if taker is not None else None
        if side is not None:
            captured[side] = tables.sort(captured[side] + state.table)
        events.append({"type": "leftovers", "seat": taker, "side": side, "cards": list(state.table)})
        rules.append("scopa.end.leftovers")
    ended = replace(state, table=(), captured=tuple(captured), to_move=None)
    result, score_rules = score_hand(ended)
    rules += score_rules
    match = update_match(ended, result)
    rules.append("scopa.match.end")
    if match.over and cappotto_winner(match.points, state.ruleset.hand_scoring.scopa.cappotto) is not None:
        rules.append("scopa.match.cappotto")
    events.append({"type": "hand-over", **result.to_json()})
    if match.over:
        events.append({"type": "match-over", "winner": match.winner, "points": list(match.points)})
        return replace(
            ended, phase="over", result=result, match=match, events=tuple(events), rules=tuple(rules)
        )
    rules.append("scopa.match.next-dealer")
    return replace(
        ended,
        phase="shuffle",
        dealer=next_dealer(ended),
        hand_number=state.hand_number + 1,
        result=result,
        match=match,
        events=tuple(events),
        rules=tuple(rules),
    )
