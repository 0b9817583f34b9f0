"""Helpers every family's hand-worked tests share (importable from any test
folder: pytest puts ``tests/`` on the path)."""

from __future__ import annotations

from typing import Any

from regola.reference import IllegalAction, apply, view


def events(state, kind: str) -> list[dict[str, Any]]:
    """Events of one type from the step that produced ``state``."""
    return [e for e in state.events if e["type"] == kind]


def rejects(state, action: dict[str, Any]) -> str:
    """Apply an action that must be refused; return the rule id given, and
    check the refused action changed nothing."""
    before = view(state)
    try:
        apply(state, action)
    except IllegalAction as exc:
        assert view(state) == before
        return exc.rule_id
    raise AssertionError(f"{action} was accepted")
