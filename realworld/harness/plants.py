"""Planted bugs: one line changed in a copy of the engine's own code, then
the same `regola conform` as the unplanted engine, and what changed.

A plant is **caught** when the planted copy's run has a divergence the
unplanted run does not have (or a trace that passed now errors). The rule
regola **blames** for it is voted over the traces where it shows: in each,
the first new divergence's rule, an explanation counting more than a guess
(the same vote as the mutation score of the reference). It is **right**
when that rule is one of the plant's rules.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalog import Engine, Plant
from .checkout import copy_tree
from .runs import Divergence, Run, conform


class PlantError(ValueError):
    pass


def apply_plant(tree: Path, plant: Plant) -> None:
    """Change the plant's one line in the tree (the text must occur exactly once on it)."""
    path = tree / plant.file
    if not path.exists():
        raise PlantError(f"{plant.id}: no file {plant.file} in the engine's tree")
    lines = path.read_text(encoding="utf-8").split("\n")
    if not 1 <= plant.line <= len(lines):
        raise PlantError(f"{plant.id}: {plant.file} has {len(lines)} lines, not {plant.line}")
    text = lines[plant.line - 1]
    if text.count(plant.find) != 1:
        raise PlantError(
            f"{plant.id}: {plant.file}:{plant.line} holds {plant.find!r} {text.count(plant.find)} times, not once: {text.strip()!r}"
        )
    lines[plant.line - 1] = text.replace(plant.find, plant.replace)
    path.write_text("\n".join(lines), encoding="utf-8")


@dataclass
class PlantResult:
    plant: Plant
    caught: bool
    blamed: str | None
    how: str | None
    right: bool
    traces_changed: list[str] = field(default_factory=list)
    rules_seen: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.plant.id,
            "shape": self.plant.shape,
            "rules": self.plant.rules,
            "summary": self.plant.summary,
            "caught": self.caught,
            "blamed": self.blamed,
            "how": self.how,
            "right": self.right,
            "traces_changed": self.traces_changed,
            "rules_seen": self.rules_seen,
            "ambiguous": self.ambiguous,
            "seconds": round(self.seconds, 1),
        }


def new_divergences(base: Run, planted: Run) -> dict[str, list[Divergence]]:
    """Per trace, the divergences (and errors) of the planted run that the
    unplanted run does not have, in order. At a line where the unplanted
    engine already differed, the new divergence is blamed by the cause
    (field by field) of the fields the plant changed there."""
    before = {t.id: t for t in base.traces}
    out: dict[str, list[Divergence]] = {}
    for t in planted.traces:
        b = before.get(t.id)
        old = {d.key() for d in b.divergences} if b else set()
        at = {(d.line, d.kind): d for d in b.divergences} if b else {}
        fresh = []
        for d in t.divergences:
            if d.key() in old:
                continue
            was = at.get((d.line, d.kind))
            # where the engine already differed, the plant is blamed by the cause of the fields it changed
            fresh.append(d.focused_on(d.changed_fields(was)) if was is not None else d)
        if t.status == "errored" and (b is None or b.status != "errored"):
            fresh.append(Divergence(None, f"error:{t.error_kind}", None, None, [], False))
        if fresh:
            out[t.id] = fresh
    return out


def verdict(changed: dict[str, list[Divergence]]) -> tuple[str | None, str | None, list[str]]:
    """The rule the changed traces blame: the first new divergence of each
    trace votes; an explanation counts, a guess only when nothing is explained."""
    firsts = [ds[0] for ds in changed.values() if ds and ds[0].rule]
    explained = [d for d in firsts if d.how not in (None, "guess")]
    pool = explained or firsts
    if not pool:
        return None, None, []
    votes = Counter(d.rule for d in pool)
    top = max(votes.values())
    winner = next(d for d in pool if votes[d.rule] == top)
    ambiguous = sorted({a for d in pool if d.rule == winner.rule for a in d.ambiguous})
    return winner.rule, winner.how, ambiguous


def run_plant(engine: Engine, tree: Path, base: Run, plant: Plant) -> PlantResult:
    with tempfile.TemporaryDirectory(prefix=f"regola-plant-{engine.slug}-") as tmp:
        copy = copy_tree(tree, Path(tmp) / "tree")
        apply_plant(copy, plant)
        run = conform(engine, copy)
    changed = new_divergences(base, run)
    blamed, how, ambiguous = verdict(changed)
    rules_seen = sorted({d.rule for ds in changed.values() for d in ds if d.rule})
    return PlantResult(
        plant, bool(changed), blamed, how, blamed in plant.rules, sorted(changed), rules_seen, ambiguous, run.seconds
    )
