"""regola's fast core (`regola.fast`) as an in-process `Engine`.

``regola conform --engine fast`` replays the corpus into it and
``regola fuzz --engine fast`` plays it in lockstep with the reference:
that is how the fast core is proved equal to the reference, as any
third-party engine would be. It reports every view field, seat views and
legal actions, and refuses an illegal action with the rule id the
reference cites. The name ``fast`` is an entry point of the
``regola.engines`` group (``pyproject.toml``).
"""

from __future__ import annotations

from typing import Any

from regola.conformance.protocol.actions import malformed
from regola.conformance.protocol.engine import ActionRejected, EngineFailure, ReferenceEngine
from regola.fast import IllegalAction, Match, new_match
from regola.spec import SpecError, load
from regola.spec import ruleset_hash as hash_of


class FastEngine(ReferenceEngine):
    """The fast core, driven like the reference (`ReferenceEngine`): the
    same hello, the same checks of the variant, options and ruleset hash."""

    name = "regola-fast"

    def __init__(self, protocol: int | str = 1) -> None:
        super().__init__(protocol)
        self._match: Match | None = None

    def new(
        self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str], deal: dict[str, Any]
    ) -> None:
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
            self._match = new_match(ruleset, list(deck))
        except IllegalAction as exc:
            raise EngineFailure("protocol", f"cannot deal from this deck: {exc.message} [{exc.rule_id}]") from None

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        match = self._live()
        problem = malformed(action)
        if problem:
            raise EngineFailure("protocol", problem)
        try:
            match.apply(action)
        except IllegalAction as exc:
            raise ActionRejected(exc.rule_id, exc.message) from None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        match = self._live()
        try:
            return match.view(seat)
        except ValueError as exc:
            raise EngineFailure("protocol", str(exc)) from None

    def legal(self) -> list[dict[str, Any]]:
        match = self._live()
        return [match.action(m) for m in match.legal()]

    def close(self) -> None:
        self._match = None

    def _live(self) -> Match:
        if self._match is None:
            raise EngineFailure("protocol", "no match in progress: send 'new' first")
        return self._match
