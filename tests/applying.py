"""Applying operations in a test: asserting they are taken or refused, saying which and why."""

from __future__ import annotations

from typing import Any

from gm_console.state.store import Outcome


def op(store: Any, operation: str, /, **params: Any) -> Outcome:
    return store.apply(operation, params)


def ok(store: Any, operation: str, /, **params: Any) -> Outcome:
    outcome = op(store, operation, **params)
    assert outcome.ok, f"{operation} {params}: {outcome.reason}"
    return outcome


def no(store: Any, operation: str, fragment: str, /, **params: Any) -> Outcome:
    """Refused, with ``fragment`` in the reason."""
    outcome = op(store, operation, **params)
    assert not outcome.ok, f"{operation} {params} was accepted: {outcome.message}"
    assert fragment in outcome.reason, outcome.reason
    return outcome


def refused(store: Any, operation: str, /, **params: Any) -> str:
    """Refused: the reason."""
    outcome = op(store, operation, **params)
    assert not outcome.ok, f"{operation} {params} should have been refused"
    return outcome.reason
