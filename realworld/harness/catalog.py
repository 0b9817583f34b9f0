"""The files of an engine's folder, read and checked (formats in
``realworld/README.md``)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

ROOT = Path(__file__).resolve().parents[1]
"""``realworld/``."""


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EngineInfo(Model):
    slug: str
    repo: str = Field(pattern=r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
    commit: str = Field(pattern=r"^[0-9a-f]{40}$")
    language: str
    licence: str
    plays: str
    variants: list[str]
    house_options: dict[str, object] = {}
    adapter: str
    command: list[str]
    setup: list[list[str]] = []
    skipped_fields: list[str] = []
    notes: str = ""


class Bug(Model):
    id: str
    kind: Literal["bug", "house"] = "bug"
    file: str
    line: int
    rules: list[str] = Field(min_length=1)
    summary: str
    situation: str = ""
    expressible: bool = True
    why_not: str = ""
    found_by: Literal["reading", "regola"] = "reading"
    variant: str | None = None
    """The variant that shows it, when the engine plays several."""


class Plant(Model):
    id: str
    shape: str
    file: str
    line: int
    find: str
    replace: str
    rules: list[str] = Field(min_length=1)
    summary: str
    variant: str | None = None


class CatalogError(ValueError):
    """A file of an engine's folder that cannot be read: names the file and field."""


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as err:
        raise CatalogError(f"{path}: not valid TOML: {err}") from None


def _models(path: Path, key: str, model: type[Model]) -> list:
    data = _read(path) if path.exists() else {}
    out = []
    for i, item in enumerate(data.get(key, []), 1):
        try:
            out.append(model.model_validate(item))
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CatalogError(f"{path}: [[{key}]] number {i}, field {where}: {first['msg']}") from None
    ids = [m.id for m in out]
    if len(ids) != len(set(ids)):
        raise CatalogError(f"{path}: ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    return out


class Engine:
    """One engine's folder."""

    def __init__(self, slug: str, root: Path = ROOT) -> None:
        self.folder = root / slug
        if not (self.folder / "engine.toml").exists():
            known = ", ".join(engines(root)) or "none"
            raise CatalogError(f"no engine '{slug}' in {root} (known: {known})")
        try:
            self.info = EngineInfo.model_validate(_read(self.folder / "engine.toml"))
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CatalogError(f"{self.folder / 'engine.toml'}: field {where}: {first['msg']}") from None
        self.bugs: list[Bug] = _models(self.folder / "bugs.toml", "bug", Bug)
        self.plants: list[Plant] = _models(self.folder / "planted.toml", "plant", Plant)

    @property
    def slug(self) -> str:
        return self.info.slug

    @property
    def results(self) -> Path:
        """Where results are written: ``results/`` in the engine's folder, or
        ``$REGOLA_REALWORLD_OUT/SLUG`` (to try another regola without
        touching the committed results)."""
        out = os.environ.get("REGOLA_REALWORLD_OUT")
        return Path(out) / self.slug if out else self.folder / "results"

    def command(self, checkout: Path) -> list[str]:
        """The adapter's command line for a tree of the engine."""
        adapter = str(self.folder / self.info.adapter)
        return [w.replace("{adapter}", adapter).replace("{checkout}", str(checkout)) for w in self.info.command]


def engines(root: Path = ROOT) -> list[str]:
    """The slugs of every engine folder, sorted."""
    return sorted(p.parent.name for p in root.glob("*/engine.toml"))
