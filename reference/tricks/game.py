"""Entry points of the trick games (Briscola, its bidding games, Albastini):
start a match, list legal actions, apply one, and (from `.views`) the view.
The public functions of `regola.reference` hand every ruleset with
``play.kind = "tricks"`` to these (through `regola.reference.families`).

``apply`` never mutates: it returns a new `State` or raises
`IllegalAction` with the id of the rule that forbids the action.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from regola.spec import Ruleset

from ..actions import PlayAction, ShuffleAction
from ..cache import per_ruleset
from ..errors import IllegalAction
from .actions import AnyAction, ExchangeAction, parse_action
from .bidding.calling import (
    awaiting_call,
    barred_in_dark,
    check_dark_play,
    reveal_on_play,
)
from .bidding.phase import (
    BIDDING_ACTIONS,
    BIDDING_PHASES,
    apply_bidding,
    bidding_actions,
    open_bidding,
)
from .deal import deal_hand
from .declarations import declare
from .drawing import draw_round, show_drawn, unshow
from .exchange import check_exchange, exchange_card, may_exchange
from .match import next_dealer, update_match
from .scoring import score_hand
from .seats import in_hand, next_seat
from .state import MatchScore, State, replace
from .tables import Tables
from .trick import check_play, playable, trick_winner
from .views import partner_view_active, view

__all__ = ["apply", "initial_state", "legal_actions", "view"]

card_of = itemgetter(1)
"""The card of a (seat, card) pair on the trick (``briscola.trick.winner``
takes them all): a C-level getter, for speed, reading the same item."""


def initial_state(ruleset: Ruleset) -> State:
    """A match before its first shuffle: seat 0 is to deal.

    A state is a frozen value, so the one built for a ruleset is kept and
    handed out again (`regola.reference.cache.per_ruleset`) instead of
    being built anew for every match."""
    return _initial_state(ruleset)


@per_ruleset
def _initial_state(ruleset: Ruleset) -> State:
    tables = Tables.of(ruleset)
    zeros = tuple(0 for _ in tables.sides)
    return State(
        tables=tables,
        phase="shuffle",
        dealer=0,
        match=MatchScore(game_points=zeros, card_points=zeros),
    )


def legal_actions(state: State) -> list[AnyAction]:
    """Every legal player action, in canonical order: plays by card order,
    then the exchange. Empty between hands (a chance step: see
    `State.is_chance`) and once the match is over.

    For speed the play actions come from `Tables.plays`, the same shared
    values `regola.reference.actions.play_action` builds, one dict lookup
    per playable card (every card dealt is in the pack:
    ``briscola.deal.shuffle``), mapped over the cards in one call."""
    if state.phase != "play":
        return bidding_actions(state) if state.phase in BIDDING_PHASES else []
    tables = state.tables
    seat = state.to_move
    playing = playable(state, seat, _barred(state, seat))
    actions: list[AnyAction] = list(map(tables.plays[seat].__getitem__, playing))
    if tables.exchanges and may_exchange(state, seat):
        actions.append(ExchangeAction(seat=seat, card=exchange_card(state)))
    return actions


NOTHING_BARRED: frozenset[str] = frozenset()


def _barred(state: State, seat: int) -> frozenset[str]:
    """Cards ``seat`` may not play now: in the dark first trick of a
    contract (``chiamata.play.blind-first-trick``), none otherwise (one
    shared empty set, for speed: a frozenset is never changed)."""
    contract = state.contract
    if contract is not None and contract.called is None:
        return barred_in_dark(state, seat)
    return NOTHING_BARRED


def apply(state: State, action: AnyAction | dict[str, Any]) -> State:
    """Apply one action and return the new state.

    Raises `IllegalAction` naming the rule broken: a shuffle during a
    hand or a play between hands (``briscola.play.phase``), out of turn
    (``briscola.play.turn``), a card not held (``briscola.play.in-hand``), and
    so on.

    For speed, a play during the play phase (the common step) skips the
    tests of the other phases and actions, which cannot apply to it: it
    is checked for its turn (``briscola.play.turn``) and then by `_play`,
    exactly as it would be after those tests. A `PlayAction` is taken as
    it is, without the call to `parse_action`, which returns it unchanged.
    """
    act = action if type(action) is PlayAction else parse_action(action)
    if state.phase != "play" or type(act) is not PlayAction:
        return _apply_other(state, act)
    if act.seat != state.to_move:
        raise IllegalAction(
            "briscola.play.turn", f"it is seat {state.to_move}'s turn, not seat {act.seat}'s"
        )
    return _play(state, act)


def _apply_other(state: State, act: AnyAction) -> State:
    """`apply` for every step but a play in the play phase: the shuffle,
    the bidding, the exchange, and the errors of a step out of phase."""
    if state.phase == "over":
        raise IllegalAction("briscola.match.end", "the match is over: no further action is possible")
    if isinstance(act, ShuffleAction):
        if state.phase not in ("shuffle", "over"):  # after the match: briscola.match.end's alone
            raise IllegalAction("briscola.play.phase", "a shuffle is only possible between hands")
        return open_bidding(deal_hand(state, act.deck))
    if state.phase in BIDDING_PHASES or (state.phase == "play" and act.type in BIDDING_ACTIONS):
        after = apply_bidding(state, act)
        if after.phase == "play" and len(after.trick) == in_hand(after):
            # chiamata.call.after-first-trick: the first trick is taken once trumps are named
            return _finish_trick(after, list(after.hands), after.trick, list(after.events), list(after.rules))
        return after
    if state.phase != "play":
        raise IllegalAction(
            "briscola.play.phase", f"no {act.type} is possible between hands: the next step is a shuffle"
        )
    if act.seat != state.to_move:
        raise IllegalAction(
            "briscola.play.turn", f"it is seat {state.to_move}'s turn, not seat {act.seat}'s"
        )
    if isinstance(act, ExchangeAction):
        return _exchange(state, act)
    return _play(state, act)


def _exchange(state: State, act: ExchangeAction) -> State:
    rules = check_exchange(state, act.seat, act.card)
    hands = list(state.hands)
    held = [c for c in hands[act.seat] if c != act.card] + [state.indicator]
    hands[act.seat] = state.tables.sort(held)
    event = {"type": "exchange", "seat": act.seat, "card": act.card, "indicator": state.indicator}
    return replace(
        state, hands=tuple(hands), indicator=act.card, events=(event,), rules=tuple(rules)
    )


def _play(state: State, act: PlayAction) -> State:
    """A card played to the trick (``briscola.play.*``), then, once every
    player has played, `_finish_trick`.

    For speed the state's fields are read once into locals (a state is
    frozen, so they cannot change meanwhile), and what only a contract game
    does (``chiamata.*``: the dark first trick, the reveal, the wait for the
    call) sits behind one test of ``state.contract``, so a hand without a
    contract runs none of it: the same checks in the same order."""
    seat, card = act.seat, act.card
    tables = state.tables
    contract = state.contract
    rules = check_play(state, seat, card, _barred(state, seat))
    on_table = state.trick
    if not on_table and state.tricks_played == 0:
        rules.insert(0, "chiamata.play.bidder-leads" if tables.bidder_leads else "briscola.play.first-lead")
    if contract is not None and contract.called is None:
        rules += check_dark_play(state, seat, card)
    hands = list(state.hands)
    hand = hands[seat]
    at = hand.index(card)
    hands[seat] = hand[:at] + hand[at + 1 :]
    if state.shown and card in state.shown[seat]:
        state = replace(state, shown=unshow(state.shown, seat, card))  # tressette.draw.shown
    trick = (*on_table, (seat, card))
    events: list[dict[str, Any]] = [{"type": "play", "seat": seat, "card": card}]
    if contract is not None:
        # chiamata.info.reveal: the called card on the table shows its holder
        contract, shown, shown_rules = reveal_on_play(state, seat, card)
        state = replace(state, contract=contract)
        events += shown
        rules += shown_rules
        if awaiting_call(state, len(trick)):
            # chiamata.call.after-first-trick: the trick waits for the bidder's call
            return replace(
                state,
                phase="call",
                hands=tuple(hands),
                trick=trick,
                to_move=contract.bidder,
                events=tuple(events),
                rules=(*rules, "chiamata.call.after-first-trick"),
            )
    if len(trick) < tables.in_hand:  # in_hand(state), read once per ruleset
        return replace(
            state,
            hands=tuple(hands),
            trick=trick,
            to_move=next_seat(state, seat),
            events=tuple(events),
            rules=tuple(rules),
        )
    return _finish_trick(state, hands, trick, events, rules)


def _finish_trick(
    state: State,
    hands_t: list[tuple[str, ...]],
    trick: tuple[tuple[int, str], ...],
    events: list[dict[str, Any]],
    rules: list[str],
) -> State:
    """``briscola.trick.winner`` and ``briscola.trick.lead-next``, then the draw,
    then the end of the hand if every card has been played.

    For speed the options consulted here are the plain fields of `Tables`
    (``draw.enabled`` is `Tables.draws`, ``information.partner_view`` is
    `Tables.partner_view`, and so on), read once per ruleset instead of
    through the spec at every trick, and the next state is built once, at
    the end: same values, same order of events and rules."""
    tables = state.tables
    trump = state.trump
    number = state.tricks_played + 1
    winner = trick_winner(tables, trick, trump)
    cards = tuple(map(card_of, trick))
    won = list(state.won)
    won[winner] += cards
    tricks_won = list(state.tricks_won)
    tricks_won[winner] += 1
    points = sum(map(tables.points.__getitem__, cards))
    events.append({"type": "trick", "number": number, "winner": winner, "cards": list(cards), "points": points})
    rules += ["briscola.trick.winner", "briscola.trick.lead-next"]
    if trump is None and tables.no_trumps:
        rules.append("tressette.play.no-trumps")
    declared = state.declared
    if number == 1 and tables.counts:
        # tressette.declare.*: every player's combinations, once the first trick is complete
        declared, declared_events, declared_rules = declare(tables, hands_t, trick)
        events += declared_events
        rules += declared_rules
    hands = hands_t
    stock = state.stock
    indicator = state.indicator
    takes_indicator = tables.takes_indicator
    if tables.draws:
        hands, stock, left, drawn, draw_rules = draw_round(
            tables, hands_t, stock, indicator if takes_indicator else None, winner
        )
        indicator = left if takes_indicator else indicator
        events += drawn
        rules += draw_rules
        if tables.shows_drawn and drawn:
            state = replace(state, shown=show_drawn(state.shown, drawn, tables.players))
            rules.append("tressette.draw.shown")
        if not takes_indicator and state.stock and not stock:
            rules.append("albastini.draw.indicator-stays")
    more = any(hands)  # cards still to play this hand
    if more and not stock and (indicator is None or not takes_indicator) and "briscola.draw.exhausted" not in rules:
        rules.append("briscola.draw.exhausted")
    after = replace(
        state,
        hands=tuple(hands),
        stock=stock,
        indicator=indicator,
        trick=(),
        leader=winner,
        to_move=winner,
        won=tuple(won),
        tricks_won=tuple(tricks_won),
        tricks_played=number,
        last_trick=(winner, trick),
        declared=declared,
        events=tuple(events),
        rules=tuple(rules),
    )
    if not more:
        return _finish_hand(after, events, rules)
    if tables.partner_view != "never" and partner_view_active(after) and not partner_view_active(state):
        # briscola.info.partner-view (or .captain-view): partners' hands open from now on
        captain = tables.partner_view == "captain-stock-exhausted"
        opened = "briscola.info.captain-view" if captain else "briscola.info.partner-view"
        return replace(after, rules=(*after.rules, opened))
    return after


def _finish_hand(state: State, events: list[dict[str, Any]], rules: list[str]) -> State:
    result, score_rules = score_hand(state)
    rules += score_rules
    match = update_match(state, result)
    rules.append("briscola.match.end")
    if state.contract is not None:
        rules.append("chiamata.match.end")
    events.append({"type": "hand-over", **result.to_json()})
    if match.over:
        events.append({"type": "match-over", "winner": match.winner})
        return replace(
            state,
            phase="over",
            to_move=None,
            leader=None,
            result=result,
            match=match,
            events=tuple(events),
            rules=tuple(rules),
        )
    rules.append(
        "albastini.match.winner-deals" if state.ruleset.match.next_dealer == "winner" else "briscola.match.next-dealer"
    )
    return replace(
        state,
        phase="shuffle",
        to_move=None,
        leader=None,
        dealer=next_dealer(state, result),
        hand_number=state.hand_number + 1,
        result=result,
        match=match,
        events=tuple(events),
        rules=tuple(rules),
    )
