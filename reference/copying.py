"""Copying a frozen state with some fields changed: both families' ``replace``.

Same meaning as `dataclasses.replace`, but the fields are copied directly
instead of running the generated ``__init__`` again (a frozen dataclass's
``__init__`` sets each field through ``object.__setattr__``), which was the
largest single cost of a step (``benchmarks/bench_reference.py``). A state
holds no ``__post_init__`` and no derived field, so the two build the same
value. For speed the names are checked after the copy, by counting: a state
holds exactly its fields, so a name that is not one adds a key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

S = TypeVar("S")


def replacer(cls: type[S]) -> Callable[..., S]:
    """The ``replace(state, **changes)`` of the frozen dataclass ``cls``."""
    names = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]
    count = len(names)
    new, setattr_ = object.__new__, object.__setattr__

    def replace(state: S, **changes: Any) -> S:
        copied = {**state.__dict__, **changes}
        if len(copied) != count:
            raise TypeError(f"{cls.__name__} has no field(s) {sorted(changes.keys() - names)}")
        out = new(cls)
        setattr_(out, "__dict__", copied)
        return out

    replace.__doc__ = f"A copy of a {cls.__name__} with some fields changed (`regola.reference.copying`)."
    return replace
