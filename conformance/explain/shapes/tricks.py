"""Shapes of a trick: the winner chosen by another ordering of the cards,
and the turn passed to the wrong seat (rules ``*.trick.winner``,
``*.trick.lead-next``, ``*.play.turn``, ``*.play.first-lead``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regola.conformance.explain.shapes.base import Context, Finding, seat_name

TRICK_KEYS = ("won", "last_trick", "points", "leader", "to_move", "tricks_played")
DRAW_KEYS = ("hands", "hand_sizes", "stock", "stock_top", "stock_size", "indicator")


def _played(ctx: Context) -> list[tuple[int, str]]:
    last = ctx.after.get("last_trick") or {}
    return [(c["seat"], c["card"]) for c in last.get("cards", [])]


def _trick_points(ctx: Context) -> int | None:
    ev = next((e for e in ctx.events if e.get("type") == "trick"), None)
    return ev.get("points") if ev else None


def engine_winner(ctx: Context, played: list[tuple[int, str]], with_turn: bool = False) -> int | None:
    """The seat the engine gave the trick to, as far as its fields tell
    (the leader it names only ``with_turn``)."""
    eng = ctx.engine
    last = eng.get("last_trick")
    if isinstance(last, dict) and isinstance(last.get("winner"), int):
        return last["winner"]
    cards = {c for _, c in played}
    won = eng.get("won")
    if isinstance(won, list) and cards:
        holders = [s for s, pile in enumerate(won) if isinstance(pile, list) and cards <= set(pile)]
        before = ctx.before.get("won") or []
        fresh = [s for s in holders if s >= len(before) or not cards <= set(before[s] or [])]
        if len(fresh) == 1:
            return fresh[0]
    by_points = points_winner(ctx)
    if by_points is not None:
        return by_points
    if with_turn:
        for name in ("leader", "to_move"):
            if isinstance(eng.get(name), int):
                return eng[name]
    return None


def points_winner(ctx: Context) -> int | None:
    """The seat the engine credited with the trick's card points, if its
    points tell (a trick worth nothing does not)."""
    pts, got, was = _trick_points(ctx), ctx.engine.get("points"), ctx.before.get("points")
    if pts and isinstance(got, list) and isinstance(was, list) and len(got) == len(was):
        gained = [s for s in range(len(got)) if isinstance(got[s], int) and got[s] - was[s] == pts]
        if len(gained) == 1:
            return gained[0]
    return None


def _orderings(ctx: Context) -> list[tuple[str, Callable[[list[tuple[int, str]]], int]]]:
    deck = ctx.ruleset.deck
    strength = {r: i for i, r in enumerate(reversed(deck.strength))}  # higher is stronger
    face = {r.id: i for i, r in enumerate(deck.ranks)}
    points = {r.id: r.points for r in deck.ranks}
    trump = ctx.before.get("trump")

    def best(by: Callable[[str], Any], use_trump: bool = True, use_lead: bool = True) -> Callable[[list], int]:
        def pick(played: list[tuple[int, str]]) -> int:
            lead = played[0][1][-1]
            pool = [p for p in played if use_trump and trump and p[1][-1] == trump]
            if not pool:
                pool = [p for p in played if p[1][-1] == lead] if use_lead else list(played)
            return max(pool, key=lambda p: by(p[1][:-1]))[0]
        return pick

    return [
        ("by face number (Ace low, King high) instead of the strength order", best(lambda r: face[r])),
        ("by card points (then face number) instead of the strength order", best(lambda r: (points[r], face[r]))),
        ("with the strength order upside down (the weakest card wins)", best(lambda r: -strength[r])),
        ("with trumps ignored (the strongest card of the suit led wins)", best(lambda r: strength[r], use_trump=False)),
        ("with the suit led ignored (the strongest card of any suit wins)", best(lambda r: strength[r], use_lead=False)),
        ("with trumps and the suit led ignored", best(lambda r: strength[r], use_trump=False, use_lead=False)),
        ("as if the first card played always won", lambda played: played[0][0]),
        ("as if the last card played always won", lambda played: played[-1][0]),
    ]


def _draws_from(ctx: Context, first: int) -> list[list[str]] | None:
    """The hands after the trick if the draw began with ``first`` (one card
    each in seat order from the top of the stock, the face-up indicator
    last), or None if the step drew nothing."""
    if not ctx.kind.draw:
        return None
    hands = [list(h or []) for h in ctx.before.get("hands") or []]
    played = dict((c, s) for s, c in _played(ctx))
    for card, seat in played.items():
        if card in hands[seat]:
            hands[seat].remove(card)
    pile = list(ctx.before.get("stock") or [])
    if ctx.before.get("indicator") and not ctx.rule("draw.indicator-stays"):
        pile.append(ctx.before["indicator"])
    n = len(hands)
    for k in range(n):
        if not pile:
            break
        hands[(first + k) % n].append(pile.pop(0))
    return hands


def trick_winner(ctx: Context) -> list[Finding]:
    """The trick went to another seat than the rules give it to."""
    rule = ctx.rule("trick.winner")
    if not ctx.kind.trick or rule is None:
        return []
    played = _played(ctx)
    want = (ctx.after.get("last_trick") or {}).get("winner")
    got = engine_winner(ctx, played)
    if not played or got is None or got == want or _other_cards(ctx):
        return []
    keys = {k for k in ctx.keys if k in TRICK_KEYS}
    lead = ctx.rule("trick.lead-next")
    if lead and points_winner(ctx) == want and "points" not in ctx.keys:
        # the points went to the rules' winner; the pile or the lead to another seat
        return [Finding(lead, frozenset(keys | {k for k in ctx.keys if k in DRAW_KEYS}), "wrong-turn",
                        f"the engine credited the trick's points to {seat_name(want)}, the rules' winner, and gave "
                        f"the lead (and the trick, in the fields that follow it) to {seat_name(got)} "
                        f"({_relation(got, ctx, want)})")]
    drawn = _draws_from(ctx, got)
    if drawn is not None and isinstance(ctx.engine.get("hands"), list):
        if all(sorted(a or []) == sorted(b) for a, b in zip(ctx.engine["hands"], drawn)):
            keys |= {k for k in ctx.keys if k in DRAW_KEYS}
    cards = ", ".join(f"{c} ({seat_name(s)})" for s, c in played)
    won_with = dict(played).get(got)
    fits = [text for text, pick in _orderings(ctx) if pick(played) == got]
    if not fits:
        return [Finding(rule, frozenset(keys), "guess",
                        f"the trick {cards} went to {seat_name(got)} in the engine and to {seat_name(want)} by the "
                        "rules; no other ordering of the cards tried gives it to that seat")]
    text = (f"the trick {cards} went to {seat_name(got)} with {won_with}: the cards ranked "
            + "; or ".join(fits[:3]) + f"; the rules give it to {seat_name(want)}")
    return [Finding(rule, frozenset(keys), "trick-order", text)]


def _other_cards(ctx: Context) -> bool:
    """Whether the engine's last trick holds other cards than the rules' (a
    card played other than the one sent: `other_card`)."""
    last = ctx.engine.get("last_trick")
    if not isinstance(last, dict) or not isinstance(last.get("cards"), list):
        return False
    return sorted(str(c.get("card")) for c in last["cards"]) != sorted(c for _, c in _played(ctx))


def other_card(ctx: Context) -> list[Finding]:
    """The engine played another card than the one the action names: the
    named card still in its hand, another gone to the trick
    (``*.play.in-hand``: the player plays the card he names)."""
    action = ctx.action or {}
    card, seat = action.get("card"), action.get("seat")
    rule = ctx.rule("play.in-hand")
    hands = ctx.engine.get("hands")
    if action.get("type") != "play" or rule is None or not isinstance(seat, int) or not isinstance(hands, list):
        return []
    hand = hands[seat] if seat < len(hands) else None
    if not isinstance(hand, list) or card not in hand:
        return []
    before = (ctx.before.get("hands") or [])[seat] if seat < len(ctx.before.get("hands") or []) else None
    gone = [c for c in before or [] if c != card and c not in hand]
    keys = frozenset(k for k in ctx.keys if k in ("hands", "hand_sizes", "trick", "last_trick", "won", "points",
                                                  "leader", "to_move", "tricks_played"))
    if len(gone) != 1 or not keys:
        return []
    return [Finding(rule, keys, "other-card",
                    f"told to play {card}, the engine played {gone[0]} for {seat_name(seat)} ({card} is still in "
                    "its hand)")]


def _relation(seat: int, ctx: Context, winner: int | None) -> str:
    n = len(ctx.after.get("hand_sizes") or []) or ctx.ruleset.seating.players
    before = ctx.before
    names = []
    if winner is not None and seat == (winner + 1) % n:
        names.append("the seat after the trick's winner")
    if isinstance(before.get("leader"), int) and seat == before["leader"] and ctx.kind.trick:
        names.append("the trick's leader, again")
    if isinstance(before.get("to_move"), int):
        if seat == before["to_move"]:
            names.append("the seat that just played, again")
        elif seat == (before["to_move"] - 1) % n and n > 2:
            names.append("the previous seat: play going the other way round")
    if isinstance(ctx.after.get("dealer"), int) and seat == ctx.after["dealer"]:
        names.append("the dealer")
    return " or ".join(names) if names else seat_name(seat)


def wrong_turn(ctx: Context) -> list[Finding]:
    """The turn (or the lead) went to another seat than the rules give it to."""
    keys = frozenset(k for k in ctx.keys if k in ("to_move", "leader"))
    if not keys:
        return []
    name = "leader" if "leader" in keys and "to_move" not in keys else "to_move"
    want, got = ctx.after.get(name), ctx.engine.get(name)
    if not isinstance(got, int):
        return []
    if ctx.kind.trick:
        played = _played(ctx)
        winner = (ctx.after.get("last_trick") or {}).get("winner")
        shown = engine_winner(ctx, played)
        lead = ctx.rule("trick.lead-next")
        if lead is None or (shown is not None and shown != winner):
            return []  # the winner itself is wrong: `trick_winner`
        text = (f"after the trick the engine gave the lead to {seat_name(got)} ({_relation(got, ctx, winner)}); "
                f"the winner, {seat_name(winner)}, leads")
        if shown is None and ctx.rule("trick.winner"):
            both = (ctx.rule("trick.winner"), lead)
            return [Finding(lead, keys, "ambiguous", text + " (the engine's fields do not show who took the trick, "
                            "so a wrong winner and a wrong lead look alike)", both)]
        return [Finding(lead, keys, "wrong-turn", text)]
    if ctx.kind.deal:
        rule = ctx.rule("play.bidder-leads") if ctx.before.get("contract") else None
        rule = rule or ctx.rule("play.first-lead")
        if rule is None:
            return []
        return [Finding(rule, keys, "wrong-turn",
                        f"the engine gave the first turn of the hand to {seat_name(got)} ({_relation(got, ctx, None)}); "
                        f"the rules give it to {seat_name(want)}")]
    if ctx.kind.refill and ctx.rule("deal.refill"):
        return [Finding(ctx.rule("deal.refill"), keys, "wrong-turn",
                        f"after the new round of cards the engine gave the turn to {seat_name(got)}; "
                        f"the rules give it to {seat_name(want)}, the player after the dealer")]
    rule = ctx.rule("play.turn")
    if rule is None or ctx.kind.bidding or ctx.after.get("phase") == "call":
        return []  # the turn to bid or to call: `bidding.auction_end`
    return [Finding(rule, keys, "wrong-turn",
                    f"the engine passed the turn to {seat_name(got)} ({_relation(got, ctx, None)}); "
                    f"the next to play is {seat_name(want)}")]


def indicator_in_stock(ctx: Context) -> list[Finding]:
    """The face-up card (the indicator) kept in the stock, or put back into
    it, to be drawn before its turn: ``*.draw.indicator-last`` (it is the
    last card drawn) where the engine's stock is the rules' with the
    indicator in it."""
    rule = ctx.rule("draw.indicator-last")
    keys = frozenset(k for k in ctx.keys if k in ("stock", "stock_top", "stock_size"))
    indicator = ctx.after.get("indicator")
    got, want = ctx.engine.get("stock"), ctx.after.get("stock")
    if rule is None or not keys or not isinstance(indicator, str) or not isinstance(want, list):
        return []
    rest = [c for c in got if c != indicator] if isinstance(got, list) else None
    # the rest of the stock as the rules have it (its bottom card may be lost where the face-up card went in)
    if rest is not None and indicator in got and rest and rest == want[: len(rest)] and len(want) - len(rest) <= 1:
        where = "on top of the stock" if got[0] == indicator else f"in the stock (card {got.index(indicator) + 1})"
        turned = ctx.engine.get("indicator")
        if ctx.kind.deal and "indicator" in ctx.keys and turned != indicator and ctx.rule("deal.indicator"):
            # never turned face up at the deal: the card stayed where it was dealt from
            shown = f"turned {turned} face up" if turned else "turned no card face up"
            return [Finding(ctx.rule("deal.indicator"), keys | {"indicator"}, "indicator-in-stock",
                            f"the engine {shown} and left {indicator} {where}; the rules turn {indicator} face up")]
        return [Finding(rule, keys, "indicator-in-stock", f"the engine put the face-up card {indicator} {where}, "
                        f"to be drawn before its turn; it is drawn last")]
    if "stock" not in ctx.engine and ctx.engine.get("stock_top") == indicator and want and want[0] != indicator:
        return [Finding(rule, keys, "indicator-in-stock", f"the engine shows the face-up card {indicator} as the "
                        f"stock's top card, to be drawn next; it is drawn last")]
    return []
