"""The call of trumps and partner, and the partnership it creates (rules
``chiamata.call.*``, ``chiamata.info.*``, ``chiamata.play.blind-first-trick``).

Actions, as JSON:

* ``{"type": "call", "seat": s, "suit": "d"}`` names the trump suit; the
  called card is that suit's card of the bid face (or of the face the variant
  always calls) (``calling.kind = suit``).
* ``{"type": "call", "seat": s, "card": "Ad"}`` names a card: any card with
  ``calling.kind = card``; with ``calling.kind = suit`` only the weakest
  trump the bidder lacks, where ``chiamata.call.lowest-not-held`` allows it.
* ``{"type": "call", "seat": s, "card": "3d", "second": "Kd"}`` names two
  cards of one suit, in card order, where the contract reaches
  ``calling.two_cards_at`` (``chiamata.call.two-cards``).

Legal calls come in canonical order: suits in deck order, then cards in card
order, then pairs of cards by their first card and then their second.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..seats import in_hand
from ..state import State, replace
from .actions import CallAction
from .values import bid_faces
from .bids import Contract
from .monte import take_monte


def called_face(state: State) -> str | None:
    """``chiamata.call.two`` / ``chiamata.call.suit``: the face of the called
    card, fixed by the variant or by the bid (None when any card may be named)."""
    return state.ruleset.calling.rank or state.contract.rank


def _bidder_cards(state: State) -> set[str]:
    """The cards the bidder holds, counting one he has put on the pending trick."""
    bidder = state.contract.bidder
    return set(state.hands[bidder]) | {c for s, c in state.trick if s == bidder}


def lowest_not_held(state: State, suit: str) -> str | None:
    """``chiamata.call.lowest-not-held``: when the called face is the weakest
    (the Two) and the bidder holds it in ``suit``, the weakest card of
    ``suit`` he does not hold; otherwise None."""
    tables = state.tables
    if not state.ruleset.calling.lowest_not_held:
        return None
    ladder = state.ruleset.deck.strength
    face = called_face(state)
    held = _bidder_cards(state)
    if face != bid_faces(state)[-1] or face + suit not in held:
        return None
    for rank in reversed(ladder):  # weakest first
        card = rank + suit
        if card in tables.order and card not in held:
            return card
    return None


def call_actions(state: State) -> list[CallAction]:
    """Every call the bidder may make, in canonical order."""
    seat = state.contract.bidder
    tables = state.tables
    if state.ruleset.calling.kind == "card":
        return [CallAction(seat=seat, card=c) for c in tables.cards] + two_card_calls(state)
    suits = [s.id for s in state.ruleset.deck.suits]
    face = called_face(state)
    out = [CallAction(seat=seat, suit=s) for s in suits if face + s in tables.order]
    lows = [c for c in (lowest_not_held(state, s) for s in suits) if c is not None]
    return out + [CallAction(seat=seat, card=c) for c in tables.sort(lows)]


def may_call_two(state: State) -> bool:
    """``chiamata.call.two-cards``: the contract reaches ``calling.two_cards_at``."""
    at = state.ruleset.calling.two_cards_at
    return at is not None and state.contract.target >= at


def two_card_calls(state: State) -> list[CallAction]:
    """``chiamata.call.two-cards``: every pair of cards of one suit, each
    named in card order (the first card before the second)."""
    if not may_call_two(state):
        return []
    seat, cards, suit = state.contract.bidder, state.tables.cards, state.tables.suit
    return [
        CallAction(seat=seat, card=a, second=b)
        for i, a in enumerate(cards)
        for b in cards[i + 1 :]
        if suit[a] == suit[b]
    ]


def _check_second(state: State, act: CallAction) -> list[str]:
    """Raise `IllegalAction` unless ``act.second`` may be called with ``act.card``."""
    tables = state.tables
    if not may_call_two(state):
        raise IllegalAction(
            "chiamata.call.two-cards",
            f"two cards may be called only for a contract of {state.ruleset.calling.two_cards_at} "
            f"or more (this one is {state.contract.target})"
            if state.ruleset.calling.two_cards_at is not None
            else "this variant calls one card only",
        )
    if act.second not in tables.order or act.second == act.card or tables.suit[act.second] != tables.suit[act.card]:
        raise IllegalAction(
            "chiamata.call.two-cards", f"the second called card must be another card of the suit of {act.card}"
        )
    if tables.order[act.second] < tables.order[act.card]:
        raise IllegalAction("chiamata.call.two-cards", f"name the two cards in card order: {act.second} first")
    return ["chiamata.call.two-cards"]


def _check_call(state: State, act: CallAction) -> tuple[str, list[str]]:
    """The called card, and the rule ids the call exercises."""
    tables = state.tables
    calling = state.ruleset.calling
    if act.second is not None:
        if calling.kind != "card" or act.suit is not None or act.card not in tables.order:
            raise IllegalAction("chiamata.call.two-cards", "a second card is called only with a first card, by name")
        return act.card, ["chiamata.call.card", *_check_second(state, act)]
    if calling.kind == "card":
        if act.suit is not None or act.card not in tables.order:
            raise IllegalAction("chiamata.call.card", f"the call names one card of the pack, e.g. {tables.cards[0]}")
        return act.card, ["chiamata.call.card"]
    face = called_face(state)
    used = ["chiamata.call.suit"] + (["chiamata.call.two"] if calling.rank else [])
    if act.suit is not None and act.card is None:
        card = face + act.suit
        if card not in tables.order:
            suits = " ".join(s.id for s in state.ruleset.deck.suits)
            raise IllegalAction("chiamata.call.suit", f"the call names one of the suits {suits}, not {act.suit!r}")
        return card, used
    if act.card is not None and act.suit is None and act.card in tables.order:
        allowed = lowest_not_held(state, tables.suit[act.card])
        if act.card == allowed:
            return act.card, [*used, "chiamata.call.lowest-not-held"]
        if calling.lowest_not_held and face == bid_faces(state)[-1]:
            raise IllegalAction(
                "chiamata.call.lowest-not-held",
                f"instead of a suit, only the weakest trump the bidder lacks may be called, and only "
                f"when he holds the {face} of that suit; {act.card} is not such a card",
            )
    raise IllegalAction("chiamata.call.suit", "the call names a suit only (the face is fixed), e.g. {\"suit\": \"d\"}")


def apply_call(state: State, act: CallAction) -> State:
    """Name trumps and the called card. The partner is the seat holding it
    (``chiamata.call.partner``), the bidder himself playing alone if it is his
    (``chiamata.call.own-card``). At a late call the card may already lie on
    the first trick, which reveals its holder at once (``chiamata.info.reveal``)."""
    contract = state.contract
    if state.phase != "call":
        raise IllegalAction("chiamata.phase.order", f"no call is possible now (phase {state.phase})")
    if act.seat != contract.bidder:
        raise IllegalAction(
            "chiamata.phase.order", f"only the auction's winner, seat {contract.bidder}, may call"
        )
    card, used = _check_call(state, act)
    monte = state.ruleset.calling.monte
    if monte:
        state = take_monte(state)  # chiamata.call.monte: the called card may lie in it
    on_trick = {c: s for s, c in state.trick}
    holder = on_trick[card] if card in on_trick else _holder(state, card)
    second = act.second
    holder2 = None if second is None else (on_trick[second] if second in on_trick else _holder(state, second))
    revealed = card in on_trick
    called = replace_contract(
        state.contract, called=card, partner=holder, revealed=revealed,
        second=second, second_partner=holder2, second_revealed=second in on_trick,
    )
    alone = called.alone
    trump = state.tables.suit[card]
    events: list[dict[str, Any]] = [{"type": "call", "seat": act.seat, "card": card, "trump": trump}]
    if second is not None:
        events[0]["second"] = second
    used += ["chiamata.call.own-card" if alone else "chiamata.call.partner", "chiamata.info.secret-partner"]
    if revealed:
        events.append(_reveal_event(called))
        used.append("chiamata.info.reveal")
    if called.second_revealed:
        events.append(_reveal_event(called, second=True))
        used.append("chiamata.info.reveal")
    late = bool(state.trick)
    if late:
        used.insert(0, "chiamata.call.after-first-trick")
    if monte:
        events.append({"type": "monte", "seat": act.seat, "cards": called.monte})
        used.append("chiamata.call.monte")
    return replace(
        state,
        phase="discard" if monte else "play",
        trump=trump,
        contract=called,
        to_move=act.seat if monte else state.to_move if late else state.leader,
        events=tuple(events),
        rules=tuple(used),
    )


def _holder(state: State, card: str) -> int:
    return next(s for s, hand in enumerate(state.hands) if card in hand)


def _reveal_event(contract: Contract, second: bool = False) -> dict[str, Any]:
    if second:
        # chiamata.call.two-cards: the second called card shows its holder the same way
        return {"type": "partner-revealed", "seat": contract.second_partner, "card": contract.second,
                "alone": contract.alone}
    return {
        "type": "partner-revealed",
        "seat": contract.partner,
        "card": contract.called,
        "alone": contract.alone,
    }


def reveal_on_play(state: State, seat: int, card: str) -> tuple[Contract | None, list[dict[str, Any]], list[str]]:
    """``chiamata.info.reveal``: playing the called card shows who holds it."""
    contract = state.contract
    if contract is None:
        return contract, [], []
    if contract.second is not None and not contract.second_revealed and card == contract.second:
        shown = replace_contract(contract, second_revealed=True)
        return shown, [_reveal_event(shown, second=True)], ["chiamata.info.reveal"]
    if contract.revealed or card != contract.called:
        return contract, [], []
    shown = replace_contract(contract, revealed=True)
    return shown, [_reveal_event(shown)], ["chiamata.info.reveal"]


def replace_contract(contract: Contract, **changes: Any) -> Contract:
    """A copy of ``contract`` with some fields changed."""
    data = {k: getattr(contract, k) for k in contract.__dataclass_fields__}
    data.update(changes)
    return Contract(**data)


def barred_in_dark(state: State, seat: int) -> frozenset[str]:
    """``chiamata.play.blind-first-trick``: cards ``seat`` may not play to the
    first trick while trumps are unknown (the bidder playing last excepted)."""
    barred = state.ruleset.calling.blind_barred_rank
    contract = state.contract
    if barred is None or contract is None or contract.called is not None or state.tricks_played:
        return frozenset()
    if seat == contract.bidder and len(state.trick) == in_hand(state) - 1:
        return frozenset()
    return frozenset(c for c in state.hands[seat] if state.tables.rank[c] == barred)


def check_dark_play(state: State, seat: int, card: str) -> list[str]:
    """Raise `IllegalAction` if ``card`` is barred from the dark first trick."""
    if state.ruleset.calling.blind_barred_rank is None or state.tricks_played:
        return []
    if card in barred_in_dark(state, seat):
        raise IllegalAction(
            "chiamata.play.blind-first-trick",
            f"no {state.ruleset.calling.blind_barred_rank} may be played to the first trick before "
            f"trumps are called, except by the bidder playing last",
        )
    return ["chiamata.play.blind-first-trick"]


def awaiting_call(state: State, trick_size: int) -> bool:
    """``chiamata.call.after-first-trick``: the first trick is complete and
    the bidder has not called yet, so the trick waits for the call."""
    contract = state.contract
    return (
        contract is not None
        and contract.called is None
        and state.ruleset.calling.when == "after-first-trick"
        and trick_size == in_hand(state)
    )
