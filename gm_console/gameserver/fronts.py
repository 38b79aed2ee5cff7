"""The game server's listeners on ``gm-console serve``: their options, and an asyncio loop
of their own beside the owner (whose fronts are threads)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import threading
from pathlib import Path
from typing import Any

from gm_console.gameserver.listening import LOGIN_TIMEOUT, MAX_CONNECTIONS, ListenerError

log = logging.getLogger("gm_console.gameserver")

# asyncssh is slow to import: only a serve with listeners pays for it
STOP_TIMEOUT = 15.0
"""Seconds the listeners have to close every connection and see every console gone."""


def parse_address(text: str, default_port: int = 2222) -> tuple[str, int]:
    """``HOST:PORT``, ``[V6]:PORT``, ``HOST`` or ``PORT``; the host is loopback unless given."""
    host, port = "127.0.0.1", str(default_port)
    if text.isdigit():
        port = text
    elif text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.lstrip(":") or port
    elif text.count(":") == 1:
        host, port = text.split(":")
        host = host or "127.0.0.1"
    else:
        host = text
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ListenerError(f"{text!r} is not HOST:PORT (a port is 0 to 65535)")
    return host, int(port)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ssh", metavar="HOST:PORT",
                        help="also let players in over SSH with the built-in listener "
                             "(HOST defaults to 127.0.0.1: loopback only)")
    parser.add_argument("--authorized-keys", type=Path, metavar="FILE",
                        help="with --ssh: the keys allowed in, each with its role "
                             "(role=\"player:Aria\" ssh-ed25519 AAAA... jo); read at every login")
    parser.add_argument("--host-key", type=Path, metavar="FILE",
                        help="with --ssh: the server's private host key (default: one generated "
                             "once in the data folder)")
    parser.add_argument("--login-timeout", type=float, default=LOGIN_TIMEOUT, metavar="S",
                        help=f"with --ssh: seconds from connecting to logged in (default "
                             f"{LOGIN_TIMEOUT:g}; more for players whose key asks for a "
                             f"passphrase)")
    parser.add_argument("--web", metavar="HOST:PORT",
                        help="also show the session in browsers (textual-serve): spectators, "
                             "or players with a one-time link (gm-console invite --web); HOST "
                             "defaults to 127.0.0.1: loopback only")
    parser.add_argument("--no-prefork", dest="prefork", action="store_false",
                        help="start each remote console as a program of its own, instead of "
                             "forking it from one console process loaded in advance (slower "
                             "logins, more memory per player)")
    parser.add_argument("--trusted-proxy", metavar="ADDRESS", default="",
                        help="with --web: the address of the reverse proxy in front of it; its "
                             "X-Forwarded-Host and X-Forwarded-Proto are believed, nobody "
                             "else's (default: none)")
    parser.add_argument("--max-connections", type=int, default=MAX_CONNECTIONS, metavar="N",
                        help=f"SSH connections logged in at once, and browser consoles at "
                             f"once (default {MAX_CONNECTIONS} each)")


def listeners(args: argparse.Namespace) -> list[Any]:
    """The listeners the command line asks for; ListenerError says what is missing."""
    found: list[Any] = []
    if args.max_connections < 1:
        raise ListenerError("--max-connections must be 1 or more")
    if not 0 < args.login_timeout <= 600:
        raise ListenerError("--login-timeout must be more than 0 and at most 600 seconds")
    if args.web is not None:
        from gm_console.gameserver.web import WebListener

        found.append(WebListener(args.session, parse_address(args.web, default_port=8080),
                                 args.max_connections, args.trusted_proxy))
    elif args.trusted_proxy:
        raise ListenerError("--trusted-proxy goes with --web HOST:PORT")
    if args.ssh is None:
        if args.authorized_keys or args.host_key:
            raise ListenerError("--authorized-keys and --host-key go with --ssh HOST:PORT")
        return found
    if args.authorized_keys is None:
        raise ListenerError("--ssh needs --authorized-keys FILE: the keys allowed in, each with "
                            "its role (gm-console invite SESSION --role R --key K.pub --for "
                            "listener prints a line)")
    if not args.authorized_keys.is_file():
        raise ListenerError(f"authorized keys: {args.authorized_keys}: no such file")
    from gm_console.gameserver.ssh import SSHListener

    found.append(SSHListener(args.session, parse_address(args.ssh), args.authorized_keys,
                             args.host_key, args.max_connections, args.login_timeout))
    return found


class Fronts:
    """Start with :meth:`start` (raises ListenerError, with nothing left running), stop with
    :meth:`close`."""

    def __init__(self, listeners: list[Any], prefork: bool = True) -> None:
        self.listeners = listeners
        self.forks = prefork and bool(listeners)
        self.prefork: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever,
                                        name="gm-console-fronts", daemon=True)

    def start(self) -> None:
        for name in ("asyncssh", "aiohttp.access"):  # a line per packet is not a game log
            logging.getLogger(name).setLevel(logging.WARNING)
        if self.forks:
            from gm_console.gameserver.keys import console_command
            from gm_console.gameserver.prefork import Prefork

            try:
                self.prefork = Prefork(console_command())
            except OSError as exc:
                log.warning("each console starts as a program: %s", exc)
            for listener in self.listeners:
                listener.prefork = self.prefork
        self._thread.start()
        try:
            for listener in self.listeners:
                asyncio.run_coroutine_threadsafe(listener.start(), self._loop).result()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if not self._thread.is_alive():
            self._close_prefork()
            return

        async def close_all() -> None:
            await asyncio.gather(*(listener.close() for listener in self.listeners),
                                 return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(close_all(), self._loop).result(STOP_TIMEOUT)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(STOP_TIMEOUT)
            self._close_prefork()

    def _close_prefork(self) -> None:
        if self.prefork is not None:
            self.prefork.close()
            self.prefork = None
