"""The situations of a whole match, read from a trace's views with the
ruleset: a second and a third hand, a match tied at its target and the
hand dealt next (what the variant says then: play goes on, `tied_at_target`),
and each way a match can end (`ENDS`, `end_of`); and which of them cannot
occur in a ruleset, with why (`match_cannot`).

`regola.conformance.corpus.situations` finds them in a trace with the
others; `regola.conformance.corpus.matches` searches for matches that show
them.
"""

from __future__ import annotations

from typing import Any

from regola.spec import Ruleset

MATCH = {
    "second-hand": "a second hand dealt",
    "third-hand": "a third hand dealt",
    "match-over": "a match played to its end",
    "tie-at-target": "a match tied at its target (the highest totals equal when one reaches it, or after the "
                     "last deal), and the hand dealt next",
}
ENDS = {
    "end-target": "a match won by reaching its target",
    "end-deals": "a match ended after its number of deals",
    "end-single": "a match of one hand ended with it",
    "end-cappotto": "a match won by cappotto (points while every other side has none)",
    "end-napoleone": "a match won by the napoleone (every coin)",
    "end-claim-right": "a match won by a right claim",
    "end-claim-wrong": "a match lost by a wrong claim",
}
"""The ways a match ends (`end_of`)."""
TRICK_ENDS = ("end-target", "end-deals", "end-single")
"""The ways a match of the trick games can end."""
MATCH_SITUATIONS = frozenset(MATCH) | frozenset(ENDS)
"""The situations of a whole match (searched by `regola.conformance.corpus.matches`)."""


def match_cannot(ruleset: Ruleset, rules: set[str]) -> dict[str, str]:
    """The match situations that cannot occur in ``ruleset``, with why."""
    kind = ruleset.match.kind
    end = next((r for r in sorted(rules) if r.endswith(".match.end")), "match.kind")
    why: dict[str, str] = {}
    replay = ruleset.hand_scoring.kind == "card-points" and ruleset.hand_scoring.tie == "replay"
    if kind == "single":
        if not replay:
            why["second-hand"] = f"a match of one hand: {end}"
            why["third-hand"] = f"a match of one hand: {end}"
        why["tie-at-target"] = f"a match of one hand, which a tied hand draws or deals again: {end}"
    elif kind in ("best-of", "first-to-wins"):
        why["tie-at-target"] = ("a hand gives game points to its winner alone, so no two sides reach the target "
                                f"together: {end}")
    ways = {"single": "end-single", "deals": "end-deals"}
    for name in ("end-target", "end-deals", "end-single"):
        if ways.get(kind, "end-target") != name:
            why[name] = f"match.kind = {kind}: {end}"
    if ruleset.family == "scopa":
        opts = ruleset.hand_scoring.scopa
        if not opts.cappotto:
            why["end-cappotto"] = "no cappotto in these rules: scopa.match.cappotto does not hold"
        if not opts.napoleone:
            why["end-napoleone"] = "no napoleone in these rules: scopa.score.napoleone does not hold"
        if not opts.claims:
            why["end-claim-right"] = why["end-claim-wrong"] = "no claims in these rules: scopa.match.claim does not hold"
    return why


def end_of(rules: set[str], ruleset: Ruleset | None) -> str | None:
    """How a match ended, from the rule ids of the step that ended it (a
    claim, a cappotto, a napoleone) or else the ruleset's match kind; None
    without a ruleset."""
    for rule, way in (("scopa.match.claim-right", "end-claim-right"), ("scopa.match.claim-wrong", "end-claim-wrong"),
                      ("scopa.match.cappotto", "end-cappotto"), ("scopa.score.napoleone", "end-napoleone")):
        if rule in rules:
            return way
    if ruleset is None:
        return None
    return {"single": "end-single", "deals": "end-deals"}.get(ruleset.match.kind, "end-target")


def totals(ruleset: Ruleset, match: dict[str, Any]) -> list[int]:
    """The match totals the target is about (Scopa's points, game points or
    card points over hands), from a view's ``match``."""
    if ruleset.family == "scopa":
        return list(match.get("points") or [])
    key = "card_points" if ruleset.match.kind == "first-to-card-points" else "game_points"
    return list(match.get(key) or [])


def tied_at_target(ruleset: Ruleset, match: dict[str, Any]) -> bool:
    """Whether a view's ``match`` is tied at its target: the highest totals
    equal once one has reached the target (or after the last deal)."""
    kind, target = ruleset.match.kind, ruleset.match.target
    if kind not in ("first-to-points", "first-to-card-points", "deals"):
        return False
    points = totals(ruleset, match)
    if len(points) < 2:
        return False
    reached = match.get("hands_played", 0) >= target if kind == "deals" else max(points) >= target
    return reached and points.count(max(points)) > 1


