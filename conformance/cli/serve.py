"""``regola serve``: the reference as an engine over the JSON-lines protocol.

Registered in `regola.conformance.cli.commands`.
"""

from __future__ import annotations

import sys

from regola.conformance.protocol.engine import ReferenceEngine
from regola.conformance.protocol.serve import serve as serve_engine


def serve() -> None:
    """Serve the reference as an engine: JSON lines on stdin and stdout (protocol 1)."""
    serve_engine(ReferenceEngine(), sys.stdin, sys.stdout)
