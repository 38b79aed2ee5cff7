"""What a plugin prints or logs goes to ``plugins.log`` in the data folder, never raw to a
terminal (a console's screen, a player's SSH session, ``gm-console op``'s JSON).

The host runs a plugin's code (its import, its hooks, its operations) inside
:func:`speaking`, which notes the plugin on the running thread. ``sys.stdout`` and
``sys.stderr`` are wrapped once (:func:`install`): text written from inside a plugin becomes
lines of that plugin's log, with control characters shown, not obeyed; anything else passes
through untouched. A plugin's own loggers (named after its module, as ``getLogger(__name__)``
names them) write to the same file and to nothing else.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from gm_console.files.paths import data_dir
from gm_console.text.safe_text import visible

LOG_NAME = "plugins.log"
MAX_BYTES, BACKUPS = 1024 * 1024, 2
"""The log is kept to 1 MiB, with the two before it (``plugins.log.1``, ``.2``)."""
LOGGER = "gm_console.plugin"
"""Printed text is logged under ``gm_console.plugin.<its plugin>``."""

_running = threading.local()  # .plugin: whose code this thread runs, if any
_handler: logging.Handler | None = None
_lock = threading.Lock()


class speaking:  # noqa: N801 (used as a function: with speaking(name): ...)
    """Run a plugin's code: what it prints meanwhile, on this thread, is its log's. (A class,
    not a generator: the host enters it around every hook a plugin answers.)"""

    __slots__ = ("plugin", "before")

    def __init__(self, plugin: str | None) -> None:
        self.plugin = plugin

    def __enter__(self) -> None:
        self.before = getattr(_running, "plugin", None)
        _running.plugin = self.plugin

    def __exit__(self, *exc: object) -> None:
        _running.plugin = self.before


def log_path() -> Path:
    return data_dir() / LOG_NAME


class _File(logging.handlers.RotatingFileHandler):
    """Opened at the first line (most runs write none); the data folder made if need be, and
    followed if it changes (``GM_CONSOLE_DATA_DIR`` set anew: each test has its own)."""

    def emit(self, record: logging.LogRecord) -> None:
        wanted = os.path.abspath(log_path())
        if wanted != self.baseFilename:
            self.close()
            self.baseFilename = wanted
        super().emit(record)

    def _open(self) -> Any:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()


class _Visible(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return visible(super().format(record))


def handler() -> logging.Handler:
    """The plugins' log file's handler (one per process)."""
    global _handler
    with _lock:
        if _handler is None:
            made = _File(log_path(), maxBytes=MAX_BYTES, backupCount=BACKUPS,
                         encoding="utf-8", delay=True)
            made.setFormatter(_Visible("%(asctime)s %(name)s %(levelname)s: %(message)s"))
            _handler = made
        return _handler


class _Router:
    """A standard stream that sends what a plugin writes to its log, line by line."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._partial: dict[str, str] = {}

    def write(self, text: str) -> int:
        plugin = getattr(_running, "plugin", None)
        if plugin is None:
            return self._stream.write(text)
        *lines, rest = (self._partial.pop(plugin, "") + str(text)).split("\n")
        if rest:
            self._partial[plugin] = rest
        log = logging.getLogger(f"{LOGGER}.{plugin}")
        with speaking(None):  # logging's own complaints (a full disk) are not the plugin's
            for line in lines:
                log.info("%s", line)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding... the stream's
        return getattr(self._stream, name)


def install() -> None:
    """Route plugins' printing (once per process; a stream put in place since, by a test's
    capture, is wrapped in its turn)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, _Router):
            setattr(sys, name, _Router(stream))
    adopt(LOGGER)


def adopt(logger_name: str) -> None:
    """Send a plugin's loggers (``logger_name`` and those under it) to its log file alone."""
    logger = logging.getLogger(logger_name)
    chosen = handler()
    if chosen not in logger.handlers:
        logger.addHandler(chosen)
    logger.propagate = False
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
