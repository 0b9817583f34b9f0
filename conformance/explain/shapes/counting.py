"""Shapes of counting: something counted twice, replaced instead of added,
left out, a card given another value (``*.score.count``, ``*.deck.points``),
and a per-hand field not reset at a new hand (``*.deal.fresh-hand``)."""

from __future__ import annotations

from typing import Any

from regola.conformance.explain.shapes.base import Context, Finding, seat_name

PER_HAND = ("won", "points", "tricks_played", "last_trick", "captured", "scope", "bonus", "last_capture")
"""Fields a new hand starts empty (or at zero)."""


def _carried(prev: Any, now: Any, got: Any) -> bool:
    """Whether ``got`` is ``now`` with the previous hand's ``prev`` kept in it
    (added to a count, put before a pile, or left in place of nothing)."""
    if isinstance(now, list) and isinstance(prev, list) and isinstance(got, list) and len(now) == len(prev) == len(got):
        return any(p != type(p)() if isinstance(p, (list, int)) else p is not None for p in prev) and all(
            _carried_one(p, n, g) for p, n, g in zip(prev, now, got)
        )
    if isinstance(now, int) and isinstance(prev, int) and not isinstance(now, bool):
        return prev != 0 and got == now + prev
    if now is None and prev is not None:
        return got == prev
    return False


def _carried_one(prev: Any, now: Any, got: Any) -> bool:
    if isinstance(now, int) and isinstance(prev, int):
        return got == now + prev
    if isinstance(now, list) and isinstance(prev, list):
        return isinstance(got, list) and sorted(map(str, got)) == sorted(map(str, prev + now))
    return got == now


def not_reset(ctx: Context) -> list[Finding]:
    """A pile, a count or the points of the previous hand carried into this one."""
    prev = ctx.previous_hand
    rule = ctx.rule("deal.fresh-hand")
    if prev is None or rule is None:
        return []
    keys = [k for k in ctx.keys if k in PER_HAND and k in prev and _carried(prev[k], ctx.after.get(k), ctx.engine.get(k))]
    result_keys = []
    for k in ctx.keys:
        if k.startswith("result.") and isinstance(prev.get("result"), dict):
            sub = k.split(".", 1)[1]
            if _carried(prev["result"].get(sub), (ctx.after.get("result") or {}).get(sub),
                        (ctx.engine.get("result") or {}).get(sub)):
                result_keys.append(k)
    found = keys + result_keys
    if not found:
        return []
    return [Finding(rule, frozenset(found), "not-reset",
                    f"the engine kept the previous hand's {', '.join(found)} in this hand (carried over, "
                    "not reset when the new hand was dealt)")]


def _delta(a: Any, b: Any) -> list[int] | None:
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(isinstance(x, int) for x in a + b):
        return [x - y for x, y in zip(a, b)]
    return None


def _point_tables(ctx: Context) -> list[tuple[str, dict[str, int]]]:
    """Each face given another value, one at a time (0 to 11)."""
    ranks = ctx.ruleset.deck.ranks
    base = {r.id: r.points for r in ranks}
    unit = max(1, getattr(getattr(ctx.ruleset, "counting", None), "unit", 1) or 1)
    out = []
    for r in ranks:
        for v in sorted({0, 1, 2, 3, 4, 10, 11} | {base[r.id] + 1, max(0, base[r.id] - 1)}):
            value = v * unit if unit > 1 and v else v
            if value != base[r.id]:
                out.append((f"a {r.name if hasattr(r, 'name') else r.id} worth {v}", {**base, r.id: value}))
    return out


def _piles_points(piles: list[list[str]], table: dict[str, int]) -> list[int]:
    return [sum(table.get(c[:-1], 0) for c in pile or []) for pile in piles]


def counted(ctx: Context) -> list[Finding]:
    """Points counted twice, replaced instead of added, left out, or with a
    card worth another value."""
    out: list[Finding] = []
    count = ctx.rule("score.count")
    if "points" in ctx.keys and ctx.kind.trick and count is not None and isinstance(ctx.engine.get("points"), list):
        out += _trick_points(ctx, count)
    if "points" in ctx.keys or "result.points" in ctx.keys:
        out += _values(ctx)
    return out


def _trick_points(ctx: Context, count: str) -> list[Finding]:
    ev = next((e for e in ctx.events if e.get("type") == "trick"), None)
    if ev is None:
        return []
    w, pts = ev.get("winner"), ev.get("points") or 0
    got, want, was = ctx.engine["points"], ctx.after.get("points"), ctx.before.get("points")
    if _delta(got, want) is None or _delta(want, was) is None:
        return []
    others_right = all(got[s] == want[s] for s in range(len(got)) if s != w)
    if not others_right or got[w] == want[w]:
        return []
    shapes = []
    if pts and got[w] == want[w] + pts:
        shapes.append(f"the trick's {pts} points counted twice")
    if was[w] and got[w] == pts:
        shapes.append(f"{seat_name(w)}'s running total replaced by the trick's {pts} points instead of added to")
    if pts and got[w] == was[w]:
        shapes.append(f"the trick's {pts} points not added to {seat_name(w)}'s total")
    if not shapes:
        return []
    return [Finding(count, frozenset({"points"}), "counted", "the engine's points show " + "; or ".join(shapes))]


def _values(ctx: Context) -> list[Finding]:
    rule = ctx.rule("deck.points")
    won = ctx.after.get("won")
    if rule is None or not isinstance(won, list):
        return []
    engine_won = ctx.engine.get("won", won)
    if engine_won != won:
        return []  # other piles: not a matter of values
    out = []
    for key, got in (("points", ctx.engine.get("points")), ("result.points", (ctx.engine.get("result") or {}).get("points"))):
        if key not in ctx.keys or not isinstance(got, list):
            continue
        if key == "result.points" and ctx.ruleset.seating.teams:
            continue  # a side's points: the piles are per seat
        fits = [name for name, table in _point_tables(ctx) if _piles_points(won, table) == got]
        if fits:
            out.append(Finding(rule, frozenset({key}), "card-values",
                               f"the engine's {key} are the cards' points with " + "; or ".join(fits[:3])))
    return out


HAND_TOTALS = ("match.game_points", "result.game_points", "result.points")
"""The fields a Tressette hand's whole points end up in."""

TRESSETTE_PARTS = ("score.count", "score.last-trick", "declare.napoletana", "declare.of-a-kind", "score.cappotto")
"""The rules a Tressette hand's whole points are made of (``tressette.*``)."""


def totals(ctx: Context) -> list[Finding]:
    """A Tressette hand's whole points that differ at its end while the
    engine reports nothing that tells their parts apart (the thirds counted
    down to points, the last trick's point, the declarations, the
    cappotto): every part in force could account for them; the report
    lists them rather than pick one. A part the engine reports right (its
    declarations) is left out."""
    if not ctx.kind.hand_over or ctx.rule("score.count") != "tressette.score.count":
        return []
    keys = [k for k in ctx.keys if k in HAND_TOTALS]
    if not keys or any(k not in HAND_TOTALS and k.split(".")[0] not in ("match", "result") for k in ctx.keys):
        return []
    parts = [r for p in TRESSETTE_PARTS if (r := ctx.rule(p)) and r.startswith("tressette.")]
    if ctx.reports("declared"):
        parts = [r for r in parts if ".declare." not in r]
    if len(parts) < 2:
        return []
    last = _last_trick_moved(ctx, keys)
    if last is not None and last[0] in parts:
        # one point moved between two sides fits many causes: a reading given, not put first
        return [Finding(parts[0], frozenset(keys), "ambiguous",
                        f"the engine's whole points are the rules' with {last[1]}, or with the thirds counted down "
                        "another way, a declaration or a cappotto: its fields cannot tell which", tuple(parts))]
    return [Finding(parts[0], frozenset(keys), "ambiguous",
                    "the engine reports only the hand's whole points, which cannot tell which part of them "
                    "(the thirds counted down, the last trick, a declaration, a cappotto) it got wrong",
                    tuple(parts))]


def _side(ctx: Context, seat: int, sides: int) -> int | None:
    if sides == ctx.ruleset.seating.players:
        return seat
    return next((i for i, team in enumerate(ctx.ruleset.seating.teams or ()) if seat in team), None)


def _last_trick_moved(ctx: Context, keys: list[str]) -> tuple[str, str] | None:
    """The last trick's point given to another side, or to nobody, as the
    difference of a hand's whole points shows: (rule, what the engine did)."""
    rule = ctx.rule("score.last-trick")
    trick = next((e for e in reversed(ctx.events) if e.get("type") == "trick"), None)
    if rule is None or trick is None or not isinstance(trick.get("winner"), int):
        return None
    for key in keys:
        head, _, sub = key.partition(".")
        if sub:
            got, want = (ctx.engine.get(head) or {}).get(sub), (ctx.after.get(head) or {}).get(sub)
        else:
            got, want = ctx.engine.get(head), ctx.after.get(head)
        diff = _delta(got, want)
        if diff is None:
            continue
        side = _side(ctx, trick["winner"], len(diff))
        if side is None or diff[side] >= 0:
            return None
        others = [i for i, d in enumerate(diff) if d and i != side]
        if not others:
            return rule, f"the last trick's bonus left out for side {side}, which took it"
        if len(others) == 1 and diff[others[0]] == -diff[side]:
            return rule, f"the last trick's bonus given to side {others[0]} instead of side {side}, which took it"
        return None
    return None


def last_trick_bonus(ctx: Context) -> list[Finding]:
    """A Tressette hand's running points off at its last trick by the last
    trick's bonus, taken from the side that won it (given to another, or
    to nobody): listed with the count (``tressette.score.count``,
    ``tressette.score.last-trick``), which it cannot be told from; at an
    earlier trick, the bonus added too soon (``tressette.score.last-trick``)."""
    if "points" not in ctx.keys or ctx.rule("score.count") != "tressette.score.count":
        return []
    if not ctx.kind.hand_over:
        return _bonus_too_soon(ctx)
    last = _last_trick_moved(ctx, ["points"])
    if last is None:
        return []
    count = "tressette.score.count"
    return [Finding(count, frozenset({"points"}), "ambiguous",
                    f"the engine's points are the rules' with {last[1]}, or with the thirds counted another way: "
                    "its fields cannot tell which", (count, last[0]))]


def replaced(ctx: Context) -> list[Finding]:
    """The match's points replaced by this hand's instead of added to
    (``*.match.end``: the hands' points add up to the match's)."""
    rule = ctx.rule("match.end")
    if not ctx.kind.hand_over or rule is None:
        return []
    for name in ("points", "game_points"):
        key = f"match.{name}"
        hand = (ctx.after.get("result") or {}).get(name)
        got = (ctx.engine.get("match") or {}).get(name) if isinstance(ctx.engine.get("match"), dict) else None
        want = (ctx.after.get("match") or {}).get(name)
        if key in ctx.keys and isinstance(hand, list) and got == hand and want != hand:
            return [Finding(rule, frozenset({key}), "replaced",
                            f"the engine's match {name.replace('_', ' ')} are this hand's alone ({hand}): replaced "
                            f"instead of added to the earlier hands' (the rules have {want})")]
    return []


def _bonus_too_soon(ctx: Context) -> list[Finding]:
    """The last trick's bonus added at a trick that is not the hand's last."""
    rule = ctx.rule("score.last-trick")
    counting = getattr(ctx.ruleset, "counting", None)
    bonus = (getattr(counting, "last_trick", 0) or 0) * max(1, getattr(counting, "unit", 1) or 1)
    trick = next((e for e in ctx.events if e.get("type") == "trick"), None)
    diff = _delta(ctx.engine.get("points"), ctx.after.get("points"))
    if rule is None or not bonus or trick is None or diff is None or not isinstance(trick.get("winner"), int):
        return []
    side = _side(ctx, trick["winner"], len(diff))
    if side is None or diff != [bonus if i == side else 0 for i in range(len(diff))]:
        return []
    return [Finding(rule, frozenset({"points"}), "counted",
                    f"the engine added the last trick's bonus to side {side} at trick {trick.get('number', '?')}, "
                    "which is not the hand's last")]
