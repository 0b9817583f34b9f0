"""What ``--engine`` names when it is not a command: a Python engine class.

``regola conform --engine X`` resolves ``X``, in this order:

1. a built-in adapter's name (``naipes``, ``briscas``, ...);
2. the name of an installed entry point in the group ``regola.engines``
   (``[project.entry-points."regola.engines"] myengine = "pkg.mod:MyEngine"``
   in the engine's ``pyproject.toml``);
3. ``module:Class`` (a module importable here, or from the current folder)
   or ``path/to/file.py:Class``: an out-of-tree adapter;
4. anything else is the command line of an engine speaking the JSON-lines
   protocol (`resolve_engine` returns None for it).

The class must implement `regola.conformance.protocol.engine.Engine` and is
built with no arguments, once per engine the runner starts.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from importlib import import_module, metadata
from pathlib import Path
from types import ModuleType
from typing import Any

from regola.conformance.adapters import adapter_factory

ENTRY_POINT_GROUP = "regola.engines"
ENGINE_METHODS = ("hello", "new", "apply", "view", "legal", "close")
_MODULE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")
_CLASS = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


class EngineSpecError(ValueError):
    """``--engine`` names a Python engine that cannot be loaded."""


def entry_point_names() -> list[str]:
    """The names of the engines installed in the ``regola.engines`` group."""
    return sorted({ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)})


def is_python_reference(spec: str) -> bool:
    """Whether ``spec`` reads as ``module:Class`` or ``file.py:Class`` (and
    not as a command line: no spaces)."""
    if not spec or any(c.isspace() for c in spec):
        return False
    where, colon, name = spec.rpartition(":")
    if not colon or not _CLASS.match(name):
        return False
    return where.endswith(".py") or bool(_MODULE.match(where))


def resolve_engine(spec: str) -> Callable[[], Any] | None:
    """The engine class ``spec`` names (see the module docstring), or None
    if ``spec`` is a command line. Raises `EngineSpecError` when ``spec``
    names a Python engine that cannot be loaded."""
    builtin = adapter_factory(spec)
    if builtin is not None:
        return builtin
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == spec:
            try:
                loaded = ep.load()
            except Exception as exc:  # noqa: BLE001 - any failure of a third-party import is reported
                raise EngineSpecError(
                    f"the engine {spec!r} (entry point {ep.value} in {ENTRY_POINT_GROUP}) cannot be loaded: "
                    f"{type(exc).__name__}: {exc}"
                ) from None
            return _checked(loaded, f"entry point {spec!r} ({ep.value})")
    if not is_python_reference(spec):
        return None
    where, _, name = spec.rpartition(":")
    module = _import_file(where) if where.endswith(".py") else _import_module(where)
    target: Any = module
    for part in name.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise EngineSpecError(f"--engine {spec}: {where} has no {name!r}") from None
    return _checked(target, spec)


def _import_file(path: str) -> ModuleType:
    file = Path(path)
    if not file.is_file():
        raise EngineSpecError(f"--engine {path}: no such file")
    name = f"regola_engine_{abs(hash(str(file.resolve())))}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise EngineSpecError(f"--engine {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001
        del sys.modules[name]
        raise EngineSpecError(f"--engine {path}: importing it failed: {type(exc).__name__}: {exc}") from None
    return module


def _import_module(name: str) -> ModuleType:
    try:
        return import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise EngineSpecError(f"--engine {name}: importing it failed: {exc}") from None
    # the module may be in the current folder, which a console script's
    # sys.path leaves out
    cwd = str(Path.cwd())
    if cwd in sys.path:
        raise EngineSpecError(f"--engine {name}: no module named {name!r}")
    sys.path.insert(0, cwd)
    try:
        return import_module(name)
    except ModuleNotFoundError:
        sys.path.remove(cwd)
        raise EngineSpecError(f"--engine {name}: no module named {name!r} (here or in the current folder)") from None
    except Exception as exc:  # noqa: BLE001
        raise EngineSpecError(f"--engine {name}: importing it failed: {type(exc).__name__}: {exc}") from None


def _checked(target: Any, what: str) -> Callable[[], Any]:
    if not isinstance(target, type):
        raise EngineSpecError(f"--engine {what}: not a class, but {type(target).__name__}")
    missing = [m for m in ENGINE_METHODS if not callable(getattr(target, m, None))]
    if missing:
        raise EngineSpecError(
            f"--engine {what}: {target.__name__} does not implement the Engine interface "
            f"(no {', '.join(missing)})"
        )
    return target


def engine_factory(spec: str | None, timeout: float) -> Callable[[], Any]:
    """A factory of engines for ``--engine SPEC``: the reference when
    ``spec`` is None, a Python engine class (see `resolve_engine`), or else
    the command line of a protocol engine, each request bounded by
    ``timeout`` seconds. Raises `EngineSpecError` like `resolve_engine`."""
    from regola.conformance.protocol.engine import ReferenceEngine

    if spec is None:
        return ReferenceEngine
    python_engine = resolve_engine(spec)
    if python_engine is not None:
        return python_engine
    from regola.conformance.protocol.client import SubprocessEngine

    return lambda: SubprocessEngine(spec, timeout=timeout)
