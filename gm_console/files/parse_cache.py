"""What parsing a big session file gave, kept beside it so the next start does not parse its
TOML again (a long campaign's journal is slow to parse as TOML, and quick to read from the
cache).

The cache is ``.NAME.toml.gm-console.cache``, beside the session's real path, written when
parsing the file found nothing wrong and when the console closes the session after saving it.
It is only a shortcut; the TOML file stays the truth:

- it is a :mod:`gm_console.files.signed` file about the digest of the text it was made from: a file
  changed since (by hand, by another program, a save a kill -9 cut short of its cache) is
  parsed again, and a cache cut, garbled, or written by anyone else is ignored;
- what it gives goes through the same checks of every value as a parsed file
  (:func:`gm_console.files.codec.read`), and on any objection the text is parsed and has the last
  word. Its nesting is known already: no state nested past the limit is ever kept
  (:func:`gm_console.files.nesting.as_parsed`), which spares each start a walk of every table;
- it is never needed: a folder where it cannot be written (read-only, a full disk) just means
  the file is parsed each time. A session whose TOML holds dates or times (which the cache has
  no form for, gm_console.files.signed) is not cached either, nor a state an operation left holding
  a subclass of str, say: its next start parses the text, and keeps what the parse gives.

Small files are not cached: parsing them costs less than reading a cache would.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

from gm_console.files import nesting, serialise, signed

CACHE_FROM_CHARS = 64 * 1024
"""Texts shorter than this are parsed each time."""

WRITTEN = "written: "
"""Before the digest a cache is about, when gm-console wrote the text of that state (a file
saved by it rather than by hand): the text of its characters and journal lines can then be
reused as it is (serialise.Serialiser.reuse). A gm-console that knows nothing of it reads
such a cache as about another text, and parses the file."""


class Recalled(NamedTuple):
    state: dict[str, Any]
    written: bool
    """The text is what gm-console wrote of ``state``."""


def wanted(text: str) -> bool:
    return len(text) >= CACHE_FROM_CHARS


def digest(text: str) -> str:
    return signed.digest(text.encode("utf-8", "surrogatepass"))


def cache_path(session: Path) -> Path:
    real = Path(os.path.realpath(session))
    return real.with_name(f".{real.name}.gm-console.cache")


def recall(session: Path, text_digest: str, max_bytes: int) -> Recalled | None:
    """The state parsed from the text whose digest is ``text_digest``, if the cache beside
    ``session`` holds it; otherwise None (and the caller parses the text)."""
    found = signed.load_one_of(cache_path(session), (text_digest, WRITTEN + text_digest),
                               max_bytes)
    if found is None or not isinstance(found[1], dict):
        return None
    return Recalled(found[1], written=found[0] != text_digest)


def remember(session: Path, text_digest: str, state: dict[str, Any],
             written: bool = False) -> bool:
    """Keep ``state`` (what the text of digest ``text_digest`` parses to; ``written``: the
    text is what gm_console.files.serialise wrote of it) beside ``session``; False when it cannot
    be kept, or is not as a parse of the text gives it: nested past the limit (the parse
    refuses it), a tuple where the parse gives a list (the next start parses the text, and
    keeps that)."""
    if not nesting.as_parsed(state):
        return False
    # Named as the session's own temporary files are: one left by a kill is cleaned up with
    # theirs (codec.clean_stale_temporaries).
    return signed.store(cache_path(session), (WRITTEN if written else "") + text_digest, state,
                        temporary_prefix=f".{Path(os.path.realpath(session)).name}.")


def remember_written(session: Path, text: str, state: dict[str, Any]) -> bool:
    """After ``text``, the TOML of ``state``, was written to ``session``: keep what it parses
    to (the state, its tables in their written order) for the next reader, when the text is
    long enough to be worth it."""
    return wanted(text) and remember(session, digest(text), serialise.ordered(state),
                                     written=True)
