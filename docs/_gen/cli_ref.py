"""The command-line reference, generated from the ``regola`` typer app."""

from __future__ import annotations

import click
import typer

from .md import table


def _command() -> click.Command:
    from regola.conformance.cli import app

    return typer.main.get_command(app)


def _param_row(param: click.Parameter, ctx: click.Context) -> tuple[str, str]:
    """(the parameter as typed, its help with default) as click prints them."""
    record = param.get_help_record(ctx)
    if record is None:
        return f"`{param.human_readable_name}`", ""
    name, help_text = record
    return f"`{name}`", " ".join(help_text.split())


def cli_reference() -> str:
    """Markdown for every command of ``regola``: usage, help, parameters."""
    root = _command()
    ctx = click.Context(root, info_name="regola")
    parts = [
        "# Command line\n",
        "Generated from the `regola` command itself, so it always matches the "
        "installed version. Every command prints a one-paragraph error and "
        "exits with a non-zero status on bad input; `regola COMMAND --help` "
        "shows the same text in the terminal.\n",
        "```text\n" + root.get_usage(ctx) + "\n```\n",
    ]
    if root.help:
        parts.append(" ".join(root.help.split()) + "\n")
    commands = getattr(root, "commands", {})
    if not commands:
        parts.append("No commands are registered yet.\n")
    for name in sorted(commands):
        cmd = commands[name]
        if cmd.hidden:
            continue
        sub = click.Context(cmd, info_name=name, parent=ctx)
        parts.append(f"## `regola {name}`\n")
        parts.append("```text\n" + cmd.get_usage(sub) + "\n```\n")
        if cmd.help:
            parts.append(_help_text(cmd.help) + "\n")
        rows = [_param_row(p, sub) for p in cmd.get_params(sub) if p.name != "help"]
        if rows:
            parts.append(table(["Parameter", "Meaning"], rows))
    return "\n".join(parts)


def _help_text(text: str) -> str:
    # Click help keeps paragraphs separated by blank lines; \b marks a block
    # that must not be rewrapped.
    paras = [p for p in text.replace("\b\n", "").split("\n\n") if p.strip()]
    return "\n\n".join(" ".join(p.split()) for p in paras)
