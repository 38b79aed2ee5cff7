"""Saving off the key-press path: the store hands over each new state, a thread writes the
latest one (states handed over while it writes are batched into one save). States are never
changed after the store commits them (each operation works on copies of what it touches), so
the thread can serialise one without copying it, and re-serialises only the tables, characters
and journal lines that are new since its last save (gm_console.serialise)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from gm_console import codec, serialise


class Saver:
    def __init__(self, path: Path, on_error: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.on_error = on_error
        self._pending: dict[str, Any] | None = None
        self._busy = False
        self._closed = False
        self._serialiser = serialise.Serialiser()
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

    def write(self, state: dict[str, Any]) -> None:
        """Serialise ``state`` and write it now (the thread's work; the benchmark times it)."""
        codec.write_atomic(self.path, self._serialiser.dumps(state))

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                state, self._pending, self._busy = self._pending, None, True
            try:
                self.write(state)
            except Exception as exc:  # a full disk must not kill the console: say it, keep going
                if self.on_error:
                    self.on_error(f"could not save {self.path}: {exc}")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
