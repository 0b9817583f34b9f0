"""Pages of the rules site generated from the specs at build time.

Nothing here is committed as Markdown: the mkdocs hook in
``docs/_hooks/generate.py`` calls :func:`generate` and hands the pages to
mkdocs as in-memory files, so the text and the interpreter read the very
same spec files. Every module renders one kind of page; :mod:`.site` puts
them together.
"""

from .site import Page, generate, nav, static_files


def reset() -> None:
    """Forget what was read from the specs, so a rebuild (``mkdocs serve``)
    sees edited spec files."""
    from regola.spec.rules import catalog

    from . import data, links, proofs, wording

    for fn in (data.sources, data.topics, data.families, data.catalogue_files, data.catalogue_of_rule,
               data.all_rule_ids, data.rulesets, data.holds_in, links.rule_prefixes, proofs.results, wording.wordings,
               catalog):
        fn.cache_clear()


__all__ = ["Page", "generate", "nav", "reset", "static_files"]
