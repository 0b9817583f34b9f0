"""Dealing a fishing hand: hands, table cards, void deals and new hands
(rules ``scopa.deal.*``)."""

from __future__ import annotations

from typing import Any

from regola.spec.fishing import RedealTrigger

from ..shuffle import check_deck_order
from .bonuses import deal_bonuses, table_bonus, table_wildcard_value
from .state import FishingState, replace
from .tables import FishingTables


def deal_round(
    tables: FishingTables, dealer: int, pack: list[str], with_table: bool
) -> tuple[list[list[str]], list[str]]:
    """``scopa.deal.hands``: one packet of each size to every seat from the one
    after the dealer; ``scopa.deal.table``: after each round of packets, the
    variant's number of cards face up to the table (first deal only).
    Takes the cards from the top of ``pack`` (changed in place) for as long
    as it lasts."""
    deal = tables.ruleset.deal
    n = tables.players
    hands: list[list[str]] = [[] for _ in range(n)]
    table: list[str] = []
    for i, packet in enumerate(packets_of(tables, len(pack), with_table)):
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            hands[seat].extend(pack[:packet])
            del pack[:packet]
        if with_table and i < len(deal.table_packets):
            count = deal.table_packets[i]
            table.extend(pack[:count])
            del pack[:count]
    return hands, table


def packets_of(tables: FishingTables, left: int, first: bool) -> tuple[int, ...]:
    """The packets of a deal from a stock of ``left`` cards: the variant's,
    except under ``scopa.deal.last-deal`` (``deal.last_deal = "rest"``) for a
    new hand dealt from fewer cards than two full deals: then the whole
    stock, equally, one card at a time."""
    deal = tables.ruleset.deal
    full = tables.players * deal.hand_size
    if first or deal.last_deal != "rest" or left >= 2 * full:
        return deal.packets
    return (1,) * (left // tables.players)


def redeal_trigger(tables: FishingTables, table: tuple[str, ...]) -> RedealTrigger | None:
    """``scopa.deal.redeal``: the first of the variant's triggers that the
    face-up table cards meet (enough cards of one rank), if any."""
    for trigger in tables.ruleset.deal.redeal:
        if sum(1 for c in table if c[: -1] == trigger.rank) >= trigger.at_least:
            return trigger
    return None


def deal_hand(state: FishingState, deck: tuple[str, ...]) -> FishingState:
    """Deal a new hand from ``deck`` (top card first), dealer ``state.dealer``;
    a void deal (``scopa.deal.redeal``) goes back to the shuffle. Where
    played, the dealer takes a table of 15 or 30 (``scopa.bonus.table``)
    and the hands as dealt score their bonuses (``scopa.bonus.hand``).
    ``scopa.deal.fresh-hand``: nothing captured or scored in an earlier
    hand is kept."""
    tables = state.tables
    check_deck_order(tables.cards, deck, "scopa.deal.shuffle")
    pack = list(deck)
    hands, table = deal_round(tables, state.dealer, pack, with_table=True)
    n = tables.players
    sorted_hands = tuple(tables.sort(h) for h in hands)
    on_table = tables.sort(table)
    event: dict[str, Any] = {
        "type": "deal",
        "dealer": state.dealer,
        "round": 1,
        "hands": [list(h) for h in sorted_hands],
        "table": list(on_table),
        "stock_size": len(pack),
    }
    # the pack is checked (scopa.deck.composition) and dealt face down to
    # the hands (scopa.info.hidden)
    rules = ["scopa.deck.composition", "scopa.deal.shuffle", "scopa.deal.hands", "scopa.info.hidden"]
    if on_table:
        rules.append("scopa.deal.table")
    trigger = redeal_trigger(tables, on_table)
    if trigger is not None:
        dealer = state.dealer if trigger.dealer == "same" else (state.dealer + 1) % n
        redeal = {
            "type": "redeal",
            "rank": trigger.rank,
            "count": sum(1 for c in on_table if c[:-1] == trigger.rank),
            "at_least": trigger.at_least,
            "dealer": dealer,
        }
        return replace(
            state,
            phase="shuffle",
            dealer=dealer,
            hands=(),
            table=(),
            stock=(),
            to_move=None,
            deals=0,
            played=0,
            captured=(),
            scope=(),
            last_capture=None,
            result=None,
            events=(event, redeal),
            rules=(*rules, "scopa.deal.redeal"),
        )
    # scopa.deal.fresh-hand: no capture, scopa or bonus of an earlier hand is kept
    rules.append("scopa.deal.fresh-hand")
    captured = [() for _ in tables.sides]
    scope = [0 for _ in tables.sides]
    events = [event]
    taken = table_bonus(tables, on_table)
    if taken:
        side = tables.side_of[state.dealer]
        captured[side] = on_table
        scope[side] += taken
        event_bonus = {"type": "table-bonus", "seat": state.dealer, "side": side, "cards": list(on_table), "scope": taken}
        rules.append("scopa.bonus.table")
        wild = table_wildcard_value(tables, on_table)
        if wild is not None:  # scopa.bonus.table-wildcard: the value it stood for
            event_bonus["wildcard"] = {"card": tables.ruleset.hand_scoring.scopa.bonus_wildcard, "value": wild}
            rules.append("scopa.bonus.table-wildcard")
        events.append(event_bonus)
        on_table = ()
    bonus, bonus_events, bonus_rules = deal_bonuses(tables, sorted_hands, ())
    return replace(
        state,
        phase="play",
        hands=sorted_hands,
        table=on_table,
        stock=tuple(pack),
        to_move=(state.dealer + 1) % n,
        deals=1,
        played=0,
        captured=tuple(captured),
        scope=tuple(scope),
        bonus=bonus,
        last_capture=None,
        result=None,
        events=(*events, *bonus_events),
        rules=(*rules, *bonus_rules),
    )


def refill(state: FishingState) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], dict[str, Any]]:
    """``scopa.deal.refill``: every hand is empty and cards remain, so the
    dealer deals new hands the same way, nothing to the table. Returns the
    hands, the rest of the stock and the deal event."""
    tables = state.tables
    pack = list(state.stock)
    hands, _ = deal_round(tables, state.dealer, pack, with_table=False)
    sorted_hands = tuple(tables.sort(h) for h in hands)
    event = {
        "type": "deal",
        "dealer": state.dealer,
        "round": state.deals + 1,
        "hands": [list(h) for h in sorted_hands],
        "table": [],
        "stock_size": len(pack),
    }
    return sorted_hands, tuple(pack), event


def last_deal_rules(state: FishingState) -> tuple[str, ...]:
    """``scopa.deal.last-deal`` for the deal of new hands about to be made
    from ``state.stock``, when it is the last one and shares out the rest."""
    deal = state.ruleset.deal
    if deal.last_deal == "rest" and len(state.stock) < 2 * state.tables.players * deal.hand_size:
        return ("scopa.deal.last-deal",)
    return ()
