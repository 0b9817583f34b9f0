"""The docs generator lives in docs/_gen (it is not part of the installed
package); make it importable, and generate the pages once per session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
if str(DOCS_DIR) not in sys.path:
    sys.path.insert(0, str(DOCS_DIR))


@pytest.fixture(scope="session")
def pages() -> dict[str, str]:
    """Every generated page's Markdown, by its path under docs/."""
    import _gen

    return {p.path: p.markdown for p in _gen.generate()}


@pytest.fixture(scope="session")
def handwritten() -> dict[str, str]:
    """Every hand-written Markdown page of the site, by its path under docs/."""
    return {
        p.relative_to(DOCS_DIR).as_posix(): p.read_text(encoding="utf-8")
        for p in DOCS_DIR.rglob("*.md")
        if not any(part.startswith("_") for part in p.relative_to(DOCS_DIR).parts)
    }
