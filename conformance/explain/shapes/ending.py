"""Shapes of an ending: a hand or a match ended early (once its outcome was
decided: ``*.score.count``, the hand is counted when every card has been
played; before: ``*.draw.exhausted``, the last cards are played out), or
not ended when it should be (``*.score.count``, ``*.match.end``)."""

from __future__ import annotations

from regola.conformance.explain.shapes.base import Context, Finding

END_KEYS = ("phase", "to_move", "leader", "result", "hands", "hand_sizes", "trick")


def _over(view: dict) -> bool:
    return view.get("result") is not None or view.get("phase") in ("shuffle", "hand-over", "between-hands", "over")


def _decided(ctx: Context) -> str:
    """Why the hand's outcome was already certain, if it was (a side past
    half the card points)."""
    points = ctx.after.get("points")
    if not isinstance(points, list) or not points:
        return ""
    total = sum(r.points for r in ctx.ruleset.deck.ranks) * len(ctx.ruleset.deck.suits)
    best = max(points)
    was = ctx.before.get("points")
    if total and isinstance(was, list) and was and max(was) * 2 > total:
        return ""  # decided at an earlier trick, where the engine went on: not what ended it here
    if total and best * 2 > total:
        return f", once a player had {best} of the {total} card points and the outcome was decided"
    if total and best * 2 == total:
        return f", once a player had {best} of the {total} card points (half of them: the outcome not yet decided)"
    return ""


def ended(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    keys = [k for k in ctx.keys if k.split(".")[0] in END_KEYS or k.startswith("result.")]
    if not keys:
        return out
    count = ctx.rule("score.count") or ctx.rule("play.phase")
    engine_over, want_over = _over(ctx.engine), _over(ctx.after)
    reported = any(k in ctx.engine for k in ("result", "phase"))
    if count and reported and engine_over and not want_over:
        decided = _decided(ctx)
        # not decided yet: the engine stopped short of playing the hand out
        rule = count if decided else ctx.rule("draw.exhausted") or count  # half the points: the count misread
        out.append(Finding(rule, frozenset(keys), "ended-early",
                           "the engine ended the hand before its last card was played" + decided))
    elif count and reported and want_over and not engine_over and ctx.kind.hand_over:
        out.append(Finding(count, frozenset(keys), "not-ended",
                           "the engine did not end the hand after its last card (no result)"))
    match_keys = [k for k in ctx.keys if k in ("match.over", "match.winner")]
    rule = ctx.rule("match.end")
    got, want = ctx.engine.get("match") or {}, ctx.after.get("match") or {}
    if match_keys and rule and isinstance(got, dict):
        if got.get("over") and not want.get("over"):
            out.append(Finding(rule, frozenset(match_keys), "ended-early",
                               "the engine ended the match when the rules go on (a target not yet reached, or "
                               "reached by several sides at once, or a tie to be played off)"))
        elif want.get("over") and got.get("over") is False:
            out.append(Finding(rule, frozenset(match_keys), "not-ended",
                               "the engine went on with the match when the rules end it"))
    return out
