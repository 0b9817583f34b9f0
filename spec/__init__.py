"""What the rules ARE: the schema, the variant files, the rule catalogue.

Imports nothing else of regola's.
"""

from .loader import (
    SpecError,
    canonical_json,
    json_schema,
    load,
    load_all,
    parse_option,
    ruleset_hash,
    variant_ids,
)
from .rules import Rule, catalog, rule_ids
from .schema import Ruleset

__all__ = [
    "Rule",
    "Ruleset",
    "SpecError",
    "canonical_json",
    "catalog",
    "json_schema",
    "load",
    "load_all",
    "parse_option",
    "rule_ids",
    "ruleset_hash",
    "variant_ids",
]
