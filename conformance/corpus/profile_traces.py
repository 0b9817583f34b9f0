"""The traces of one source profile (``regola corpus generate --profile NAME``).

A source profile (`regola.spec.profiles`) is an option set of a variant
that plays one of its sources as written, and the whole corpus already holds
its traces: the scenarios and the negative trace of its option set, named
``profile-<name>--<rule>`` and ``negative--profile-<name>``
(`regola.conformance.corpus.generate`). `build_profile` makes just those,
the same bytes as the whole generation makes, so that an engine playing one
source can be tested on its own traces. A profile that asks for nothing the
variant does not already do (its options give the variant's own ruleset)
has the variant's default-rules traces as its own.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from regola.conformance.corpus.generate import VariantCorpus, _Builder
from regola.conformance.corpus.focused import focused_traces
from regola.conformance.corpus.reach import reach
from regola.conformance.corpus.scenarios import OptionSet, shown_on
from regola.conformance.corpus.scenarios import cached_option_sets as _option_sets
from regola.conformance.trace.record import load_ruleset
from regola.spec import SpecError, profile_options, profiles, rule_ids, ruleset_hash, variant_ids


def build_profile(variant: str, name: str) -> VariantCorpus:
    """The traces of ``variant`` under its source profile ``name``, as the
    whole corpus holds them. `SpecError` for a profile the variant does not
    have (naming those it has) or whose options do not prove."""
    options = profile_options(variant, name)
    wanted = ruleset_hash(load_ruleset(variant, options))  # proved, as every traced ruleset
    b = _Builder(variant)
    default = OptionSet({}, frozenset(rule_ids(load_ruleset(variant))))
    b.playouts()
    b.negatives(default)
    b.scenarios(default, b.pending(default))
    if wanted == ruleset_hash(load_ruleset(variant, checked=False)):
        traces, notes = reach(variant, b.out.traces)
        for trace in traces:
            b.add(default, trace)
        b.out.notes += notes
        for trace in focused_traces(b.out.traces):  # as `.generate.build_variant` ends
            b.add(default, trace)
        return b.out
    sets = _option_sets(variant)
    for opts in shown_on(variant):
        if not opts.profile:
            break  # the profiles come first (`.scenarios.option_sets`)
        before = set(b.out.traces)
        notes = len(b.out.notes)
        b.try_option_set(opts, sets, default.target)
        if ruleset_hash(load_ruleset(variant, opts.options, checked=False)) == wanted:
            mine = {n: t for n, t in b.out.traces.items() if n not in before}
            return VariantCorpus(variant, mine, b.out.notes[notes:])
    raise SpecError(f"variant {variant}: profile {name!r}: only a shipped variant's profiles have traces of their "
                    "own (a variant file's traces are of its own rules)")


def profile_variants(name: str, variants: list[str] | None = None) -> list[str]:
    """The variants to build for ``--profile name``: those given (each must
    have the profile), or every shipped variant that has it."""
    if variants is not None:
        for v in variants:
            profile_options(v, name)  # SpecError naming the variant's profiles
        return list(variants)
    found = [v for v in variant_ids() if name in profiles(v)]
    if not found:
        have = sorted({p for v in variant_ids() for p in profiles(v)})
        raise SpecError(f"no shipped variant has a profile {name!r}; the profiles are: {', '.join(have)}")
    return found


def build_profiles(
    name: str,
    variants: list[str] | None = None,
    jobs: int | None = None,
    on_variant: Callable[[VariantCorpus], None] | None = None,
) -> list[VariantCorpus]:
    """`build_profile` for each of `profile_variants`, in parallel over
    variants; the result does not depend on ``jobs``."""
    chosen = profile_variants(name, variants)
    jobs = jobs or min(len(chosen), os.cpu_count() or 1)
    done = on_variant or (lambda _vc: None)
    if jobs <= 1 or any(v not in variant_ids() for v in chosen):
        built = []
        for v in chosen:
            built.append(build_profile(v, name))
            done(built[-1])
        return built
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(build_profile, v, name) for v in chosen]
        built = []
        for future in futures:
            built.append(future.result())
            done(built[-1])
        return built
