"""``regola serve``: the reference as an engine over the JSON-lines protocol.

Registered in `regola.conformance.cli.commands`.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .errors import UserError, user_errors


def serve(
    variant: Annotated[
        Optional[list[str]],  # noqa: UP045 - typer reads this annotation at run time
        typer.Option(
            "--variant",
            metavar="FILE",
            help="Also play the variant in this .toml file, under its id (the file name); repeat for several.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the reference as an engine: JSON lines on stdin and stdout (protocol 1, or 1.1 when asked)."""
    from regola.conformance.protocol.engine import LATEST, ReferenceEngine
    from regola.conformance.protocol.serve import serve as serve_engine
    from regola.spec import add_variant_file, is_variant_file, load

    with user_errors():
        for path in variant or []:
            if not is_variant_file(path):
                raise UserError(f"--variant {path}: give the path of a variant .toml file (shipped variants are served anyway)")
            load(add_variant_file(path))  # a file that breaks the schema or an invariant stops here
    serve_engine(ReferenceEngine(protocol=LATEST), sys.stdin, sys.stdout)
