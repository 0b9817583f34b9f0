"""A variant page's "What each source says": one column per source the
variant cites (its source profiles, `regola.spec.profiles`), one row per
rule on which some source differs from the variant or is silent.

A cell in bold differs from the variant's value; a silent source shows the
variant's value that fills the gap, in italics. Below the table, each
profile's note, and, where the variant departs from a source on purpose,
the sentence that says why.
"""

from __future__ import annotations

from typing import Any

from regola.spec import load, profiles
from regola.spec.profiles import Profile, value_at
from regola.spec.schema import Ruleset

from .catalogue import source_links
from .md import as_json, code, table


def profile_rows(ruleset: Ruleset, known: dict[str, Profile]) -> list[str]:
    """The option paths some profile sets or leaves open, in first-seen order."""
    paths: list[str] = []
    for profile in known.values():
        for path in [*profile.options, *profile.silent]:
            if path not in paths:
                paths.append(path)
    def differs(path: str) -> bool:
        mine = value_at(ruleset, path)
        return any(
            path in p.options and path not in p.silent and p.options[path] != mine for p in known.values()
        )

    return sorted(paths, key=lambda path: not differs(path))  # the differences first


def _short(value: Any, width: int = 48) -> str:
    """A value as inline code, cut short when long (a payoff table...)."""
    text = code(value)
    if len(text) <= width:
        return text
    return code(as_json(value)[: width - 3] + "…")


def _cell(value: Any, mine: Any, silent: bool) -> str:
    if silent:
        return f"*silent: {_short(value)}*"
    text = _short(value)
    return f"**{text}**" if value != mine else text


def profiles_section(ruleset: Ruleset, page: str) -> str:
    """Markdown of the sources table of a variant page; empty when the
    variant has no profiles."""
    known = profiles(ruleset.id)
    if not known:
        return ""
    played = {name: load(ruleset.id, profile=name, checked=False) for name in known}
    paths = profile_rows(ruleset, known)
    out = [
        (
            "Each source this variant cites, played exactly as it is written, is "
        "a *source profile*: the options that reproduce it, proved like the "
        "variant (`regola check --profile all`). Play one with "
        f"`regola play {ruleset.id} --profile NAME`. In the table, **bold** "
        "marks a value that differs from this variant's, and *silent* a rule "
            "the source leaves open, with the value that fills the gap.\n"
        ),
    ]
    headers = ["Option", "This variant", *(f"{source_links([p.source], page)} `{p.name}`" for p in known.values())]
    rows = []
    for path in paths:
        mine = value_at(ruleset, path)
        cells = [_cell(value_at(played[n], path), mine, path in p.silent) for n, p in known.items()]
        rows.append([f"`{path}`", _short(mine), *cells])
    if rows:
        out.append(table(headers, rows))
    else:
        out.append(
            "Every source agrees with this variant's values: "
            + ", ".join(f"`{n}` ({source_links([p.source], page)})" for n, p in known.items())
            + ".\n"
        )
    notes = [f"- `{n}` ({source_links([p.source], page)}): {p.note}" for n, p in known.items() if p.note]
    if notes:
        out.append("\n".join(notes) + "\n")
    departures = [f"- `{n}` ({source_links([p.source], page)}): {p.departure}" for n, p in known.items() if p.departure]
    if departures:
        out.append("Where this variant does not follow a source it cites, and why:\n")
        out.append("\n".join(departures) + "\n")
    return "\n".join(out)
