"""The options of a variant: every typed field of the schema, its value here,
its default, what it means (the field's docstring) and which sources use
which value (from the disagreements table)."""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined
from regola.spec.rules import Rule, catalog
from regola.spec.schema import Ruleset

from . import data
from .catalogue import source_links
from .md import as_json, code, rel

# Fields that identify the variant rather than configure it, and fields shown
# elsewhere on the page (the faces and suits tables).
SKIP = {"id", "name", "family", "summary", "sources", "deck.suits", "deck.ranks"}


def option_fields(
    model: type[BaseModel], prefix: str = "", parents: tuple[Any, ...] = ()
) -> Iterator[tuple[str, Any, tuple[Any, ...]]]:
    """(dotted path, FieldInfo, FieldInfos of the enclosing fields) of every
    leaf option, in schema order."""
    for name, info in model.model_fields.items():
        path = prefix + name
        if path in SKIP:
            continue
        sub = info.annotation
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            yield from option_fields(sub, path + ".", (*parents, info))
        else:
            yield path, info, parents


_REF = re.compile(r"`([a-z0-9]+(?:\.[a-z0-9-]+)+)(\.\*)?`")
_ONLY_WITH_KIND = re.compile(r"`kind = ([a-z0-9-]+)`")


def cited_rules(text: str | None) -> list[str]:
    """Rule ids (or ``prefix.`` for ``prefix.*``) cited in a docstring; only
    those that name rules of some catalogue count."""
    known = data.all_rule_ids()
    out = []
    for ref, wildcard in _REF.findall(text or ""):
        if wildcard and any(r.startswith(ref + ".") for r in known):
            out.append(ref + ".")
        elif not wildcard and ref in known:
            out.append(ref)
    return out


def relevant(ruleset: Ruleset, path: str, info: Any, parents: tuple[Any, ...]) -> bool:
    """Whether an option belongs on this variant's page.

    Every option set away from its default does. An option at its default
    is left out when it only concerns other games: the rules its docstring
    cites (or, failing that, the nearest enclosing field's) are none of this
    family's, or none of them could hold here whatever this option's value
    (another of their conditions fails: the tie rule where hands are scored
    by contract); its group has a ``kind`` switched off (``none``); or the
    enclosing field says it applies only "with `kind = X`" and the kind here
    is another.
    """
    value = value_at(ruleset, path)
    default = default_of(info)
    if default is not PydanticUndefined and not _same(value, default):
        return True
    parts = path.split(".")
    for depth, parent in enumerate(parents, start=1):
        only = _ONLY_WITH_KIND.search(parent.description or "")
        if only:
            owner = value_at(ruleset, ".".join(parts[: depth - 1])) if depth > 1 else ruleset
            if str(getattr(owner, "kind", only.group(1))) != only.group(1):
                return False
    group = value_at(ruleset, ".".join(parts[:-1])) if len(parts) > 1 else ruleset
    if parts[-1] != "kind" and str(getattr(group, "kind", "")) in ("none", "never"):
        return False
    refs: list[str] = []
    for doc in (info.description, *(p.description for p in reversed(parents))):
        refs = cited_rules(doc)
        if refs:
            break
    if not refs:
        return True
    own = catalog(ruleset.family)
    rules = [own[i] for r in refs for i in own if i == r or (r.endswith(".") and i.startswith(r))]
    return any(_could_hold(rule, ruleset, path) for rule in rules)


def _could_hold(rule: Rule, ruleset: Ruleset, path: str) -> bool:
    """Whether a rule holds here, or would with another value of the option
    at ``path``: its conditions on other options all hold."""
    if rule.when is None:
        return True
    others = [c for c in rule.when.split(" and ") if re.split(r"\s*!?=", c.strip())[0] != path]
    return not others or Rule.model_construct(when=" and ".join(others)).applies_to(ruleset)


def components(model: type[BaseModel] = Ruleset) -> list[tuple[str, type[BaseModel]]]:
    """(field name, model) of each option group of the ruleset."""
    return [
        (name, info.annotation)
        for name, info in model.model_fields.items()
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)
    ]


def value_at(ruleset: BaseModel, path: str) -> Any:
    """The value of a dotted option path."""
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node


def default_of(info: Any) -> Any:
    """A field's default, or PydanticUndefined when the field is required."""
    if info.default is not PydanticUndefined:
        return info.default
    if info.default_factory is not None:
        return info.default_factory()
    return PydanticUndefined


def choices(info: Any) -> list[str]:
    """The allowed values of a Literal field."""
    ann = info.annotation
    if typing.get_origin(ann) is typing.Literal:
        return [str(a) for a in typing.get_args(ann)]
    return []


def options_section(ruleset: Ruleset, page: str) -> str:
    """Markdown listing every option of the ruleset by group."""
    out = [
        "Every option below is a typed field of the spec, with the value this "
        "variant gives it. A house rule is an override, not code: in Python, "
        f"`load(\"{ruleset.id}\", {{\"hand_scoring.tie\": \"replay\"}})`.\n",
    ]
    hidden = 0
    for name, model in components():
        items = []
        for path, info, parents in option_fields(model, name + ".", (Ruleset.model_fields[name],)):
            if relevant(ruleset, path, info, parents):
                items.append(_option_item(ruleset, path, info, page))
            else:
                hidden += 1
        if not items:
            continue
        doc = " ".join((model.__doc__ or "").split())
        out.append(f"### {name.replace('_', ' ').capitalize()}\n")
        if doc:
            out.append(doc + "\n")
        out.append("\n".join(items) + "\n")
    if hidden:
        out.append(
            f"The schema has {hidden} more options, for other games (auctions, "
            "captures, other scoring), all at their defaults here; the "
            "[JSON Schema](" + rel(page, "reference/cli.md", "regola-schema") + ") lists them all.\n"
        )
    return "\n".join(out)


def _option_item(ruleset: Ruleset, path: str, info: Any, page: str) -> str:
    value = value_at(ruleset, path)
    default = default_of(info)
    if default is PydanticUndefined:
        state = "required, no default"
    elif _same(value, default):
        state = "the default"
    else:
        state = f"default {code(_plain(default))}"
    line = f"- **`{path}`** = {code(_plain(value))} ({state})"
    allowed = choices(info)
    if allowed:
        line += " · one of " + ", ".join(f"`{c}`" for c in allowed)
    desc = " ".join((info.description or "").split())
    if desc:
        line += f"  \n  {desc}"
    used: dict[str, tuple[Any, list[str], list[int]]] = {}
    for v, keys, number in data.option_sources(path):
        entry = used.setdefault(as_json(_plain(v)), (v, [], []))
        entry[1].extend(k for k in keys if k not in entry[1])
        if number not in entry[2]:
            entry[2].append(number)
    if used:
        bits = []
        for v, keys, numbers in used.values():
            here = " (this variant)" if _same(value, v) else ""
            refs = ", ".join(f"[#{n}]({rel(page, data.DISAGREEMENTS, f'disagreement-{n}')})" for n in numbers)
            bits.append(f"{code(v)}{here}: {source_links(keys, page)} ({refs})")
        line += "  \n  *In the sources:* " + "; ".join(bits)
    return line


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel | tuple | list):
        return json.loads(as_json(value))
    return value


def _same(a: Any, b: Any) -> bool:
    return as_json(_plain(a)) == as_json(_plain(b))
