"""Scoring a finished Scopa hand, category by category (rules ``scopa.score.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regola.spec.fishing import LEXICOGRAPHIC_ORDER, MOST_SEVENS_ORDER

from .bonuses import GRANDE_POINTS, grande_holder
from .state import FishingResult, FishingState
from .tables import FishingTables

# Capture values in the order of a Napola run: Ace, Two, Three, ... King.
_RUN_FACES = ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")


def sole_best(values: Sequence[Any]) -> int | None:
    """``scopa.score.tie``: the one side with strictly the best value, or
    None when the best is shared."""
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def _shared_best(values: Sequence[Any]) -> bool:
    """Whether two or more sides share the best value."""
    return len(values) > 1 and sum(1 for v in values if v == max(values)) > 1


def holder(tables: FishingTables, piles: Sequence[tuple[str, ...]], card: str | None) -> int | None:
    """The side whose pile holds ``card`` (``scopa.score.settebello``,
    ``scopa.score.re-bello``)."""
    for i, pile in enumerate(piles):
        if card in pile:
            return i
    return None


def _as_number(halves: int) -> int | float:
    """Half points as a number: whole values stay integers (5½ scales)."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def primiera_values(tables: FishingTables, piles: Sequence[tuple[str, ...]]) -> tuple[list[Any], list[Any]]:
    """``scopa.score.primiera``: each side's prime as reported, and the keys
    its ranking compares (None: cannot win).

    Sum scales take the best card of each suit and add their values; a side
    short of a suit is out (`disqualifies`) or ranked below every side with
    more suits (`more-suits-win`). `most-sevens` compares the number of
    Sevens, then Sixes, and so on down to the Aces.
    """
    primiera = tables.ruleset.hand_scoring.scopa.primiera
    if primiera.scale == "most-sevens":
        counts = [tuple(sum(1 for c in pile if tables.face[c] == f) for f in MOST_SEVENS_ORDER) for pile in piles]
        return [list(c) for c in counts], list(counts)
    if primiera.scale == "lexicographic":
        return lexicographic_primes(tables, piles)
    halves = primiera.halves()
    suits = [s.id for s in tables.ruleset.deck.suits]
    shown: list[Any] = []
    keys: list[Any] = []
    for pile in piles:
        best = {}
        for c in pile:
            best[c[-1]] = max(best.get(c[-1], 0), halves[tables.face[c]])
        total = sum(best.values())
        held = sum(1 for s in suits if s in best)
        if primiera.missing_suit == "disqualifies" and held < len(suits):
            shown.append(None)
            keys.append(None)
        else:
            shown.append(_as_number(total))
            keys.append((held, total))
    return shown, keys


def lexicographic_primes(tables: FishingTables, piles: Sequence[tuple[str, ...]]) -> tuple[list[Any], list[Any]]:
    """``scopa.score.primiera-lexicographic``: each side's best face of every
    suit in the order 7 6 A 5 4 3 2 K H J, listed from the best down, and
    the key comparing those lists card by card (the first difference
    decides). A side short of a suit is out (`disqualifies`) or, with
    `more-suits-win`, ranked below every side with more suits."""
    primiera = tables.ruleset.hand_scoring.scopa.primiera
    rank = {f: len(LEXICOGRAPHIC_ORDER) - i for i, f in enumerate(LEXICOGRAPHIC_ORDER)}
    suits = [s.id for s in tables.ruleset.deck.suits]
    shown: list[Any] = []
    keys: list[Any] = []
    for pile in piles:
        best: dict[str, str] = {}
        for c in pile:
            face = tables.face[c]
            if c[-1] not in best or rank[face] > rank[best[c[-1]]]:
                best[c[-1]] = face
        faces = sorted(best.values(), key=lambda f: -rank[f])
        if primiera.missing_suit == "disqualifies" and len(best) < len(suits):
            shown.append(None)
            keys.append(None)
        else:
            shown.append(faces)
            keys.append((len(best), tuple(rank[f] for f in faces)))
    return shown, keys


def napola_run(tables: FishingTables, pile: tuple[str, ...]) -> int:
    """``scopa.score.napola``: how many coins of ``pile`` run unbroken upwards from the Ace."""
    held = {tables.face[c] for c in pile if c in tables.coins}
    run = 0
    for face in _RUN_FACES:
        if face not in held:
            break
        run += 1
    return run


def score_hand(state: FishingState) -> tuple[FishingResult, list[str]]:
    """Score every enabled category; ties score nothing (``scopa.score.tie``)."""
    tables = state.tables
    opts = tables.ruleset.hand_scoring.scopa
    piles = state.captured
    sides = len(piles)
    cards = tuple(len(p) for p in piles)
    coins = tuple(sum(1 for c in p if c in tables.coins) for p in piles)
    shown, keys = primiera_values(tables, piles)
    categories: dict[str, int | None] = {}
    rules: list[str] = []
    if opts.cards:
        categories["cards"] = sole_best(cards)
        rules.append("scopa.score.cards")
    if opts.coins:
        categories["coins"] = sole_best(coins)
        rules.append("scopa.score.coins")
    if opts.settebello:
        categories["settebello"] = holder(tables, piles, tables.coin("7"))
        rules.append("scopa.score.settebello")
    if opts.primiera.enabled:
        eligible = [k if k is not None else (-1,) for k in keys]
        categories["primiera"] = sole_best(eligible) if any(k is not None for k in keys) else None
        rules.append("scopa.score.primiera")
        if opts.primiera.scale == "lexicographic":
            rules.append("scopa.score.primiera-lexicographic")
    if opts.re_bello:
        categories["re_bello"] = holder(tables, piles, tables.coin("K"))
        rules.append("scopa.score.re-bello")
    compared = {"cards": cards, "coins": coins, "primiera": [k for k in keys if k is not None]}
    if any(_shared_best(compared[k]) for k in ("cards", "coins", "primiera") if k in categories):
        rules.append("scopa.score.tie")
    napola = [0] * sides
    if opts.napola:
        rules.append("scopa.score.napola")
        for i, pile in enumerate(piles):
            run = napola_run(tables, pile)
            if run >= 3:
                napola[i] = min(run, opts.napola_max)
    napoleone = None
    if opts.napoleone:
        napoleone = next((i for i, c in enumerate(coins) if c == len(tables.coins)), None)
        if napoleone is not None:
            rules.append("scopa.score.napoleone")
    if opts.scopas:
        rules.append("scopa.score.scopas")
    grande = [0] * sides
    if opts.grande:
        rules.append("scopa.score.grande")
        side = grande_holder(tables, piles)
        if side is not None:
            grande[side] = GRANDE_POINTS
    bonus = list(state.bonus) if state.bonus else [0] * sides
    if opts.hand_bonuses:
        rules.append("scopa.bonus.hand")  # the bonuses of the hands dealt count in the hand's score
    points = []
    for i in range(sides):
        won = sum(1 for side in categories.values() if side == i)
        points.append(won + napola[i] + grande[i] + bonus[i] + (state.scope[i] if opts.scopas else 0))
    result = FishingResult(
        cards=cards,
        coins=coins,
        primiera=tuple(tuple(s) if isinstance(s, list) else s for s in shown),
        scope=tuple(state.scope),
        categories=categories,
        napola=tuple(napola),
        napoleone=napoleone,
        points=tuple(points),
        bonus=tuple(bonus) if opts.hand_bonuses else (),
        grande=tuple(grande) if opts.grande else (),
    )
    return result, rules
