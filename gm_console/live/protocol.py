"""The wire protocol between a session's owner and its clients: newline-delimited JSON.

Each message is one JSON object on one line (UTF-8, ``\\n``-terminated) with a ``type``.
docs/protocol.md documents every message for other client writers; the names below are the
only place they are spelled.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from gm_console.committed.journal import json_array, plain

VERSION = 2
"""Raised whenever a message changes meaning; an owner refuses any other version."""

MAX_LINE = 64 * 1024 * 1024
"""The longest line either side reads (with room for the snapshot of a long campaign, sent as
one line)."""

# client -> owner
HELLO, OP, UNDO, RESYNC, BYE = "hello", "op", "undo", "resync", "bye"
LINES = "lines"  # both ways: journal lines asked for, and the answer
# owner -> client
WELCOME, REFUSED, SNAPSHOT, CHANGE, OUTCOME = "welcome", "refused", "snapshot", "change", "outcome"

MAX_LINES_ASKED = 2000
"""Journal lines one ``lines`` message answers at most."""


class ProtocolError(Exception):
    """A line that is not a protocol message; the message says what is wrong with it."""


def encode(message: dict[str, Any]) -> bytes:
    # TOML datetimes travel as ISO text (a client only shows them), a journal as its list
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                      default=plain).encode("utf-8") + b"\n"


def snapshot(seq: int, state: dict[str, Any], last: int | None = None) -> Iterator[bytes]:
    """The snapshot message in pieces, made as they are written: its journal (most of a long
    campaign's bytes) is never in memory whole, a journal's lines on disk sent as they are
    there, a role's view of it encoded a chunk of lines at a time. ``last``: only the
    journal's last lines; ``journal_from`` says where they start."""
    lines = state.get("journal", [])
    first = 0 if last is None else max(0, len(lines) - last)
    rest = encode({"type": SNAPSHOT, "seq": seq, "journal_from": first,
                   "state": {key: value for key, value in state.items() if key != "journal"}})
    comma = b"" if rest.endswith(b"{}}\n") else b","
    yield rest[:-3] + comma + b'"journal":'
    yield from json_array(lines, first)
    yield b"}}\n"


def decode(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"not a JSON line: {exc}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a JSON object with a \"type\"")
    return message


def hello(role: str, name: str = "", front: str = "",
          journal: bool | int = True) -> dict[str, Any]:
    """``front`` says what kind of front this is (``console`` for one a person sits at): a
    label for the game master, never a matter of trust. ``journal``: True, the whole journal
    in the snapshot; a number, its last lines only (older ones are asked for with ``lines``
    when a screen pages back to them); False, none (``op``, ``show``): a long campaign's join
    then costs what a short one's does."""
    return {"type": HELLO, "protocol": VERSION, "role": role, "name": name, "front": front,
            **({} if journal is True else {"journal": journal})}


def journal_wanted(hello: dict[str, Any]) -> int | None:
    """How many of the journal's last lines a front's snapshot carries: None for all of
    them, 0 for none (``false``, or the last 0 lines)."""
    wanted = hello.get("journal", True)
    if wanted is False or (type(wanted) is int and wanted == 0):
        return 0
    return wanted if type(wanted) is int and wanted > 0 else None


def version_refusal(theirs: Any) -> str | None:
    """Why a client speaking protocol ``theirs`` cannot join, or None."""
    if theirs == VERSION:
        return None
    return (f"this session's owner speaks gm-console protocol {VERSION}, the client "
            f"{theirs!r}: use the same gm-console version on both sides")
