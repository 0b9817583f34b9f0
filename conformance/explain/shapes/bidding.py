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
