"""The deal arithmetic solved the other way: which player counts and removals work.

For a deck, a hand size, a number of table cards, an indicator or none, and
drawing or not, z3 finds for each player count the fewest cards to take out
of the pack so that every deal invariant holds (the same terms as
`.deal`, with the pack size left free), and then which cards to take
out so the card points stay as they are: the faces worth nothing, weakest
first. The docs render the rows as a table (`markdown`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import z3

from ..schema import Deck, Ruleset
from .core import TIMEOUT_MS
from .deal import DealParams, deal_terms, deal_works


@dataclass(frozen=True)
class DealOption:
    """One row of the table: a player count and what makes its deal work."""

    players: int
    possible: bool
    """False when no removal makes the deal work (too few cards)."""
    removed: int = 0
    """The fewest cards to take out of the full pack."""
    removed_cards: tuple[str, ...] = ()
    """Which cards, chosen so the card points are unchanged where possible."""
    keeps_points: bool = True
    """Whether those cards are worth nothing (the pack keeps its total)."""
    cards: int = 0
    """Cards in play after the removal."""
    dealt: int = 0
    """Cards dealt to the hands and the table."""
    stock: int = 0
    """Face-down stock after the deal (without the indicator)."""
    draw_rounds: int = 0
    tricks: int = 0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["removed_cards"] = list(self.removed_cards)
        return out


def deal_options(
    deck: Deck,
    hand_size: int,
    *,
    indicator: bool = True,
    draw: bool = True,
    table: int = 0,
    indicator_taken: bool = True,
    fishing: bool = False,
    refill: bool = False,
    players: Iterable[int] = range(2, 9),
) -> list[DealOption]:
    """For each player count, the fewest removals from the full pack that
    make the deal work, and which cards to remove."""
    full = [(r, s) for s in deck.suits for r in deck.ranks]
    rows = []
    for n in players:
        params = DealParams(
            players=n,
            hand=hand_size,
            table=table,
            indicator=indicator and not fishing,
            draw=draw and not fishing,
            indicator_where="after-deal" if indicator else "none",
            indicator_taken=indicator_taken,
            fishing=fishing,
            refill=refill and fishing,
        )
        removed = z3.Int("removed")
        terms = deal_terms(params, len(full) - removed, tag=f"_{n}")
        opt = z3.Optimize()
        opt.set("timeout", TIMEOUT_MS)
        opt.add(*terms.facts, *deal_works(params, terms), removed >= 0, removed < len(full))
        opt.minimize(removed)
        if opt.check() != z3.sat:
            rows.append(DealOption(players=n, possible=False))
            continue
        model = opt.model()
        r = model.eval(removed).as_long()
        cards, keeps = _which_cards(deck, r)
        get = lambda t: model.eval(t, model_completion=True).as_long()  # noqa: E731
        size = len(full) - r
        rows.append(
            DealOption(
                players=n,
                possible=True,
                removed=r,
                removed_cards=cards,
                keeps_points=keeps,
                cards=size,
                dealt=get(terms.dealt),
                stock=get(terms.stock),
                draw_rounds=get(terms.rounds),
                tricks=0 if fishing else get(terms.played) // n,
            )
        )
    return rows


def deal_table(ruleset: Ruleset, players: Iterable[int] = range(2, 9)) -> list[DealOption]:
    """`deal_options` for the ruleset's deck and deal, from the full pack."""
    params = DealParams.of(ruleset)
    return deal_options(
        ruleset.deck,
        params.hand,
        indicator=params.indicator,
        draw=params.draw,
        table=params.table,
        indicator_taken=params.indicator_taken,
        fishing=params.fishing,
        refill=params.refill,
        players=players,
    )


def _which_cards(deck: Deck, how_many: int) -> tuple[tuple[str, ...], bool]:
    """``how_many`` cards to take out, worth no points if that is possible,
    the weakest faces first and the last suits first."""
    if how_many == 0:
        return (), True
    cards = [(r, si, s) for si, s in enumerate(deck.suits) for r in deck.ranks]
    order = list(deck.strength)
    out = [z3.Bool(f"out_{r.id}{s.id}") for r, _, s in cards]

    def weight(rank_id: str, suit_index: int) -> int:
        weakness = len(order) - 1 - order.index(rank_id) if rank_id in order else len(order)
        return weakness * (len(deck.suits) + 1) + (len(deck.suits) - 1 - suit_index)

    chosen = z3.Sum([z3.If(o, 1, 0) for o in out])
    points = z3.Sum([z3.If(o, r.points, 0) for o, (r, _, _) in zip(out, cards)])
    cost = z3.Sum([z3.If(o, weight(r.id, si), 0) for o, (r, si, _) in zip(out, cards)])
    for keep in (True, False):
        opt = z3.Optimize()
        opt.set("timeout", TIMEOUT_MS)
        opt.add(chosen == how_many)
        if keep:
            opt.add(points == 0)
        else:
            opt.minimize(points)
        opt.minimize(cost)
        if opt.check() == z3.sat:
            model = opt.model()
            picked = tuple(
                r.id + s.id for o, (r, _, s) in zip(out, cards) if z3.is_true(model.eval(o))
            )
            return picked, keep
    return (), False


def markdown(rows: list[DealOption]) -> str:
    """The rows as a Markdown table for the docs."""
    lines = [
        "| players | cards out | which | in play | dealt | stock | draw rounds | tricks |",
        "|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        if not row.possible:
            lines.append(f"| {row.players} | - | not possible | | | | | |")
            continue
        which = " ".join(row.removed_cards) or "none"
        if not row.keeps_points:
            which += " (changes the card points)"
        lines.append(
            f"| {row.players} | {row.removed} | {which} | {row.cards} | {row.dealt} | "
            f"{row.stock} | {row.draw_rounds} | {row.tricks} |"
        )
    return "\n".join(lines)
