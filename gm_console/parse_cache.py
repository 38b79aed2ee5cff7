"""What parsing a big session file gave, kept beside it as JSON so the next start does not parse
its TOML again (a campaign's journal is a megabyte that TOML parses in a fifth of a second or
more, JSON in a hundredth).

The cache is ``.NAME.toml.gm-console.cache``, beside the session's real path, written when
parsing the file found nothing wrong and when the console closes the session after saving it.
It is only a shortcut; the TOML file stays the truth:

- it is used only for the very text it was made from (the SHA-256 of the text is in it), so a
  file changed since, by hand or by another program, is parsed again;
- it is signed with a key of this user's (``cache.key`` in the data folder, readable by them
  alone): a cache cut, garbled, or written by anyone else (another user of a shared folder,
  another machine) is ignored, whatever it claims;
- it is JSON, read by :func:`json.loads`: whatever it holds, reading it runs no code;
- what it gives goes through the same checks as a parsed file (nesting depth here, every value
  in :func:`gm_console.codec.problems`);
- it is never needed: a folder where it cannot be written (read-only, a full disk) just means
  the file is parsed each time. A session whose TOML holds dates or times (which JSON has no
  type for) is not cached either.

Small files are not cached: parsing them costs less than reading a cache would.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from gm_console.paths import data_dir

CACHE_FROM_CHARS = 64 * 1024
"""Texts shorter than this are parsed each time."""
FORMAT = 1


def wanted(text: str) -> bool:
    return len(text) >= CACHE_FROM_CHARS


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def cache_path(session: Path) -> Path:
    real = Path(os.path.realpath(session))
    return real.with_name(f".{real.name}.gm-console.cache")


def recall(session: Path, text_digest: str, max_bytes: int) -> dict[str, Any] | None:
    """The state parsed from the text whose digest is ``text_digest``, if the cache beside
    ``session`` holds it, intact and signed with this user's key; otherwise None (and the
    caller parses the text)."""
    key = _key(create=False)
    if key is None:
        return None
    data = _read_regular(cache_path(session), max_bytes)
    if data is None:
        return None
    header, _, payload = data.partition(b"\n")
    try:
        meta = json.loads(header)
        if not (isinstance(meta, dict) and meta.get("format") == FORMAT
                and meta.get("text") == text_digest
                and hmac.compare_digest(str(meta.get("signature")).encode(),
                                        _sign(key, text_digest, payload).encode())):
            return None
        state = json.loads(payload)
    except (ValueError, RecursionError):
        return None
    return state if isinstance(state, dict) else None


def remember(session: Path, text_digest: str, state: dict[str, Any]) -> bool:
    """Keep ``state`` (what the text of digest ``text_digest`` parses to) beside ``session``.
    False when it cannot be kept (a date in the state, a read-only folder, a full disk, no
    key): the text is then simply parsed next time."""
    key = _key(create=True)
    if key is None:
        return False
    try:
        payload = json.dumps(state, ensure_ascii=False, separators=(",", ":"),
                             default=_no_json).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError, RecursionError):
        return False
    header = json.dumps({"format": FORMAT, "text": text_digest,
                         "signature": _sign(key, text_digest, payload)}).encode()
    target = cache_path(session)
    try:
        # mkstemp makes it 0600; named as the session's own temporary files are, so one left by
        # a kill is cleaned up with theirs (codec.clean_stale_temporaries). No fsync: a cache
        # torn by a crash fails its signature.
        fd, tmp = tempfile.mkstemp(prefix=f".{Path(os.path.realpath(session)).name}.",
                                   suffix=".tmp", dir=target.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(header + b"\n" + payload)
        os.replace(tmp, target)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False
    return True


def _sign(key: bytes, text_digest: str, payload: bytes) -> str:
    return hmac.new(key, text_digest.encode() + b"\n" + payload, hashlib.sha256).hexdigest()


KEY_BYTES = 32


def _key(create: bool) -> bytes | None:
    """This user's signing key (made on first use, mode 0600), or None if there is none and
    it cannot be made."""
    path = data_dir() / "cache.key"
    key = _read_regular(path, 4 * KEY_BYTES)
    if key is not None and len(key) == KEY_BYTES:
        return key
    if not create:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".cache.key.", dir=path.parent)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(KEY_BYTES))
        if key is None:
            os.link(tmp, path)  # never replaces a key another process has just made
        else:  # a damaged key (cut by a power failure): caches signed with it are lost anyway
            os.replace(tmp, path)
    except FileExistsError:
        pass
    except OSError:
        return None
    finally:
        Path(tmp).unlink(missing_ok=True)
    key = _read_regular(path, 4 * KEY_BYTES)
    return key if key is not None and len(key) == KEY_BYTES else None


def _read_regular(path: Path, max_bytes: int) -> bytes | None:
    """The bytes of a regular file (not followed if a link, not waited for if a FIFO), or None
    if there is none or it is larger than ``max_bytes``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            return None
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read(max_bytes + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)


def _no_json(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} has no JSON form")
