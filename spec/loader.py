"""Load variant files into flat, validated rulesets.

A variant file is TOML. It may name another variant in ``extends``; the
loader merges the two (tables merge key by key, every other value is
replaced) and validates the result as one `Ruleset`. Files whose name
starts with ``_`` are shared bases, not variants. Option overrides (a mapping
of dotted field paths to values) are merged the same way and validated like
the files, so a bad option fails exactly as a bad file would.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from . import load_cache
from .schema import Ruleset

VARIANTS_DIR = Path(__file__).parent / "variants"


class SpecError(Exception):
    """A variant file, a variant id or an option that cannot be used.

    The message is one paragraph for a person: the file or option, the field,
    and what was expected.
    """


class _NotATable(SpecError):
    """An option reaches into a field that the variant file did not give as a table."""


_FILES: dict[str, Path] = {}
"""Variant files added for this process (`add_variant_file`), by id."""


def variant_ids() -> list[str]:
    """Ids of the shipped variants, sorted."""
    return sorted(p.stem for p in VARIANTS_DIR.glob("*.toml") if not p.stem.startswith("_"))


def is_variant_file(value: str | Path) -> bool:
    """Whether ``value`` names a variant file rather than a variant id.

    A string is a path only if it ends in ``.toml`` or contains a slash, so
    a file or folder that happens to be called ``briscola-2`` in the current
    directory never hides the shipped variant of that id.
    """
    if isinstance(value, Path):
        return True
    return value.endswith(".toml") or "/" in value or (os.sep != "/" and os.sep in value)


def add_variant_file(path: str | Path) -> str:
    """Make the variant file at ``path`` known by its id (the file name
    without ``.toml``) for the rest of the process, and return the id.

    Traces and the engine protocol name a variant by id; a command that
    records or replays traces of a house-rules file adds the file first, so
    that `load` finds it by that id. The id may not be a shipped
    variant's, nor another added file's.
    """
    path = Path(path)
    if not path.is_file():
        raise SpecError(f"variant file {path} does not exist")
    vid = path.stem.lstrip("_")
    here = path.resolve()
    if vid in variant_ids():
        raise SpecError(
            f"variant file {path}: its id {vid!r} (the file name) is a shipped variant's; "
            f"rename the file so that its traces cannot be mistaken for {vid}'s"
        )
    if _FILES.get(vid, here) != here:
        raise SpecError(f"variant file {path}: the id {vid!r} is already taken by {_FILES[vid]}")
    _FILES[vid] = here
    return vid


def variant_files() -> dict[str, Path]:
    """The variant files added for this process (`add_variant_file`), by id."""
    return dict(_FILES)


def variant_id(value: str) -> str:
    """The variant id a command-line value names: an id as it is (shipped,
    or of a file already added), or for the path of a variant file, its id
    once the file is added (`add_variant_file`). Raises `SpecError`
    for an unknown id, with the nearest known ids."""
    if is_variant_file(value):
        return add_variant_file(value)
    _find(value)
    return value


def did_you_mean(value: str) -> str:
    """``did you mean briscola-2?`` for the known variant id closest in
    spelling to ``value`` (and any other exactly as close); empty when none
    is close."""
    near = _nearest_ids(value)
    if not near:
        return ""
    return f"did you mean {' or '.join(near) if len(near) < 3 else ', '.join(near[:-1]) + ' or ' + near[-1]}?"


def _nearest_ids(value: str) -> list[str]:
    close = difflib.get_close_matches(value, [*variant_ids(), *_FILES], n=3, cutoff=0.6)
    if not close:
        return []

    def ratio(other: str) -> float:
        return difflib.SequenceMatcher(None, value, other).ratio()

    best = ratio(close[0])
    return [c for c in close if ratio(c) == best]


def load(
    variant: str | Path,
    options: Mapping[str, Any] | None = None,
    *,
    checked: bool = True,
    profile: str | None = None,
) -> Ruleset:
    """Load a shipped variant by id, or a variant file by path, with options.

    A string is a path only if it ends in ``.toml`` or contains a slash
    (`is_variant_file`); any other string is an id, shipped or of a file
    added with `add_variant_file`.

    ``options`` maps dotted field paths to values, e.g.
    ``{"hand_scoring.tie": "replay", "deck.removed": ["2c"]}``.

    With ``checked`` (the default) the ruleset must also prove every
    invariant of `regola.spec.invariants`; a ruleset that fails one
    raises `SpecError` naming the invariant and its counterexample.
    Results are cached in-process, so loading a ruleset again is cheap.
    ``checked=False`` hands back a ruleset that only fits the schema (to
    report on it, as ``regola check`` does).

    ``profile`` names one of the variant's source profiles
    (`regola.spec.profiles`): its options apply first, and ``options``
    over them.
    """
    from .profiles import profile_options, strip_profiles

    path = _find(variant)
    key = load_cache.key(path, options) if profile is None else None
    ruleset = load_cache.cached(key)
    where = f"{path}" + (f" (profile {profile})" if profile else "") + (f" with options {_options_text(options)}" if options else "")
    if ruleset is None:
        reads: list[tuple[Path, bytes | None]] = []
        data = strip_profiles(_resolve(path, seen=(), reads=reads))
        data["id"] = path.stem.lstrip("_")
        if profile is not None:
            options = {**profile_options(path, profile), **(options or {})}
            where = f"{path} (profile {profile})" + (f" with options {_options_text(options)}" if options else "")
        if options:
            try:
                data = apply_options(data, options)
            except _NotATable as exc:
                raise SpecError(f"{path}: {exc}") from None
        try:
            ruleset = Ruleset.model_validate(data)
        except ValidationError as exc:
            raise SpecError(f"{where} breaks the schema: {_explain(exc)}") from None
        if key is not None:
            load_cache.keep(key, tuple(reads), ruleset)
    if checked:
        # imported here: z3 is only needed when the invariants are checked
        from .invariants import require_proved

        require_proved(ruleset, where)  # proofs are cached by the ruleset's hash
    return ruleset


def _options_text(options: Mapping[str, Any]) -> str:
    """Options as ``--option`` writes them: ``deal.packets=[7], match.target=5``."""
    return ", ".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())


def load_all() -> list[Ruleset]:
    """Every shipped variant with its default options."""
    return [load(v) for v in variant_ids()]


def parse_option(text: str) -> tuple[str, Any]:
    """Parse one ``key=value`` from the command line.

    The value is read as a TOML value (``replay``, ``"2c"``, ``["2c"]``,
    ``true``, ``3``); a bare word that is not valid TOML is taken as a string.
    """
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise SpecError(f"option {text!r}: expected key=value, e.g. hand_scoring.tie=replay")
    raw = raw.strip()
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    except RecursionError:
        raise SpecError(f"option {key.strip()!r}: value nested too deeply") from None
    _check_depth(value, f"option {key.strip()!r}")
    return key.strip(), value


def apply_options(data: dict[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """Return ``data`` with each dotted option path set, checking the path exists."""
    out = json.loads(json.dumps(data))  # deep copy of plain data
    for key, value in options.items():
        parts = key.split(".")
        model: type[BaseModel] = Ruleset
        node = out
        for i, part in enumerate(parts):
            fields = model.model_fields
            if part not in fields or part in ("id",):
                known = ", ".join(f for f in fields if f != "id")
                prefix = ".".join(parts[:i]) or "the ruleset"
                raise SpecError(
                    f"unknown option {key!r}: {prefix} has no field {part!r}; "
                    f"known fields: {known}"
                )
            if i == len(parts) - 1:
                node[part] = value
                break
            sub = fields[part].annotation
            if not (isinstance(sub, type) and issubclass(sub, BaseModel)):
                raise SpecError(f"unknown option {key!r}: {part!r} is not a group of options")
            model = sub
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                shown = repr(node) if len(repr(node)) <= 60 else repr(node)[:59] + "…"
                raise _NotATable(
                    f"option {key!r}: field {'.'.join(parts[: i + 1])} is {shown} in the variant, "
                    "not a table of fields, so it has no field to override"
                )
    return out


def canonical_json(ruleset: Ruleset) -> str:
    """The ruleset as canonical JSON: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        ruleset.model_dump(mode="json"),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def ruleset_hash(ruleset: Ruleset) -> str:
    """A stable content hash of the ruleset (``sha256:`` + hex of its canonical JSON).

    Kept for the rulesets `load` caches (frozen, so their JSON cannot change)."""
    known = load_cache.known_hash(ruleset)
    if known is not None:
        return known
    digest = "sha256:" + hashlib.sha256(canonical_json(ruleset).encode()).hexdigest()
    load_cache.keep_hash(ruleset, digest)
    return digest


def json_schema() -> dict[str, Any]:
    """JSON Schema of a resolved ruleset, for editors and other languages."""
    schema = Ruleset.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://regola.dev/schema/ruleset.json"
    return schema


# --- internals ------------------------------------------------------------


def _find(variant: str | Path) -> Path:
    if is_variant_file(variant):
        path = Path(variant)
        if not path.is_file():
            raise SpecError(f"variant file {path} does not exist")
        return path
    if variant in _FILES:
        return _FILES[variant]
    candidate = VARIANTS_DIR / f"{variant}.toml"
    if not candidate.is_file() or variant.startswith("_"):
        hint = did_you_mean(variant)
        raise SpecError(
            f"unknown variant {variant!r}; {hint + ' ' if hint else ''}shipped variants: "
            f"{', '.join(variant_ids())} (or give the path of a .toml file)"
        )
    return candidate


MAX_FILE_BYTES = 1 << 20
"""A variant file is a few kilobytes; past a mebibyte it is not one (and
reading, validating and showing it would stall)."""
MAX_DEPTH = 16
"""The deepest nesting of tables and lists a variant needs is 4."""
_EXTENDS = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def _read(path: Path, reads: list[tuple[Path, bytes | None]] | None = None) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SpecError(f"{path} cannot be read: {exc.strerror}") from None
    if reads is not None:
        reads.append((path, raw))
    if len(raw) > MAX_FILE_BYTES:
        raise SpecError(f"{path} is larger than {MAX_FILE_BYTES >> 20} MiB: too large for a variant file")
    known = load_cache.parsed(raw)  # the same bytes parse the same: a fresh copy of that parse
    if known is not None:
        return known
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SpecError(f"{path}, line {line}: not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{path} is not valid TOML: {exc}") from None
    except RecursionError:
        raise SpecError(f"{path}: values nested too deeply (a variant needs at most {MAX_DEPTH} levels)") from None
    _check_depth(data, str(path))
    load_cache.keep_parsed(raw, data)
    return data


def _check_depth(data: Any, where: str) -> None:
    """Refuse values nested deeper than `MAX_DEPTH` (before anything
    recursive, validation or JSON, walks them), naming the field."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, field, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SpecError(f"{where}: field {field}: values nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((v, f"{field}.{k}" if field else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{field}[{i}]", depth + 1) for i, v in enumerate(value))


def _resolve(path: Path, seen: tuple[Path, ...], reads: list[tuple[Path, bytes | None]] | None = None) -> dict[str, Any]:
    """The data of ``path`` merged over what it extends; ``reads`` collects
    each file read with its bytes, and each parent path found absent (None),
    for the cache of `load`."""
    if path.resolve() in seen:
        chain = " -> ".join(p.name for p in (*seen, path.resolve()))
        raise SpecError(f"{path}: 'extends' forms a cycle ({chain})")
    data = _read(path, reads)
    if "id" in data:
        raise SpecError(f"{path}: field 'id' is not allowed; the id is the file name ({path.stem})")
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str) or not _EXTENDS.fullmatch(parent) or ".." in parent:
        # a name, never a path: the file extended is beside this one or shipped
        shown = repr(parent) if len(repr(parent)) <= 60 else repr(parent)[:59] + "…"
        raise SpecError(
            f"{path}: field 'extends' must be the name of a variant beside the file or shipped "
            f"(letters, digits, '-', '_', '.', at most 100 characters, no folder), got {shown}"
        )
    parent_path = path.parent / f"{parent}.toml"
    if not parent_path.is_file():
        if reads is not None:
            reads.append((parent_path, None))  # a file put there later takes precedence
        parent_path = VARIANTS_DIR / f"{parent}.toml"
    if not parent_path.is_file():
        raise SpecError(f"{path}: 'extends' names {parent!r}, which is neither beside the file nor shipped")
    return _merge(_resolve(parent_path, (*seen, path.resolve()), reads), data)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"]) or "(top level)"
        msg = err["msg"].removeprefix("Value error, ")
        given = err.get("input")
        shown = "" if isinstance(given, dict) else f" (got {given!r})"
        parts.append(f"field {loc}: {msg}{shown}")
    return "; ".join(parts)
