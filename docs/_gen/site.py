"""All generated pages and where they go in the navigation."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import data
from .catalogue import rules_index
from .cli_ref import cli_reference
from .compat import compatibility
from .pages import comparison, disagreements, sources
from .realworld import matrix
from .variant import variant_chain, variant_file, variant_page, variants_index

DOCS_DIR = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Page:
    """One generated page: its path under docs/, its nav title, its Markdown."""

    path: str
    title: str
    markdown: str


WIDE_PAGES = (data.VARIANTS_INDEX, data.COMPARISON, data.COMPAT, data.REALWORLD)
"""Pages of wide tables: no table of contents beside them, and the text
column as wide as the window allows (``.wide-page`` in
``docs/stylesheets/extra.css``), so they read without sideways scrolling on
a desktop screen; a table still wider scrolls inside its own frame."""

SEARCH_BOOST = {data.RULES_INDEX: 10}
"""Pages the search ranks above others for the same words: a rule id typed
in the search box finds the rules index before the variant pages that
state the same rule."""


def front_matter(path: str) -> str:
    """The YAML front matter of a generated page (mkdocs reads it as the
    page's metadata), and the marker of a wide page."""
    meta = []
    if path in WIDE_PAGES:
        meta += ["hide:", "  - toc"]
    if path in SEARCH_BOOST:
        meta += ["search:", f"  boost: {SEARCH_BOOST[path]}"]
    head = "---\n" + "\n".join(meta) + "\n---\n\n" if meta else ""
    return head + ('<div class="wide-page" hidden></div>\n\n' if path in WIDE_PAGES else "")


def generate() -> list[Page]:
    """Every generated page."""
    pages = [
        Page(data.VARIANTS_INDEX, "All variants", variants_index()),
        *(Page(data.variant_page(rs.id), rs.name, variant_page(rs)) for rs in data.rulesets()),
        Page(data.RULES_INDEX, "Rules index", rules_index()),
        Page(data.COMPARISON, "Comparison", comparison()),
        Page(data.DISAGREEMENTS, "Disagreements", disagreements()),
        Page(data.SOURCES, "Sources", sources()),
        Page(data.CLI, "Command line", cli_reference()),
        Page(data.COMPAT, "Compatibility", compatibility()),
        Page(data.REALWORLD, "Real-world matrix", matrix()),
    ]
    return [Page(p.path, p.title, front_matter(p.path) + p.markdown) for p in pages]


def static_files() -> dict[str, bytes]:
    """Files copied into the site as they are, by their path under docs/:
    each variant's TOML file (and the shared bases), beside its page, so the
    page can link to the file."""
    from regola.spec.loader import VARIANTS_DIR

    out = {}
    for rs in data.rulesets():
        for name in variant_chain(rs.id):
            out[variant_file(name.removesuffix(".toml"))] = (VARIANTS_DIR / name).read_bytes()
    return out


def nav(existing: list[Any]) -> list[Any]:
    """The site navigation: the hand-written entries of ``mkdocs.yml`` with the
    generated pages filled in.

    A section whose entry is the placeholder string ``"generated:variants"``
    gets one entry per variant, grouped by family;
    ``"generated:pages-in:<folder>"`` the pages of that folder not named
    elsewhere; ``"optional:<page>.md"`` keeps the page only when it exists
    (pages other people write).
    """
    global _named
    _named = set(_paths(existing))
    out: list[Any] = []
    for item in existing:
        expanded = _expand(item)
        if expanded is not None:
            out.extend(expanded)
    return out


_named: set[str] = set()


def _paths(items: Any) -> list[str]:
    """Every page path named in a nav structure (markers resolved)."""
    out = []
    for item in items if isinstance(items, list) else [items]:
        if isinstance(item, dict):
            for value in item.values():
                out += _paths(value)
        elif isinstance(item, str) and not item.startswith("generated:"):
            out.append(item.removeprefix("optional:"))
    return out


def _expand(item: Any) -> list[Any] | None:
    if isinstance(item, str):
        if item == "generated:variants":
            return _variant_entries()
        if item.startswith("generated:pages-in:"):
            return _unlisted_pages(item.removeprefix("generated:pages-in:"))
        if item.startswith("optional:"):
            path = item.removeprefix("optional:")
            return [path] if (DOCS_DIR / path).is_file() else []
        return [item]
    if isinstance(item, dict):
        out = {}
        for title, value in item.items():
            if isinstance(value, list):
                out[title] = [e for entry in value for e in (_expand(entry) or [])]
            elif isinstance(value, str) and value.startswith("optional:"):
                path = value.removeprefix("optional:")
                if (DOCS_DIR / path).is_file():
                    out[title] = path
            else:
                out[title] = value
        return [out] if out else []
    return [item]


def _unlisted_pages(folder: str) -> list[Any]:
    """Hand-written pages of a folder that mkdocs.yml does not name, by file
    name (pages other people add, such as one page per tested engine)."""
    named = _named | {data.COMPAT}
    found = sorted(p.relative_to(DOCS_DIR).as_posix() for p in (DOCS_DIR / folder).glob("*.md"))
    return [p for p in found if p not in named]


def _variant_entries() -> list[Any]:
    """One entry per variant, grouped by family and, inside a family, by game
    (the catalogues that join the family: Chiamata, Albastini)."""
    tree: dict[str, dict[str, list[dict[str, str]]]] = {}
    for rs in data.rulesets():
        games = tree.setdefault(rs.family, {})
        games.setdefault(data.game_of(rs), []).append({rs.name: data.variant_page(rs.id)})
    out: list[Any] = []
    for family, games in sorted(tree.items()):
        entries: list[Any] = list(games.pop(family, []))
        entries += [{game.capitalize(): items} for game, items in sorted(games.items())]
        out.append({f"{family.capitalize()} family": entries})
    return out[0][next(iter(out[0]))] if len(out) == 1 else out
