"""How ``regola ... --help`` reads: flags without a type after them, and
sentences that wrap at the width of the terminal.

typer prints the type of every option in the help table, so each flag
(``--json``, ``--divide``, ``--help`` itself) is followed by ``<bool>``,
which says nothing a reader needs. `Command` and `Group` give flags an
empty metavar, which typer prints instead of the type.

typer keeps the line breaks of a docstring, which are where the source
file wrapped it, so a help text broke in mid-sentence on a terminal of
another width. `Command` and `Group` join the lines of each paragraph
(`unwrap`): the terminal wraps them where it needs to.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

_KEEP_LINES = re.compile(r"^\s*(?:[-*•] |\d+\. |\x08|\$ )|^\s{4}", re.M)
"""A paragraph with a list item, a console line or indented text keeps its lines."""


def unwrap(text: str | None) -> str | None:
    """``text`` with the lines of each paragraph joined by spaces."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(p if _KEEP_LINES.search(p) else " ".join(p.split()) for p in paragraphs)

from typer.core import TyperCommand, TyperGroup


def _quiet_flags(params: list[Any]) -> list[Any]:
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A command whose help shows no type after a flag and wraps its sentences."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = unwrap(self.help)
        self.short_help = unwrap(self.short_help)

    def get_params(self, ctx: Any) -> list[Any]:
        return _quiet_flags(super().get_params(ctx))


class Group(TyperGroup):
    """A group of commands whose help shows no type after a flag and wraps its sentences."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = unwrap(self.help)
        self.short_help = unwrap(self.short_help)

    def get_params(self, ctx: Any) -> list[Any]:
        return _quiet_flags(super().get_params(ctx))
