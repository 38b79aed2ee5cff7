"""Rolls a plugin asks for: a saving throw for each traveller, an Athletics check.

A request is plain data kept in the session (``rolls.pending``), so it survives a crash and a
remote terminal sees it too. The game master answers it in the dice prompt (roll for everyone
with one key, or type results in), or ``gm-console op S roll.resolve``. The host then applies the
operation named in ``then`` with the outcomes, so the result flows back to the plugin that asked.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class RollRequest:
    """A set of rolls to make, one per entry of ``rolls``.

    Each entry of ``rolls`` is a dict: ``who`` (a character's name), ``expression`` (dice
    notation such as ``1d20+2``) and optionally ``dc`` (success when the total is at least dc)
    or ``at_most`` (a roll-under check: success when the total is at most that).
    ``then`` names the operation to apply with ``request`` (this request's ``context``) and
    ``outcomes`` (a list of ``{who, total, detail}``, plus ``dc`` or ``at_most`` and
    ``success`` when the entry had one).
    """

    title: str
    rolls: list[dict[str, Any]]
    then: str
    context: dict[str, Any] = field(default_factory=dict)
    id: int = 0  # given by the host

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def role_of(store: Any) -> str:
    """Who a terminal answers rolls as: a live session's client knows its role; the owner's
    own Store is the game master's."""
    return str(getattr(store, "role", "gm"))


def waiting(store: Any) -> dict[str, Any] | None:
    """The roll request this terminal should answer now: the oldest waiting for the game
    master; for a player, the oldest with a roll of their character not yet answered; for a
    spectator, none."""
    role = role_of(store)
    pending = store.state.get("rolls", {}).get("pending", [])
    if role == "gm":
        return pending[0] if pending else None
    for request in pending:
        if any(mine(role, entry) and entry.get("answer") is None for entry in request["rolls"]):
            return request
    return None


def mine(role: str, entry: dict[str, Any]) -> bool:
    """Whether ``role`` answers this roll: the game master answers every one, a player their
    own character's."""
    return role == "gm" or role.casefold() == f"player:{entry['who']}".casefold()
