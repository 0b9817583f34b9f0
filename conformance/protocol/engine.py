"""The in-process engine interface, and the reference interpreter behind it.

An `Engine` is anything the runner can drive: start a match from a
deck order, apply actions, report views and legal actions. Engines in other
languages speak the JSON-lines protocol (``docs/protocol.md``) and are driven
through `regola.conformance.protocol.client.SubprocessEngine`; Python engines
can implement this protocol directly and be tested in-process.

`ReferenceEngine` wraps `regola.reference`: it is the expected
behaviour, and ``regola serve`` puts it behind the wire protocol.
"""

from __future__ import annotations

import random
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

from regola.conformance.protocol.actions import malformed
from regola.reference import (
    IllegalAction,
    action_dict,
    apply,
    legal_actions,
    new_game,
    shuffled_deck,
    view,
)
from regola.spec import SpecError, load, variant_files, variant_ids
from regola.spec import ruleset_hash as hash_of

PROTOCOL = 1
"""The base protocol version, which every engine speaks."""
VERSIONS = ("1", "1.1", "1.2")
"""The protocol versions this suite speaks, oldest first. 1.1 adds the deal
of every new hand (sent with its shuffle), view fields reported at
sub-field level and the ``crash`` error code; 1.2 a whole position with
``new`` (the way a chess engine takes a FEN), so that a focused trace or a
reject line is checked from its own position (see ``docs/protocol.md``)."""
LATEST = VERSIONS[-1]
FailureKind = str  # "crash" | "timeout" | "garbage" | "oversized" | "protocol" | "unsupported" | "bad-request"


def protocol_version(value: Any) -> str | None:
    """A version as the engine wrote it (``1``, ``"1"``, ``1.1``, ``"1.1"``)
    as one of `VERSIONS`, or None if this suite does not speak it."""
    if isinstance(value, bool):
        return None
    text = str(value) if isinstance(value, (int, float, str)) else ""
    return text if text in VERSIONS else None


def speaks(hello: dict[str, Any], version: str) -> bool:
    """Whether the engine whose hello answer is ``hello`` speaks ``version``
    (or a later one). An engine that names no version speaks 1."""
    mine = protocol_version(hello.get("protocol", PROTOCOL))
    return mine is not None and VERSIONS.index(mine) >= VERSIONS.index(version)


class ActionRejected(Exception):
    """The engine refused an action as illegal, citing ``rule`` (or None)."""

    def __init__(self, rule: str | None, message: str) -> None:
        super().__init__(f"{message} [{rule}]" if rule else message)
        self.rule = rule
        self.message = message


class EngineFailure(Exception):
    """The engine failed: it crashed, hung, printed garbage or an oversized
    line, broke the protocol, or cannot do what was asked.

    ``kind`` is one of ``crash``, ``timeout``, ``garbage``, ``oversized``,
    ``protocol``, ``unsupported``, or ``bad-request``: an in-process
    engine's answer to an action it cannot read (a seat that does not
    exist), which the runner counts as a refusal with no rule stated.
    """

    def __init__(self, kind: FailureKind, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


@runtime_checkable
class Engine(Protocol):
    """What the conformance runner drives."""

    def hello(self) -> dict[str, Any]:
        """The hello fields: ``engine``, ``version``, ``variants``, ``fields``
        (view keys it reports, or ``key.sub`` for part of an object),
        ``seat_views``, ``legal`` (booleans), and ``protocol`` (``1`` if left
        out; ``"1.1"`` to be sent the deal of each new hand with its shuffle:
        ``apply(action, deal=...)``)."""
        ...

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
        """Start a match and deal its first hand from ``deck`` (top card first)."""
        ...

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action; raise `ActionRejected` if the rules forbid it."""
        ...

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The view of the current state: omniscient, or what ``seat`` sees."""
        ...

    def legal(self) -> list[dict[str, Any]]:
        """The legal actions now."""
        ...

    def close(self) -> None:
        """Release the engine."""
        ...


def _stand_at(state: Any, position: dict[str, Any]) -> Any:
    """``state`` (the deal) played on by the position's ``setup`` actions,
    checked against the position's ``view``."""
    for n, action in enumerate(position.get("setup") or ()):
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            raise EngineFailure("bad-request", f"new: position setup action {n} is illegal: {exc.message}") from None
    want = position.get("view")
    if isinstance(want, dict) and view(state) != want:
        raise EngineFailure("bad-request", "new: the position's setup does not lead to the position's view")
    return state


def regola_version() -> str:
    """The installed version of regola."""
    try:
        return metadata.version("regola")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def view_fields(variants: list[str] | None = None) -> list[str]:
    """Every key the reference's views have, over the given variants (all
    shipped ones by default), sorted."""
    keys: set[str] = set()
    for vid in variants if variants is not None else variant_ids():
        ruleset = load(vid, checked=False)
        keys |= view(new_game(ruleset, shuffled_deck(ruleset, random.Random(0)))).keys()
    return sorted(keys)


class ReferenceEngine:
    """The reference interpreter as an `Engine`, in-process.

    It reports every view field, seat views and legal actions, and rejects
    illegal actions with the rule id the reference cites. It plays the
    shipped variants and the variant files added to the process
    (`regola.spec.add_variant_file`).
    """

    name = "regola-reference"

    def __init__(self, protocol: int | str = PROTOCOL) -> None:
        self._state: Any = None
        self._fields: list[str] | None = None
        self.protocol = protocol
        """The version its hello names: 1 by default, so that subclasses whose
        ``apply`` takes no ``deal`` keep working; ``regola serve`` says 1.1."""

    def hello(self) -> dict[str, Any]:
        if self._fields is None:
            self._fields = view_fields()
        return {
            "protocol": self.protocol,
            "engine": self.name,
            "version": regola_version(),
            "variants": [*variant_ids(), *variant_files()],
            "fields": list(self._fields),
            "seat_views": True,
            "legal": True,
        }

    def new(
        self,
        variant: str,
        options: dict[str, Any],
        ruleset_hash: str,
        deck: list[str],
        deal: dict[str, Any],
        position: dict[str, Any] | None = None,
    ) -> None:
        """Load the ruleset (``unsupported`` if the variant or an option is
        unknown, or if its hash differs from ``ruleset_hash``) and deal from
        ``deck`` (``protocol`` if the deck order is not the pack). With a
        ``position`` (protocol 1.2) stand there: the reference cannot set a
        state from a view, so it plays the position's ``setup`` actions from
        the deal and checks that it stands where the position's ``view`` says
        (an engine that can set its state directly does that instead)."""
        try:
            ruleset = load(variant, options or None)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        mine = hash_of(ruleset)
        if ruleset_hash and ruleset_hash != mine:
            raise EngineFailure(
                "unsupported",
                f"ruleset {variant} with options {options or {}} hashes to {mine} here, "
                f"not {ruleset_hash}: the trace was made from a different spec",
            )
        try:
            self._state = new_game(ruleset, list(deck))
        except IllegalAction as exc:
            raise EngineFailure("protocol", f"cannot deal from this deck: {exc.message} [{exc.rule_id}]") from None
        if position is not None:
            self._state = _stand_at(self._state, position)

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        """Apply ``action``: a malformed one (a field missing, of the wrong
        type, or unknown) is a ``protocol`` failure naming the field; a
        well-formed one the rules forbid raises `ActionRejected` with
        the rule id. The ``deal`` protocol 1.1 sends with a shuffle is not
        needed: the reference deals from the deck order."""
        state = self._require_match()
        problem = malformed(action)
        if problem:
            raise EngineFailure("bad-request", problem)
        try:
            self._state = apply(state, action)
        except IllegalAction as exc:
            raise ActionRejected(exc.rule_id, exc.message) from None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        state = self._require_match()
        try:
            return view(state, seat)
        except ValueError as exc:
            raise EngineFailure("protocol", str(exc)) from None

    def legal(self) -> list[dict[str, Any]]:
        return [action_dict(a) for a in legal_actions(self._require_match())]

    def close(self) -> None:
        self._state = None

    def _require_match(self) -> Any:
        if self._state is None:
            raise EngineFailure("protocol", "no match in progress: send 'new' first")
        return self._state
