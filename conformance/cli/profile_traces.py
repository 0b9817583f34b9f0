"""``regola conform --profile NAME``: only the traces of a source profile.

A profile's traces are those the corpus recorded with exactly its options
(`regola.spec.profiles`, `regola.conformance.corpus.scenarios.option_sets`);
a trace says its variant and options in its first line.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import UserError


def profile_traces(paths: list[Path], profile: str) -> list[Path]:
    """The traces among ``paths`` played under ``profile`` of their variant,
    and those whose first line cannot be read (the run reports them as bad
    traces rather than dropping them in silence); `UserError` when no trace
    plays the profile."""
    from regola.conformance.trace.storage import first_line
    from regola.spec import SpecError, profile_options, profiles

    chosen, variants, unreadable = [], set(), []
    for path in paths:
        try:
            header = json.loads(first_line(path) or "{}")
            variant = header.get("variant")
        except (OSError, ValueError, AttributeError, RecursionError):
            unreadable.append(path)
            continue
        try:
            if variant is None or profile not in profiles(variant):
                continue
            wanted = profile_options(variant, profile)
        except SpecError:
            continue
        variants.add(variant)
        if header.get("options") == json.loads(json.dumps(wanted)):
            chosen.append(path)
    if not chosen:
        where = f" of {', '.join(sorted(variants))}" if variants else ""
        raise UserError(
            f"no trace plays the profile {profile!r}{where}: a profile that changes nothing is "
            "played by the variant's own traces, and a new profile needs `regola corpus generate`"
        )
    return sorted(chosen + unreadable)
