"""How ``regola ... --help`` reads: flags without a type after them.

typer prints the type of every option in the help table, so each flag
(``--json``, ``--divide``, ``--help`` itself) is followed by ``<bool>``,
which says nothing a reader needs. `Command` and `Group` give flags an
empty metavar, which typer prints instead of the type.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup


def _quiet_flags(params: list[Any]) -> list[Any]:
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A command whose help shows no type after a flag."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _quiet_flags(super().get_params(ctx))


class Group(TyperGroup):
    """A group of commands whose help shows no type after a flag."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _quiet_flags(super().get_params(ctx))
