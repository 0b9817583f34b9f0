"""Traces: one recorded match (or the start of one), a JSON object per line.

Format ``regola-trace`` version 1 (``docs/trace-format.md``):

1. a ``header`` line: the variant, options and ruleset hash, the first deck
   order and the deal it gives, the omniscient view after that deal, and the
   rule ids the deal exercised; a focused trace adds the ``setup`` actions
   that lead to its position and the ``focus`` rule ids
   (`regola.conformance.trace.setup`);
2. ``step`` lines, one per action after the first deal, in order (later
   shuffles are steps with ``seat`` null): the action, the legal actions
   before it (``legal_count`` always, ``legal`` optionally), the omniscient
   view after it, its events and the rule ids it exercised; and ``reject``
   lines, actions the rules forbid at that point with the rule id that
   forbids them. A reject line does not change the state;
3. an ``end`` line: the match score and hand result at the end, and the
   number of steps.

Step indices count from 0. A reject line's ``index`` is the index the next
step would have, i.e. the number of steps before it.

JSON is written with sorted keys, no spaces, UTF-8 (`dumps_line`), so
the same trace is always the same bytes.
"""

from __future__ import annotations

import json
import os
import zlib
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Union, overload

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .atomic import new_folder_beside, write_bytes_atomic, write_text_atomic  # noqa: F401 - re-exported
from .storage import COMPRESSED, compress, open_binary, read_bytes, text_size

FORMAT = "regola-trace"
VERSION = 1
SCHEMA_ID = "https://regola.dev/schema/trace-v1.json"


class TraceError(ValueError):
    """A trace file that cannot be read: the message names the file and line."""


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ActionData(BaseModel):
    """An action: a JSON object tagged by `type`; player actions carry
    `seat` (`{"type": "play", "seat": 1, "card": "Ad"}`, `{"type": "shuffle",
    "deck": [...]}`)."""

    model_config = ConfigDict(extra="allow")

    type: str
    """The kind of action: shuffle, play, capture, exchange, bid, pass, call..."""


class Header(_Line):
    """The first line: what is played, and the first deal."""

    kind: Literal["header"]
    format: Literal["regola-trace"]
    """Always `regola-trace`."""
    version: Literal[1]
    """Format version."""
    variant: str
    """Variant id (`briscola-2`)."""
    options: dict[str, Any]
    """Option overrides, dotted field path to value (`{"hand_scoring.tie": "replay"}`)."""
    ruleset_hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    """Content hash of the resolved ruleset with those options."""
    name: str
    """The trace's name (its file name without `.jsonl`)."""
    purpose: Literal["playout", "scenario", "negative", "focused"]
    """A random playout, a scenario that exercises given rules, a trace with rejected actions, or a
    focused trace: a few steps about one rule from a position reached by `setup`."""
    description: str
    """What the trace shows, in words."""
    seed: int | None
    """The seed the deck orders and choices were drawn from, if any."""
    deck: list[str]
    """The first hand's deck order, top card first."""
    deal: dict[str, Any]
    """The deal event of the first shuffle (the first of its events)."""
    view: dict[str, Any]
    """The omniscient view after the first deal."""
    rules: list[str] = []
    """Rule ids the first deal exercised."""
    setup: list[ActionData] = []
    """Actions played after the first deal, before the first step line, to reach the position a
    focused trace starts from: the engine must accept them; nothing is compared until they are
    all played. Empty (and absent) for a trace that starts at its deal."""
    focus: list[str] = []
    """The rule ids a focused trace is about (exercised by its first step or reject line)."""


class Step(_Line):
    """One action and the state after it."""

    kind: Literal["step"]
    index: int = Field(ge=0)
    """Position among the steps, from 0."""
    seat: int | None
    """The acting seat; null for a shuffle."""
    action: ActionData
    legal_count: int = Field(ge=0)
    """How many actions were legal before this step (0 at a shuffle)."""
    legal: list[ActionData] | None = None
    """The legal actions before this step, in canonical order (optional)."""
    view: dict[str, Any]
    """The omniscient view after the step."""
    events: list[dict[str, Any]]
    """What happened (plays, tricks, draws, scores...)."""
    rules: list[str]
    """Rule ids the step exercised."""


class Reject(_Line):
    """An action the rules forbid here; the state does not change."""

    kind: Literal["reject"]
    index: int = Field(ge=0)
    """The index the next step would have (the number of steps before this line)."""
    seat: int | None
    """The seat named by the action, if any."""
    action: ActionData
    rule: str
    """The id of the rule that forbids the action."""
    message: str
    """Why, in words (informative; engines need not match it)."""


class End(_Line):
    """The last line."""

    kind: Literal["end"]
    match: dict[str, Any]
    """The `match` field of the last view."""
    result: dict[str, Any] | None
    """The `result` field of the last view (null during a hand)."""
    steps: int = Field(ge=0)
    """The number of step lines."""


TraceLine = Annotated[Union[Header, Step, Reject, End], Field(discriminator="kind")]
_LINE = TypeAdapter(TraceLine)


@dataclass
class Trace:
    """A trace in memory: its lines as plain JSON data."""

    header: dict[str, Any]
    items: Sequence[dict[str, Any]] = field(default_factory=list)
    """Step and reject lines, in order: a list, or for a large file
    (`STREAM_BYTES`) a `LinesOnDisk` that reads them from the file when
    asked, so that memory stays bounded however long the trace."""
    end: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None

    @property
    def steps(self) -> list[dict[str, Any]]:
        """The step lines only."""
        return [i for i in self.items if i["kind"] == "step"]

    def lines(self) -> list[dict[str, Any]]:
        """Every line, header first."""
        return [self.header, *self.items, self.end]


def dumps_line(obj: Any) -> str:
    """One trace line as canonical JSON (no newline)."""
    if isinstance(obj, BaseModel):
        obj = obj.model_dump(mode="json", exclude_none=False)
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def dumps_trace(trace: Trace) -> str:
    """The whole trace file's text."""
    return "".join(dumps_line(line) + "\n" for line in trace.lines())


def write_trace(path: str | os.PathLike[str], trace: Trace) -> None:
    """Write ``trace`` to ``path`` atomically, compressed if the name ends
    in ``.jsonl.gz`` (`.storage`)."""
    path = Path(path)
    if path.name.endswith(COMPRESSED):
        write_bytes_atomic(path, compress(dumps_trace(trace)))
    else:
        write_text_atomic(path, dumps_trace(trace))


def read_trace(path: str | os.PathLike[str]) -> Trace:
    """Read and check a trace file.

    A compressed file (``.jsonl.gz``) reads as its text (`.storage`).
    Raises `TraceError` naming the file and line for anything wrong:
    not JSON, a line that breaks the schema, an unsupported version, lines
    out of order, step indices that skip, an end line whose step count is
    wrong.
    """
    path = Path(path)
    try:
        if text_size(path) > STREAM_BYTES:
            return _read_streaming(path)
        raw_bytes = read_bytes(path)
    except (OSError, EOFError, zlib.error) as exc:  # EOFError, zlib.error: a broken .jsonl.gz read as a stream
        raise TraceError(f"{path}: cannot be read: {(getattr(exc, 'strerror', None) or str(exc)).lower()}") from None
    try:
        text = raw_bytes.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw_bytes[: exc.start].count(b"\n") + 1
        raise TraceError(f"{path}:{line}: not UTF-8 text (byte 0x{raw_bytes[exc.start]:02x})") from None
    raw = text.split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    if not raw:
        raise TraceError(f"{path}: empty file; a trace starts with a header line")
    lines = [_parse_line(path, n, line) for n, line in enumerate(raw, start=1)]
    return _assemble(path, lines)


def parse_line(data: Any) -> BaseModel:
    """Validate one line's data against the schema (raises ValidationError)."""
    return _LINE.validate_python(data)


def trace_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of one trace line."""
    schema = _LINE.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "regola trace line, format version 1",
        "description": (
            "One line of a regola trace (.jsonl): a header, then step and reject "
            "lines, then an end line. See docs/trace-format.md."
        ),
        **schema,
    }


def schema_text() -> str:
    """The trace schema as the text of ``conformance/data/schema/trace.schema.json``."""
    return json.dumps(trace_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"




# --- internals ------------------------------------------------------------


def _parse_line(path: Path, number: int, line: str) -> dict[str, Any]:
    where = f"{path}:{number}"
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise TraceError(f"{where}: not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise TraceError(f"{where}: JSON nested too deeply to be a trace line") from None
    if not isinstance(data, dict):
        raise TraceError(f"{where}: a trace line must be a JSON object, got {type(data).__name__}")
    if data.get("kind") == "header" and data.get("version") != VERSION:
        raise TraceError(
            f"{where}: trace format version {data.get('version')!r} is not supported "
            f"(this regola reads version {VERSION})"
        )
    try:
        parse_line(data)
    except RecursionError:
        raise TraceError(f"{where}: JSON nested too deeply to be a trace line") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"][1:] or err["loc"]) or "(line)"
        kind = data.get("kind", "?")
        raise TraceError(f"{where}: {kind} line, field {loc}: {err['msg']}") from None
    return data


def _assemble(path: Path, lines: list[dict[str, Any]]) -> Trace:
    if lines[0]["kind"] != "header":
        raise TraceError(f"{path}:1: the first line must be the header, not a {lines[0]['kind']} line")
    if lines[-1]["kind"] != "end":
        raise TraceError(f"{path}:{len(lines)}: the last line must be the end line, not a {lines[-1]['kind']} line")
    steps = 0
    for number, line in enumerate(lines[1:-1], start=2):
        kind = line["kind"]
        if kind in ("header", "end"):
            raise TraceError(f"{path}:{number}: a {kind} line may only be the {'first' if kind == 'header' else 'last'} line")
        if line["index"] != steps:
            raise TraceError(f"{path}:{number}: {kind} line has index {line['index']}, expected {steps}")
        if kind == "step":
            steps += 1
    end = lines[-1]
    if end["steps"] != steps:
        raise TraceError(f"{path}:{len(lines)}: end line says {end['steps']} steps, the trace has {steps}")
    return Trace(header=lines[0], items=lines[1:-1], end=end, path=path)


# --- large traces, read in one pass and kept on disk ------------------------

STREAM_BYTES = 16 * 1024 * 1024
"""A trace file whose text is larger than this is checked line by line and
its step and reject lines are read again from the file when the runner gets
to them (`LinesOnDisk`) instead of being held in memory. For a compressed
file, the size of its text counts, and reading a line decompresses the
file up to it."""


class LinesOnDisk(Sequence[dict[str, Any]]):
    """The step and reject lines of a trace file, by their byte offsets:
    each is parsed when asked for (iterating streams the file once)."""

    def __init__(self, path: Path, offsets: array) -> None:
        self.path = path
        self._offsets = offsets

    def __len__(self) -> int:
        return len(self._offsets)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            start, stop, stride = index.indices(len(self))
            if stride != 1:
                return [self[i] for i in range(start, stop, stride)]
            return list(self._lines(start, stop))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return next(self._lines(index, index + 1))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return self._lines(0, len(self))

    def _lines(self, start: int, stop: int) -> Iterator[dict[str, Any]]:
        if start >= stop:
            return
        with open_binary(self.path) as fh:
            fh.seek(self._offsets[start])
            for _ in range(start, stop):
                yield json.loads(fh.readline())


def _read_streaming(path: Path) -> Trace:
    """`read_trace` for a large file: the same checks, in one pass, keeping
    only the header, the end line and each middle line's offset."""
    header: dict[str, Any] | None = None
    last: dict[str, Any] | None = None
    last_number = 0
    offsets = array("q")
    steps = 0
    offset = 0
    with open_binary(path) as fh:
        for number, raw in enumerate(fh, start=1):
            start, offset = offset, offset + len(raw)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise TraceError(f"{path}:{number}: not UTF-8 text (byte 0x{raw[exc.start]:02x})") from None
            line = _parse_line(path, number, text.removesuffix("\n"))
            kind = line["kind"]
            if number == 1:
                if kind != "header":
                    raise TraceError(f"{path}:1: the first line must be the header, not a {kind} line")
                header = line
            elif last is not None and last["kind"] == "end":
                raise TraceError(f"{path}:{last_number}: a end line may only be the last line")
            elif kind == "header":
                raise TraceError(f"{path}:{number}: a header line may only be the first line")
            elif kind != "end":
                if line["index"] != steps:
                    raise TraceError(f"{path}:{number}: {kind} line has index {line['index']}, expected {steps}")
                steps += kind == "step"
                offsets.append(start)
            last, last_number = (line if kind == "end" else {"kind": kind}), number
    if header is None or last is None:
        raise TraceError(f"{path}: empty file; a trace starts with a header line")
    if last["kind"] != "end":
        raise TraceError(f"{path}:{last_number}: the last line must be the end line, not a {last['kind']} line")
    if last["steps"] != steps:
        raise TraceError(f"{path}:{last_number}: end line says {last['steps']} steps, the trace has {steps}")
    return Trace(header=header, items=LinesOnDisk(path, offsets), end=last, path=path)
