"""No leak and no merge, over whole hands of every variant, through every
interface (`tests/envs/twins.py`): two games that differ only in what a
seat cannot see (two of its hidden cards swapped in the deck, or another
seat's move) give that seat the same outputs for as long as its views are
the same, and different outputs as soon as they differ (rules
``briscola.info.hidden``, ``briscola.info.partner-view``,
``chiamata.info.secret-partner``, ``chiamata.call.monte``,
``tressette.draw.shown``, ``scopa.info.hidden``)."""

from __future__ import annotations

import numpy as np
import pytest

from regola.envs.observation import Observer
from regola.reference import view

from .conftest import VARIANTS
from .twins import gym_matches_pettingzoo, run_twins


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_leak_and_no_merge_in_any_interface(variant: str) -> None:
    from regola.spec import load

    players = load(variant).seating.players
    totals = {"same": 0, "merge-now": 0, "merge-past": 0}
    for seat in range(players):
        for kind in ("deck", "move"):
            problems, counts = run_twins(variant, seat, seed=seat + 1, kind=kind)
            assert not problems, problems[:3]
            for k, v in counts.items():
                totals[k] += v
    # the twins looked alike for a while, and told apart later
    assert totals["same"] >= players and totals["merge-now"] > 0, totals


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_observes_what_pettingzoo_does(variant: str) -> None:
    assert gym_matches_pettingzoo(variant, seat=1, seed=4) > 0


def test_the_check_sees_a_merge() -> None:
    """An observation that forgets Tressette's shown draws
    (``tressette.draw.shown``) merges views the twins tell apart."""

    def forgetful(side, seat):  # noqa: ANN001, ANN202
        v = view(side.state.ref, seat)
        v["shown"] = [[] for _ in v["shown"]]
        return Observer(side.state.shape.ruleset).encode(v)

    found = [p for seed in range(1, 4) for p in run_twins("tressette-2", 0, seed, "deck", observe=forgetful)[0]]
    assert any("merge: pettingzoo.observation" in p for p in found), found[:2]


def test_the_check_sees_a_leak() -> None:
    """An observation that shows the next stock card leaks, and is caught."""

    def peeking(side, seat):  # noqa: ANN001, ANN202
        out = Observer(side.state.shape.ruleset).encode(view(side.state.ref, seat))
        stock = side.state.ref.stock
        return np.append(out, float(side.state.shape.card_index[stock[0]]) if stock else -1.0)

    found = [p for seed in range(1, 4) for p in run_twins("briscola-2", 0, seed, "deck", observe=peeking)[0]]
    assert any("leak: pettingzoo.observation" in p for p in found), found[:2]
