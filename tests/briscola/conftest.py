"""Shared fixtures of the Briscola trick-family tests.

Every test here names the rule(s) it covers with ``@pytest.mark.rule(id)``;
``test_rule_coverage.py`` fails when a rule of a catalogue has no such test.
"""

from __future__ import annotations

import pytest

from .helpers import ruleset


def pytest_configure(config: pytest.Config) -> None:
    # Also declared in pyproject.toml; repeated so the marker is known when
    # the tests run from another directory.
    config.addinivalue_line(
        "markers", "rule(id): the rule id(s) of spec/rules/<family>.toml that the test exercises"
    )


@pytest.fixture
def two():
    return ruleset("briscola-2")


@pytest.fixture
def four():
    return ruleset("briscola-4")


@pytest.fixture
def brisca():
    return ruleset("brisca-2")
