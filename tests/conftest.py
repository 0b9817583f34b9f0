"""Settings for the whole test suite."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Property tests draw the same examples on every run and every machine
# (derandomize), keep no example database in the working tree (a failure
# found once is not replayed by another run, another branch or CI), and do
# not fail because a busy machine made drawing slow: whatever else runs on
# the machine, a test run is the same run.
settings.register_profile(
    "regola",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("regola")


@pytest.fixture(autouse=True, scope="session")
def _proof_cache(tmp_path_factory: pytest.TempPathFactory):
    """Proofs are kept in a folder of the test run, never in the user's
    cache (subprocesses inherit the variable)."""
    before = os.environ.get("REGOLA_CACHE_DIR")
    os.environ["REGOLA_CACHE_DIR"] = str(tmp_path_factory.mktemp("regola-cache"))
    yield
    if before is None:
        del os.environ["REGOLA_CACHE_DIR"]
    else:
        os.environ["REGOLA_CACHE_DIR"] = before
