"""The ``regola`` command line: the root command, the one table of its
commands, and the entry point.

Every command turns bad input into a one-paragraph error on stderr (naming
the file, the field and what was expected) and exit status 2, never a
traceback. Each command group lives in a module of its own: `.variants`
(variants, show, play, rules, schema), `.check`, `.conform`, `.corpus`
(corpus, perft, trace-schema) and `.serve`. Those modules import what
their commands need (the spec, the reference, z3, the runner) inside the
commands, so that ``regola --help`` and the light commands start at once.
"""

from __future__ import annotations

import os
import sys

import typer

from . import check, conform, corpus, serve, variants
from .errors import BAD_INPUT, phrase, user_error_types
from .help import Command, Group

app = typer.Typer(
    name="regola",
    help="The rules of Briscola and Scopa: specs, reference interpreter, proofs, conformance.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)

COMMANDS = {
    "variants": variants.variants_command,
    "show": variants.show_command,
    "play": variants.play_command,
    "schema": variants.schema_command,
    "rules": variants.rules_command,
    "conform": conform.conform,
    "check": check.check,
    "trace-schema": corpus.trace_schema,
    "perft": corpus.perft,
    "serve": serve.serve,
}
"""Command name -> the function that runs it (its docstring is its help)."""
for _name, _command in COMMANDS.items():
    app.command(_name, cls=Command)(_command)
app.add_typer(corpus.corpus_app, name="corpus")


def main() -> None:
    """Console-script entry point: bad input exits with status 2 and a
    one-paragraph message, an internal failure with status 1; never a
    traceback unless REGOLA_DEBUG is set."""
    try:
        app()
    except BrokenPipeError:
        # The reader went away (e.g. `regola play ... | head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if isinstance(exc, user_error_types()):
            typer.echo(f"error: {phrase(exc)}", err=True)
            sys.exit(BAD_INPUT)
        if os.environ.get("REGOLA_DEBUG"):
            raise
        typer.echo(
            f"internal error: {type(exc).__name__}: {exc}. This is a bug in regola, "
            "not in your input; run again with REGOLA_DEBUG=1 to see where it happened.",
            err=True,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
