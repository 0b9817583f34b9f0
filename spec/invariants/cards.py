"""Invariants of the pack: card points and the strength order.

Rules ``briscola.deck.points`` (the cards in play add up to the declared
total) and ``briscola.trick.winner`` (strength follows the deck's order of
faces, so that order must be a strict total order).
"""

from __future__ import annotations

from functools import lru_cache

import z3

from ..schema import Ruleset
from .core import Verdict, failed, find_violation, invariant, not_applicable, proved, term_cache, value
from .facts import Pack, faces, option, plays_tricks


@invariant(
    "cards.points-total",
    "The card points of the cards in play add up to the deck's declared total.",
    ("deck",),
)
def points_total(ruleset: Ruleset) -> Verdict:
    """``briscola.deck.points``: one integer per card in play, fixed to its
    face's points; the claim is that their sum is ``deck.total_points``."""
    declared = option(ruleset, "deck.total_points")
    if declared is None:
        return not_applicable("the deck declares no card-point total")
    pack = Pack(ruleset)
    points = [z3.Int(f"points_{c.id}") for c in pack.cards]
    facts = [p == c.points for p, c in zip(points, pack.cards)]
    total = z3.Sum(points) if points else z3.IntVal(0)
    model = find_violation(facts, total == declared)
    if model is None:
        return proved(f"{pack.size} cards carry {declared} card points")
    actual = value(model, total)
    terms = []
    for ri, rank in sorted(enumerate(ruleset.deck.ranks), key=lambda x: -x[1].points):
        n = sum(1 for c in pack.cards if c.rank == ri)
        if rank.points and n:
            terms.append(f"{rank.points} x {n} {faces(rank.name) if n > 1 else rank.name}")
    removed = ""
    if pack.removed:
        worth = sum(ruleset.deck.rank(c[:-1]).points for c in pack.removed)
        removed = f"; the removed cards {' '.join(pack.removed)} carry {worth}"
    return failed(
        f"the {pack.size} cards in play add up to {actual} card points "
        f"({' + '.join(terms) or 'no card carries points'}{removed}), "
        f"not the declared deck.total_points {declared}"
    )


def beats_relation(pack: Pack, strength: tuple[str, ...]) -> set[tuple[int, int]]:
    """The pairs (a, b) of rank indices where ``a`` comes before ``b`` in the
    strength list: the relation the rule text defines, read literally, so a
    duplicated or missing face shows up as a broken order."""
    index = {r: i for i, r in enumerate(pack.ranks)}
    pairs = set()
    for i, a in enumerate(strength):
        for b in strength[i + 1 :]:
            pairs.add((index[a], index[b]))
    return pairs


def beats_function(pack: Pack, strength: tuple[str, ...]) -> tuple[z3.FuncDeclRef, list[z3.BoolRef]]:
    """A z3 function ``beats(rank, rank)`` and the facts that define it from
    the strength list (``briscola.trick.winner``). The facts are built once
    per list (z3 terms can be shared by every query) and copied out."""
    beats, facts = _beats(tuple(pack.ranks), tuple(strength))
    return beats, list(facts)


@lru_cache(maxsize=64)
def _beats(ranks: tuple[str, ...], strength: tuple[str, ...]) -> tuple[z3.FuncDeclRef, tuple[z3.BoolRef, ...]]:
    index = {r: i for i, r in enumerate(ranks)}
    pairs = {(index[a], index[b]) for i, a in enumerate(strength) for b in strength[i + 1 :]}
    beats = z3.Function(f"beats_{'_'.join(strength)}", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    n = len(ranks)
    return beats, tuple(beats(a, b) == ((a, b) in pairs) for a in range(n) for b in range(n))


term_cache(_beats.cache_clear)


@invariant(
    "cards.strength-order",
    "deck.strength is a strict total order of the faces: irreflexive, transitive and total.",
    ("deck", "play.kind"),
)
def strength_order(ruleset: Ruleset) -> Verdict:
    """``briscola.trick.winner`` compares cards by ``deck.strength``: for every
    pair of faces exactly one must beat the other, and never a face itself."""
    if not plays_tricks(ruleset):
        return not_applicable("no tricks are played, so no card beats another")
    pack = Pack(ruleset)
    strength = ruleset.deck.strength
    beats, facts = beats_function(pack, strength)
    x, y, z = z3.Ints("x y z")
    n = len(pack.ranks)
    facts += [z3.And(0 <= v, v < n) for v in (x, y, z)]
    problems = []

    model = find_violation(facts, z3.Not(beats(x, x)), [x])
    if model is not None:
        r = value(model, x)
        where = [str(i + 1) for i, s in enumerate(strength) if s == pack.ranks[r]]
        problems.append(
            f"deck.strength lists {pack.rank_phrase(r)} {len(where)} times (positions "
            f"{', '.join(where)}), so it would beat itself; each face must appear once"
        )
    model = find_violation(facts, z3.Implies(x != y, z3.Or(beats(x, y), beats(y, x))), [x, y])
    if model is not None:
        a, b = value(model, x), value(model, y)
        missing = [pack.rank_phrase(r) for r in (a, b) if pack.ranks[r] not in strength]
        problems.append(
            f"deck.strength does not name {' or '.join(missing)}, so neither "
            f"{pack.ranks[a]} nor {pack.ranks[b]} beats the other and two cards of one "
            f"suit could tie for a trick"
        )
    transitive = z3.Implies(z3.And(beats(x, y), beats(y, z)), beats(x, z))
    model = find_violation(facts, transitive, [x, y, z])
    if model is not None and not problems:
        a, b, c = (pack.ranks[value(model, v)] for v in (x, y, z))
        problems.append(
            f"deck.strength is not transitive: {a} beats {b} and {b} beats {c}, "
            f"but {a} does not beat {c}"
        )
    if problems:
        return failed("; and ".join(problems))
    return proved(" > ".join(strength))
