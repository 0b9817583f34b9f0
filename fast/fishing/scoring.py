"""Scoring a fishing hand category by category, the bonuses of Cirulla,
and the match (rules ``scopa.score.*``, ``scopa.bonus.*``, ``scopa.match.*``).

A hand's result is kept as the dict the view shows (`regola.reference`'s
``FishingResult.to_json``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from regola.spec.fishing import LEXICOGRAPHIC_ORDER, MOST_SEVENS_ORDER

if TYPE_CHECKING:
    from .match import FishingMatch
    from .tables import FishingTables

RUN_FACES = ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")
"""The coins of a Napola run, from the Ace up."""
LOW_HAND, LOW_POINTS, TRIPLE_POINTS = 10, 3, 10
TABLE_SCOPE = {15: 1, 30: 2}
GRANDE_POINTS = 5


def hand_bonus(t: FishingTables, hand: list[int]) -> tuple[str, int] | None:
    """``scopa.bonus.hand``: three of a kind (10), else a hand adding up to
    less than 10 (3); ``scopa.bonus.wildcard``: the wildcard stands for the
    others' face, or counts as an Ace."""
    if len(hand) != 3:
        return None
    plain = [c for c in hand if c != t.wildcard]
    if len({t.face[c] for c in plain}) <= 1:
        return "three-of-a-kind", TRIPLE_POINTS
    if sum(t.value[c] for c in plain) + (len(hand) - len(plain)) < LOW_HAND:
        return "low-hand", LOW_POINTS
    return None


def deal_bonuses(t: FishingTables, hands: list[list[int]], bonus: list[int]) -> list[int]:
    """Every hand just dealt scores its bonus for its side (``scopa.bonus.hand``)."""
    if not t.hand_bonuses:
        return bonus
    totals = list(bonus) if bonus else [0] * len(t.pack.sides)
    for seat, hand in enumerate(hands):
        found = hand_bonus(t, hand)
        if found is not None:
            totals[t.pack.side_of[seat]] += found[1]
    return totals


def table_bonus(t: FishingTables, table: list[int]) -> int:
    """``scopa.bonus.table``: the scope the dealer takes with the table as
    dealt (15: one, 30: two), or 0; ``scopa.bonus.table-wildcard``: where
    played, the wildcard among them counts as the value that makes one
    (`table_wildcard_value`)."""
    if not t.table_bonus or not table:
        return 0
    total = sum(t.value[c] for c in table)
    if t.table_wildcard is not None:
        wild = table_wildcard_value(t, table)
        if wild is not None:
            total += wild - t.value[t.table_wildcard]
    return TABLE_SCOPE.get(total, 0)


def table_wildcard_value(t: FishingTables, table: list[int]) -> int | None:
    """``scopa.bonus.table-wildcard``: the value the wildcard among the table
    cards stands for to make the table 15 or 30 when its own value does not
    (30 tried first), or None (not played, not on the table, or no value of
    the pack's faces helps)."""
    wild = t.table_wildcard
    if wild is None or wild not in table:
        return None
    rest = sum(t.value[c] for c in table if c != wild)
    if rest + t.value[wild] in TABLE_SCOPE:
        return None  # the bonus at face value: no wildcard needed
    for total in sorted(TABLE_SCOPE, reverse=True):
        if total - rest in t.values:
            return total - rest
    return None


def sole_best(values: Sequence[Any]) -> int | None:
    """``scopa.score.tie``: the one side with strictly the best value."""
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def holder(piles: Sequence[Sequence[int]], card: int | None) -> int | None:
    """The side whose pile holds ``card``."""
    for i, pile in enumerate(piles):
        if card in pile:
            return i
    return None


def grande_holder(t: FishingTables, piles: Sequence[Sequence[int]]) -> int | None:
    """``scopa.score.grande``: the side holding the King, Horse and Jack of coins."""
    wanted = [t.coin_of.get(f) for f in ("K", "H", "J")]
    if None in wanted:
        return None
    for i, pile in enumerate(piles):
        if all(c in pile for c in wanted):
            return i
    return None


def napola_run(t: FishingTables, pile: Sequence[int]) -> int:
    """``scopa.score.napola``: the coins of ``pile`` running unbroken from the Ace."""
    held = {t.face[c] for c in pile if t.coin[c]}
    run = 0
    for face in RUN_FACES:
        if face not in held:
            break
        run += 1
    return run


def primiera_values(t: FishingTables, piles: Sequence[Sequence[int]]) -> tuple[list[Any], list[Any]]:
    """``scopa.score.primiera``: each side's prime as reported, and the keys
    compared (None: cannot win). Sum scales add the best card of each
    suit (a side short of a suit out, or ranked below those with more
    suits); ``most-sevens`` counts Sevens, then Sixes...;
    ``scopa.score.primiera-lexicographic`` compares the best faces in order."""
    primiera = t.scopa.primiera
    face = t.face
    suit = t.pack.suit
    suits = len(t.pack.suit_ids)
    disqualifies = primiera.missing_suit == "disqualifies"
    shown: list[Any] = []
    keys: list[Any] = []
    if primiera.scale == "most-sevens":
        counts = [tuple(sum(1 for c in pile if face[c] == f) for f in MOST_SEVENS_ORDER) for pile in piles]
        return [list(c) for c in counts], counts
    if primiera.scale == "lexicographic":
        rank = {f: len(LEXICOGRAPHIC_ORDER) - i for i, f in enumerate(LEXICOGRAPHIC_ORDER)}
        for pile in piles:
            best: dict[int, str] = {}
            for c in pile:
                if suit[c] not in best or rank[face[c]] > rank[best[suit[c]]]:
                    best[suit[c]] = face[c]
            faces = sorted(best.values(), key=lambda f: -rank[f])
            if disqualifies and len(best) < suits:
                shown.append(None)
                keys.append(None)
            else:
                shown.append(faces)
                keys.append((len(best), tuple(rank[f] for f in faces)))
        return shown, keys
    halves = primiera.halves()
    for pile in piles:
        tops: dict[int, int] = {}
        for c in pile:
            tops[suit[c]] = max(tops.get(suit[c], 0), halves[face[c]])
        total = sum(tops.values())
        if disqualifies and len(tops) < suits:
            shown.append(None)
            keys.append(None)
        else:
            shown.append(total // 2 if total % 2 == 0 else total / 2)
            keys.append((len(tops), total))
    return shown, keys


def score_hand(m: FishingMatch) -> dict[str, Any]:
    """Every enabled category (``scopa.score.cards``, ``.coins``,
    ``.settebello``, ``.primiera``, ``.re-bello``, ``.napola``, ``.napoleone``,
    ``.scopas``, ``.grande``) and the hand bonuses; a tie scores nothing."""
    t = m.t
    opts = t.scopa
    piles = m.captured
    sides = len(piles)
    cards = [len(p) for p in piles]
    coin = t.coin
    coins = [sum(1 for c in p if coin[c]) for p in piles]
    shown, keys = primiera_values(t, piles)
    categories: dict[str, int | None] = {}
    if opts.cards:
        categories["cards"] = sole_best(cards)
    if opts.coins:
        categories["coins"] = sole_best(coins)
    if opts.settebello:
        categories["settebello"] = holder(piles, t.coin_of.get("7"))
    if opts.primiera.enabled:
        eligible = [k if k is not None else (-1,) for k in keys]
        categories["primiera"] = sole_best(eligible) if any(k is not None for k in keys) else None
    if opts.re_bello:
        categories["re_bello"] = holder(piles, t.coin_of.get("K"))
    napola = [0] * sides
    if opts.napola:
        for i, pile in enumerate(piles):
            run = napola_run(t, pile)
            if run >= 3:
                napola[i] = min(run, opts.napola_max)
    napoleone = None
    if opts.napoleone:
        napoleone = next((i for i, c in enumerate(coins) if c == t.coins), None)
    grande = [0] * sides
    if opts.grande:
        side = grande_holder(t, piles)
        if side is not None:
            grande[side] = GRANDE_POINTS
    bonus = list(m.bonus) if m.bonus else [0] * sides
    points = []
    for i in range(sides):
        won = sum(1 for side in categories.values() if side == i)
        points.append(won + napola[i] + grande[i] + bonus[i] + (m.scope[i] if opts.scopas else 0))
    out: dict[str, Any] = {
        "cards": cards,
        "coins": coins,
        "primiera": shown,
        "scope": list(m.scope),
        "categories": categories,
        "napola": napola,
        "napoleone": napoleone,
        "points": points,
    }
    if opts.hand_bonuses:
        out["bonus"] = bonus
    if opts.grande:
        out["grande"] = grande
    return out


def cappotto_winner(points: Sequence[int], cappotto: int) -> int | None:
    """``scopa.match.cappotto``: the side with at least ``cappotto`` points
    while every other side has none."""
    if cappotto <= 0:
        return None
    ahead = [i for i, p in enumerate(points) if p >= cappotto]
    if len(ahead) == 1 and all(p == 0 for i, p in enumerate(points) if i != ahead[0]):
        return ahead[0]
    return None


def update_match(m: FishingMatch, result: dict[str, Any]) -> None:
    """``scopa.match.end``: a side at the target and strictly ahead wins
    (``single``: the one hand decides); ``scopa.score.napoleone`` and
    ``scopa.match.cappotto`` end the match at once."""
    rules = m.ruleset.match
    points = [a + b for a, b in zip(m.totals, result["points"])]
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    over, winner = False, None
    cappotto = cappotto_winner(points, m.t.scopa.cappotto)
    if result["napoleone"] is not None:
        over, winner = True, result["napoleone"]
    elif cappotto is not None:
        over, winner = True, cappotto
    elif rules.kind == "single":
        over, winner = True, (leaders[0] if len(leaders) == 1 else None)
    elif best >= rules.target and len(leaders) == 1:
        over, winner = True, leaders[0]
    m.totals = points
    m.hands_played += 1
    m.over = over
    m.winner = winner
