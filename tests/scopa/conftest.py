"""Shared fixtures of the Scopa tests.

Every test names the rule(s) it covers with ``@pytest.mark.rule(id)``;
``test_rule_coverage.py`` fails when a ``scopa.*`` rule has no such test.
"""

from __future__ import annotations

import pytest

from .helpers import ruleset


def pytest_configure(config: pytest.Config) -> None:
    # Also declared in pyproject.toml; repeated so the marker is known when
    # the tests run from another directory.
    config.addinivalue_line("markers", "rule(id): the rule id(s) of spec/rules/<family>.toml that the test exercises")


@pytest.fixture
def two():
    return ruleset("scopa-2")


@pytest.fixture
def three():
    return ruleset("scopa-3")


@pytest.fixture
def four():
    return ruleset("scopa-4")


@pytest.fixture
def scopone():
    return ruleset("scopone")
