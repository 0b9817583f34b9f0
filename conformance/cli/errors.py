"""Bad input at the command line: one paragraph on stderr, exit status 2.

Every command wraps its work in `user_errors`, which turns the errors
that bad input can cause (an unknown variant, a bad option, a file that is
missing, unreadable, not TOML or against the schema) into a short message
naming the file, the field and what was expected. Errors that are not the
user's fault are left to `regola.conformance.cli.commands.main`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

BAD_INPUT = 2
"""Exit status for bad input (the same as for a bad command-line usage)."""


class UserError(Exception):
    """Bad input found by the command line itself; the message is for a person."""


def user_error_types() -> tuple[type[BaseException], ...]:
    """Exceptions that bad input can raise and that are phrased, not shown
    (imported when asked for, so that ``regola --help`` loads none of them)."""
    from pydantic import ValidationError

    from regola.reference import IllegalAction
    from regola.spec import SpecError

    return (UserError, SpecError, IllegalAction, ValidationError, OSError, ValueError)


def phrase(exc: BaseException) -> str:
    """One paragraph saying what was wrong with the input."""
    from pydantic import ValidationError

    from regola.reference import IllegalAction

    if isinstance(exc, IllegalAction):
        text = f"{exc.message} (rule {exc.rule_id})"
    elif isinstance(exc, ValidationError):
        text = f"{exc.title} is not valid: " + "; ".join(
            f"field {'.'.join(str(p) for p in err['loc']) or '(top level)'}: "
            f"{err['msg'].removeprefix('Value error, ')}"
            for err in exc.errors()
        )
    elif isinstance(exc, OSError):
        # "no space left on device: PATH", "file exists: PATH", "read-only
        # file system: PATH": the reason, then the path the user named (for
        # a rename, its target: the source is our temporary file)
        what = exc.filename2 if exc.filename2 is not None else exc.filename
        reason = (exc.strerror or str(exc) or "cannot be used").lower()
        text = f"{reason}: {what}" if what is not None else reason
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(text.split())


def fail(message: str, status: int = BAD_INPUT) -> NoReturn:
    """Print ``error: <message>`` on stderr and stop with ``status``."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    raise typer.Exit(status)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors bad input causes into `fail`."""
    try:
        yield
    except BrokenPipeError:
        raise
    except Exception as exc:
        if not isinstance(exc, user_error_types()):
            raise
        fail(phrase(exc))

