"""What the rules ARE: the schema, the variant files, the rule catalogue.

Imports nothing else of regola's.
"""

from .loader import (
    SpecError,
    add_variant_file,
    canonical_json,
    did_you_mean,
    is_variant_file,
    json_schema,
    load,
    load_all,
    parse_option,
    ruleset_hash,
    variant_files,
    variant_id,
    variant_ids,
)
from .profiles import Profile, profile_options, profiles
from .rules import Rule, catalog, rule_ids
from .schema import Ruleset

__all__ = [
    "Profile",
    "Rule",
    "Ruleset",
    "SpecError",
    "add_variant_file",
    "canonical_json",
    "catalog",
    "did_you_mean",
    "is_variant_file",
    "json_schema",
    "load",
    "load_all",
    "parse_option",
    "profile_options",
    "profiles",
    "rule_ids",
    "ruleset_hash",
    "variant_files",
    "variant_id",
    "variant_ids",
]
