"""Small Markdown building blocks shared by the page generators."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel


def rel(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A relative Markdown link target from one page (``a/b.md``) to another."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{target}#{anchor}" if anchor else target


def cell(text: Any) -> str:
    """Text made safe for one cell of a Markdown table."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def code(value: Any) -> str:
    """A value as inline code, JSON-formatted unless it is a plain string."""
    text = value if isinstance(value, str) else as_json(value)
    tick = "``" if "`" in text else "`"
    pad = " " if tick == "``" else ""
    return f"{tick}{pad}{text}{pad}{tick}"


def as_json(value: Any) -> str:
    """Compact JSON for option values (models, tuples, booleans)."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    elif isinstance(value, tuple | list):
        value = [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value]
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def slug(text: str) -> str:
    """An HTML id made of letters, digits and dashes."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")


def first_sentence(text: str) -> str:
    """The first sentence of a paragraph."""
    match = re.match(r"(.+?[.!?])(\s|$)", " ".join(text.split()))
    return match.group(1) if match else text


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def indent(text: str, by: str = "    ") -> str:
    """Indent every non-empty line (for admonitions and tabs)."""
    return "\n".join(by + line if line.strip() else line for line in text.splitlines())
