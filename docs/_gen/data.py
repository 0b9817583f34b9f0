"""What the generated pages are made from: the specs, the rule catalogues,
and two small tables kept beside the docs (sources and disagreements)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from regola.spec import load_all
from regola.spec.rules import RULES_DIR, Rule, catalog, rule_ids
from regola.spec.schema import Ruleset

DATA_DIR = Path(__file__).resolve().parent.parent / "_data"

# Where each generated page lives in the site (paths under docs/).
VARIANTS_INDEX = "variants/index.md"
RULES_INDEX = "rules/index.md"
COMPARISON = "rules/comparison.md"
DISAGREEMENTS = "rules/disagreements.md"
SOURCES = "rules/sources.md"
CLI = "reference/cli.md"
COMPAT = "engines/compatibility.md"
REALWORLD = "realworld/index.md"


def variant_page(variant_id: str) -> str:
    """The page of one variant."""
    return f"variants/{variant_id}.md"


@dataclass(frozen=True)
class Source:
    """One entry of the sources table."""

    key: str
    title: str
    note: str = ""
    url: str | None = None


@dataclass(frozen=True)
class View:
    """One position in a disagreement: what it says and who says it."""

    says: str
    sources: tuple[str, ...]
    set: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Topic:
    """One point on which the sources disagree."""

    number: int
    title: str
    family: str
    summary: str
    views: tuple[View, ...]


@cache
def sources() -> dict[str, Source]:
    """The sources table, by key, in the order it is written."""
    raw = _read("sources.toml")["source"]
    return {s["key"]: Source(**s) for s in raw}


@cache
def topics() -> tuple[Topic, ...]:
    """The disagreements, in order."""
    out = []
    for t in _read("disagreements.toml")["topic"]:
        views = tuple(
            View(says=v["says"], sources=tuple(v["sources"]), set=v.get("set", {}))
            for v in t.get("view", [])
        )
        out.append(Topic(t["number"], t["title"], t["family"], t["summary"], views))
    return tuple(out)


@cache
def families() -> list[str]:
    """Families that have a rule catalogue, sorted. A catalogue file joins
    the family named by its ``family`` key, else its own name's."""
    return sorted({catalogue_files()[p] for p in catalogue_files()})


@cache
def catalogue_files() -> dict[str, str]:
    """Each catalogue file's name and the family it belongs to."""
    out = {}
    for path in sorted(RULES_DIR.glob("*.toml")):
        with path.open("rb") as fh:
            out[path.name] = tomllib.load(fh).get("family", path.stem)
    return out


@cache
def catalogue_of_rule() -> dict[str, str]:
    """Each rule id's catalogue file name (without ``.toml``)."""
    out = {}
    for name in catalogue_files():
        with (RULES_DIR / name).open("rb") as fh:
            for rule in tomllib.load(fh).get("rule", []):
                out[rule["id"]] = name.removesuffix(".toml")
    return out


def game_of(ruleset: Ruleset) -> str:
    """The game a variant belongs to within its family: the catalogue that
    joins the family and has rules holding in it (``chiamata``,
    ``albastini``), else the family itself."""
    files = catalogue_of_rule()
    extra = {files.get(rid) for rid in rule_ids(ruleset)} - {ruleset.family, None}
    return min(extra) if extra else ruleset.family


def catalogues() -> dict[str, dict[str, Rule]]:
    """Every family's catalogue."""
    return {f: catalog(f) for f in families()}


@cache
def all_rule_ids() -> frozenset[str]:
    """Every rule id of every catalogue."""
    return frozenset(rid for cat in catalogues().values() for rid in cat)


@cache
def rulesets() -> tuple[Ruleset, ...]:
    """Every shipped variant, sorted by id."""
    return tuple(load_all())


@cache
def holds_in(rule_id: str) -> tuple[str, ...]:
    """Ids of the variants in which a rule holds."""
    return tuple(rs.id for rs in rulesets() if rule_id in rule_ids(rs))


def option_sources(path: str) -> list[tuple[Any, tuple[str, ...], int]]:
    """For an option path, each value the sources use: (value, source keys,
    disagreement number), in the order of the disagreements page."""
    out = []
    for topic in topics():
        for view in topic.views:
            if path in view.set:
                out.append((view.set[path], view.sources, topic.number))
    return out


def cited_source_keys() -> set[str]:
    """Every source key that a variant file or a rule cites."""
    keys = {k for rs in rulesets() for k in rs.sources}
    keys |= {k for cat in catalogues().values() for r in cat.values() for k in r.sources}
    return keys


def _read(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)
