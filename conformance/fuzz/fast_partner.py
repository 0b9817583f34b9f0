"""The fast core as the lockstep checker's partner (``regola fuzz --partner
fast``): the rules an engine is played against, at the fast core's speed.

`FastPartner` gives the lockstep checker what `regola.conformance.runner.partner.ReferencePartner`
gives, from a `regola.fast` match: the same legal actions, views, seat
views and refusals (proved equal by the corpus and by fuzzing: ``regola
conform --engine fast``, ``benchmarks/fuzz_fast.py``). The deal of each
hand, which engines speaking protocol 1.1 are sent, is the reference's
(one reference deal a hand); the events and rules of the other lines are
left empty, so a game on which the engine disagrees is played again with
the reference, which writes the report and the trace
(`regola.conformance.fuzz.play`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regola.conformance.runner.reference_replay import ReferenceReplay, state_before
from regola.conformance.trace.format import FORMAT, VERSION, Trace
from regola.conformance.trace.record import load_ruleset
from regola.fast import IllegalAction, Match, new_match
from regola.reference import apply
from regola.spec import ruleset_hash


class FastPartner:
    """A `regola.conformance.runner.partner.Partner` played by the fast core."""

    def __init__(self, variant: str, options: dict[str, Any] | None, deck: list[str], *, name: str, purpose: str,
                 description: str) -> None:
        self.options = dict(options or {})
        self.ruleset = load_ruleset(variant, self.options)
        self.match: Match = new_match(self.ruleset)
        deal = self._deal_event(deck)
        self.match.shuffle(deck)
        self.header: dict[str, Any] = {
            "kind": "header",
            "format": FORMAT,
            "version": VERSION,
            "variant": variant,
            "options": self.options,
            "ruleset_hash": ruleset_hash(self.ruleset),
            "name": name,
            "purpose": purpose,
            "description": description,
            "seed": None,
            "deck": list(deck),
            "deal": deal,
            "view": self.match.view(),
            "rules": [],
        }
        self.items: list[dict[str, Any]] = []
        self.steps = 0
        self._legal: list[dict[str, Any]] | None = None

    @property
    def state(self) -> Match:
        return self.match

    def _deal_event(self, deck: list[str]) -> dict[str, Any]:
        """The reference's deal event of the next hand, dealt from ``deck``."""
        return dict(apply(self.match.to_reference(), {"type": "shuffle", "deck": list(deck)}).events[0])

    def legal(self) -> list[dict[str, Any]]:
        if self._legal is None:
            match = self.match
            self._legal = [match.action(m) for m in match.legal()]
        return list(self._legal)

    def step(self, action: dict[str, Any]) -> Match:
        legal = self.legal()
        events = [self._deal_event(action["deck"])] if action.get("type") == "shuffle" else []
        self.match.apply(action)
        self._legal = None
        self.items.append({
            "kind": "step",
            "index": self.steps,
            "seat": action.get("seat"),
            "action": action,
            "legal_count": len(legal),
            "view": self.match.view(),
            "events": events,
            "rules": [],
            "legal": legal,
        })
        self.steps += 1
        return self.match

    def reject(self, action: dict[str, Any]) -> dict[str, Any]:
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            rule, message = exc.rule_id, exc.message
        else:
            raise ValueError(f"{action} is legal here, so it cannot be a reject line")
        line = {"kind": "reject", "index": self.steps, "seat": action.get("seat"), "action": action, "rule": rule,
                "message": message}
        self.items.append(line)
        return line

    def before(self) -> Callable[[], Any]:
        """The reference state now, when asked (only to name the rule behind a
        wrong list of legal actions): the reference replays the lines so far."""
        header, items = self.header, self.items[:]
        return lambda: state_before(header, items)

    def views(self) -> ReferenceReplay:
        return _FastViews(self)

    def trace(self) -> Trace:
        last = self.match.view()
        end = {"kind": "end", "match": last["match"], "result": last["result"], "steps": self.steps}
        return Trace(header=self.header, items=list(self.items), end=end)


class _FastViews(ReferenceReplay):
    """Seat views from the partner's match (already one step ahead when the
    views are checked)."""

    def __init__(self, partner: FastPartner) -> None:  # noqa: D107 - no replay of its own
        self.partner = partner
        self.ruleset = partner.ruleset
        self.players = partner.ruleset.seating.players

    @property
    def state(self) -> Any:  # type: ignore[override]
        return self.partner.match.to_reference()

    def advance(self, action: dict[str, Any]) -> None:
        pass

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.partner.match.view(seat)
