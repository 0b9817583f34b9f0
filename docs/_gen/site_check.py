"""Checks of the built site: rule anchors and rule mentions.

``python docs/_gen/site_check.py SITE_DIR`` (run by CI after ``mkdocs
build``) exits non-zero and lists the problems when:

- a rule of a catalogue has no anchor (an element whose id is the rule id)
  on the rules index, or a rule that holds in a variant has none on that
  variant's page;
- the text of any page mentions a rule id that no catalogue defines, or a
  link points at a rule anchor that does not exist;
- a page would fetch anything from another machine (a script, stylesheet,
  font, image or frame with an ``http(s)://`` address), or shows a Mermaid
  diagram without loading the bundled Mermaid: the site must work offline;
- a variant page has no "Example game" section (the first hand of a
  corpus trace: the site was built without the corpus, or from the wrong
  folder).
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "_gen"

from . import data  # noqa: E402
from .links import mentioned_rule_ids  # noqa: E402


# Elements whose address the browser fetches as the page loads, and the
# attribute holding it (a link element only fetches for some rel values).
_FETCHED = {"script": "src", "img": "src", "iframe": "src", "source": "src", "video": "src",
            "audio": "src", "embed": "src", "link": "href"}
_LINK_FETCHES = {"stylesheet", "preconnect", "preload", "prefetch", "dns-prefetch", "icon",
                 "modulepreload", "manifest", "apple-touch-icon"}


class _Page(HTMLParser):
    """Ids, link targets, fetched addresses and visible text of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.fetched: list[str] = []
        self.classes: set[str] = set()
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"])
        self.classes.update((values.get("class") or "").split())
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"])
        attr = _FETCHED.get(tag)
        if attr and values.get(attr):
            rel = set((values.get("rel") or "").lower().split())
            if tag != "link" or rel & _LINK_FETCHES:
                self.fetched.append(values[attr] or "")
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, text: str) -> None:
        if not self._skip:
            self.text.append(text)


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _page_file(site: Path, doc_path: str) -> Path:
    """The HTML file of a page given by its docs path (directory URLs)."""
    stem = doc_path.removesuffix(".md")
    if stem.endswith("index"):
        return site / stem.removesuffix("index") / "index.html"
    return site / stem / "index.html"


def offline_problems(where: object, page: _Page) -> list[str]:
    """What keeps one page from working without a network."""
    problems = [
        f"{where}: fetches {url} from another machine"
        for url in page.fetched
        if url.startswith(("http://", "https://", "//"))
    ]
    if "mermaid" in page.classes and not any(u.endswith("mermaid.min.js") for u in page.fetched):
        problems.append(f"{where}: shows a diagram but does not load the bundled Mermaid")
    return problems


def check_site(site: Path) -> list[str]:
    """Every problem found in the built site at ``site``."""
    problems: list[str] = []
    known = data.all_rule_ids()
    index_file = _page_file(site, data.RULES_INDEX)
    if not index_file.is_file():
        return [f"{index_file}: the rules index was not built"]
    index = read_page(index_file)
    for rid in sorted(known - index.ids):
        problems.append(f"{index_file.relative_to(site)}: no anchor for rule {rid}")
    for rs in data.rulesets():
        file = _page_file(site, data.variant_page(rs.id))
        if not file.is_file():
            problems.append(f"{file.relative_to(site)}: the page of variant {rs.id} was not built")
            continue
        ids = read_page(file).ids
        from regola.spec.rules import rule_ids

        if "example-game" not in ids:
            problems.append(f"{file.relative_to(site)}: no Example game section (is the corpus there?)")
        for rid in rule_ids(rs):
            if rid not in ids:
                problems.append(f"{file.relative_to(site)}: no anchor for rule {rid}, which holds in {rs.id}")
    pages = {p: read_page(p) for p in sorted(site.rglob("*.html"))}
    for path, page in pages.items():
        where = path.relative_to(site)
        problems += offline_problems(where, page)
        for rid in sorted(mentioned_rule_ids(" ".join(page.text)) - known):
            problems.append(f"{where}: mentions rule id {rid}, which no catalogue defines")
        for href in page.hrefs:
            target, _, fragment = href.partition("#")
            if not fragment or fragment not in known and not mentioned_rule_ids(fragment):
                continue
            if fragment not in known:
                problems.append(f"{where}: links to #{fragment}, which is not a rule id")
                continue
            dest = path if not target else (path.parent / target).resolve()
            if dest.is_dir():
                dest = dest / "index.html"
            dest_page = pages.get(dest) if dest != path else page
            if dest_page is None or fragment not in dest_page.ids:
                problems.append(f"{where}: link {href} points at no anchor")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python docs/_gen/site_check.py SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0])
    if not site.is_dir():
        print(f"error: {site} is not a folder (build the site first: mkdocs build -d {site})", file=sys.stderr)
        return 2
    problems = check_site(site)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s) in {site}" if problems
          else f"rule anchors and mentions are consistent in {site}, and nothing is fetched from another machine")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
