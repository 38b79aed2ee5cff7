"""A save that fails (full disk, read-only folder, I/O error) is tried again until one
succeeds; stopping tries once more, and ``serve`` then exits non-zero naming what was not
saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tomllib

from gm_console.files import codec, saver
from gm_console.host.manager import Host
from gm_console.state.store import Store


def failing_disk(monkeypatch, broken: list[bool]) -> None:
    real = codec.write_atomic

    def write(path, text):
        if broken[0]:
            raise OSError(28, "No space left on device")
        real(path, text)
    monkeypatch.setattr(saver.codec, "write_atomic", write)


def test_a_failed_save_is_tried_again_once_the_disk_has_room(tmp_path, monkeypatch):
    monkeypatch.setattr(saver.Saver, "RETRY_SECONDS", 0.05)
    broken = [True]
    failing_disk(monkeypatch, broken)
    path = tmp_path / "s.toml"
    host = Host().load()
    keeper = saver.Saver(path, delay=0)
    store = Store(codec.prepare(codec.new_session("s"), host, "s"), host, on_save=keeper.schedule)
    assert store.apply("clock.advance", {"minutes": 10}).ok
    assert not keeper.flush() and "No space left on device" in str(keeper.error)
    assert keeper.unsaved() == ["time passes: 10 min → Day 1, 08:10"]
    broken[0] = False  # room again: no new operation is needed for the save to happen
    deadline = time.monotonic() + 30
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert keeper.flush() and keeper.error is None and keeper.unsaved() == []
    assert tomllib.loads(path.read_text())["clock"]["second"] == 8 * 3600 + 600
    keeper.close()


def test_closing_tries_once_more_and_names_what_was_not_saved(tmp_path, monkeypatch):
    broken = [True]
    failing_disk(monkeypatch, broken)
    path = tmp_path / "s.toml"
    host = Host().load()
    keeper = saver.Saver(path, delay=0)
    store = Store(codec.prepare(codec.new_session("s"), host, "s"), host, on_save=keeper.schedule)
    for name in ("Aria", "Bram"):
        assert store.apply("character.add", {"name": name}).ok
    keeper.close()
    assert not path.exists()
    unsaved = keeper.unsaved()
    assert len(unsaved) == 2 and "Aria" in unsaved[0] and "Bram" in unsaved[1]


def test_serve_stopped_on_a_read_only_folder_exits_non_zero_naming_what_is_not_in_the_file(tmp_path):
    """The owner's every write fails as on a read-only file system (a folder's mode would not
    stop the suite when it runs as root)."""
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "s"\n')
    script = (
        "import sys\n"
        "from gm_console.files import codec\n"
        "def refuse(path, text):\n"
        "    raise OSError(30, 'Read-only file system')\n"
        "codec.write_atomic = refuse\n"
        "from gm_console.cli import command\n"
        "sys.argv = ['gm-console', 'serve', sys.argv[1]]\n"
        "command()\n")
    owner = subprocess.Popen([sys.executable, "-c", script, str(path)], stderr=subprocess.PIPE,
                             text=True)
    from gm_console.live import rendezvous
    deadline = time.monotonic() + 60
    while not rendezvous.read_announcement(path).get("socket") and time.monotonic() < deadline:
        time.sleep(0.05)
    done = subprocess.run([sys.executable, "-m", "gm_console", "op", str(path), "clock.advance",
                           "minutes=5"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr  # acknowledged before the save (not durable yet)
    os.kill(owner.pid, signal.SIGTERM)
    _, log = owner.communicate(timeout=60)
    assert owner.returncode == 1, log
    # the change is safe in the session's log (acknowledged means durable): the next
    # opening, on a writable folder, takes it back
    assert "Read-only file system" in log and "does not hold 1 operations, kept in" in log
    assert "time passes: 5 min → Day 1, 08:05" in log
    shown = subprocess.run([sys.executable, "-m", "gm_console", "show", str(path), "--json"],
                           capture_output=True, text=True, timeout=120)
    assert '"second": 29100' in shown.stdout, shown.stderr
