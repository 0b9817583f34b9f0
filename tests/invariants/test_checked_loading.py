"""The loader's ``checked`` flag and the in-process cache of proofs."""

from __future__ import annotations

from regola.spec import load, load_all, variant_ids
from regola.spec.invariants import check


def test_repeated_checks_of_one_ruleset_are_served_from_the_cache():
    first = check(load("briscola-4"))
    assert check(load("briscola-4")) is first


def test_variants_that_share_parameters_share_proofs():
    # briscola-scoperta-4 differs from briscola-4 only in what players see
    plain = {r.name: r for r in check(load("briscola-4"))}
    open_hands = {r.name: r for r in check(load("briscola-scoperta-4"))}
    from regola.spec.invariants.core import REGISTRY, parameters_key

    for name in ("trick.one-winner", "deal.stock-drains-evenly", "conservation.step"):
        assert open_hands[name].status == plain[name].status == "proved"
        assert open_hands[name].note == plain[name].note
        # one proof serves both: they agree on every field it reads (not
        # timed: how long a lookup takes depends on what else runs)
        reads = REGISTRY[name].reads
        assert parameters_key(load("briscola-scoperta-4"), reads) == parameters_key(load("briscola-4"), reads)


def test_load_all_still_loads_every_shipped_variant_checked():
    assert [r.id for r in load_all()] == variant_ids()


def test_an_unchecked_load_is_the_same_ruleset():
    assert load("chiamata", checked=False) == load("chiamata")


def test_shared_proofs_agree_with_proofs_made_afresh():
    """Rulesets share a proof when they agree on the fields an invariant
    reads; proving every ruleset alone must give the same results, or an
    invariant reads a field it does not declare."""
    from pathlib import Path

    from regola.spec.invariants import clear_cache

    targets = [*variant_ids(), *sorted((Path(__file__).parent / "broken").glob("*.toml"))]
    rulesets = [load(t, checked=False) for t in targets]
    shared = [[(r.name, r.status, r.counterexample, r.note) for r in check(rs)] for rs in rulesets]
    alone = []
    for rs in rulesets:
        clear_cache()
        alone.append([(r.name, r.status, r.counterexample, r.note) for r in check(rs)])
    clear_cache()
    for target, a, b in zip(targets, shared, alone):
        assert a == b, target
