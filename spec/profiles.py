"""Source profiles: for each variant, the option set that plays one of the
sources it cites exactly as that source is written.

A profile is data in the variant file, a ``[profiles.<name>]`` table::

    [profiles.pagat]
    source = "P-BRI"
    options = { "hand_scoring.tie" = "draw", "information.partner_view" = "never" }
    silent = ["match.target"]
    departure = "One sentence, naming both sources, on why the variant's default differs."

``options`` are dotted field paths, exactly as ``--option`` takes them,
applied over the variant's own values; a field a profile does not name is
one where the source agrees with the variant. ``silent`` names the fields
the source leaves open: the variant's value fills the gap (or the one
``options`` gives, where the variant's does not fit the source's other
rules), and the page and ``regola show --profile`` say so. ``departure`` is set where the
variant's default does not follow this source (on purpose, because
another source it cites says otherwise).

A file that cites the same sources as the file it ``extends`` inherits its
profiles, each whole (a file's profile replaces an inherited one of the
same name, it is not merged); a file citing other sources writes its own,
and a variant keeps only the profiles of sources it cites: a profile
reproduces a source of *this* variant. The table never reaches the `Ruleset`, so a
ruleset's canonical JSON and hash do not depend on its profiles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from .schema import Model


class Profile(Model):
    """One source's reading of a variant, as options over the variant."""

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    """The profile's name, as ``--profile`` takes it (``pagat``, ``seed-004``)."""
    source: str
    """The key of the source it reproduces (one of the variant's `sources`)."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Dotted field paths and the values this source gives them."""
    silent: tuple[str, ...] = ()
    """Field paths this source does not settle; the variant's value (or the
    one `options` gives) fills the gap."""
    note: str = ""
    """What else to know: a rule of the source no option expresses yet, say."""
    departure: str = ""
    """Why the variant's default does not follow this source, in one
    sentence naming both sources; empty when the default follows it."""


def profiles(variant: str | Path) -> dict[str, Profile]:
    """The profiles of a variant (id or file), by name, in file order.

    Raises `SpecError` for a profile table that is not well formed; whether
    a profile's options fit the schema and prove is checked by
    ``load(variant, profile=name)``.
    """
    from .loader import SpecError, _find, _resolve

    path = _find(variant)
    data = _resolve(path, seen=())  # also reports a broken file or an extends cycle
    cited = set(data.get("sources", ()))
    out: dict[str, Profile] = {}
    for name, table in _inherited(path).items():
        if not isinstance(table, dict):
            raise SpecError(f"{path}: profiles.{name} must be a table (source, options, silent)")
        try:
            profile = Profile.model_validate({"name": name, **table})
        except ValidationError as exc:
            from .loader import _explain

            raise SpecError(f"{path}: profiles.{name} is not a valid profile: {_explain(exc)}") from None
        if profile.source in cited:
            out[name] = profile
    return out


def _inherited(path: Path) -> dict[str, Any]:
    """The profile tables of ``path`` and, when it cites the same sources as
    the file it extends, of that file; a file's profile replaces an
    inherited one of the same name whole (its note and departure speak of
    that file's variant). A file citing other sources writes its own."""
    from .loader import VARIANTS_DIR, _read, _resolve

    data = _read(path)
    parent = data.get("extends")
    base: dict[str, Any] = {}
    if isinstance(parent, str):
        parent_path = path.parent / f"{parent}.toml"
        if not parent_path.is_file():
            parent_path = VARIANTS_DIR / f"{parent}.toml"
        inherited_sources = _resolve(parent_path, seen=()).get("sources", ())
        if set(data.get("sources", inherited_sources)) == set(inherited_sources):
            base = _inherited(parent_path)
    own = data.get("profiles") or {}
    return {**base, **own} if isinstance(own, dict) else base


def profile_options(variant: str | Path, name: str) -> dict[str, Any]:
    """The options of the profile ``name`` of ``variant``; `SpecError`
    naming the variant's profiles when it has none of that name."""
    from .loader import SpecError

    known = profiles(variant)
    if name not in known:
        have = ", ".join(known) or "none"
        raise SpecError(f"variant {variant} has no profile {name!r}; its profiles: {have}")
    return dict(known[name].options)


def strip_profiles(data: dict[str, Any]) -> dict[str, Any]:
    """The resolved variant data without its profiles (they are not ruleset fields)."""
    return {k: v for k, v in data.items() if k != "profiles"}


def value_at(ruleset: Any, path: str) -> Any:
    """The value of a dotted field path in a ruleset, as plain JSON data."""
    node: Any = ruleset.model_dump(mode="json")
    for part in path.split("."):
        node = node[part]
    return node
