"""Every package folder is installed: `pip install .` (the README's main
command) copies only the packages pyproject.toml lists."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {name: ROOT / path for name, path in config["package-dir"].items()}
    found = set()
    for top, folder in folders.items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder)
            found.add(".".join([top, *rel.parts]))
    assert found == set(config["packages"]), {
        "missing from packages": sorted(found - set(config["packages"])),
        "listed but no folder": sorted(set(config["packages"]) - found),
    }
