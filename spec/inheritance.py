"""Whose summary a ruleset carries, and what the ruleset changes from it.

A variant's ``summary`` and ``sources`` describe the file that writes them.
A file that leaves them out takes them from the file it extends: right
when it only renames the game, wrong when it changes what is played (a
target of 31 under a summary saying 21). Options and profiles do the same
to a shipped variant. `summary_origin` finds the file the summary comes
from and the values the ruleset changes from that file, so that ``regola
show``, ``regola check`` and the pages can mark the summary as another's
and list the ruleset's own values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .schema import Ruleset

NOT_COMPARED = ("id", "name", "summary", "sources")
"""Fields that say what a ruleset is called and where it comes from, not
what is played."""

SHOWN = 6
"""How many changes `SummaryOrigin.note` lists before counting the rest."""


@dataclass(frozen=True)
class SummaryOrigin:
    """Where a ruleset's summary comes from, when it no longer describes it."""

    origin: str
    """The id of the variant whose file writes the summary."""
    inherited: bool
    """Whether the summary is inherited through ``extends`` (else the
    ruleset is the origin's own with options or a profile over it)."""
    sources: bool
    """Whether the sources come from that file (or one above it) too."""
    changes: tuple[tuple[str, Any, Any], ...]
    """(field path, the origin's value, this ruleset's value), in field order."""

    def note(self) -> str:
        """One sentence for people: whose summary it is and what differs."""
        listed = "; ".join(f"{path} {_pair(old, new)}" for path, old, new in self.changes[:SHOWN])
        more = len(self.changes) - SHOWN
        if more > 0:
            listed += f"; and {more} more"
        if not self.inherited:
            return f"The summary describes {self.origin} as its file has it; this ruleset's own values differ: {listed}."
        if self.sources:
            return (f"The summary and sources are those of {self.origin}, which this file extends, and do "
                    f"not describe its own values: {listed}.")
        return f"The summary is that of {self.origin}, which this file extends, and does not describe its own values: {listed}."


def summary_origin(variant: str | Path, ruleset: Ruleset) -> SummaryOrigin | None:
    """Where ``ruleset``'s summary comes from, if the ruleset (the variant
    ``variant`` with whatever options or profile) plays otherwise than the
    file that writes the summary; None when the summary is its own and fits
    it, or the ruleset changes nothing that is played."""
    from .loader import _find, _read, load

    path = _find(variant)
    chain = _chain(path)
    writer = next((p for p in chain if "summary" in _read(p)), chain[-1])
    sources_from = next((p for p in chain if "sources" in _read(p)), chain[-1])
    origin_id = writer.stem.lstrip("_")
    origin = load(writer, checked=False)
    changes = tuple(_differences(origin, ruleset))
    if not changes:
        return None
    return SummaryOrigin(
        origin=origin_id,
        inherited=writer != path,
        sources=sources_from != path,
        changes=changes,
    )


def _chain(path: Path) -> list[Path]:
    """The file and the files it extends, nearest first."""
    from .loader import VARIANTS_DIR, _read

    out = [path]
    while True:
        parent = _read(out[-1]).get("extends")
        if not isinstance(parent, str):
            return out
        nxt = out[-1].parent / f"{parent}.toml"
        if not nxt.is_file():
            nxt = VARIANTS_DIR / f"{parent}.toml"
        if not nxt.is_file() or nxt in out:
            return out
        out.append(nxt)


def _differences(a: Ruleset, b: Ruleset) -> list[tuple[str, Any, Any]]:
    left, right = _flat(a.model_dump(mode="json")), _flat(b.model_dump(mode="json"))
    return [
        (path, left.get(path), right.get(path))
        for path in dict.fromkeys([*left, *right])
        if path.split(".")[0] not in NOT_COMPARED and left.get(path) != right.get(path)
    ]


def _flat(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flat(value, path + "."))
        else:
            out[path] = value
    return out


def _pair(old: Any, new: Any) -> str:
    """``old -> new``, each cut short where long, unless that hides the difference."""
    full = [v if isinstance(v, str) else json.dumps(v) for v in (old, new)]
    cut = [t if len(t) <= 40 else t[:39] + "…" for t in full]
    shown = full if cut[0] == cut[1] else cut
    return f"{shown[0]} -> {shown[1]}"
