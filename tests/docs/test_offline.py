"""The rules site works without a network: Mermaid is bundled, no web font is
fetched, and the site check flags any page that would fetch from another
machine."""

from __future__ import annotations

from pathlib import Path

import yaml
from _gen.site_check import _Page, offline_problems

ROOT = Path(__file__).resolve().parents[2]


class _Loader(yaml.SafeLoader):
    """mkdocs.yml names Python objects (``!!python/name:``); they are not needed here."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _config() -> dict:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)


def test_no_web_fonts_and_mermaid_is_bundled():
    config = _config()
    assert config["theme"]["font"] is False
    scripts = config["extra_javascript"]
    assert "vendor/mermaid.min.js" in scripts
    bundle = ROOT / "docs" / "vendor" / "mermaid.min.js"
    # the theme loads Mermaid from a CDN only while no global `mermaid` exists
    assert 'globalThis["mermaid"]' in bundle.read_text(encoding="utf-8")[-500:]
    assert (ROOT / "docs" / "vendor" / "mermaid-LICENSE.txt").is_file()


def _page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def test_the_site_check_flags_what_needs_a_network():
    fonts = _page('<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>'
                  '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">')
    assert len(offline_problems("a.html", fonts)) == 2
    cdn = _page('<script src="https://unpkg.com/mermaid@11/dist/mermaid.min.js"></script>'
                '<div class="mermaid">flowchart TD</div>')
    assert offline_problems("a.html", cdn) == ["a.html: fetches https://unpkg.com/mermaid@11/dist/mermaid.min.js "
                                               "from another machine"]
    no_script = _page('<pre class="mermaid"><code>flowchart TD</code></pre>')
    assert offline_problems("a.html", no_script) == ["a.html: shows a diagram but does not load the bundled Mermaid"]
    fine = _page('<a href="https://taplo.tamasfe.dev/">Taplo</a><link rel="canonical" href="https://example.org/">'
                 '<script src="../../vendor/mermaid.min.js"></script><pre class="mermaid"></pre>')
    assert offline_problems("a.html", fine) == []
