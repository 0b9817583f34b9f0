"""Adapters that run third-party engines through the conformance suite.

Each adapter drives one engine published on PyPI (installed with
``pip install 'regola[engines]'``) as an in-process
`regola.conformance.protocol.engine.Engine`, so ``regola conform --engine
naipes`` replays the corpus into it. The findings are in
``docs/engines/``.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

ADAPTERS: dict[str, tuple[str, str]] = {
    "naipes": ("naipes", "NaipesAdapter"),
    "briscas": ("briscas", "BriscasAdapter"),
    "libbisca": ("libbisca", "LibbiscaAdapter"),
    "textarena": ("textarena", "TextarenaAdapter"),
}
"""Built-in adapter name -> (module in this package, class)."""


def adapter_names() -> list[str]:
    return sorted(ADAPTERS)


def adapter_factory(name: str) -> Callable[[], Any] | None:
    """The class of the built-in adapter called ``name`` (a factory of
    engines), or None if there is no such adapter."""
    entry = ADAPTERS.get(name)
    if entry is None:
        return None
    module, cls = entry
    return getattr(import_module(f"{__name__}.{module}"), cls)
