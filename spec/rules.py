"""The rule catalogue: every normative rule with its id, statement and sources.

Rules live as data in ``spec/rules/<family>.toml``; a family may add
further files that say ``family = "<family>"`` at their top (the bidding
games add ``chiamata.toml`` and ``albastini.toml`` to the Briscola family).
A rule with ``when`` holds only in rulesets where that option is on:
``when = "path"`` means the option is set (not false, empty, ``none`` or
``never``), ``when = "path = value"`` means it has that value, ``path = a |
b`` one of those values, ``path != value`` any other value; conditions
joined by `` and `` must all hold.
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
        return all(_holds(ruleset, cond) for cond in self.when.split(" and "))


@cache
def catalog(family: str = "briscola") -> dict[str, Rule]:
    """Every rule of a family, by id, in catalogue order: the family's own
    file first, then the files that join it, by name."""
    files = [RULES_DIR / f"{family}.toml"]
    for path in sorted(RULES_DIR.glob("*.toml")):
        if path not in files and _read(path).get("family") == family:
            files.append(path)
    rules: dict[str, Rule] = {}
    for path in files:
        for data in _read(path)["rule"]:
            rule = Rule.model_validate(data)
            if rule.id in rules:
                raise ValueError(f"{path.name}: rule id {rule.id!r} is already in the {family} catalogue")
            rules[rule.id] = rule
    return rules


def rule_ids(ruleset: Ruleset) -> list[str]:
    """Ids of the rules that hold in this ruleset, in catalogue order."""
    return [r.id for r in catalog(ruleset.family).values() if r.applies_to(ruleset)]


def _read(path: Path) -> dict:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _holds(ruleset: Ruleset, cond: str) -> bool:
    for op in ("!=", "="):
        path, sep, expected = cond.partition(op)
        if sep:
            value = str(_get(ruleset, path.strip()))
            return (value in {e.strip() for e in expected.split("|")}) == (op == "=")
    return _get(ruleset, cond.strip()) not in _OFF


def _get(ruleset: Ruleset, path: str) -> object:
    node: object = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node
