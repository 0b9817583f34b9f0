"""The engine compatibility page, rendered from the runner's result files."""

from __future__ import annotations

from pathlib import Path

RESULTS_DIR = Path(__file__).resolve().parent.parent / "compat"


def compatibility() -> str:
    """Markdown of the compatibility matrix (engine x variant)."""
    return (
        "# Engine compatibility\n\n"
        "No results yet: no engine has been run against the conformance suite.\n"
    )
