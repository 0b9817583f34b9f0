"""Rule ids in rendered HTML: turning mentions into links, and finding them."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from . import data

_SKIP = re.compile(r"(<a\b.*?</a>|<h[1-6]\b.*?</h[1-6]>|<pre\b.*?</pre>)", re.S)
_CODE = re.compile(r"<code>([a-z0-9]+(?:\.[a-z0-9-]+)+)</code>")
# A dotted name that starts like a rule id: a known prefix, then one or more
# dotted parts. File names (briscola.toml) are told apart by their suffix.
_FILE_SUFFIXES = {"toml", "md", "py", "json", "jsonl", "html", "yml", "yaml", "txt", "js", "xml"}


@cache
def rule_prefixes() -> frozenset[str]:
    """First parts of the rule ids (``briscola``, ``chiamata``, ``scopa``...)."""
    return frozenset({rid.split(".")[0] for rid in data.all_rule_ids()} | set(data.families()))


def link_rule_ids(html: str, href: Callable[[str], str]) -> str:
    """Wrap each ``<code>rule.id</code>`` that names a real rule in a link to
    ``href(rule_id)``; code already inside a link, a heading or a code block
    is left alone."""
    known = data.all_rule_ids()

    def link(match: re.Match[str]) -> str:
        rid = match.group(1)
        if rid not in known:
            return match.group(0)
        return f'<a class="rule-ref" href="{href(rid)}">{match.group(0)}</a>'

    parts = _SKIP.split(html)
    for i in range(0, len(parts), 2):
        parts[i] = _CODE.sub(link, parts[i])
    return "".join(parts)


def mentioned_rule_ids(text: str) -> set[str]:
    """Every dotted name in ``text`` that looks like a rule id: a known
    prefix followed by dotted parts (file names and ``prefix.*`` patterns
    excluded)."""
    prefixes = "|".join(sorted(map(re.escape, rule_prefixes()), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w./-])((?:{prefixes})(?:\.[a-z0-9][a-z0-9-]*)+)(?![\w*-]|\.[\w*])")
    out = set()
    for match in pattern.finditer(text):
        name = match.group(1)
        if name.rsplit(".", 1)[-1] in _FILE_SUFFIXES:
            continue
        out.add(name)
    return out
