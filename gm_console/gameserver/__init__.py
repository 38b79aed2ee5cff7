"""The game server: the whole table joins one live session.

Every remote front is a console started as a client of the session's owner, in a pseudo-
terminal (SSH) or under textual-serve (a browser), with the role tied to how it came in:

- :mod:`~gm_console.gameserver.serve`: ``gm-console serve``, the session's owner without a
  screen, with the listeners below beside it (:mod:`~gm_console.gameserver.fronts`);
- :mod:`~gm_console.gameserver.keys`: public keys, the ``authorized_keys`` lines that
  ``gm-console invite`` prints for OpenSSH, and the built-in listener's keys file (a ``role``
  option per key);
- :mod:`~gm_console.gameserver.ssh`: the built-in SSH listener (asyncssh), one console in a
  pseudo-terminal per connection;
- :mod:`~gm_console.gameserver.web`: the browser view (textual-serve), a spectator, or a player
  through a one-time link.

The role of a remote front is fixed by the command line of the console started for it: the
person at the other end gets a screen, never a shell, so they cannot choose another.
"""
