"""Shared setup of the Tressette tests.

Every test names the rule(s) it covers with ``@pytest.mark.rule(id)``; the
rule-coverage check fails when a ``tressette.*`` rule has no such test.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Also declared in pyproject.toml; repeated so the marker is known when
    # the tests run from another directory.
    config.addinivalue_line("markers", "rule(id): the rule id(s) of spec/rules/<family>.toml that the test exercises")
