"""The call of trumps and partner, and the partnership it creates (rules
``chiamata.call.*``, ``chiamata.info.*``, ``chiamata.play.blind-first-trick``).

Actions, as JSON:

* ``{"type": "call", "seat": s, "suit": "d"}`` names the trump suit; the
  called card is that suit's card of the bid face (or of the face the variant
  always calls) (``calling.kind = suit``).
* ``{"type": "call", "seat": s, "card": "Ad"}`` names a card: any card with
  ``calling.kind = card``; with ``calling.kind = suit`` only the weakest
  trump the bidder lacks, where ``chiamata.call.lowest-not-held`` allows it.

Legal calls come in canonical order: suits in deck order, then cards in card
order.
"""

from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..state import State, replace
from .actions import CallAction
from .auction import bid_faces
from .bids import Contract


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
        return [CallAction(seat=seat, card=c) for c in tables.cards]
    suits = [s.id for s in state.ruleset.deck.suits]
    face = called_face(state)
    out = [CallAction(seat=seat, suit=s) for s in suits if face + s in tables.order]
    lows = [c for c in (lowest_not_held(state, s) for s in suits) if c is not None]
    return out + [CallAction(seat=seat, card=c) for c in tables.sort(lows)]


def _check_call(state: State, act: CallAction) -> tuple[str, list[str]]:
    """The called card, and the rule ids the call exercises."""
    tables = state.tables
    calling = state.ruleset.calling
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
    on_trick = {c: s for s, c in state.trick}
    if card in on_trick:
        holder = on_trick[card]
    else:
        holder = next(s for s, hand in enumerate(state.hands) if card in hand)
    alone = holder == contract.bidder
    revealed = card in on_trick
    called = Contract(
        bidder=contract.bidder, rank=contract.rank, target=contract.target,
        called=card, partner=holder, revealed=revealed,
    )
    trump = state.tables.suit[card]
    events: list[dict[str, Any]] = [{"type": "call", "seat": act.seat, "card": card, "trump": trump}]
    used += ["chiamata.call.own-card" if alone else "chiamata.call.partner", "chiamata.info.secret-partner"]
    if revealed:
        events.append(_reveal_event(called))
        used.append("chiamata.info.reveal")
    late = bool(state.trick)
    if late:
        used.insert(0, "chiamata.call.after-first-trick")
    return replace(
        state,
        phase="play",
        trump=trump,
        contract=called,
        to_move=state.to_move if late else state.leader,
        events=tuple(events),
        rules=tuple(used),
    )


def _reveal_event(contract: Contract) -> dict[str, Any]:
    return {
        "type": "partner-revealed",
        "seat": contract.partner,
        "card": contract.called,
        "alone": contract.alone,
    }


def reveal_on_play(state: State, seat: int, card: str) -> tuple[Contract | None, list[dict[str, Any]], list[str]]:
    """``chiamata.info.reveal``: playing the called card shows who holds it."""
    contract = state.contract
    if contract is None or contract.revealed or card != contract.called:
        return contract, [], []
    shown = Contract(
        bidder=contract.bidder, rank=contract.rank, target=contract.target,
        called=contract.called, partner=contract.partner, revealed=True,
    )
    return shown, [_reveal_event(shown)], ["chiamata.info.reveal"]


def barred_in_dark(state: State, seat: int) -> frozenset[str]:
    """``chiamata.play.blind-first-trick``: cards ``seat`` may not play to the
    first trick while trumps are unknown (the bidder playing last excepted)."""
    barred = state.ruleset.calling.blind_barred_rank
    contract = state.contract
    if barred is None or contract is None or contract.called is not None or state.tricks_played:
        return frozenset()
    if seat == contract.bidder and len(state.trick) == state.tables.players - 1:
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
        and trick_size == state.tables.players
    )
