"""Shapes of the fishing games: a sweep counted wrongly (``scopa.sweep``,
``scopa.sweep.last-play``), the cards left on the table given to the wrong
side (``scopa.end.leftovers``), and totals that cannot tell which category
went wrong (every ``scopa.score.*`` rule that could account for them)."""

from __future__ import annotations

from typing import Any

from regola.conformance.explain.shapes.base import Context, Finding, seat_name

CATEGORIES = ("cards", "coins", "settebello", "primiera", "scopas", "re-bello", "napola", "napoleone", "grande")


def _side_of(ctx: Context, seat: int) -> int | None:
    for i, side in enumerate(ctx.after.get("sides") or []):
        if seat in side:
            return i
    return None


def sweeps(ctx: Context) -> list[Finding]:
    if "scope" not in ctx.keys or ctx.family != "scopa":
        return []
    got, want, was = ctx.engine.get("scope"), ctx.after.get("scope"), ctx.before.get("scope")
    if not (isinstance(got, list) and isinstance(want, list) and isinstance(was, list)):
        return []
    sweep = ctx.rule("sweep")
    ev = next((e for e in ctx.events if e.get("type") == "capture"), None)
    mover = (ctx.action or {}).get("seat")
    side = _side_of(ctx, mover) if isinstance(mover, int) else None
    if side is None or sweep is None:
        return []
    added = got[side] - was[side]
    others = all(got[i] == want[i] for i in range(len(got)) if i != side)
    if not others:
        return []
    if ev is None:
        if added > 0:
            return [Finding(sweep, frozenset({"scope"}), "sweep",
                            f"the engine counted a scopa for a card laid on the table ({(ctx.action or {}).get('card')})")]
        return []
    card = ev.get("card")
    if ev.get("scopa") and added == 0:
        return [Finding(sweep, frozenset({"scope"}), "sweep",
                        f"{card} took every card on the table and the engine counted no scopa")]
    if ev.get("scopa") and added == 2:
        return [Finding(sweep, frozenset({"scope"}), "counted", f"the engine counted the scopa made with {card} twice")]
    if not ev.get("scopa") and added == 1:
        cleared = not ctx.after.get("table")
        last = ctx.rule("sweep.last-play")
        aces = ctx.rule("capture.ace-takes-all")
        if cleared and ctx.kind.hand_over and last:
            return [Finding(last, frozenset({"scope"}), "sweep",
                            f"the engine counted a scopa for {card}, the hand's last play, which does not score one")]
        if cleared and aces and card and card[0] == "A":
            return [Finding(aces, frozenset({"scope"}), "sweep",
                            f"the engine counted a scopa for the Ace {card} taking the table, which is not one")]
        if not cleared:
            return [Finding(sweep, frozenset({"scope"}), "sweep",
                            f"the engine counted a scopa for {card}, which left cards on the table")]
    return []


def leftovers(ctx: Context) -> list[Finding]:
    ev = next((e for e in ctx.events if e.get("type") == "leftovers"), None)
    rule = ctx.rule("end.leftovers")
    keys = frozenset(k for k in ctx.keys if k in ("table", "captured"))
    if ev is None or rule is None or not keys:
        return []
    cards = set(ev.get("cards") or [])
    got_table = ctx.engine.get("table")
    if isinstance(got_table, list) and cards and cards <= set(got_table):
        return [Finding(rule, keys, "leftovers", f"the engine left {', '.join(sorted(cards))} on the table at the "
                        f"hand's end; they go to the side of the last capture ({seat_name(ev.get('seat'))})")]
    captured = ctx.engine.get("captured")
    if isinstance(captured, list):
        holders = [i for i, pile in enumerate(captured) if isinstance(pile, list) and cards <= set(pile)]
        if holders and ev.get("side") not in holders:
            return [Finding(rule, keys, "leftovers",
                            f"the engine gave the cards left on the table ({', '.join(sorted(cards))}) to side "
                            f"{holders[0]}; they go to the side of the last capture, side {ev.get('side')}")]
        if not holders and all(not cards & set(p or []) for p in captured):
            return [Finding(rule, keys, "leftovers",
                            f"the engine gave the cards left on the table ({', '.join(sorted(cards))}) to nobody; "
                            f"they go to the side of the last capture, side {ev.get('side')}")]
    return []


def totals(ctx: Context) -> list[Finding]:
    """Match (or hand) totals that differ while the engine reports none of
    the categories: every category rule of the variant could account for
    them; the report lists them rather than pick one."""
    if ctx.family != "scopa":
        return []
    keys = [k for k in ctx.keys if k in ("match.points", "result.points")]
    reported = ctx.engine.get("result")
    if not keys or isinstance(reported, dict) and any(c in reported for c in ("cards", "coins", "primiera", "scope")):
        return []
    candidates = tuple(r for c in CATEGORIES if (r := ctx.rule(f"score.{c}")))
    candidates += tuple(r for r in sorted(ctx.known) if ".bonus." in r)
    tied = any(w is None for w in ((ctx.after.get("result") or {}).get("categories") or {}).values())
    if tied and (tie := ctx.rule("score.tie")):
        candidates += (tie,)
    if len(candidates) < 2:
        return []
    what = "match totals" if "result" not in ctx.engine else "hand totals"
    return [Finding(candidates[0], frozenset(keys), "ambiguous",
                    f"the engine reports only {what}, which cannot tell which scoring category it got wrong",
                    candidates)]


def _count(value: Any) -> int:
    return value if isinstance(value, int) else 0


def _parts(ctx: Context) -> list[tuple[str, str, list[int]]]:
    """What each scoring category gave each side this hand, by the rules:
    (category, rule, points per side). A tied category (no winner) gives
    nothing; it is listed under ``*.score.tie`` with the sides that tied."""
    result = ctx.after.get("result") or {}
    sides = len(result.get("points") or [])
    out: list[tuple[str, str, list[int]]] = []
    for name, winner in (result.get("categories") or {}).items():
        rule = ctx.rule(f"score.{name}")
        if rule is None:
            continue
        if isinstance(winner, int) and 0 <= winner < sides:
            out.append((name, rule, [int(s == winner) for s in range(sides)]))
        elif winner is None and isinstance(result.get(name), list) and (tie := ctx.rule("score.tie")):
            counts = result[name]
            best = max(counts)
            tied = [s for s, c in enumerate(counts) if c == best]
            out.append((name, tie, [int(s in tied) for s in range(sides)]))  # scored for every side that tied
            out += [(f"{name}@{s}", tie, [int(t == s) for t in range(sides)]) for s in tied]  # for one of them
    for name, rule_suffix in (("scope", "score.scopas"), ("napola", "score.napola")):
        vec = result.get(name)
        rule = ctx.rule(rule_suffix)
        if rule and isinstance(vec, list) and len(vec) == sides and any(vec):
            out.append((name, rule, [int(v) for v in vec]))
    return out


def weighed(ctx: Context) -> list[Finding]:
    """A hand's points off, side by side, by a whole multiple of what one
    scoring category gave (a scopa worth two, a category scored twice or
    left out, a tied category scored for every side that tied): that
    category's rule; when several categories fit, all of them."""
    if ctx.family != "scopa" or not ctx.kind.hand_over:
        return []
    keys = [k for k in ctx.keys if k in ("result.points", "match.points")]
    want = (ctx.after.get("result") or {}).get("points")
    got = (ctx.engine.get("result") or {}).get("points") if isinstance(ctx.engine.get("result"), dict) else None
    if got is None and "match.points" in keys:
        got_match, want_match = (ctx.engine.get("match") or {}).get("points"), (ctx.after.get("match") or {}).get("points")
        if isinstance(got_match, list) and isinstance(want_match, list) and isinstance(want, list):
            got = [w + g - m for w, g, m in zip(want, got_match, want_match)]
    if not keys or not isinstance(want, list) or not isinstance(got, list) or len(got) != len(want):
        return []
    diff = [g - w for g, w in zip(got, want)]
    if not any(diff):
        return []
    fits = []
    for name, rule, vec in _parts(ctx):
        k = next((diff[i] // vec[i] for i in range(len(vec)) if vec[i]), 0)
        if k and all(d == k * v for d, v in zip(diff, vec)):
            fits.append((name, rule, k))
    if fits:  # counted twice or left out is likelier than three times over
        least = min(abs(k) for _, _, k in fits)
        fits = [f for f in fits if abs(f[2]) == least]
    rules = tuple(dict.fromkeys(rule for _, rule, _ in fits))
    if not rules:
        return []
    name, rule, k = fits[0]
    if rule.endswith("score.tie") and "@" in name:
        category, side = name.split("@")
        what = f"the engine gave the tied category ({category}) to side {side}; a tie scores for nobody"
    elif rule.endswith("score.tie"):
        what = f"the engine scored the tied category ({name}) for every side that tied; a tie scores for nobody"
    elif k > 0:
        what = f"the engine scored {name} {k + 1} times over" if name != "scope" else f"the engine counted each scopa {k + 1} times"
    else:
        what = f"the engine left {name} out of the hand's points" if k == -1 else f"the engine scored {name} {k + 1} times"
    if len(rules) > 1:
        return [Finding(rule, frozenset(keys), "ambiguous",
                        f"{what}, or another category that gave the same sides as much: the engine's fields cannot "
                        f"tell which", rules)]
    return [Finding(rule, frozenset(keys), "weighed", what)]
