"""One live session for many terminals.

The first front to open a session becomes its :class:`~gm_console.live.owner.Owner`: it holds
the session's lock, the one :class:`~gm_console.state.store.Store` and the saver, and listens on a
Unix socket. Every other front (a second console, ``gm-console op``, a game server's SSH or
browser front) is a client that speaks :mod:`~gm_console.live.protocol`; the TUI's client is
:class:`~gm_console.live.client.RemoteStore`, a :class:`~gm_console.state.store.SessionStore`
like the Store, so every screen works unchanged on either. Roles (:mod:`~gm_console.live.roles`) are enforced by the owner.
"""
