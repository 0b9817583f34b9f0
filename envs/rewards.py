"""What a seat is paid: a running score per seat, read from the
reference's state, whose change at each step is the step's reward.

``reward=``

- ``"win"``: the seat's match score: the game points its side has won
  (trick games, rules ``briscola.score.*``, ``chiamata.score.*``,
  ``tressette.score.*``, ``briscola.match.*``) or its side's points
  (fishing games, ``scopa.score.*``). One hand of Briscola pays the
  winner 1; a Chiamata pays in full between the sides (zero-sum); a Scopa
  hand pays both sides what they score.
- ``"points"``: trick games: the card points its side has taken, trick by
  trick as they are won (``briscola.score.points``), so a hand of
  Briscola for two pays 120 in all; fishing games: as ``"win"`` (their
  points are the game's points).
- ``"diff"``: the ``"win"`` score less the mean of every seat's, so the
  rewards of a step add up to zero; in a game that is already zero-sum
  (Chiamata) it is ``"win"``; with two seats it is half the difference.

`bounds` gives what one hand can pay a seat, as OpenSpiel's utility bounds.
"""

from __future__ import annotations

from typing import Any, Literal

from regola.spec import Ruleset

Reward = Literal["win", "points", "diff"]
REWARDS: tuple[str, ...] = ("win", "points", "diff")


def check_reward(reward: Any) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward: expected one of {', '.join(map(repr, REWARDS))}, got {reward!r}")
    return reward


class Scorer:
    """Each seat's running score of one ruleset under one kind of reward."""

    def __init__(self, ruleset: Ruleset, reward: str = "win", core: str = "fast") -> None:
        self.reward = check_reward(reward)
        self.reference = core if core == "reference" else None
        self.players = ruleset.seating.players
        self.fishing = ruleset.play.kind == "fishing"
        self.sides = ruleset.seating.sides()
        self.side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for s in side:
                self.side_of[s] = i

    def _per_seat(self, per_side: Any) -> list[float]:
        if not per_side:
            return [0.0] * self.players
        if len(per_side) == self.players and len(self.sides) == self.players:
            return list(map(float, per_side))
        return [float(per_side[self.side_of[s]]) for s in range(self.players)]

    def match_score(self, match: Any) -> list[float]:
        """The ``"win"`` score: game points, or points in the fishing games."""
        if self.reference is not None:
            m = match.state.match
            return self._per_seat(m.points if self.fishing else m.game_points)
        return self._per_seat(match.totals)

    def card_points(self, match: Any) -> list[float]:
        """Card points each seat's side has taken in the match so far: the
        finished hands' and, while a hand is played, its tricks'."""
        if self.reference is not None:
            state = match.state
            done, result, won = list(state.match.card_points or ()), state.result, state.won
            by_seat = [sum(state.tables.points[c] for c in pile) for pile in won or ()]
        else:
            done, result = list(match.card_totals), match.result
            by_seat = list(getattr(match, "points", None) or ())
        if result is None and by_seat:
            side_points = [0] * len(self.sides)
            for seat, points in enumerate(by_seat):
                side_points[self.side_of[seat]] += points
            done = [a + b for a, b in zip(done or [0] * len(self.sides), side_points)]
        return self._per_seat(done)

    def scores(self, match: Any) -> list[float]:
        """Each seat's running score in ``match`` (a core of `regola.envs.core`)."""
        if self.reward == "win" and self.reference is None:
            return self._per_seat(match.totals)
        if self.reward == "points" and not self.fishing:
            return self.card_points(match)
        score = self.match_score(match)
        if self.reward == "diff":
            mean = sum(score) / self.players
            return [x - mean for x in score]
        return score


def hand_bounds(ruleset: Ruleset, reward: str = "win") -> tuple[float, float]:
    """The least and the most one hand can pay a seat (sound bounds from the
    ruleset: what the scoring tables allow, never a guess)."""
    reward = check_reward(reward)
    n = ruleset.seating.players
    sides = ruleset.seating.sides()
    scoring = ruleset.hand_scoring
    if reward == "points" and ruleset.play.kind != "fishing":
        return 0.0, float(ruleset.deck.total_points)
    if scoring.kind == "contract":  # chiamata.score.payoff, chiamata.score.alone, chiamata.score.cappotto
        most = max(max(b.bidder, b.partner, b.defender, b.alone_bidder, b.alone_defender) for b in scoring.contract.bands)
        most *= scoring.contract.double_factor if scoring.contract.double_on != "none" else 1
        low, high = -float(most), float(most)
    else:
        high = float(_most_per_side(ruleset))
        low = 0.0
    if reward != "diff" or scoring.kind == "contract":
        return low, high
    smallest = min(len(s) for s in sides)
    # the seat's side scores `high` and no other side scores; or it scores nothing and every other side `high`
    return -high * (n - smallest) / n, high * (1 - smallest / n)


def _most_per_side(ruleset: Ruleset) -> int:
    scoring = ruleset.hand_scoring
    if scoring.kind == "card-points":  # briscola.score.victory-points, albastini.score.victory-points
        most = max(t.game_points for t in scoring.game_points)
        return most * (2 if scoring.double_below else 1)
    if scoring.kind == "count":  # tressette.score.count, .last-trick, tressette.declare.*
        counting = ruleset.counting
        decl = counting.declarations
        suits, faces = len(ruleset.deck.suits), len(decl.of_a_kind)
        declared = decl.sequence_points * suits + max(decl.three_points, decl.four_points) * faces
        return ruleset.deck.total_points // counting.unit + counting.last_trick + declared
    # scopa.score.*: every category, a sweep per card, the napola, the grande and the bonuses
    opts = scoring.scopa
    cards = len(ruleset.deck.cards())
    most = sum([opts.cards, opts.coins, opts.settebello, opts.re_bello, opts.primiera.enabled])
    most += cards if opts.scopas else 0
    most += opts.napola_max if opts.napola else 0
    most += 5 if opts.grande else 0
    if opts.hand_bonuses:  # scopa.bonus.hand: 10 a hand as dealt, for each seat of the side, at each deal
        most += 10 * ruleset.seating.players * cards
    if opts.table_bonus:
        most += 2
    return most
