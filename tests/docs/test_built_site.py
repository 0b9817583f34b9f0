"""The real site, built by mkdocs from the real specs and corpus (no folder
replaced, nothing monkeypatched), as CI's docs step builds it (issue 22):
every variant page has its Example game, the checks of
``docs/_gen/site_check.py`` find nothing, a rule id typed in the search box
finds the rules index first, and the pages of wide tables use the width of
the window.

The build takes a few tens of seconds, once per session.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _gen import data
from _gen.site_check import _page_file, check_site, read_page

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def test_every_variant_page_has_its_example_game_from_the_corpus(site):
    for rs in data.rulesets():
        page = read_page(_page_file(site, data.variant_page(rs.id)))
        assert "example-game" in page.ids, rs.id
        text = " ".join(page.text)
        assert f"conformance/data/corpus/{rs.id}/" in text, rs.id


def test_the_site_check_finds_nothing(site):
    assert check_site(site) == []


def test_mkdocs_serve_watches_folders_that_exist():
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    for folder in config["watch"]:
        assert (ROOT / folder).is_dir(), folder
    assert "conformance/data/corpus" in config["watch"]


def _node() -> str:
    node = shutil.which("node")
    if node is None:  # as the JavaScript engine's test: CI has Node.js for it
        pytest.skip("node is not on PATH: the search test runs Material's own search worker in Node.js")
    return node


SEARCH = r"""
// Material's search worker, run as it runs in the browser: fed the site's
// search index, asked one query, printing the locations it ranks, best first.
const fs = require("fs"), vm = require("vm");
const [worker, index, query] = process.argv.slice(2);
let handler = null;
const sandbox = { console, setTimeout, clearTimeout, URL, TextDecoder, TextEncoder };
sandbox.self = sandbox;
sandbox.addEventListener = (type, fn) => { if (type === "message") handler = fn; };
sandbox.postMessage = (msg) => {
  if (msg.type === 1) handler({ data: { type: 2, data: query } });
  else if (msg.type === 3) {
    console.log(JSON.stringify(msg.data.items.map((group) => group.map((d) => d.location))));
  }
};
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(worker, "utf8"), sandbox);
// the page sends the index with the theme's options (no suggestions here)
handler({ data: { type: 0, data: { ...JSON.parse(fs.readFileSync(index, "utf8")), options: { suggest: false } } } });
"""


def _search(site: Path, query: str) -> list[list[str]]:
    worker = next((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    script = site.parent / "search.js"
    script.write_text(SEARCH, encoding="utf-8")
    done = subprocess.run([_node(), str(script), str(worker), str(site / "search" / "search_index.json"), query],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("rule_id", ["briscola.trick.winner", "scopa.capture.ace-on-ace", "chiamata.bid.turn"])
def test_a_rule_id_searched_finds_the_rules_index_first(site, rule_id):
    results = _search(site, rule_id)
    assert results, rule_id
    first = results[0][0]
    assert first.startswith("rules/"), (rule_id, results[:3])
    assert first.endswith(f"#{rule_id}") or any(loc.endswith(f"#{rule_id}") for loc in results[0]), results[:2]


def test_the_pages_of_wide_tables_use_the_window(site):
    css = (ROOT / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert ".md-main__inner.md-grid:has(.wide-page)" in css and "max-width: none" in css
    for path in (data.VARIANTS_INDEX, data.COMPARISON, data.COMPAT):
        html = _page_file(site, path).read_text(encoding="utf-8")
        assert 'class="wide-page"' in html, path
        assert 'class="md-sidebar md-sidebar--secondary"' not in html or "hidden" in html.split(
            'md-sidebar--secondary')[1][:200], path  # no table of contents beside the tables
