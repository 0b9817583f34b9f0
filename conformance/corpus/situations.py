"""Situations a trace shows, read from its lines alone.

A *situation* is a named thing that happens in a game and where engine bugs
tend to live: a second hand, a piece of per-hand state reset by the next
deal, a counter at its extreme, a tie in a scoring category, a hand decided
by its last trick or play, a void deal, an auction where everyone passes,
a long auction. `situations` finds them in the lines of one trace (the
header and its steps, as JSON data), with the position of the step that
shows each, so the same code serves the coverage report
(`regola.conformance.corpus.coverage`), the seeded search of extreme hands
(`regola.conformance.corpus.extremes`) and the tests.

`applicable` says which situations can occur in a ruleset at all, from the
spec alone, and `cannot` why the others cannot. `walk` reads a trace once
for the coverage report: its situations, the per-hand fields it shows
changing within a hand and carried to the end of one, its reject lines
after the end of a match and its pairs of cards that meet
(`regola.conformance.corpus.pairs`).

The match situations need the ruleset (its match kind and target): a
second and a third hand, a match tied at its target and the hand dealt
next (what the variant says then: play goes on), and each way the match
can end (`ENDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from regola.conformance.corpus.match_situations import ENDS, MATCH, TRICK_ENDS, end_of, match_cannot, tied_at_target
from regola.conformance.corpus.pairs import pairs_met
from regola.spec import Ruleset, rule_ids

PER_HAND = (
    "points", "won", "tricks_played", "last_trick", "result", "contract", "declared",
    "auction.history", "auction.high", "auction.passed", "auction.closed", "auction.exchange",
    "auction.reopening", "auction.table",
    "captured", "scope", "last_capture", "hand_sizes", "stock_size",
)
"""View fields (``a.b``: field ``b`` of object ``a``) that a new hand starts
afresh: a trace shows the reset of one when a shuffle step finds it changed
and leaves it as it was after the first deal."""

TRICK_EXTREMES = {
    "all-tricks": "one side takes every trick of a hand",
    "no-trick": "one side takes no trick in a hand",
    "all-points": "one side takes every card point of a hand",
    "zero-points": "one side ends a hand with zero card points",
    "hand-tie": "a hand tied on card points",
    "hand-tie-cards": "a hand tied on card points and on cards taken (the tiebreak leaves it drawn)",
    "tie-count": "a hand whose counted points are equal (a drawn hand)",
    "last-trick-decides": "the last trick changes who wins the hand (or whether the contract is made)",
    "void-deal": "a hand that does not count, dealt again (a tied hand replayed, an auction everyone passed)",
}
FISHING_EXTREMES = {
    "all-cards": "one side captures every card of a hand",
    "no-card": "one side captures no card in a hand",
    "all-categories": "one side wins every category (cards, coins, settebello, primiera)",
    "zero-points": "one side scores no point in a hand",
    "tie-cards": "the cards category tied",
    "tie-coins": "the coins category tied",
    "tie-primiera": "the primiera tied",
    "tie-settebello": "the settebello tied",
    "tie-re-bello": "the re bello tied",
    "tie-napola": "the napola tied",
    "tie-grande": "the grande tied",
    "tie-scopas": "the sweeps tied as a category",
    "last-play-decides": "the last play (and the leftovers) changes who wins the cards category",
    "max-sweeps": "the most sweeps by one side in one hand the search finds",
    "void-deal": "a deal refused and dealt again (redeal)",
}
AUCTION_EXTREMES = {
    "all-pass": "an auction in which nobody bids",
    "longest-auction": "the longest auction: every bid the smallest raise",
}


def every(family: str) -> dict[str, str]:
    """Every situation of a family, whether or not a ruleset allows it."""
    games = FISHING_EXTREMES if family == "scopa" else {**TRICK_EXTREMES, **AUCTION_EXTREMES}
    ends = ENDS if family == "scopa" else {k: v for k, v in ENDS.items() if k in TRICK_ENDS}
    return {**MATCH, **ends, **games}


def cannot(ruleset: Ruleset) -> dict[str, str]:
    """Situation of ``ruleset``'s family -> why it cannot occur in
    ``ruleset`` (the situations `applicable` leaves out), from the spec."""
    rules = set(rule_ids(ruleset))
    scoring = ruleset.hand_scoring
    why = match_cannot(ruleset, rules)
    if ruleset.family == "scopa":
        if "scopa.deal.redeal" not in rules:
            why["void-deal"] = "no void deal in these rules: scopa.deal.redeal does not hold"
        why["tie-settebello"] = "one card, always one side's: scopa.score.settebello"
        why["tie-scopas"] = "not a category between sides: each side scores its own sweeps (scopa.score.scopas)"
        cats = scoring.scopa
        for name, on, what in (("re-bello", cats.re_bello, "one card, always one side's"),
                               ("napola", cats.napola, "a run from the Ace of coins, held by one side at most"),
                               ("grande", cats.grande, "the three coin pictures, held by one side at most")):
            rule = f"scopa.score.{name}"
            why[f"tie-{name}"] = f"{what}: {rule}" if on else f"no {name} in these rules: {rule} does not hold"
        for name, on in (("cards", cats.cards), ("coins", cats.coins), ("primiera", cats.primiera.enabled)):
            if not on or scoring.kind != "scopa":
                why[f"tie-{name}"] = f"no {name} category in these rules: scopa.score.{name}"
        cards = ruleset.deck.cards()
        coins = [c for c in cards if c[-1] in {s.id for s in ruleset.deck.suits if s.italian == "d"}]
        for name, count in (("cards", len(cards)), ("coins", len(coins))):
            if len(ruleset.seating.sides()) == 2 and count % 2 and f"tie-{name}" not in why:
                why[f"tie-{name}"] = f"{count} {name} in the pack cannot split evenly between two sides: scopa.score.{name}"
        return why
    if scoring.kind == "contract":
        why["hand-tie"] = "a contract is made or not: chiamata.score.*"
    elif "briscola.score.tie" not in rules:
        why["hand-tie"] = "no tie in these rules: briscola.score.tie does not hold"
    if scoring.kind != "card-points" or scoring.tie != "more-cards":
        why["hand-tie-cards"] = "no tie on cards taken: hand_scoring.tie is not more-cards (briscola.score.tie)"
    if scoring.kind != "count":
        why["tie-count"] = "no counted points: hand_scoring.kind is not count (tressette.score.count)"
    elif not _count_can_tie(ruleset):
        why["tie-count"] = "the points of a hand add up to an odd number of whole points, and no declaration " \
                           "can even them: tressette.score.count"
    if not (scoring.kind == "card-points" and scoring.tie == "replay") and "chiamata.bid.all-pass" not in rules:
        why["void-deal"] = ("no hand is void in these rules: hand_scoring.tie is not replay and "
                            "chiamata.bid.all-pass does not hold")
    if ruleset.bidding.kind == "none":
        for name in AUCTION_EXTREMES:
            why[name] = "no auction: bidding.kind = none"
    return why


def _count_can_tie(ruleset: Ruleset) -> bool:
    """Whether two sides' whole points can be equal in a counted hand: with
    declarations, or when the card points (and the last trick) can split
    into two equal whole counts."""
    counting = ruleset.counting
    decl = counting.declarations
    if decl.sequence or decl.of_a_kind:
        return True
    unit, total = counting.unit, ruleset.deck.total_points + counting.last_trick * counting.unit
    return any(a // unit == (total - a) // unit for a in range(total + 1))


def applicable(ruleset: Ruleset) -> dict[str, str]:
    """Situation -> its description, for those that can occur in ``ruleset``
    (the per-hand resets are listed by `coverage`, from the views)."""
    out = every(ruleset.family)
    for name in cannot(ruleset):
        out.pop(name, None)
    return out


def _get(view: dict[str, Any], path: str) -> Any:
    node: Any = view
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


_MISSING = object()


def resets(lines: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Per-hand field -> the index of the first shuffle step that reset it:
    changed it back to its value after the first deal (a list up to the
    order of its seats: the dealer, who may sit out, moves on)."""
    out: dict[str, int] = {}
    fresh: dict[str, Any] = {}
    before: dict[str, Any] | None = None
    for line in lines:
        if line["kind"] == "header":
            fresh = {f: _seatless(_get(line["view"], f)) for f in PER_HAND if _get(line["view"], f) is not _MISSING}
            before = line["view"]
        elif line["kind"] == "step":
            if line["action"]["type"] == "shuffle" and before is not None:
                for f, value in fresh.items():
                    was, now = _get(before, f), _get(line["view"], f)
                    if f not in out and was != now and _seatless(now) == value:
                        out[f] = line["index"]
            before = line["view"]
    return out


def _seatless(value: Any) -> Any:
    return sorted(value, key=repr) if isinstance(value, list) else value


def situations(lines: Iterable[dict[str, Any]], family: str, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """Situation -> the index of the first step that shows it (for
    ``max-sweeps`` and ``longest-auction``: (the count, that index), the
    largest in the trace). Reset fields come as ``reset:<field>``. The
    ways a match ends by its kind (``end-target``, ``end-deals``,
    ``end-single``) and ``tie-at-target`` need ``ruleset``."""
    lines = [x for x in lines if x["kind"] in ("header", "step")]
    out: dict[str, Any] = {f"reset:{f}": i for f, i in resets(lines).items()}

    def see(name: str, index: int) -> None:
        out.setdefault(name, index)

    before: dict[str, Any] = lines[0]["view"] if lines else {}
    auction = [0, 0]  # bids, passes in the current hand's auction
    shuffles, tied = 0, False
    for line in lines[1:]:
        index, action = line["index"], line["action"]
        kind = action["type"]
        if kind == "shuffle":
            shuffles += 1
            see("second-hand" if shuffles == 1 else "third-hand", index)
            if tied:  # the hand dealt after a match tied at its target
                see("tie-at-target", index)
            auction, tied = [0, 0], False
        elif kind in ("bid", "pass"):
            auction[kind == "pass"] += 1
            redeal = any(e["type"] == "deal" for e in line["events"])
            if redeal or line["view"].get("phase") != "bid":  # the auction ends with this step
                _auction_end(out, auction, index)
                auction = [0, 0]
        for event in line["events"]:
            if event["type"] == "hand-over":
                if family == "scopa":
                    _fishing_hand(see, out, event, before, index)
                else:
                    _trick_hand(see, event, before, index)
                if ruleset is not None and not line["view"].get("match", {}).get("over"):
                    tied = tied_at_target(ruleset, line["view"].get("match", {}))
        rules = set(line["rules"])
        if "chiamata.bid.all-pass" in rules:
            see("all-pass", index)
        if "scopa.deal.redeal" in rules or any(e["type"] == "redeal" for e in line["events"]):
            see("void-deal", index)
        if line["view"].get("match", {}).get("over") and "match-over" not in out:  # at the end of a hand, or by a claim
            see("match-over", index)
            way = end_of(rules, ruleset)
            if way:
                see(way, index)
        before = line["view"]
    if lines and "scopa.deal.redeal" in lines[0].get("rules", ()):
        see("void-deal", 0)
    return out


def _auction_end(out: dict[str, Any], auction: list[int], index: int) -> None:
    bids, passes = auction
    if passes and not bids:
        out.setdefault("all-pass", index)
    length = bids + passes
    if length and ("longest-auction" not in out or out["longest-auction"][0] < length):
        out["longest-auction"] = (length, index)


def _trick_hand(see: Any, event: dict[str, Any], before: dict[str, Any], index: int) -> None:
    points, cards = event["points"], event["cards"]
    if event.get("outcome") == "void":
        see("void-deal", index)
    if not sum(cards):  # thrown in before any trick (an auction everyone passed)
        return
    contract = event.get("contract")
    if contract:  # bidder and partner against the rest
        side = {contract["bidder"], contract.get("partner", contract["bidder"])} - {None}
        points = [sum(points[s] for s in side), sum(p for s, p in enumerate(points) if s not in side)]
        cards = [sum(cards[s] for s in side), sum(c for s, c in enumerate(cards) if s not in side)]
    if any(c == sum(cards) for c in cards):
        see("all-tricks", index)
    if any(c == 0 for c in cards):
        see("no-trick", index)
    if sum(points) and any(p == sum(points) for p in points):
        see("all-points", index)
    if any(p == 0 for p in points):
        see("zero-points", index)
    if points.count(max(points)) > 1:  # drawn, replayed or decided by a tie rule
        see("hand-tie", index)
        top = [c for p, c in zip(points, cards) if p == max(points)]
        if top.count(max(top)) > 1:
            see("hand-tie-cards", index)
    if event.get("counted") is not None and event.get("outcome") == "draw":  # whole points tied
        see("tie-count", index)
    prior = before.get("points")
    if not isinstance(prior, list):
        return
    if contract:
        side = {contract["bidder"], contract.get("partner", contract["bidder"])} - {None}
        made_before = sum(prior[s] for s in side) >= contract["target"]
        if made_before != contract["made"]:
            see("last-trick-decides", index)
    elif event.get("winner") is not None:
        top = max(prior)
        leaders = [s for s, p in enumerate(prior) if p == top]
        if leaders != [event["winner"]]:
            see("last-trick-decides", index)


def _fishing_hand(see: Any, out: dict[str, Any], event: dict[str, Any], before: dict[str, Any], index: int) -> None:
    cards, points, cats = event["cards"], event["points"], event["categories"]
    if any(c == sum(cards) for c in cards):
        see("all-cards", index)
    if any(c == 0 for c in cards):
        see("no-card", index)
    main = [cats.get(k) for k in ("cards", "coins", "settebello", "primiera")]
    if main[0] is not None and all(w == main[0] for w in main):
        see("all-categories", index)
    if any(p == 0 for p in points):
        see("zero-points", index)
    for name in ("cards", "coins", "primiera"):
        if name in cats and cats[name] is None:
            see(f"tie-{name}", index)
    sweeps = max(event.get("scope") or [0])
    if sweeps and ("max-sweeps" not in out or out["max-sweeps"][0] < sweeps):
        out["max-sweeps"] = (sweeps, index)
    captured, sides = before.get("captured"), before.get("sides")
    if isinstance(captured, list) and isinstance(sides, list) and len(captured) == len(cards):
        prior = [len(c) for c in captured]
        lead = [s for s, n in enumerate(prior) if n == max(prior)]
        lead_now = [s for s, n in enumerate(cards) if n == max(cards)]
        if lead != lead_now:
            see("last-play-decides", index)


@dataclass
class Walk:
    """What one trace shows, read in one pass (`walk`)."""

    shows: dict[str, Any] = field(default_factory=dict)
    """`situations`, reset fields as ``reset:<field>``."""
    fields: list[str] = field(default_factory=list)
    """The per-hand fields (`PER_HAND`) the views have."""
    changed: set[str] = field(default_factory=set)
    """Per-hand fields whose value, within a hand, differs from the first deal's."""
    carried: set[str] = field(default_factory=set)
    """Per-hand fields whose value at the end of a hand (right before the
    next shuffle) differs from the first deal's: a new hand must reset them."""
    after_end: int = 0
    """Reject lines after the end of a match."""
    pairs: set[tuple[str, str]] = field(default_factory=set)
    """`regola.conformance.corpus.pairs.pairs_met`."""


def walk(lines: list[dict[str, Any]], family: str, ruleset: Ruleset | None = None) -> Walk:
    """`Walk` of one trace's lines (header, steps, rejects, end)."""
    first = lines[0]["view"] if lines else {}
    out = Walk(situations(lines, family, ruleset), [f for f in PER_HAND if _get(first, f) is not _MISSING])
    out.pairs = set(pairs_met(lines, family))
    over = False
    before = first
    for line in lines:
        if line["kind"] == "step":
            over = bool(line["view"].get("match", {}).get("over"))
            out.changed |= {f for f in out.fields if _get(line["view"], f) != _get(first, f)}
            if line["action"]["type"] == "shuffle":
                out.carried |= {f for f in out.fields if _seatless(_get(before, f)) != _seatless(_get(first, f))}
            before = line["view"]
        elif line["kind"] == "reject" and over:
            out.after_end += 1
    return out
