"""The browser view (``gm-console serve SESSION --web HOST:PORT``), through textual-serve.

Each browser tab runs its own console, the owner's local client under Textual's web driver,
forked from the game server's template console as an SSH player's is
(:mod:`~gm_console.gameserver.prefork`; started as a program when there is none). A browser is
a spectator, unless it came with a one-time link (:mod:`~gm_console.gameserver.links`): the
page's script clears the token from the address bar and hands it to the websocket that starts
the console; that websocket spends it and gives the browser a seat instead, a cookie (HttpOnly,
SameSite=Strict) worth the link's role until the server stops. A link-preview bot that only
fetches the page spends nothing, and a tab that closes within :data:`GIVE_BACK` seconds without
a key pressed (a screenshot tool) gives the link back unused. The page is the project's own
(``templates/console.html``): nothing on it comes from another site, which would hold the first
frame back until that site answered. A websocket from another site's page is refused (its
Origin is not this server), so a page elsewhere cannot use a player's seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import shlex
import signal
import socket
import time
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from gm_console.gameserver import keys, links
from gm_console.gameserver.listening import ListenerError
from gm_console.gameserver.prefork import ForkedProcess, Prefork
from gm_console.live.roles import SPECTATOR, Role

log = logging.getLogger("gm_console.gameserver")

USED_LINK = ("This link has already been used, or has expired: ask the game master for a new "
             "one (gm-console invite SESSION --role player:NAME --web).\n"
             "Without a link, the address alone lets you watch.")

SEAT_COOKIE = "gm_console_seat"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
STOP_TIMEOUT = 5.0
"""Seconds a browser's console has to quit when the server stops, before it is killed."""
GIVE_BACK = 10.0
"""A link's websocket that closes within this many seconds and before any key was pressed
(a screenshot tool, a preview that runs the page's script) gives the link back unused."""
TEMPLATES = Path(__file__).with_name("templates")

TERMINAL_REPLY = re.compile(rb"(\x1b\[\?[\d;]*\$y|\x1b\[\?[\d;]*c|\x1b\[[IO])+")
"""What the browser's terminal sends by itself, no key pressed: its answers to the console's
queries (a mode's report, its attributes) and focus in or out; a tab that sent only these
was no one at the table."""


class WebListener:
    def __init__(self, session: Path, address: tuple[str, int], max_consoles: int,
                 trusted_proxy: str = "") -> None:
        self.session = Path(session).resolve()
        self.address = address
        self.max_consoles = max_consoles
        self.trusted_proxy = trusted_proxy
        """The address a reverse proxy connects from (``serve --trusted-proxy``): its
        forwarding headers are believed, nobody else's."""
        self.port = address[1]
        self.seats: dict[str, tuple[Role, str]] = {}  # cookie -> role, name
        self.consoles: set[AppService] = set()
        self.prefork: Any = None  # set by Fronts: consoles fork from it
        self._runner: web.AppRunner | None = None
        self._serve = _Serve(self)

    async def start(self) -> None:
        self._runner = web.AppRunner(await self._serve._make_app(), access_log=None,
                                     handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, *self.address, reuse_address=True)
        try:
            await site.start()
        except OSError as exc:
            await self._runner.cleanup()
            raise ListenerError(f"cannot listen on {self.address[0]}:{self.address[1]}: "
                                f"{exc.strerror or exc}") from None
        self.port = self._runner.addresses[0][1]
        host = self.address[0]
        shown = socket.getfqdn() if host in ("0.0.0.0", "::", "") else host
        url = f"http://{f'[{shown}]' if ':' in shown else shown}:{self.port}"
        links.set_address(self.session, url)
        log.info("web: listening on %s:%d (%s): spectators; players with a link from "
                 "gm-console invite SESSION --role player:NAME --web", host, self.port, url)

    async def close(self) -> None:
        """Every browser's console quits (or is killed), then the server stops."""
        await asyncio.gather(*(_stop(console) for console in list(self.consoles)))
        if self._runner is not None:
            await self._runner.cleanup()

    def command(self, role: Role, name: str) -> list[str]:
        return keys.client_argv(self.session, role, name)


async def _stop(console: AppService) -> None:
    try:
        await asyncio.wait_for(console.stop(), STOP_TIMEOUT)
    except (asyncio.TimeoutError, OSError, ConnectionError):
        process = console._process
        if process is not None and process.returncode is None:
            process.kill()
    if isinstance(console._process, _Forked):
        await console._process.wait()


class _Forked:
    """A console forked from the template on pipes, as much of asyncio's ``Process`` as
    textual-serve's :class:`AppService` uses: ``stdin``, ``stdout``, ``stderr``,
    ``returncode``, ``kill()``, and ``wait()`` (which tells the template we are done)."""

    def __init__(self, forked: ForkedProcess, stdin: asyncio.StreamWriter,
                 stdout: asyncio.StreamReader, stderr: asyncio.StreamReader) -> None:
        self.forked, self.stdin, self.stdout, self.stderr = forked, stdin, stdout, stderr

    @property
    def returncode(self) -> int | None:
        return self.forked.returncode

    def kill(self) -> None:
        with contextlib.suppress(OSError):  # gone already
            os.killpg(self.forked.pid, signal.SIGKILL)

    async def wait(self) -> int:
        self.stdin.close()
        try:
            return await asyncio.to_thread(self.forked.wait, STOP_TIMEOUT)
        except Exception:
            self.kill()
            return await asyncio.to_thread(self.forked.wait)


class _Console(AppService):
    """A browser's console: forked from the template when there is one (``argv``, the
    program it would otherwise start)."""

    def __init__(self, argv: list[str], prefork: Prefork | None, **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self._argv, self._prefork = argv, prefork

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        command = keys.console_command()
        if self._prefork is None or self._argv[:len(command)] != command:
            return await super()._open_app_process(width, height)
        loop = asyncio.get_running_loop()
        pipes = [os.pipe() for _ in range(3)]  # stdin, stdout, stderr
        try:
            forked = await asyncio.to_thread(
                self._prefork.spawn, self._argv[len(command):],
                self._build_environment(width, height), pipes[0][0], pipes[1][1], pipes[2][1],
                False)
        except OSError as exc:
            for ends in pipes:
                for fd in ends:
                    os.close(fd)
            log.warning("the console template failed (%s): a console starts as a program", exc)
            return await super()._open_app_process(width, height)
        for theirs in (pipes[0][0], pipes[1][1], pipes[2][1]):
            os.close(theirs)
        readers = []
        for fd in (pipes[1][0], pipes[2][0]):
            reader = asyncio.StreamReader(limit=2 ** 20)
            await loop.connect_read_pipe(partial(asyncio.StreamReaderProtocol, reader),
                                         os.fdopen(fd, "rb", 0))
            readers.append(reader)
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, os.fdopen(pipes[0][1], "wb", 0))
        self._stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        self._process = process = _Forked(forked, self._stdin, *readers)  # type: ignore
        return process


class _Serve(Server):
    """textual-serve's server, with a role per browser and the page's addresses taken from
    the request (the address the browser used, whatever the server was bound to)."""

    def __init__(self, listener: WebListener) -> None:
        super().__init__(command="", host=listener.address[0], port=listener.address[1],
                         title="gm-console")
        self.listener = listener

    async def on_startup(self, app: web.Application) -> None:
        pass  # textual-serve prints a banner here; the serve log says where it listens

    def _check_host(self, request: web.Request) -> tuple[str, str]:
        """The scheme and host the browser used: the request's own, or, from the reverse
        proxy named by ``--trusted-proxy`` alone, its X-Forwarded-Proto and X-Forwarded-Host
        (anyone else's are ignored: a page's script can send them). Bound to loopback, and
        not from that proxy, a loopback name only: another name pointing here (DNS
        rebinding) is a web site trying to read the session."""
        proxied = bool(self.listener.trusted_proxy) and \
            request.remote == self.listener.trusted_proxy
        forwarded = request.headers.get("X-Forwarded-Host") if proxied else None
        if forwarded is None and self.listener.address[0] in LOOPBACK and \
                request.url.host not in LOOPBACK:
            log.warning("web: refused a request for host %s", request.host)
            raise web.HTTPForbidden(text=f"this server answers to 127.0.0.1:{self.listener.port}")
        scheme = request.headers.get("X-Forwarded-Proto", request.scheme) if proxied \
            else request.scheme
        return scheme.split(",")[0].strip(), (forwarded or request.host).split(",")[0].strip()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.router.add_get("/join/{token}/ws", self.handle_websocket)
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        scheme, host = self._check_host(request)
        token = request.query.get("join")
        if token is not None and not links.is_open(self.listener.session, token):
            log.info("web: %s came with a link that is used or expired", request.remote)
            raise web.HTTPForbidden(text=USED_LINK)
        role, _ = self._seat(request)
        base = f"{scheme}://{host}"
        ws = ("wss" if scheme == "https" else "ws") + f"://{host}" + \
            ("/ws" if token is None else f"/join/{token}/ws")
        shown = "(a seat by link)" if token is not None else f"({role})"
        context = {"font_size": to_int(request.query.get("fontsize", "16"), 16),
                   "websocket_url": ws, "static_url": f"{base}/static/",
                   "title": f"gm-console: {self.listener.session.name} {shown}",
                   "ended": "The console has ended: reload the page to come back."}
        response = aiohttp_jinja2.render_template("console.html", request, context)
        response.headers["Cache-Control"] = "no-store"  # the token is on the page
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    def _join(self, request: web.Request, websocket: web.WebSocketResponse
              ) -> tuple[Role, str, dict[str, Any], str] | None:
        """The link in the websocket's address spent, and a seat cookie on its answer: the
        link's role and name, the link (to give back), the seat; None for a spent link."""
        link = links.take(self.listener.session, request.match_info["token"])
        if link is None:
            return None
        role, name = links.seat_of(link)
        seat = secrets.token_urlsafe(24)
        self.listener.seats[seat] = (role, name)
        log.info("web: %s took a seat as %s (%s)", request.remote, name or role, role)
        websocket.set_cookie(SEAT_COOKIE, seat, httponly=True, samesite="Strict", path="/")
        return role, name, link, seat

    def _give_back(self, link: dict[str, Any], seat: str) -> None:
        del self.listener.seats[seat]
        links.give_back(self.listener.session, link)
        log.info("web: a link's tab closed before a key was pressed: the link is unused again")

    def _seat(self, request: web.Request) -> tuple[Role, str]:
        seat = self.listener.seats.get(request.cookies.get(SEAT_COOKIE, ""))
        return seat if seat is not None else (Role(SPECTATOR), f"browser {request.remote}")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        _, host = self._check_host(request)
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != host:
            log.warning("web: refused a websocket from another site's page (%s)", origin)
            raise web.HTTPForbidden(text="not from this server's page")
        if len(self.listener.consoles) >= self.listener.max_consoles:
            log.warning("web: %s refused: already %d consoles", request.remote,
                        self.listener.max_consoles)
            raise web.HTTPServiceUnavailable(text="the game server is full")
        websocket = web.WebSocketResponse(heartbeat=15)
        joined = None
        if "token" in request.match_info:
            joined = self._join(request, websocket)
            if joined is None:
                log.info("web: %s came with a link that is used or expired", request.remote)
                raise web.HTTPForbidden(text=USED_LINK)
            role, name = joined[:2]
        else:
            role, name = self._seat(request)
        console: AppService | None = None
        typed = False
        started = time.monotonic()

        async def close() -> None:  # AppService calls close(); the socket's takes options
            await websocket.close()
        try:
            await websocket.prepare(request)
            console = _Console(self.listener.command(role, name), self.listener.prefork,
                                 write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=close,
                                 download_manager=self.download_manager, debug=False)
            send_bytes = console.send_bytes

            async def keys_in(data: bytes) -> bool:
                nonlocal typed
                typed = typed or not TERMINAL_REPLY.fullmatch(data)
                return await send_bytes(data)
            console.send_bytes = keys_in  # type: ignore[method-assign]
            self.listener.consoles.add(console)
            await console.start(to_int(request.query.get("width", "80"), 80),
                                to_int(request.query.get("height", "24"), 24))
            log.info("web: console for %s (%s)", name, role)
            await self._process_messages(websocket, console)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # one browser's trouble: log it, keep serving the others
            log.exception("web: the console for %s failed", name)
        finally:
            if console is not None:
                self.listener.consoles.discard(console)
                await _stop(console)
                log.info("web: %s's console closed", name)
            if joined is not None and not typed and time.monotonic() - started < GIVE_BACK:
                self._give_back(joined[2], joined[3])
        return websocket

