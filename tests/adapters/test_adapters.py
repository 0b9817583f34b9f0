"""The adapters of third-party engines (``pip install 'regola[engines]'``).

These tests need the engines installed: CI installs the ``engines`` extra,
and a missing engine is a failure, not a skip, so the adapters cannot rot
unnoticed.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from regola.conformance.adapters import ADAPTERS, adapter_factory
from regola.conformance.adapters.house import run_house
from regola.conformance.cli.conform import engine_factory
from regola.conformance.protocol.engine import ActionRejected, Engine
from regola.conformance.runner.run import run_traces
from regola.conformance.trace.files import iter_traces
from regola.conformance.trace.format import write_trace
from regola.conformance.trace.record import record

ROOT = Path(__file__).resolve().parents[2]


def pinned() -> dict[str, str]:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["engines"]
    return dict(re.fullmatch(r"([\w-]+)==([\w.]+)", spec).groups() for spec in extra)


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_each_engine_is_installed_at_its_pinned_version(name):
    versions = pinned()
    try:
        installed = metadata.version(name)
    except metadata.PackageNotFoundError:
        pytest.fail(f"{name} is not installed: pip install -e '.[engines]' (CI installs it)")
    assert installed == versions[name]
    hello = adapter_factory(name)().hello()
    assert hello["engine"] == name and hello["version"] == versions[name]
    assert hello["seat_views"] is False
    assert isinstance(adapter_factory(name)(), Engine)


def test_conform_resolves_adapter_names_before_commands():
    from regola.conformance.adapters.naipes import NaipesAdapter

    assert engine_factory("naipes", 5.0) is NaipesAdapter
    assert adapter_factory("node engine.js") is None


def _first_view(name: str, variant: str, deck: list[str]) -> dict:
    engine = adapter_factory(name)()
    engine.new(variant, {}, "", deck, {"dealer": 0})
    return engine.view()


def test_naipes_deals_three_at_once_to_the_seat_after_the_dealer():
    # naipes gives the first three cards to the player who leads (seat 1),
    # the next three to the dealer, and turns the seventh
    from regola.spec import load

    deck = list(load("brisca-2").deck.cards())  # Ao 2o 3o 4o 5o 6o 7o So Co Ro Ac ...
    view = _first_view("naipes", "brisca-2", deck)
    assert view["hands"] == [["4o", "5o", "6o"], ["Ao", "2o", "3o"]]
    assert view["indicator"] == "7o" and view["trump"] == "o"
    assert view["to_move"] == 1 and view["stock_top"] == "So" and view["stock_size"] == 33


def test_libbisca_takes_the_bottom_card_as_trump_and_deals_one_at_a_time():
    from regola.spec import load

    cards = list(load("bisca-2").deck.cards())  # Ah 2h ... Kc, the last card Kc
    view = _first_view("libbisca", "bisca-2", cards)
    assert view["hands"] == [["2h", "4h", "6h"], ["Ah", "3h", "5h"]]
    assert view["indicator"] == "Kc" and view["trump"] == "c"
    assert view["stock_top"] == "7h" and view["stock_size"] == 33


def test_textarena_reads_the_queen_as_the_horse():
    from regola.spec import load

    cards = list(load("briscola-2").deck.cards())  # Ad 2d 3d 4d 5d 6d 7d Jd Hd Kd ...
    view = _first_view("textarena", "briscola-2", cards)
    assert view["hands"] == [["4d", "5d", "6d"], ["Ad", "2d", "3d"]]
    assert view["indicator"] == "7d"


def test_an_action_the_interface_cannot_express_is_refused_without_changing_the_hand():
    from regola.spec import load

    engine = adapter_factory("briscas")()
    engine.new("briscas-2", {}, "", list(load("briscas-2").deck.cards()), {"dealer": 0})
    before = engine.view()
    with pytest.raises(ActionRejected):
        engine.apply({"type": "play", "seat": 0, "card": before["hands"][0][0]})  # out of turn
    with pytest.raises(ActionRejected):
        engine.apply({"type": "exchange", "seat": 1, "card": before["hands"][1][0]})
    assert engine.view() == before
    engine.close()


@pytest.mark.parametrize("name", ["naipes", "libbisca", "briscas"])
def test_engine_passes_under_its_house_rules(name, tmp_path):
    results, hello = run_house(name, range(1, 4), tmp_path)
    assert results and all(r.status == "passed" for r in results), [r.report() for r in results if r.status != "passed"]
    assert (results[0].fields_checked, results[0].fields_total) == (15, 21)


def test_textarena_draws_in_the_order_of_the_last_trick_leader(tmp_path):
    # textarena/envs/Briscola/env.py deals the new cards before it records
    # the trick winner as leader, so the old leader draws first
    results, _ = run_house("textarena", [1], tmp_path, ties=False)
    assert results[0].status == "failed"
    assert results[0].divergence.rule == "briscola.draw.order"


def _corpus_sample(variant: str, tmp_path: Path) -> list[Path]:
    """Two traces of the committed corpus (a recorded playout while the
    corpus has none for the variant)."""
    paths = list(iter_traces([variant]))[:2]
    if paths:
        return paths
    path = tmp_path / variant / "playout.jsonl"
    path.parent.mkdir(parents=True)
    write_trace(path, record(variant, {}, 1, name="playout", purpose="playout", description="sample", max_hands=1))
    return [path]


@pytest.mark.parametrize(
    ("name", "variant", "status", "rule"),
    [
        ("naipes", "brisca-2", "failed", "briscola.deal.hands"),
        ("libbisca", "bisca-2", "failed", "briscola.deal.indicator"),
        ("textarena", "briscola-2", "failed", "briscola.deal.hands"),
        ("briscas", "brisca-2", "unsupported", None),
    ],
)
def test_corpus_sample_diverges_where_the_engine_departs_from_the_variant(name, variant, status, rule, tmp_path):
    results, _ = run_traces(_corpus_sample(variant, tmp_path), adapter_factory(name))
    for r in results:
        assert r.status == status, r.report()
        if rule is not None:
            assert r.divergence.step is None  # at the deal, before any step
            assert r.divergence.rule in {rule, "briscola.deal.hands", "briscola.deal.indicator"}


def test_textarena_bugs_are_blamed_by_explanation(tmp_path):
    # two cards each with four players (bug 4): the field heuristic names the
    # indicator (it differs too); a smaller hand reproduces the deal exactly
    path = tmp_path / "briscola-4-solo" / "playout.jsonl"
    path.parent.mkdir(parents=True)
    write_trace(path, record("briscola-4-solo", {}, 1, name="playout", purpose="playout", description="sample", max_hands=1))
    (result,), _ = run_traces([path], adapter_factory("textarena"))
    assert (result.rule, result.divergence.explained_by.how) == ("briscola.deal.hands", "option")
    assert "`deal.hand_size = 2, deal.packets = [2]`" in result.divergence.explained_by.text
    # three cards at once (harmless, bug 1): the house rule deal.packets = [3]
    path = tmp_path / "briscola-2" / "playout.jsonl"
    path.parent.mkdir(parents=True)
    write_trace(path, record("briscola-2", {}, 1, name="playout", purpose="playout", description="sample", max_hands=1))
    (result,), _ = run_traces([path], adapter_factory("textarena"))
    assert (result.rule, result.divergence.explained_by.how) == ("briscola.deal.hands", "option")
    assert "`deal.packets = [3]`" in result.divergence.explained_by.text
    # the wrong player draws first (bug 2): the trick's leader, handed to the
    # draw instead of its winner, a catalogued misreading of the drawing order
    results, _ = run_house("textarena", [1], tmp_path / "house", ties=False)
    assert results[0].rule == "briscola.draw.order"
    assert results[0].divergence.explained_by.how == "misreading"
    assert "`winner` read as `state.leader`" in results[0].divergence.explained_by.text
