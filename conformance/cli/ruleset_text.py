"""A resolved ruleset as text a person reads top to bottom (``regola show``).

The deck comes first as a table (faces, points, strength); then every other
component with every field, defaults included, since the flat ruleset is
what the interpreter runs and what the hash covers. Only a group nested in a
component (``hand_scoring.scopa``...) that is left exactly as the schema has
it is shortened to one line. Components that only the other family reads
(`FAMILY_ONLY`: the Scopa capture rules in a Briscola, the stock and the
auction in a Scopa) are left out. Nothing else here depends on which
components exist, so new components show up without changes.
"""

from __future__ import annotations

import textwrap
from typing import Any

from pydantic import BaseModel
from rich.table import Table

from regola.spec import Ruleset, ruleset_hash
from regola.spec.inheritance import SummaryOrigin

HEADER_FIELDS = ("id", "name", "family", "summary", "sources")

FAMILY_ONLY = {
    "capture": "scopa",
    "hand_scoring.scopa": "scopa",
    "draw": "briscola",
    "exchange": "briscola",
    "bidding": "briscola",
    "calling": "briscola",
    "hand_scoring.contract": "briscola",
}
"""Components (and nested groups) that only one family's interpreter reads;
a ruleset of the other family leaves them as they are and `regola show`
does not print them (``--json`` has everything)."""


def _shown(path: str, family: str) -> bool:
    return FAMILY_ONLY.get(path, family) == family


def header_lines(ruleset: Ruleset, width: int = 78, origin: SummaryOrigin | None = None) -> list[str]:
    """Name, id, family, hash, sources and the summary paragraph; with
    ``origin`` (`regola.spec.inheritance.summary_origin`), a paragraph
    saying whose summary it is and which of the ruleset's own values it
    does not describe."""
    lines = [
        f"{ruleset.name} ({ruleset.id}, {ruleset.family} family)",
        f"ruleset hash: {ruleset_hash(ruleset)}",
        f"sources: {', '.join(ruleset.sources)}" + (" (inherited)" if origin and origin.inherited and origin.sources else ""),
        "",
    ]
    lines += textwrap.wrap(" ".join(ruleset.summary.split()), width=width)
    if origin is not None:
        lines += [""] + textwrap.wrap(origin.note(), width=width)
    return lines


def deck_line(ruleset: Ruleset) -> str:
    """The pack in one line: name, size, points, suits."""
    deck = ruleset.deck
    suits = ", ".join(
        f"{s.id} {s.name}" + (f" ({s.names['it']})" if "it" in s.names else "") for s in deck.suits
    )
    return f"deck {deck.name}: {len(deck.cards())} cards, {deck.total_points} points; suits {suits}"


def deck_table(ruleset: Ruleset) -> Table:
    """The faces of the deck: id, names, points, strength (1 = strongest)."""
    deck = ruleset.deck
    table = Table(show_edge=False)
    table.add_column("rank", no_wrap=True)
    table.add_column("name")
    table.add_column("Italian face", no_wrap=True)
    table.add_column("points", justify="right")
    table.add_column("strength", justify="right")
    has_value = any(getattr(r, "value", None) is not None for r in deck.ranks)
    if has_value:
        table.add_column("value", justify="right")
    strength = {rank: i + 1 for i, rank in enumerate(deck.strength)}
    for rank in deck.ranks:
        local = ", ".join(f"{v} ({k})" for k, v in rank.names.items())
        row = [
            rank.id,
            rank.name + (f" - {local}" if local else ""),
            rank.italian,
            str(rank.points),
            str(strength.get(rank.id, "-")),
        ]
        if has_value:
            row.append("-" if rank.value is None else str(rank.value))
        table.add_row(*row)
    return table


def component_lines(ruleset: Ruleset) -> list[str]:
    """Every component but the deck, field by field, nested ones indented."""
    lines: list[str] = []
    if ruleset.deck.removed:
        lines.append(f"deck.removed: {' '.join(ruleset.deck.removed)}")
    for name in type(ruleset).model_fields:
        value = getattr(ruleset, name)
        if name in HEADER_FIELDS or name == "deck" or not _shown(name, ruleset.family):
            continue
        if isinstance(value, BaseModel):
            lines.append(f"{name}:")
            lines += _model_lines(value, depth=1, path=name, family=ruleset.family)
        else:
            lines.append(f"{name}: {_scalar(value)}")
    return lines


def _model_lines(model: BaseModel, depth: int, path: str = "", family: str = "") -> list[str]:
    pad = "  " * depth
    lines: list[str] = []
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        here = f"{path}.{name}" if path else name
        if family and not _shown(here, family):
            continue
        if isinstance(value, BaseModel):
            if value == field.get_default(call_default_factory=True):
                # A nested group left as the schema has it: one line, not a page.
                lines.append(f"{pad}{name}: schema defaults (see --json)")
                continue
            lines.append(f"{pad}{name}:")
            lines += _model_lines(value, depth + 1, here, family)
        elif isinstance(value, tuple) and value and all(isinstance(v, BaseModel) for v in value):
            lines.append(f"{pad}{name}:")
            lines += [f"{pad}  - {_inline(v)}" for v in value]
        else:
            lines.append(f"{pad}{name}: {_scalar(value)}")
    return lines


def _inline(model: BaseModel) -> str:
    return ", ".join(f"{k}={_scalar(getattr(model, k))}" for k in type(model).model_fields)


def _scalar(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        if not value:
            return "none"
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in value.items()) + "}"
    if isinstance(value, BaseModel):
        return "{" + _inline(value) + "}"
    return str(value)


def profile_lines(variant: str, name: str | None, width: int = 78) -> list[str]:
    """The variant's source profiles (``--profile NAME``), one line each; with
    ``name``, that profile in full: the values it sets, the gaps the
    variant's values fill, its note and why the default differs."""
    from regola.spec import load, profiles
    from regola.spec.profiles import value_at

    known = profiles(variant)
    if name is None:
        if not known:
            return ["source profiles: none"]
        out = ["source profiles (--profile NAME plays one source exactly as written):"]
        wide = max(len(n) for n in known)
        for profile in known.values():
            sets = ", ".join(f"{k}={_scalar(v)}" for k, v in profile.options.items()) or "the variant's values"
            out.append(f"  {profile.name:{wide}}  {profile.source}: {_clip(sets, width - wide - 4)}")
        return out
    profile = known[name]
    ruleset = load(variant, profile=name, checked=False)
    out = [f"profile {name}: the variant as {profile.source} has it"]
    for key, value in profile.options.items():
        out.append(f"  sets    {key} = {_scalar(value)}")
    for key in profile.silent:
        out.append(f"  silent  {key}: the source does not say; {_scalar(value_at(ruleset, key))} fills the gap")
    for label, text in (("note", profile.note), ("departs", profile.departure)):
        if text:
            out += textwrap.wrap(text, width, initial_indent=f"  {label:7} ", subsequent_indent=" " * 10)
    return out


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 3, 10)] + "..."
