"""What every listener of the game server shares: how it says it cannot start, and how many
connections it takes at once unless told."""

from __future__ import annotations

MAX_CONNECTIONS = 32


class ListenerError(Exception):
    """A listener cannot start; the message says why."""
