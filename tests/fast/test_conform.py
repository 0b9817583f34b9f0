"""The fast core passes ``regola conform`` on the whole committed corpus,
as any engine must: every trace of every variant replayed into
``FastEngine`` (views, seat views, legal actions and refusals, each rule
id the reference cites)."""

from __future__ import annotations

import pytest

from regola.conformance.adapters.load import resolve_engine
from regola.conformance.protocol.engine import Engine
from regola.conformance.protocol.fast import FastEngine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.spec import variant_ids


@pytest.mark.parametrize("variant", variant_ids())
def test_the_fast_core_passes_the_corpus_of(variant: str) -> None:
    paths = list(iter_traces([variant]))
    assert paths, f"the corpus holds no trace of {variant}"
    results, hello = run_traces(paths, FastEngine)
    assert hello["engine"] == "regola-fast" and hello["seat_views"] and hello["legal"]
    bad = [(r.name, r.status, r.error or (r.divergence.render() if r.divergence else "")) for r in results
           if r.status != "passed"]
    assert not bad, bad[:2]


def test_fast_is_an_engine_name_for_conform_and_fuzz() -> None:
    assert resolve_engine("fast") is FastEngine
    engine = FastEngine()
    assert isinstance(engine, Engine)
    assert set(engine.hello()["variants"]) >= set(variant_ids())
