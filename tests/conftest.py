"""Settings for the whole test suite."""

from __future__ import annotations

import os

import pytest


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
