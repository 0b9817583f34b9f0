"""Option sets worth a scenario, read from the spec, never from a list of
variants.

`option_sets` looks at every option field of the schema that a
rule's ``when`` names or whose description cites a rule id (``rule
`briscola.score.tie```), tries each of its other values, and also builds,
for every rule whose ``when`` does not hold by default, the overrides that
make it hold. Each option set carries the rule ids it is about: the rules
those fields name or cite, and the rules it switches on.
"""

from __future__ import annotations

import itertools
import json
import re
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel

from regola.conformance.trace.record import load_ruleset
from regola.spec import Ruleset, SpecError, catalog, profiles, rule_ids, ruleset_hash, variant_ids

_RULE_REF = re.compile(r"`([a-z0-9]+(?:\.[a-z0-9*-]+)+)`")
_OFF = (None, False, "", "none", "never", (), [])

OPTION_HINTS: dict[str, Callable[[Ruleset], list[Any]]] = {
    # a list option has no values to enumerate: reburying the two strongest
    # faces is the usual form (P-BRI: Ace and Three)
    "deal.rebury_indicator": lambda rs: [list(rs.deck.strength[:2])],
}
"""Values to try for option fields that are neither a choice nor a flag."""


@dataclass(frozen=True)
class OptionSet:
    """Option overrides and the rule ids they are about."""

    options: dict[str, Any]
    target: frozenset[str]
    profile: str | None = None
    """The source profile these options are (`regola.spec.profiles`), if any."""

    @property
    def slug(self) -> str:
        """A file-name-friendly label: ``hand-scoring-tie-replay``, or
        ``profile-seed-004`` for a source profile."""
        if self.profile:
            return f"profile-{self.profile}"
        if not self.options:
            return "default"
        return "--".join(f"{_slug(k)}-{_value_slug(v)}" for k, v in self.options.items())


def option_fields(model: type[BaseModel] = Ruleset, prefix: str = "") -> Iterator[tuple[str, Any, str]]:
    """Every leaf option field: (dotted path, annotation, description)."""
    for name, info in model.model_fields.items():
        ann = info.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            yield from option_fields(ann, f"{prefix}{name}.")
        elif prefix:  # top-level fields (id, name, family...) are not options
            yield f"{prefix}{name}", ann, info.description or ""


def conditions(when: str) -> list[tuple[str, str, list[str]]]:
    """A ``when`` as (path, operator, values); operator is ``=``, ``!=`` or ``set``."""
    out = []
    for cond in when.split(" and "):
        for op in ("!=", "="):
            path, sep, values = cond.partition(op)
            if sep:
                out.append((path.strip(), op, [v.strip() for v in values.split("|")]))
                break
        else:
            out.append((cond.strip(), "set", []))
    return out


@cache
def _field_map() -> dict[str, tuple[Any, str]]:
    return {path: (ann, desc) for path, ann, desc in option_fields()}


def _choices(path: str, ruleset: Ruleset) -> list[Any]:
    """Every value worth trying for an option field."""
    ann = _field_map()[path][0]
    if typing.get_origin(ann) is typing.Literal:
        return list(typing.get_args(ann))
    if ann is bool:
        return [True, False]
    hint = OPTION_HINTS.get(path)
    return hint(ruleset) if hint else []


def _current(ruleset: Ruleset, path: str) -> Any:
    node: Any = ruleset
    for part in path.split("."):
        node = getattr(node, part)
    return node


def _related_rules(family: str, path: str) -> set[str]:
    """Rule ids a field's description cites, and rules whose ``when`` names it."""
    rules = catalog(family)
    out: set[str] = set()
    for ref in _RULE_REF.findall(_field_map()[path][1]):
        if ref.endswith(".*"):
            out |= {r for r in rules if r.startswith(ref[:-1])}
        elif ref in rules:
            out.add(ref)
    for rule in rules.values():
        if rule.when and any(p == path for p, _, _ in conditions(rule.when)):
            out.add(rule.id)
    return out


def _values_for(cond: tuple[str, str, list[str]], ruleset: Ruleset) -> list[Any]:
    """Values of an option field that satisfy one ``when`` condition."""
    path, op, wanted = cond
    choices = _choices(path, ruleset)
    if op == "set":
        return [v for v in choices if v not in _OFF]
    return [v for v in choices if (str(v) in wanted) == (op == "=")]


def option_sets(variant: str) -> list[OptionSet]:
    """The option sets worth a scenario for ``variant``, in a fixed order,
    without duplicates (two sets giving the same ruleset count once). They
    fit the schema; whether they prove the invariants is left to the caller
    (``load`` with its default ``checked=True``), as it costs a z3 run each."""
    default = load_ruleset(variant, checked=False)
    family = default.family
    base_rules = set(rule_ids(default))
    candidates: list[dict[str, Any]] = []
    # each source profile first, about every rule that holds under it
    named = {}
    for name, profile in (profiles(variant) if variant in variant_ids() else {}).items():
        key = json.dumps(profile.options, sort_keys=True)
        named[key] = f"{named[key]}-{name}" if key in named else name  # two sources that agree
        candidates.append(dict(profile.options))
    for path in _field_map():
        if not _related_rules(family, path):
            continue
        now = _current(default, path)
        for value in _choices(path, default):
            if value != now and not (isinstance(now, tuple) and list(now) == value):
                candidates.append({path: value})
    for rule in catalog(family).values():
        if not rule.when or rule.applies_to(default):
            continue
        conds = conditions(rule.when)
        per_cond = [_values_for(c, default) for c in conds]
        for combo in itertools.islice(itertools.product(*per_cond), 16):
            candidates.append({c[0]: v for c, v in zip(conds, combo)})
    seen = {ruleset_hash(default)}
    out = []
    for options in candidates:
        try:
            ruleset = load_ruleset(variant, options, checked=False)
        except SpecError:
            continue
        digest = ruleset_hash(ruleset)
        if digest in seen:
            continue
        seen.add(digest)
        holds = set(rule_ids(ruleset))
        profile = named.get(json.dumps(options, sort_keys=True))
        about = set().union(*(_related_rules(family, p) for p in options)) | (holds - base_rules)
        target = frozenset((about & holds) or (holds if profile else set()))
        if target:
            out.append(OptionSet(options, target, profile))
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def _value_slug(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "-".join(_slug(str(v)) for v in value) or "empty"
    return _slug(str(value)).lower() if isinstance(value, bool) else _slug(str(value))


def shape(ruleset: Ruleset, switches: bool = True) -> tuple[Any, ...]:
    """Variants of one shape share what an option changes. For an option
    that switches rules on or off (``switches``): the family, the number of
    sides and the kinds of play, bidding and hand scoring. For one that
    only changes a value (a tie rule, a match kind): the family, the kinds
    of play and hand scoring, and the number of sides (any number, for a
    contract game: the bidder's side against the rest)."""
    sides: Any = len(ruleset.seating.sides())
    if switches:
        return (ruleset.family, sides, ruleset.play.kind, ruleset.bidding.kind, ruleset.hand_scoring.kind)
    if ruleset.hand_scoring.kind == "contract":
        sides = "contract"
    return (ruleset.family, ruleset.play.kind, ruleset.hand_scoring.kind, sides)


@cache
def cached_option_sets(variant: str) -> tuple[OptionSet, ...]:
    """`option_sets`, remembered per variant."""
    return tuple(option_sets(variant))


def shown_on(variant: str) -> list[OptionSet]:
    """The option sets whose scenarios go with ``variant``.

    Each option set is shown on the first shipped variant (by id) of its
    `shape` that has it (a finer shape for an option that switches rules on
    or off than for one that only changes a value). This keeps the corpus
    within its size budget.

    A variant file's traces (a house-rules file added with
    `regola.spec.add_variant_file`) are of its own rules only: none."""
    if variant not in variant_ids():
        return []
    default = load_ruleset(variant, checked=False)
    base = set(rule_ids(default))
    out = []
    for opts in cached_option_sets(variant):
        if opts.profile:  # a source profile's traces go with its own variant
            out.append(opts)
            continue
        switches = set(rule_ids(load_ruleset(variant, opts.options, checked=False))) != base
        mine = shape(default, switches)
        first = next(
            v for v in variant_ids()
            if shape(load_ruleset(v, checked=False), switches) == mine
            and any(o.options == opts.options for o in cached_option_sets(v))
        )
        if first == variant:
            out.append(opts)
    return out
