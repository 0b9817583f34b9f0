"""Random games beyond the corpus, in CI: a sample of the games of a
``regola fuzz --engine fast`` campaign, with a fixed seed.

Twin games (`regola.conformance.fuzz.twin`) compare the fast core with the
reference directly at every step: every variant under its default
options, and the variants with the most house rules under sampled option
sets. A few games go through ``regola fuzz``'s own lockstep over the
engine protocol. ``benchmarks/fuzz_fast.py`` plays the hundred thousand
games CI cannot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.conformance.fuzz.campaign import Campaign, play_batch
from regola.conformance.fuzz.plan import Game, game
from regola.conformance.fuzz.twin import play_twin, play_twin_batch
from regola.spec import variant_ids

SEED = 2025
"""The fixed seed of the campaigns sampled here."""
OPTION_RICH = ("briscola-2", "briscola-4", "scopa-2", "scopone", "chiamata", "tressette-2", "albastini-4-teams")
"""Variants whose sampled option sets cover most house rules of each family."""


@pytest.mark.parametrize("variant", variant_ids())
def test_twin_games_agree_under_the_default_options_of(variant: str) -> None:
    outcomes = play_twin_batch(SEED, [0, 1, 2], (variant,), sample_options=False)
    bad = [(o.number, o.message) for o in outcomes if o.status != "passed"]
    assert not bad, bad[:3]
    assert all(o.steps > 0 for o in outcomes)


@pytest.mark.parametrize("variant", OPTION_RICH)
def test_twin_games_agree_under_sampled_house_rules(variant: str) -> None:
    outcomes = play_twin_batch(SEED, list(range(12)), (variant,))
    assert any(o.options for o in outcomes), "no game sampled an option set"
    bad = [(o.number, o.options, o.message) for o in outcomes if o.status != "passed"]
    assert not bad, bad[:3]


def test_fuzz_through_the_protocol_passes(tmp_path: Path) -> None:
    campaign = Campaign("fast", ("briscola-2", "scopa-2", "chiamata"), games=9, seed=SEED, out_dir=tmp_path)
    outcomes = play_batch(campaign, list(range(9)))
    assert [o.status for o in outcomes] == ["passed"] * 9, [o.message for o in outcomes if o.status != "passed"]


def test_a_twin_game_is_the_campaign_game_of_its_number() -> None:
    planned = game(SEED, 5, ("briscola-2", "scopa-2"))
    played = play_twin(planned)
    assert (played.number, played.variant, played.seed, played.options) == (5, planned.variant, planned.seed,
                                                                             planned.options)


def test_a_difference_is_found() -> None:
    """The twin check is not vacuous: a fast core that gives every trick
    to its leader is caught."""
    from regola.fast.tricks import match as tricks

    original = tricks.TrickMatch._take_trick

    def leader_takes(self, t, trick):  # noqa: ANN001, ANN202 - a planted bug
        self.beats = bytes(len(self.beats))  # no card ever beats the lead
        original(self, t, trick)

    tricks.TrickMatch._take_trick = leader_takes
    try:
        outcome = play_twin(Game(0, "briscola-2", 1))
    finally:
        tricks.TrickMatch._take_trick = original
    assert outcome.status == "failed" and "view differs" in outcome.message
    assert play_twin(Game(0, "briscola-2", 1)).status == "passed"
