"""mkdocs hooks of the rules site.

- ``on_config``: generate the pages from the specs (``docs/_gen``) and fill
  the generated entries of the navigation;
- ``on_files``: hand the generated pages to mkdocs as in-memory files, so no
  generated Markdown is ever committed, with the variant files copied beside
  their pages;
- ``on_page_markdown``: fill the ``<!-- regola:NAME -->`` markers of
  hand-written pages with generated pieces (``docs/_gen/snippets.py``);
- ``on_page_content``: link every rule id written as code to its anchor (on
  the same page when it is there, else on the rules index).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

DOCS_DIR = Path(__file__).resolve().parent.parent
if str(DOCS_DIR) not in sys.path:
    sys.path.insert(0, str(DOCS_DIR))

import _gen  # noqa: E402
from _gen.data import RULES_INDEX  # noqa: E402
from _gen.links import link_rule_ids  # noqa: E402
from _gen.snippets import expand  # noqa: E402

_generated: list[_gen.Page] = []


def on_config(config):
    _gen.reset()
    _generated[:] = _gen.generate()
    if config.nav:
        config.nav = _gen.nav(config.nav)
    return config


def on_files(files: Files, config) -> Files:
    for page in _generated:
        existing = files.get_file_from_path(page.path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, page.path, content=page.markdown))
    for path, content in _gen.static_files().items():
        files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page, config, files: Files) -> str:
    return expand(markdown, page.file.src_uri)


def on_page_content(html: str, page, config, files: Files) -> str:
    index = files.get_file_from_path(RULES_INDEX)
    here = page.file.url

    def href(rule_id: str) -> str:
        if f'id="{rule_id}"' in html:
            return f"#{rule_id}"
        return get_relative_url(index.url, here) + f"#{rule_id}"

    return link_rule_ids(html, href)
