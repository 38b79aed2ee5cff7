"""Saving off the key-press path: the store hands over each new state, a thread writes the
latest one. States are never changed after the store commits them (each operation works on a
copy), so the thread can serialise one without copying it."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from gm_console import codec


class Saver:
    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.on_error = on_error
        self._pending: dict[str, Any] | None = None
        self._busy = False
        self._closed = False
        self.error: str | None = None
        """Why the last save failed; None once a save succeeds (quitting checks it)."""
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="gm-console-saver", daemon=True)
        self._thread.start()

    def schedule(self, state: dict[str, Any]) -> None:
        with self._cond:
            self._pending = state
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything scheduled is on disk; False if it is not by ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                state, self._pending, self._busy = self._pending, None, True
            try:
                codec.write_atomic(self.path, codec.dumps(state))
                self.error = None
            except Exception as exc:  # a full disk must not kill the console: say it, keep going
                self.error = f"could not save {self.path}: {exc}"
                if self.on_error:
                    self.on_error(self.error)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
