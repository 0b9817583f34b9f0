"""Shapes of the fishing games: a sweep counted wrongly (``scopa.sweep``,
``scopa.sweep.last-play``), the cards left on the table given to the wrong
side (``scopa.end.leftovers``), and totals that cannot tell which category
went wrong (every ``scopa.score.*`` rule that could account for them)."""

from __future__ import annotations

from typing import Any

from regola.conformance.explain.shapes.base import Context, Finding, seat_name
from regola.reference.fishing.scoring import holder, primiera_values, sole_best
from regola.reference.fishing.tables import FishingTables

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


def vanished(ctx: Context) -> list[Finding]:
    """A card that captures nothing not put on the table (``scopa.capture.lay``):
    the engine's table is the rules' without it, and it is not in the hand."""
    rule = ctx.rule("capture.lay")
    card, seat = (ctx.action or {}).get("card"), (ctx.action or {}).get("seat")
    table, want = ctx.engine.get("table"), ctx.after.get("table")
    if not ctx.kind.lay or rule is None or "table" not in ctx.keys or not isinstance(table, list):
        return []
    if not isinstance(want, list) or card not in want or sorted(table) != sorted(c for c in want if c != card):
        return []
    hands = ctx.engine.get("hands")
    if isinstance(hands, list) and isinstance(seat, int) and seat < len(hands) and card in (hands[seat] or []):
        return []  # still in hand: not played at all
    return [Finding(rule, frozenset({"table"}), "vanished",
                    f"{card} captured nothing and the engine did not put it on the table: it is gone")]


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


def _hand_diff(ctx: Context) -> tuple[list[str], list[int]]:
    """The keys of the hand's points that differ, and the engine's hand
    points less the rules', side by side (read from the match points when
    the engine reports no hand result); no keys, no difference."""
    keys = [k for k in ctx.keys if k in ("result.points", "match.points")]
    want = (ctx.after.get("result") or {}).get("points")
    got = (ctx.engine.get("result") or {}).get("points") if isinstance(ctx.engine.get("result"), dict) else None
    if got is None and "match.points" in keys:
        got_match, want_match = (ctx.engine.get("match") or {}).get("points"), (ctx.after.get("match") or {}).get("points")
        if isinstance(got_match, list) and isinstance(want_match, list) and isinstance(want, list):
            got = [w + g - m for w, g, m in zip(want, got_match, want_match)]
    if not keys or not isinstance(want, list) or not isinstance(got, list) or len(got) != len(want):
        return [], []
    diff = [g - w for g, w in zip(got, want)]
    return (keys, diff) if any(diff) else ([], [])


def weighed(ctx: Context) -> list[Finding]:
    """A hand's points off, side by side, by a whole multiple of what one
    scoring category gave (a scopa worth two, a category scored twice or
    left out, a tied category scored for every side that tied): that
    category's rule; when several categories fit, all of them."""
    if ctx.family != "scopa" or not ctx.kind.hand_over:
        return []
    keys, diff = _hand_diff(ctx)
    if not diff:
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


def _side_piles(ctx: Context, sides: int) -> list[list[str]] | None:
    """Each side's captured cards at the hand's end, by the rules."""
    captured, seating = ctx.after.get("captured"), ctx.after.get("sides")
    if not isinstance(captured, list) or not isinstance(seating, list) or len(seating) != sides:
        return None
    return [[c for seat in side for c in captured[seat] or []] for side in seating]


def _categories(ctx: Context, tables: Any, piles: list[list[str]], names: Any) -> dict[str, int | None]:
    """The card categories ``names`` as the reference scores them from ``piles``."""
    out: dict[str, int | None] = {}
    frozen = [tuple(p) for p in piles]
    if "cards" in names:
        out["cards"] = sole_best([len(p) for p in piles])
    if "coins" in names:
        out["coins"] = sole_best([sum(c in tables.coins for c in p) for p in piles])
    if "settebello" in names:
        out["settebello"] = holder(tables, frozen, tables.coin("7"))
    if "re_bello" in names:
        out["re_bello"] = holder(tables, frozen, tables.coin("K"))
    if "primiera" in names:
        _, keys = primiera_values(tables, frozen)
        eligible = [k if k is not None else (-1,) for k in keys]
        out["primiera"] = sole_best(eligible) if any(k is not None for k in keys) else None
    return out


def _alternatives(ctx: Context, tables: Any, piles: list[list[str]], cats: dict[str, Any]):
    """(what the engine did, rule, categories as it would then score them):
    a category counted on another suit or card, given to the side with
    fewer, and the cards left on the table given to another side or to
    nobody."""
    coin_suit = next(iter(tables.coins))[-1]
    suits = {s.id: s.name for s in ctx.ruleset.deck.suits if s.id != coin_suit}
    if "coins" in cats and (rule := ctx.rule("score.coins")):
        for suit, name in suits.items():
            yield (f"most coins counted on {name} instead", rule,
                   {"coins": sole_best([sum(c[-1] == suit for c in p) for p in piles])})
    if "settebello" in cats and (rule := ctx.rule("score.settebello")):
        for suit, name in suits.items():
            seven = f"7{suit}"
            yield (f"the settebello scored for the Seven of {name} ({seven}) instead", rule,
                   {"settebello": next((i for i, p in enumerate(piles) if seven in p), None)})
    counts = {"cards": len, "coins": lambda p: sum(c in tables.coins for c in p)}
    for name, count in counts.items():
        if name in cats and (rule := ctx.rule(f"score.{name}")):
            yield (f"most {name} given to the side with the fewest", rule,
                   {name: sole_best([-count(p) for p in piles])})
            other = "coins" if name == "cards" else "cards"
            yield (f"most {name} decided by counting the {other} instead", rule,
                   {name: sole_best([counts[other](p) for p in piles])})
    ev = next((e for e in ctx.events if e.get("type") == "leftovers"), None)
    rule = ctx.rule("end.leftovers")
    if ev and rule and isinstance(ev.get("side"), int) and ev.get("cards"):
        left = set(ev["cards"])
        bare = [[c for c in p if c not in left] if i == ev["side"] else list(p) for i, p in enumerate(piles)]
        for side in [*range(len(piles)), None]:
            if side == ev["side"]:
                continue
            moved = [p + sorted(left) if i == side else p for i, p in enumerate(bare)]
            to = f"side {side}" if side is not None else "nobody"
            yield (f"the cards left on the table ({', '.join(sorted(left))}) given to {to} instead of side "
                   f"{ev['side']}, the last to capture", rule, _categories(ctx, tables, moved, cats))


def recount(ctx: Context) -> list[Finding]:
    """A hand's points as the engine has them, reproduced by counting one
    category another way (another suit or card, the side with fewer) or by
    giving the cards left on the table to another side: that rule; when
    several such readings fit, or a category merely left out or scored
    twice fits too, all of them."""
    if ctx.family != "scopa" or not ctx.kind.hand_over:
        return []
    keys, diff = _hand_diff(ctx)
    result = ctx.after.get("result") or {}
    cats = result.get("categories") or {}
    piles = _side_piles(ctx, len(diff)) if diff else None
    if not diff or not cats or piles is None or [len(p) for p in piles] != list(result.get("cards") or []):
        return []
    tables = FishingTables.of(ctx.ruleset)
    fits: list[tuple[str, str]] = []
    for text, rule, alt in _alternatives(ctx, tables, piles, cats):
        merged = {**cats, **{k: v for k, v in alt.items() if k in cats}}
        delta = [sum(int(merged[c] == s) - int(cats[c] == s) for c in cats) for s in range(len(diff))]
        if delta == diff:
            fits.append((text, rule))
    tied = any(v is None for v in cats.values())  # a tie scored for every side looks the same: `weighed`
    if (scopas := ctx.rule("score.scopas")) and not tied and len(diff) > 1 and diff == [1] * len(diff):
        fits.append(("a point more for every side, its scopas counted one too many", scopas))
    rules = tuple(dict.fromkeys(r for _, r in fits))
    if not rules:
        return []
    plain = _scored_once_more_or_less(ctx, diff)
    if plain:
        # a category left out (or scored twice) gives these points as well: no reading is better than another
        rules = tuple(dict.fromkeys((*plain, *rules)))
        said = "; or ".join(t for t, _ in fits[:2])
        return [Finding(rules[0], frozenset(keys), "ambiguous",
                        f"the engine's points are the rules' with a category left out or scored twice, or with "
                        f"{said}: its fields cannot tell which", rules)]
    if len(rules) == 1:
        return [Finding(rules[0], frozenset(keys), "recount", f"the engine's points are the rules' with {fits[0][0]}")]
    said = "; or ".join(t for t, _ in fits[:3])
    return [Finding(rules[0], frozenset(keys), "ambiguous",
                    f"the engine's points are the rules' with {said}: its fields cannot tell which", rules,
                    reading=True)]


def _scored_once_more_or_less(ctx: Context, diff: list[int]) -> tuple[str, ...]:
    """The rules of the categories whose point, left out or scored twice,
    gives the engine's points (`weighed`'s plainest readings)."""
    out = []
    for _, rule, vec in _parts(ctx):
        if diff in ([-v for v in vec], list(vec)):
            out.append(rule)
    return tuple(dict.fromkeys(out))
