"""What every listener of the game server shares: how it says it cannot start, and how many
connections it takes at once and how long a login may take unless told."""

from __future__ import annotations

MAX_CONNECTIONS = 32
LOGIN_TIMEOUT = 5.0
"""Seconds an SSH client has from connecting to logged in, unless ``serve --login-timeout``
says (a client with its key at hand needs well under one; an agent asking for a passphrase
first is the slow case)."""


class ListenerError(Exception):
    """A listener cannot start; the message says why."""
