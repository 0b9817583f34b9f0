"""Canonical views of a trick game: what the omniscient observer, or one
seat, can see.

A view is plain JSON data with a fixed set of keys, so two engines can be
compared field by field (rules ``briscola.info.*``).
"""

from __future__ import annotations

from typing import Any

from .state import State


def visible_hands(state: State, seat: int | None) -> list[bool]:
    """Which hands ``seat`` sees (all of them when ``seat`` is None).

    ``briscola.info.hidden``: one's own hand; ``briscola.info.open-hands``:
    every hand; ``briscola.info.partner-view``: partners' hands at the moment
    the variant gives (``briscola.info.captain-view``: the captain's one).
    """
    n = state.tables.players
    if seat is None or state.ruleset.information.open_hands:
        return [True] * n
    seen = [s == seat for s in range(n)]
    if partner_view_active(state):
        for p in viewed_partners(state, seat):
            seen[p] = True
    return seen


def viewed_partners(state: State, seat: int) -> tuple[int, ...]:
    """The partners whose hands ``seat`` sees while the view is on: all of
    them, or with ``briscola.info.captain-view`` only the captain's (the
    first seat of a team) next partner in play order, and nobody else's."""
    partners = state.tables.partners(seat)
    if state.ruleset.information.partner_view != "captain-stock-exhausted":
        return partners
    team = state.tables.sides[state.tables.side_of[seat]]
    if seat != team[0] or not partners:
        return ()
    n = state.tables.players
    return (min(partners, key=lambda p: (p - seat) % n),)


def partner_view_active(state: State) -> bool:
    """Whether partners see each other's hands right now."""
    when = state.ruleset.information.partner_view
    if state.phase != "play" or when == "never":
        return False
    if when == "before-first-trick":
        return state.tricks_played == 0
    if when == "before-first-lead":
        # albastini.info.team-look: once, after trumps are turned, before the first card
        return state.tricks_played == 0 and not state.trick
    return not state.stock and state.indicator is None


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The canonical view of ``state``: omniscient if ``seat`` is None,
    otherwise what that seat may see. Hidden hands are ``null`` (their sizes
    are always shown); the stock's order is shown only to the omniscient view,
    its top card also where it lies face up. Variants with bidding add
    ``auction`` (public: every bid and pass, the bid cards on the table) and,
    with a contract, ``contract`` (the partner and whether the bidder is
    alone only as ``seat`` knows them: ``chiamata.info.secret-partner``)."""
    rules = state.ruleset
    n = state.tables.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: seats are 0..{n - 1}")
    seen = visible_hands(state, seat)
    hands = state.hands or tuple(() for _ in range(n))
    out: dict[str, Any] = {
        "variant": rules.id,
        "seat": seat,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "trump": state.trump,
        "indicator": state.indicator,
        "stock_size": len(state.stock),
        "stock_top": None,
        "hands": [list(h) if seen[s] else None for s, h in enumerate(hands)],
        "hand_sizes": [len(h) for h in hands],
        "trick": [{"seat": s, "card": c} for s, c in state.trick],
        "leader": state.leader,
        "tricks_played": state.tricks_played,
        "last_trick": None,
        "won": [list(w) for w in (state.won or tuple(() for _ in range(n)))],
        "points": [sum(map(state.tables.points.__getitem__, w)) for w in (state.won or ((),) * n)],
        "result": state.result.to_json() if state.result else None,
        "match": state.match.to_json(),
    }
    if state.last_trick is not None:
        w, cards = state.last_trick
        out["last_trick"] = {"winner": w, "cards": [{"seat": s, "card": c} for s, c in cards]}
    if state.stock and (seat is None or rules.information.stock_top_visible):
        out["stock_top"] = state.stock[0]
    if seat is None:
        out["stock"] = list(state.stock)
    if rules.hand_scoring.kind == "count":
        # tressette.declare.*: declarations are public once the first trick is over
        out["declared"] = list(state.declared) if state.declared else None
    if rules.draw.shown:
        # tressette.draw.shown: the cards drawn face up, known to every seat until played
        out["shown"] = [list(cards) for cards in (state.shown or ((),) * n)]
    if rules.bidding.kind != "none":
        # chiamata.info.*: bids are public; the partnership only as `seat` knows it
        out["auction"] = state.auction.to_json() if state.auction else None
        if rules.hand_scoring.kind == "contract":
            out["contract"] = state.contract.to_json(seat) if state.contract else None
    return out
