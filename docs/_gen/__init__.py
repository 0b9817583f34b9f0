"""Pages of the rules site generated from the specs at build time.

Nothing here is committed as Markdown: the mkdocs hook in
``docs/_hooks/generate.py`` calls :func:`generate` and hands the pages to
mkdocs as in-memory files, so the text and the interpreter read the very
same spec files. Every module renders one kind of page; :mod:`.site` puts
them together.
"""

from .site import Page, generate, nav

__all__ = ["Page", "generate", "nav"]
