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
import signal
import sys
import threading
from typing import NoReturn

import typer

from . import check, conform, corpus, fuzz, serve, variants
from .errors import BAD_INPUT, phrase, user_error_types
from .help import Command, Group

app = typer.Typer(
    name="regola",
    help="The rules of Briscola, Scopa and Tressette: specs, reference interpreter, proofs, conformance.",
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
    "fuzz": fuzz.fuzz,
}
"""Command name -> the function that runs it (its docstring is its help)."""
for _name, _command in COMMANDS.items():
    app.command(_name, cls=Command)(_command)
app.add_typer(corpus.corpus_app, name="corpus")


INTERRUPTED = 130
"""Exit status after Ctrl-C (SIGINT), as a shell gives: 128 + 2."""


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C: one line, then exit status 130, with no traceback. SystemExit
    (not KeyboardInterrupt, which click turns into "Aborted!" and status 1)
    unwinds the command, so that every ``with``/``finally`` runs: engines are
    closed, temporary files removed. A worker process forked by the command
    leaves at once, quietly: its parent does the talking."""
    global _INTERRUPTED
    if os.getpid() != _MAIN_PID:
        os._exit(INTERRUPTED)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not cut the clean-up short
    _INTERRUPTED = True
    from .progress import SILENT

    SILENT.set()  # the progress lines end before the one line
    typer.echo("interrupted", err=True)
    import multiprocessing

    for child in multiprocessing.active_children():  # worker processes (corpus generate --jobs)
        child.terminate()
    # Python drops an exception raised while it runs a finaliser (a z3
    # object's __del__, say): then the command would go on. This backstop
    # ends it anyway, killing the engines it started.
    sys.unraisablehook = lambda unraisable: None  # no "Exception ignored in ..." after the one line
    backstop = threading.Timer(3.0, _hard_exit)
    backstop.daemon = True
    backstop.start()
    raise SystemExit(INTERRUPTED)


def _hard_exit() -> None:
    from regola.conformance.protocol import process

    process.kill_all()
    sys.stderr.flush()
    os._exit(INTERRUPTED)


_MAIN_PID = os.getpid()
_INTERRUPTED = False


def main() -> None:
    """Console-script entry point: bad input exits with status 2 and a
    one-paragraph message, an internal failure with status 1; never a
    traceback unless REGOLA_DEBUG is set. Ctrl-C exits with status 130."""
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted)
    try:
        status = app(prog_name="regola", standalone_mode=False)
        if isinstance(status, int) and status:
            sys.exit(status)
    except typer.TyperException as exc:
        # a usage error (an unknown option, a bad value): one line, not
        # typer's box, then the command's exit status (2)
        usage_error(exc)
    except typer.Abort:  # the input ended while a command was asking
        typer.echo("error: the input ended", err=True)
        sys.exit(1)
    except SystemExit:
        if _INTERRUPTED:  # whatever the command made of the interruption
            sys.exit(INTERRUPTED)
        raise
    except BrokenPipeError:
        # The reader went away (e.g. `regola play ... | head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if _INTERRUPTED:  # the interruption, wrapped by a library (ctypes' ArgumentError...)
            sys.exit(INTERRUPTED)
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


def usage_error(exc: Exception) -> NoReturn:
    """Say a command-line usage error in one line naming the command, and
    exit with its status; a bare ``regola`` (no command) shows the help."""
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError":
        from typer import rich_utils

        rich_utils.rich_format_error(exc)  # the help, as typer shows it
        sys.exit(BAD_INPUT)
    where = ctx.command_path if ctx is not None else "regola"
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    typer.echo(f"error: {where}: {' '.join(message.split())} (see '{where} --help')", err=True)
    sys.exit(getattr(exc, "exit_code", BAD_INPUT))


if __name__ == "__main__":
    main()
