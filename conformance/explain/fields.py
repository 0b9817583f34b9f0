"""The view fields a divergence lies in, and the rule behind each.

A difference is located by a path (``won[1]``, ``result.winner``); its
**key** is the field it belongs to: the top-level field, or for the
objects that gather several rules' outcomes (``result``, ``match``) the
sub-field (``result.winner`` is the majority rule's, ``result.points`` the
count's). Each key is explained on its own, so that two bugs showing in
two fields at one step are both named.

`owner` gives the rule behind a key at a kind of step (the deal, a trick's
end, a draw, a capture, the end of a hand...): the rule whose outcome the
field shows there, whatever the step's list of rules. It is the guess when
nothing reproduces the engine, and the rule an explanation is filed under
when a misreading of a function that implements several rules reproduces
it (`refine`). Only rules that hold in the variant are named.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

SPLIT = ("result", "match", "contract", "auction")
"""Object fields whose sub-fields are the outcomes of different rules."""


def key_of(path: str) -> str:
    """``won[1]`` -> ``won``; ``result.winner`` -> ``result.winner``;
    ``result.categories.coins`` -> ``result.categories``."""
    for i, ch in enumerate(path):
        if ch in ".[":
            head = path[:i]
            if ch == "." and head in SPLIT:
                rest = path[i + 1:]
                for j, c in enumerate(rest):
                    if c in ".[":
                        return f"{head}.{rest[:j]}"
                return path
            return head
    return path


def keys_of(differences: Iterable[Any]) -> list[str]:
    """The keys of a divergence's differences, in order, once each."""
    return list(dict.fromkeys(key_of(d.path) for d in differences))


@dataclass(frozen=True)
class StepKind:
    """What the reference did at a step, read from its events."""

    deal: bool = False
    """The first deal or a new hand's (a shuffle)."""
    trick: bool = False
    """A trick was completed."""
    draw: bool = False
    capture: bool = False
    lay: bool = False
    """A fishing-game card laid on the table without capturing."""
    hand_over: bool = False
    match_over: bool = False
    leftovers: bool = False
    refill: bool = False
    """A fishing game's new round of cards from the same deal."""
    exchange: bool = False
    bidding: bool = False

    @classmethod
    def of(cls, step: int | None, action: dict[str, Any] | None, events: Sequence[dict[str, Any]]) -> "StepKind":
        types = {e.get("type") for e in events}
        shuffle = step is None or (action or {}).get("type") == "shuffle"
        return cls(
            deal=shuffle,
            trick="trick" in types,
            draw="draw" in types or "take-indicator" in types,
            capture="capture" in types,
            lay=(action or {}).get("type") == "play" and "capture" not in types and "trick" not in types
            and not types & {"draw"},
            hand_over="hand-over" in types,
            match_over="match-over" in types,
            leftovers="leftovers" in types,
            refill="deal" in types and not shuffle,
            exchange="exchange" in types,
            bidding=bool(types & {"bid", "pass", "call", "all-passed", "auction-won", "discard", "own-call", "show-hand"}),
        )


# (key, predicate on the step, rule suffixes in order of preference). The
# first row whose key matches and whose step predicate holds, and the first
# suffix of it that holds in the variant, is the owner.
_TABLE: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = (
    (("to_move", "leader"), "deal", ("play.bidder-leads", "play.first-lead", "match.next-dealer")),
    (("to_move", "leader"), "trick", ("trick.lead-next",)),
    (("to_move", "leader"), "refill", ("deal.refill",)),
    (("to_move", "leader"), "bidding", ("bid.turn", "bid.pass-turn", "phase.order")),
    (("to_move", "leader"), "any", ("play.turn",)),
    (("won", "last_trick", "tricks_played"), "trick", ("trick.winner",)),
    (("won", "last_trick", "tricks_played", "captured", "last_capture", "scope", "table", "points"), "deal",
     ("deal.fresh-hand",)),
    (("won", "last_trick", "tricks_played"), "any", ("trick.lead-next",)),
    (("points",), "trick", ("score.count",)),
    (("points",), "any", ("score.count",)),
    (("hands", "hand_sizes"), "deal", ("deal.hands", "deal.refill", "deal.whole-pack")),
    (("hands", "hand_sizes"), "refill", ("deal.refill", "deal.last-deal")),
    (("hands", "hand_sizes"), "draw", ("draw.order", "draw.indicator-last", "draw.exhausted")),
    (("hands", "hand_sizes"), "exchange", ("exchange.card",)),
    (("hands", "hand_sizes"), "any", ("play.in-hand",)),
    (("stock", "stock_size", "stock_top"), "deal", ("deal.hands", "deal.indicator", "deal.table", "deal.whole-pack")),
    (("stock", "stock_size", "stock_top"), "refill", ("deal.refill", "deal.last-deal")),
    (("stock", "stock_size", "stock_top"), "any", ("draw.order", "draw.exhausted", "draw.indicator-last")),
    (("indicator", "trump"), "deal", ("deal.indicator", "deal.rebury", "deal.whole-pack", "call.suit", "bid.end")),
    (("indicator", "trump"), "exchange", ("exchange.card", "exchange.window")),
    (("indicator", "trump"), "draw", ("draw.indicator-last", "draw.indicator-stays")),
    (("indicator", "trump"), "any", ("call.suit", "call.card", "exchange.card")),
    (("trick",), "trick", ("trick.lead-next", "trick.winner")),
    (("trick",), "any", ("play.turn", "play.in-hand")),
    (("table",), "deal", ("deal.table", "deal.redeal")),
    (("table", "captured", "last_capture"), "leftovers", ("end.leftovers",)),
    (("table", "captured", "last_capture"), "capture", (
        "capture.ace-takes-all", "capture.fifteen", "capture.single-card-first", "capture.sum", "capture.match",
        "capture.from-table")),
    (("table", "captured", "last_capture"), "lay", ("capture.lay", "capture.compulsory")),
    (("scope",), "capture", ("sweep.last-play", "sweep", "capture.ace-takes-all")),
    (("scope",), "any", ("sweep",)),
    (("bonus",), "any", ("bonus.hand", "bonus.table", "bonus.wildcard")),
    (("result.points", "result.cards"), "any", ("score.count", "score.last-trick", "score.cards")),
    (("result.winner", "result.outcome"), "any", ("score.majority", "score.tie", "score.target", "score.payoff")),
    (("result.decided_by",), "any", ("score.tie",)),
    (("result.game_points",), "any", ("score.game-points", "score.payoff", "score.alone", "score.cappotto",
                                      "score.victory-points")),
    (("result.coins",), "any", ("score.coins",)),
    (("result.primiera",), "any", ("score.primiera", "score.primiera-lexicographic")),
    (("result.scope",), "any", ("score.scopas", "sweep")),
    (("result.napola",), "any", ("score.napola",)),
    (("result.napoleone",), "any", ("score.napoleone",)),
    (("result.grande",), "any", ("score.grande",)),
    (("result.bonus",), "any", ("bonus.hand", "bonus.table")),
    (("result.contract",), "any", ("score.payoff", "score.target", "score.alone")),
    (("match.over", "match.winner"), "any", ("match.end", "match.cappotto", "match.claim", "match.claim-right",
                                             "match.claim-wrong")),
    (("match.game_points",), "any", ("score.game-points", "score.payoff", "match.end")),
    (("match.card_points",), "any", ("score.count", "match.end")),
    (("match.points",), "any", ("score.scopas", "score.cards", "score.coins", "score.settebello", "score.primiera",
                                "match.end")),
    (("match.hands_played",), "any", ("match.end",)),
    (("phase",), "hand_over", ("score.count", "match.end")),
    (("phase",), "any", ("play.phase", "match.end", "phase.order")),
    (("dealer", "hand_number"), "any", ("match.next-dealer", "match.winner-deals", "match.end")),
    (("declared",), "any", ("declare.napoletana", "declare.of-a-kind")),
    (("shown",), "any", ("draw.shown",)),
    (("auction",), "any", ("bid.turn", "bid.pass-final", "bid.end", "bid.all-pass", "bid.points", "bid.lower-rank")),
    (("contract",), "any", ("call.partner", "call.card", "call.suit", "bid.end")),
)


PRIORITY = (
    ("indicator", "trump"),
    ("won", "last_trick", "leader", "tricks_played", "points"),
    ("auction",), ("contract",), ("scope",), ("table", "captured", "last_capture"),
    ("result",), ("match",),
    ("hands", "hand_sizes", "stock", "stock_size", "stock_top"),
    ("to_move", "trick"), ("phase",), ("dealer", "hand_number"),
)
"""The most telling fields first, for guesses about several fields: when the
trick's winner is wrong the hands differ too (the wrong player drew first),
but the fault is the winner; a face-up card drawn before its time shows in
the hands and the stock, but the indicator tells."""


def priority(key: str) -> int:
    """The rank of a key in `PRIORITY` (lower tells more)."""
    base = key.split(".")[0]
    return next((i for i, keys in enumerate(PRIORITY) if base in keys), len(PRIORITY))


def _holds(kind: StepKind, predicate: str) -> bool:
    return predicate == "any" or bool(getattr(kind, predicate))


def owners(key: str, kind: StepKind, known: Iterable[str]) -> list[str]:
    """The rules behind ``key`` at a step of ``kind``, most likely first,
    among the rules ``known`` to hold in the variant (every family's rule
    whose id ends with a listed suffix)."""
    # a variant's own family's rules (tressette.*, chiamata.*) before the shared ones
    have = sorted(known, key=lambda r: (r.split(".")[0] in ("briscola", "scopa"), r))
    out: list[str] = []
    base = key.split(".")[0] if key.split(".")[0] in ("result", "match") else key
    for keys, predicate, suffixes in _TABLE:
        if (key in keys or base in keys and base not in SPLIT) and _holds(kind, predicate):
            for suffix in suffixes:
                out += [r for r in have if r.endswith("." + suffix) and r not in out]
    if key.startswith("result.categories"):
        out += [r for r in have if ".score." in r and r not in out]
    return out


def owner(key: str, kind: StepKind, known: Iterable[str]) -> str | None:
    """The most likely rule behind ``key`` (see `owners`)."""
    found = owners(key, kind, known)
    return found[0] if found else None


def refine(rule: str, implemented: Sequence[str], keys: Sequence[str], kind: StepKind, known: Iterable[str]) -> str:
    """The rule to file an explanation under: a misreading of ``rule`` in a
    function that implements several rules (``implemented``) stays ``rule``'s
    when that rule owns one of the fields it reproduces; otherwise it is
    filed under the first owner of those fields that the function
    implements (``max`` read as ``min`` where the hand is scored changes who
    wins it: the majority's, not the card points')."""
    have = set(known)
    owning = [owners(key, kind, have) for key in keys]
    if any(rule in found for found in owning):
        return rule  # the misreading's own rule owns a field it reproduces
    for found in owning:
        for candidate in found:
            if candidate in implemented:
                return candidate
    return rule


@cache
def _shown() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for keys, _, suffixes in _TABLE:
        for suffix in suffixes:
            out.setdefault(suffix, set()).update(keys)
    return {k: frozenset(v) for k, v in out.items()}


def shown_in(rule: str) -> frozenset[str]:
    """The view fields (keys) a rule's outcome shows in; empty for a rule no
    field is tied to (the deck's composition, the shuffle)."""
    suffix = rule.split(".", 1)[1] if "." in rule else rule
    return _shown().get(suffix, frozenset())
