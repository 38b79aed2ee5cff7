"""Files that remember, for the next start, what was slow to find out: values signed with a
key of this user's, so that whatever such a file holds was written by this user's gm-console
for the very thing it names.

A file is a JSON header line and a payload. The header says what the payload is about (its
``about``: the digest of a session's text, a fingerprint of the installed packages) and signs
both with keyed BLAKE2b (a MAC) under ``cache.key`` in the data folder (32 random bytes, 0600,
made on first use). :func:`load` gives the payload only if the header is intact, about the same
thing, and signed with the key: a file cut, garbled, stale, or written by anyone else (another
user of a shared folder, another machine) gives None.

The payload is in :mod:`marshal`'s format, which reads a big session's tables faster than JSON
does. Only a payload whose signature holds is read, so only what this user's gm-console wrote;
and reading it runs no code (marshal builds values; it calls nothing). Its version is in the
header: a file of another version is ignored. Such a file is never needed: when it cannot be
written (a read-only folder, a full disk, no key) the slow way is simply taken each time.
"""

from __future__ import annotations

import json
import marshal
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Sequence

from gm_console.files.paths import data_dir

# CPython's own BLAKE2 and hmac.compare_digest, imported without hashlib and hmac, which load
# OpenSSL's library: a cost every start-up would pay, and more on a busy machine.
try:
    from _blake2 import blake2b
    from _operator import _compare_digest as compare_digest
except ImportError:  # another Python
    from hashlib import blake2b
    from hmac import compare_digest  # type: ignore[no-redef]

FORMAT = 2  # 1: a JSON payload
KEY_BYTES = 32


def load(path: Path, about: str, max_bytes: int) -> Any:
    """The payload of ``path`` if it is about ``about`` and signed with this user's key;
    otherwise None."""
    found = load_one_of(path, (about,), max_bytes)
    return None if found is None else found[1]


def load_one_of(path: Path, abouts: Sequence[str], max_bytes: int) -> tuple[str, Any] | None:
    """What ``path`` is about, if one of ``abouts``, and its payload, if signed with this
    user's key; otherwise None."""
    key = _key(create=False)
    if key is None:
        return None
    data = _read_regular(path, max_bytes)
    if data is None:
        return None
    header, _, payload = data.partition(b"\n")
    try:
        meta = json.loads(header)
        if not (isinstance(meta, dict) and meta.get("format") == FORMAT
                and meta.get("marshal") == marshal.version and meta.get("about") in abouts):
            return None
        about = meta["about"]
        if not _same(str(meta.get("signature")), _sign(key, about, payload)):
            return None
    except (ValueError, RecursionError):
        return None
    try:
        return about, marshal.loads(payload)
    except (ValueError, EOFError, TypeError):  # signed, so written by a gm-console gone wrong
        return None


def store(path: Path, about: str, value: Any, temporary_prefix: str) -> bool:
    """Write ``value`` to ``path``, signed, about ``about``; False when it cannot be (a value
    marshal has no form for: a date, an object, a subclass of str or dict; a read-only folder,
    a full disk, no key). The temporary file is named ``temporary_prefix`` + 8 characters +
    ``.tmp``."""
    key = _key(create=True)
    if key is None:
        return False
    try:
        payload = marshal.dumps(value)
    except ValueError:  # "unmarshallable object"
        return False
    header = json.dumps({"format": FORMAT, "marshal": marshal.version, "about": about,
                         "signature": _sign(key, about, payload)}).encode()
    try:
        # mkstemp makes it 0600. No fsync: a file torn by a crash fails its signature.
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix, suffix=".tmp", dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(header + b"\n" + payload)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False
    return True


def digest(data: bytes) -> str:
    """A digest of ``data`` (BLAKE2b, 256 bits), to say what a file is about."""
    return blake2b(data, digest_size=32).hexdigest()


def _same(signature: str, expected: str) -> bool:
    # in constant time: how long a "no" takes must not tell the signature
    return compare_digest(signature.encode(), expected.encode())


def _sign(key: bytes, about: str, payload: bytes) -> str:
    return blake2b(about.encode() + b"\n" + payload, key=key, digest_size=32).hexdigest()


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
        else:  # a damaged key (cut by a power failure): what it signed is lost anyway
            os.replace(tmp, path)
    except FileExistsError:  # another process made it first: read below, it is the one
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

