"""Protocol 1.1's one-answer ``apply``: the views and legal actions the
runner asks for after each action, sent back with the action's answer.

The client asks ``apply`` to ``return`` them (``{"view": true, "seats": [0,
1], "legal": true}``) and keeps what comes back (`AnswerCache`) for the
``view`` and ``legal`` calls that follow, until the next ``apply`` or
``new``: one round trip per step instead of one per question. What is
missing or malformed in the answer is simply asked again.
"""

from __future__ import annotations

from typing import Any


class AnswerCache:
    """The views and legal actions of the engine's current state, as its
    last ``apply`` answered them."""

    def __init__(self) -> None:
        self.kept: dict[Any, Any] = {}
        self.seats = 0
        """The number of seats, learnt from an omniscient view (0: not yet)."""

    def clear(self) -> None:
        self.kept = {}

    def wanted(self, hello: dict[str, Any]) -> dict[str, Any] | None:
        """What to ask ``apply`` to return, for an engine whose hello is
        ``hello`` (None unless it speaks 1.1)."""
        if hello.get("protocol") != "1.1":
            return None
        wanted: dict[str, Any] = {"view": True}
        if hello.get("seat_views") and self.seats:
            wanted["seats"] = list(range(self.seats))
        if hello.get("legal"):
            wanted["legal"] = True
        return wanted

    def keep(self, answer: dict[str, Any], wanted: dict[str, Any]) -> None:
        view = answer.get("view")
        if isinstance(view, dict):
            self.kept[("view", None)] = view
            self.count_seats(view)
        seat_views = answer.get("seat_views")
        seats = wanted.get("seats") or []
        if isinstance(seat_views, list) and len(seat_views) == len(seats):
            for seat, v in zip(seats, seat_views):
                if isinstance(v, dict):
                    self.kept[("view", seat)] = v
        if wanted.get("legal") and isinstance(answer.get("actions"), list):
            self.kept["legal"] = answer["actions"]

    def count_seats(self, view: dict[str, Any]) -> None:
        sizes = view.get("hand_sizes")
        if isinstance(sizes, list) and sizes:
            self.seats = len(sizes)
