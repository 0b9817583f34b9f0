"""The wrong engines, one mistake each, with the rule each one breaks."""

from __future__ import annotations

from typing import Any

from regola import reference
from regola.conformance.protocol.engine import ActionRejected
from regola.reference.tricks.state import replace

from .base import MutantEngine


class FaceValueStrength(MutantEngine):
    """Ranks cards by face (Ace, King, Horse, Jack, 7 ... 3, 2): the Three
    loses to the King, the Horse, the Jack and the low cards of its suit."""

    name = "face-value-strength"
    overrides = {"deck.strength": ["A", "K", "H", "J", "7", "6", "5", "4", "3", "2"]}


class LoserDrawsFirst(MutantEngine):
    """After a trick the players draw in reverse order: the winner last."""

    name = "loser-draws-first"

    def alter(self, before: Any, action: dict[str, Any], after: Any) -> Any:
        draws = [e for e in after.events if e["type"] in ("draw", "take-indicator")]
        if len(draws) < 2:
            return after
        seats = [e["seat"] for e in draws]
        cards = [e["card"] for e in draws]
        hands = [list(h) for h in after.hands]
        for seat, card in zip(seats, cards):
            hands[seat].remove(card)
        for seat, card in zip(reversed(seats), cards):
            hands[seat].append(card)
        return replace(after, hands=tuple(after.tables.sort(h) for h in hands))


class IndicatorDrawnFirst(MutantEngine):
    """At the first draw of a hand the trick winner takes the face-up
    indicator, and the stock is drawn from after it."""

    name = "indicator-drawn-first"

    def alter(self, before: Any, action: dict[str, Any], after: Any) -> Any:
        draws = [e for e in after.events if e["type"] == "draw"]
        if before.tricks_played != 0 or not draws or after.indicator is None:
            return after
        hands = [list(h) for h in after.hands]
        for e in draws:
            hands[e["seat"]].remove(e["card"])
        cards = [after.indicator] + [e["card"] for e in draws]
        for e, card in zip(draws, cards):
            hands[e["seat"]].append(card)
        return replace(
            after,
            hands=tuple(after.tables.sort(h) for h in hands),
            stock=(cards[-1], *after.stock),
            indicator=None,
        )


class TieScoredAsWin(MutantEngine):
    """Scores a 60-60 hand as a win for the side that took the last trick,
    where the rules make it a draw."""

    name = "tie-scored-as-win"
    overrides = {"hand_scoring.tie": "last-trick"}


class SingleHandMatch(MutantEngine):
    """Stops the match after the first decided hand instead of playing the
    best of three."""

    name = "single-hand-match"
    overrides = {"match.kind": "single"}


class AcceptsCardNotHeld(MutantEngine):
    """Accepts (and ignores) a play of a card the player does not hold."""

    name = "accepts-card-not-held"

    def on_illegal(self, before: Any, action: dict[str, Any], exc: reference.IllegalAction) -> Any:
        if exc.rule_id.endswith(".play.in-hand"):
            return before
        return super().on_illegal(before, action, exc)


class WrongRuleOutOfTurn(MutantEngine):
    """Refuses a play out of turn, but cites the in-hand rule."""

    name = "wrong-rule-out-of-turn"

    def on_illegal(self, before: Any, action: dict[str, Any], exc: reference.IllegalAction) -> Any:
        if exc.rule_id.endswith(".play.turn"):
            raise ActionRejected(exc.rule_id.replace(".play.turn", ".play.in-hand"), exc.message)
        return super().on_illegal(before, action, exc)


class SumOverSingleCard(MutantEngine):
    """Lets a card capture a sum of table cards even when a table card of
    its own value could be taken."""

    name = "sum-over-single-card"
    variants = ("scopa-2",)
    overrides = {"capture.priority": "free"}


class LastPlayScopa(MutantEngine):
    """Counts a sweep made with the last card of the hand as a scopa."""

    name = "last-play-scopa"
    variants = ("scopa-2",)
    overrides = {"capture.last_play_scopa": True}


class AuctionReopenedAfterPass(MutantEngine):
    """Lets a player who has passed bid again when the turn comes back to
    him, as if a pass only skipped one turn."""

    name = "auction-reopened-after-pass"
    variants = ("chiamata",)
    overrides = {"bidding.passes_final": False}


class BottomFirstDeal(MutantEngine):
    """Reads every deck order from its other end: the last card is dealt
    first, where the protocol gives a deck top card first."""

    name = "bottom-first-deal"
    variants = ("scopa-2", "briscola-2")

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]) -> None:
        super().new(variant, options, ruleset_hash, list(reversed(deck)), deal)

    def apply(self, action: dict[str, Any]) -> None:
        if action.get("type") == "shuffle" and isinstance(action.get("deck"), list):
            action = {**action, "deck": list(reversed(action["deck"]))}
        super().apply(action)
