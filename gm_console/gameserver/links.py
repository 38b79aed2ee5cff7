"""One-time links to the browser view: how a player gets a seat in the browser.

``gm-console invite SESSION --role player:Aria --web`` adds a link (a random token) to the
session's links file in the user's data folder (``web-links/<hash of the session's path>.json``,
mode 0600); the browser view spends it when the page's script opens the websocket that starts
the console (a link-preview bot that only fetches the page spends nothing), and gives that
browser a seat (a cookie) with the link's role for as long as the server runs. Only a hash of each token
is kept, so the file lets nobody in. The server writes its address there too, so that invite
prints a whole link.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import secrets
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from gm_console.files.paths import data_dir
from gm_console.live.rendezvous import _digest
from gm_console.live.roles import Role

LIFETIME = 24 * 3600
"""Seconds a link stays good, unused."""


def links_path(session: Path) -> Path:
    return data_dir() / "web-links" / f"{_digest(session)}.json"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@contextmanager
def _book(session: Path) -> Iterator[dict[str, Any]]:
    """The links file, read and written back under its lock (invite and the server may both
    be at it)."""
    path = links_path(session)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            book = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            book = {}
        if not isinstance(book, dict) or not isinstance(book.get("links"), list):
            book = {"address": "", "links": []}
        now = time.time()
        book["links"] = [link for link in book["links"]
                         if isinstance(link, dict) and link.get("expires", 0) > now]
        yield book
        new = path.with_suffix(".tmp")  # under the lock: nobody else writes it
        with open(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
            json.dump(book, out, indent=1)
        os.replace(new, path)
    finally:
        os.close(fd)


def add(session: Path, role: Role, name: str) -> str:
    """A new link's token."""
    token = secrets.token_urlsafe(18)
    with _book(session) as book:
        book["links"].append({"sha256": _hash(token), "role": str(role), "name": name,
                              "expires": time.time() + LIFETIME})
    return token


def take(session: Path, token: str) -> dict[str, Any] | None:
    """The link of an unused, unexpired token, used from now on (:func:`give_back` undoes
    it); None for any other token."""
    wanted = _hash(token)
    with _book(session) as book:
        for link in book["links"]:
            if secrets.compare_digest(str(link.get("sha256", "")), wanted):
                book["links"].remove(link)
                return dict(link)
    return None


def spend(session: Path, token: str) -> tuple[Role, str] | None:
    """The role and name of an unused, unexpired link, which is used from now on; None for
    any other token."""
    link = take(session, token)
    return None if link is None else seat_of(link)


def seat_of(link: dict[str, Any]) -> tuple[Role, str]:
    return Role.parse(str(link["role"])), str(link.get("name") or "")


def is_open(session: Path, token: str) -> bool:
    """Whether ``token`` is an unused, unexpired link (nothing is spent)."""
    wanted = _hash(token)
    with _book(session) as book:
        return any(secrets.compare_digest(str(link.get("sha256", "")), wanted)
                   for link in book["links"])


def give_back(session: Path, link: dict[str, Any]) -> None:
    """A link :func:`take` spent is unused again, with the expiry it had."""
    with _book(session) as book:
        book["links"].append(link)


def set_address(session: Path, address: str) -> None:
    with _book(session) as book:
        book["address"] = address


def address(session: Path) -> str:
    with _book(session) as book:
        return str(book.get("address") or "")
