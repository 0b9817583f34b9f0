"""Canonical views of a trick game (rules ``briscola.info.*``): the same
keys and values as `regola.reference.view`, built from the fast state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..match import copy_json

if TYPE_CHECKING:
    from .match import TrickMatch


def partner_view_active(m: TrickMatch) -> bool:
    """Whether partners see each other's hands right now
    (``briscola.info.partner-view``, ``briscola.info.captain-view``,
    ``albastini.info.team-look``)."""
    when = m.t.partner_view
    if m.phase != "play" or when == "never":
        return False
    if when == "before-first-trick":
        return m.tricks_played == 0
    if when == "before-first-lead":
        return m.tricks_played == 0 and not m.trick
    return not m.stock and m.indicator is None


def visible_hands(m: TrickMatch, seat: int | None) -> list[bool]:
    """``briscola.info.hidden``: a seat sees its own hand;
    ``briscola.info.open-hands``: every hand; partners' hands while the
    partner view is on (the captain only his next partner's)."""
    n = m.players
    if seat is None or m.t.open_hands:
        return [True] * n
    seen = [s == seat for s in range(n)]
    if partner_view_active(m):
        for p in viewed_partners(m, seat):
            seen[p] = True
    return seen


def viewed_partners(m: TrickMatch, seat: int) -> tuple[int, ...]:
    sides, side_of = m.sides, m.side_of
    partners = tuple(s for s in sides[side_of[seat]] if s != seat)
    if m.t.partner_view != "captain-stock-exhausted":
        return partners
    team = sides[side_of[seat]]
    if seat != team[0] or not partners:
        return ()
    n = m.players
    return (min(partners, key=lambda p: (p - seat) % n),)


def view(m: TrickMatch, seat: int | None) -> dict[str, Any]:
    """The view of ``m``: omniscient if ``seat`` is None, else what that seat
    may see (hidden hands ``null``, their sizes shown; the stock's order only
    to the omniscient view, its top card also where it lies face up)."""
    n = m.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: seats are 0..{n - 1}")
    names = m.cards
    seen = visible_hands(m, seat)
    hands = m.hands or [[] for _ in range(n)]
    won = m.won or [[] for _ in range(n)]
    t = m.t
    out: dict[str, Any] = {
        "variant": m.ruleset.id,
        "seat": seat,
        "phase": m.phase,
        "hand_number": m.hand_number,
        "dealer": m.dealer,
        "to_move": m.to_move,
        "trump": m.trump,
        "indicator": names[m.indicator] if m.indicator is not None else None,
        "stock_size": len(m.stock),
        "stock_top": None,
        "hands": [[names[c] for c in h] if seen[s] else None for s, h in enumerate(hands)],
        "hand_sizes": [len(h) for h in hands],
        "trick": [{"seat": s, "card": names[c]} for s, c in m.trick],
        "leader": m.leader,
        "tricks_played": m.tricks_played,
        "last_trick": None,
        "won": [[names[c] for c in w] for w in won],
        "points": list(m.points) if m.points else [0] * n,
        "result": copy_json(m.result),
        "match": {
            "game_points": list(m.totals),
            "card_points": list(m.card_totals),
            "hands_played": m.hands_played,
            "over": m.over,
            "winner": m.winner,
        },
    }
    if m.last_trick is not None:
        w, cards = m.last_trick
        out["last_trick"] = {"winner": w, "cards": [{"seat": s, "card": names[c]} for s, c in cards]}
    if m.stock and (seat is None or t.stock_top_visible):
        out["stock_top"] = names[m.stock[-1]]
    if seat is None:
        out["stock"] = [names[c] for c in reversed(m.stock)]
    if t.counts:
        out["declared"] = list(m.declared) if m.declared else None
    if t.shows_drawn:
        out["shown"] = [[names[c] for c in cards] for cards in (m.shown or [[] for _ in range(n)])]
    if t.bidding:
        out["auction"] = copy_json(_auction_json(m.auction)) if m.auction else None
        if t.scoring == "contract":
            out["contract"] = m.contract.to_json(seat) if m.contract else None
    return out



_AUCTIONS: dict[int, tuple[object, dict[str, Any]]] = {}


def _auction_json(auction: Any) -> dict[str, Any]:
    """``auction.to_json()``, remembered for the last few auctions: the
    record is immutable, and the view of every step of a hand shows it."""
    hit = _AUCTIONS.get(id(auction))
    if hit is None or hit[0] is not auction:
        if len(_AUCTIONS) >= 64:
            _AUCTIONS.clear()
        hit = _AUCTIONS[id(auction)] = (auction, auction.to_json())
    return hit[1]
