"""JSON Schema of a variant *file*, as a person writes it (``regola schema``).

A file differs from the resolved ruleset that `regola.spec.json_schema`
describes: it has no ``id`` (the id is the file name), it may name a variant
to ``extends``, and then holds only the fields it overrides. Shared bases
(``_briscola.toml``) are incomplete on purpose. So in a file nothing is
required: tables merge key by key with the inherited ones, while a list (of
suits, of ranks, of game-point rows...) replaces the inherited list whole, so
each item of a list must be complete. Every name and value is checked as
strictly as in the ruleset (unknown keys are errors); whether the resolved
variant is complete is checked when it is loaded (``regola show FILE``).
"""

from __future__ import annotations

import copy
from typing import Any

from regola.spec import json_schema

SCHEMA_ID = "https://regola.dev/schema/variant-file.json"
PARTIAL = "-partial"


def variant_file_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that every file in ``spec/variants/`` meets."""
    ruleset = json_schema()
    defs: dict[str, Any] = ruleset.pop("$defs", {})
    properties = {k: v for k, v in ruleset["properties"].items() if k != "id"}
    properties["extends"] = {
        "type": "string",
        "title": "Extends",
        "description": "The variant this file builds on: a shipped variant id, or the "
        "name (without `.toml`) of a file in the same folder. The fields of this file "
        "override the inherited ones; tables merge key by key, lists are replaced.",
    }
    properties["profiles"] = _profiles_schema()
    file = _partial_object({"type": "object", "additionalProperties": False, "properties": properties})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "regola variant file",
        "description": (
            "A variant of a card game for regola, written in TOML: a complete "
            "ruleset, or with `extends` only the fields that differ from another "
            "variant. " + (ruleset.get("description") or "")
        ).strip(),
        **file,
        "$defs": {**defs, **{name + PARTIAL: _partial_object(d) for name, d in defs.items()}},
    }


def _profiles_schema() -> dict[str, Any]:
    """``[profiles.<name>]`` tables: the option set of each cited source
    (`regola.spec.profiles`); not part of the ruleset."""
    from regola.spec.profiles import Profile

    profile = Profile.model_json_schema()
    profile["properties"].pop("name", None)
    profile["required"] = [r for r in profile.get("required", []) if r != "name"]
    return {
        "type": "object",
        "title": "Profiles",
        "description": "Source profiles, by name (`--profile NAME`): for each source the "
        "variant cites, the options that play it exactly as written, the fields it leaves "
        "open (`silent`), a note, and why the variant departs from it.",
        "additionalProperties": profile,
    }


def _partial_object(schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema with nothing required, whose table-valued properties
    are partial too (list items keep their full schema)."""
    out = copy.deepcopy(schema)
    out.pop("required", None)
    if "properties" in out:
        out["properties"] = {k: _partial_value(v) for k, v in out["properties"].items()}
    return out


def _partial_value(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return {**schema, "$ref": ref + PARTIAL}
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return {**schema, key: [_partial_value(s) for s in schema[key]]}
    if schema.get("type") == "object" and "properties" in schema:
        return _partial_object(schema)
    return schema
