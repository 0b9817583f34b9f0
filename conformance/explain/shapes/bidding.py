"""Shapes of an auction (Briscola Chiamata): the contract given to another
seat than the last bidder (``chiamata.bid.end``), and the call made by
another seat than the auction's winner (``chiamata.phase.order``: only he
may call)."""

from __future__ import annotations

from regola.conformance.explain.shapes.base import Context, Finding, seat_name


def _won(ctx: Context) -> dict | None:
    return next((e for e in ctx.events if e.get("type") == "auction-won"), None)


def _relation(ctx: Context, seat: int, winner: int) -> str:
    n = len(ctx.after.get("hand_sizes") or []) or ctx.ruleset.seating.players
    auction = ctx.after.get("auction") or {}
    names = []
    if seat == (winner + 1) % n:
        names.append("the seat after the last bidder")
    if seat == (winner - 1) % n:
        names.append("the seat before the last bidder")
    if seat == auction.get("first"):
        names.append("the first to speak")
    if isinstance((ctx.action or {}).get("seat"), int) and seat == ctx.action["seat"]:
        names.append("the seat that passed last")
    return " or ".join(names) if names else seat_name(seat)


def auction_end(ctx: Context) -> list[Finding]:
    """At the step that closes the auction: the contract to another seat;
    at any step that leaves the call to be made: the turn to call to
    another seat than the contract's."""
    won = _won(ctx)
    contract = ctx.engine.get("contract") if isinstance(ctx.engine.get("contract"), dict) else {}
    got = contract.get("bidder")
    end = ctx.rule("bid.end")
    if won and isinstance(won.get("seat"), int) and end and "contract.bidder" in ctx.keys and isinstance(got, int):
        winner = won["seat"]
        keys = {"contract.bidder"} | ({"to_move", "leader"} & set(ctx.keys) if ctx.engine.get("to_move") == got else set())
        return [Finding(end, frozenset(keys), "auction",
                        f"the engine gave the contract to {seat_name(got)} ({_relation(ctx, got, winner)}); "
                        f"the last bidder, {seat_name(winner)}, wins the auction")]
    bidder = (ctx.after.get("contract") or {}).get("bidder")
    moved = ctx.engine.get("to_move")
    order = ctx.rule("phase.order") or ctx.rule("call.suit")
    if (ctx.after.get("phase") == "call" and order and "to_move" in ctx.keys and isinstance(moved, int)
            and isinstance(bidder, int) and ctx.after.get("to_move") == bidder and got in (None, bidder)):
        return [Finding(order, frozenset({"to_move"}), "auction",
                        f"the engine gave the call to {seat_name(moved)} ({_relation(ctx, moved, bidder)}); only "
                        f"the auction's winner, {seat_name(bidder)}, calls")]
    return []


def contract_score(ctx: Context) -> list[Finding]:
    """A contract's outcome at the hand's end: made or failed the other way
    round for a side that took exactly its target (``chiamata.score.target``:
    the target reached is made), or a bidder alone paid by another factor
    (``chiamata.score.alone``)."""
    if not ctx.kind.hand_over:
        return []
    want = (ctx.after.get("result") or {}).get("contract")
    got_result = ctx.engine.get("result") if isinstance(ctx.engine.get("result"), dict) else {}
    if not isinstance(want, dict):
        return []
    keys = [k for k in ctx.keys if k in ("result.contract", "result.game_points", "result.outcome", "match.game_points")]
    if not keys:
        return []
    target, taken = want.get("target"), want.get("side_points")
    got_made = (got_result.get("contract") or {}).get("made") if isinstance(got_result.get("contract"), dict) else None
    exact = isinstance(target, int) and taken == target
    flipped = got_made is not None and got_made != want.get("made")
    want_pts = (ctx.after.get("result") or {}).get("game_points")
    got_pts = got_result.get("game_points")
    if not isinstance(got_pts, list):
        m_got, m_want = (ctx.engine.get("match") or {}).get("game_points"), (ctx.after.get("match") or {}).get("game_points")
        if isinstance(m_got, list) and isinstance(m_want, list) and isinstance(want_pts, list):
            got_pts = [w + g - m for w, g, m in zip(want_pts, m_got, m_want)]
    negated = isinstance(got_pts, list) and isinstance(want_pts, list) and got_pts == [-p for p in want_pts] and any(want_pts)
    rule = ctx.rule("score.target")
    if rule and exact and (flipped or negated):
        made = "made" if want.get("made") else "failed"
        return [Finding(rule, frozenset(keys), "contract",
                        f"the side took exactly its target ({taken} of {target}) and the engine scored the contract the "
                        f"other way round; by the rules it is {made}")]
    bidder = want.get("bidder")
    if not isinstance(got_pts, list) or not isinstance(want_pts, list) or not isinstance(bidder, int) or flipped:
        return []
    if len(got_pts) != len(want_pts) or bidder >= len(want_pts) or not want_pts[bidder]:
        return []
    ratio = got_pts[bidder] / want_pts[bidder]
    if ratio <= 0 or ratio == 1:
        return []
    alone = ctx.rule("score.alone") if want.get("alone") else None
    if alone:
        return [Finding(alone, frozenset(keys), "contract",
                        f"the engine scored the bidder alone {got_pts[bidder]:+d} instead of {want_pts[bidder]:+d}")]
    return []
