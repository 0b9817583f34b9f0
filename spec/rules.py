"""The rule catalogue: every normative rule with its id, statement and sources.

Rules live as data in ``spec/rules/<family>.toml``. A rule with ``when``
holds only in rulesets where that option is on: ``when = "path"`` means the
option is set (not false, empty, ``none`` or ``never``), ``when = "path =
value"`` means it has that value.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import Field

from .schema import Model, Ruleset

RULES_DIR = Path(__file__).parent / "rules"
_OFF = (None, False, "", "none", "never", (), [])


class Rule(Model):
    """One normative rule."""

    id: str = Field(pattern=r"^[a-z0-9]+(\.[a-z0-9-]+)+$")
    """Stable dotted id, e.g. `briscola.trick.winner`."""
    title: str
    """A short heading."""
    statement: str
    """The rule in one paragraph, in regola's own words."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Keys of the sources the rule is taken from."""
    when: str | None = None
    """The option that switches the rule on; absent for rules that always hold."""

    def applies_to(self, ruleset: Ruleset) -> bool:
        """Whether the rule holds in this ruleset."""
        if self.when is None:
            return True
        path, sep, expected = (p.strip() for p in self.when.partition("="))
        value = _get(ruleset, path)
        return str(value) == expected if sep else value not in _OFF


@cache
def catalog(family: str = "briscola") -> dict[str, Rule]:
    """Every rule of a family, by id, in catalogue order."""
    with (RULES_DIR / f"{family}.toml").open("rb") as fh:
        rules = [Rule.model_validate(r) for r in tomllib.load(fh)["rule"]]
    return {r.id: r for r in rules}


def rule_ids(ruleset: Ruleset) -> list[str]:
    """Ids of the rules that hold in this ruleset, in catalogue order."""
    return [r.id for r in catalog(ruleset.family).values() if r.applies_to(ruleset)]


def _get(ruleset: Ruleset, path: str) -> object:
    node: object = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node
