"""The command-line reference, generated from the ``regola`` typer app.

It walks the real command tree (groups included, so `regola corpus generate`
has its section) through the command objects typer builds, without importing
click itself: recent typer versions carry their own copy of it.
"""

from __future__ import annotations

from typing import Any

import typer


def _root() -> Any:
    from regola.conformance.cli.commands import app

    return typer.main.get_command(app)


def _context(cmd: Any, name: str, parent: Any = None) -> Any:
    return cmd.context_class(cmd, info_name=name, parent=parent)


def _param_line(param: Any, ctx: Any) -> str:
    """One parameter as a list item: how it is typed, then its help and default.

    A list, not a table: a table cell would need `|` escaped, and the escape
    shows inside code (`[ID|FILE]`).
    """
    record = param.get_help_record(ctx)
    if record is None:
        return f"- `{param.human_readable_name}`"
    name, help_text = record
    help_text = " ".join(help_text.split())
    return f"- `{name}`" + (f": {help_text}" if help_text else "")


def _help_text(text: str) -> str:
    # Click help keeps paragraphs separated by blank lines; \b marks a block
    # that must not be rewrapped.
    paras = [p for p in text.replace("\b\n", "").split("\n\n") if p.strip()]
    return "\n\n".join(" ".join(p.split()) for p in paras)


def _sections(cmd: Any, ctx: Any, path: str, depth: int) -> list[str]:
    """The section of one command, then those of its subcommands, in order."""
    parts = [f"{'#' * depth} `{path}`\n", "```text\n" + cmd.get_usage(ctx) + "\n```\n"]
    if cmd.help:
        parts.append(_help_text(cmd.help) + "\n")
    lines = [_param_line(p, ctx) for p in cmd.get_params(ctx) if p.name != "help"]
    if lines:
        parts.append("\n".join(lines) + "\n")
    for name in sorted(getattr(cmd, "commands", {}) or {}):
        sub = cmd.commands[name]
        if not sub.hidden:
            parts += _sections(sub, _context(sub, name, ctx), f"{path} {name}", min(depth + 1, 4))
    return parts


def cli_reference() -> str:
    """Markdown for every command and subcommand of ``regola``."""
    root = _root()
    ctx = _context(root, "regola")
    parts = [
        "# Command line\n",
        "Generated from the `regola` command itself, so it always matches the "
        "installed version. Every command prints a one-paragraph error and "
        "exits with a non-zero status on bad input; `regola COMMAND --help` "
        "shows the same text in the terminal.\n",
        "```text\n" + root.get_usage(ctx) + "\n```\n",
    ]
    if root.help:
        parts.append(_help_text(root.help) + "\n")
    for name in sorted(root.commands):
        cmd = root.commands[name]
        if not cmd.hidden:
            parts += _sections(cmd, _context(cmd, name, ctx), f"regola {name}", 2)
    return "\n".join(parts)
