"""One owner, always: whatever the session folder allowed when the owner started, and whatever
happens to its lock files while it lives, the next ``op`` finds the owner and goes through it;
no second process writes the file."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any, Iterator

import pytest

SESSION = '[session]\nname = "One owner"\n\n[[characters]]\nname = "Aria"\n'
NOBODY = 65534


class Sandbox:
    """A session folder, a runtime folder and config folders of the user the fronts run as.
    Root writes into a folder without write permission, so under root the fronts run as
    ``nobody``, for whom a folder of mode 0555 is read-only as it is for any user."""

    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="gmc-one-"))
        self.folder = self.base / "campaign"
        self.runtime = self.base / "run"
        for folder in (self.folder, self.runtime, self.base / "cfg", self.base / "data"):
            folder.mkdir()
        self.session = self.folder / "s.toml"
        self.session.write_text(SESSION)
        self.as_user: dict[str, Any] = {}
        if os.geteuid() == 0:
            self.as_user = {"user": NOBODY, "group": NOBODY, "extra_groups": []}
            for place in (self.base, *self.base.rglob("*")):
                os.chown(place, NOBODY, NOBODY)
        self.base.chmod(0o755)
        self.runtime.chmod(0o700)
        self.env = {**os.environ, "GM_CONSOLE_RUNTIME_DIR": str(self.runtime),
                    "GM_CONSOLE_CONFIG_DIR": str(self.base / "cfg"),
                    "GM_CONSOLE_DATA_DIR": str(self.base / "data"), "HOME": str(self.base),
                    "PYTHONDONTWRITEBYTECODE": "1"}
        self.log = self.base / "serve.log"

    def writable(self, yes: bool) -> None:
        self.folder.chmod(0o755 if yes else 0o555)

    def gm(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True,
                              text=True, timeout=120, env=self.env, cwd=self.base,
                              **self.as_user)

    def serve(self) -> subprocess.Popen[bytes]:
        with self.log.open("wb") as log:
            owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve",
                                      str(self.session)], stderr=log, env=self.env,
                                     cwd=self.base, **self.as_user)
        self.wait_log("listening on", owner)
        return owner

    def wait_log(self, text: str, owner: subprocess.Popen[bytes], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.log.read_text():
            assert owner.poll() is None, f"the owner exited: {self.log.read_text()}"
            assert time.monotonic() < deadline, f"no {text!r} in {self.log.read_text()}"
            time.sleep(0.05)

    def lock_files(self) -> list[Path]:
        return [*self.runtime.glob("*.lock"), *self.folder.glob(".*.gm-console.lock")]


@pytest.fixture
def sandbox() -> Iterator[Sandbox]:
    box = Sandbox()
    yield box
    box.writable(True)
    shutil.rmtree(box.base, ignore_errors=True)


def stop(owner: subprocess.Popen[bytes]) -> int:
    owner.send_signal(signal.SIGTERM)
    return owner.wait(timeout=30)


def clock(path: Path) -> int:
    return int(tomllib.loads(path.read_text())["clock"]["second"])


def test_an_owner_started_in_a_read_only_folder_is_found_once_it_is_writable(sandbox):
    sandbox.writable(False)
    owner = sandbox.serve()
    try:
        sandbox.writable(True)
        done = sandbox.gm("op", str(sandbox.session), "clock.advance", "minutes=10")
        assert done.returncode == 0, done.stderr
        sandbox.wait_log("cli joined as gm", owner)  # through the owner, not beside it
        # the owner takes the lock beside the session too, now that it can be made
        deadline = time.monotonic() + 30
        while not list(sandbox.folder.glob(".s.toml.gm-console.lock")):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        second = sandbox.gm("op", str(sandbox.session), "clock.advance", "minutes=5")
        assert second.returncode == 0, second.stderr
        assert sandbox.log.read_text().count("cli joined as gm") == 2
    finally:
        assert stop(owner) == 0, sandbox.log.read_text()
    assert clock(sandbox.session) == 8 * 3600 + 15 * 60  # both, in the owner's one state
    assert not sandbox.lock_files()


@pytest.mark.parametrize("what", ["moved", "removed"])
def test_a_lock_moved_or_removed_while_live_leaves_the_owner_the_only_writer(sandbox, what):
    owner = sandbox.serve()
    try:
        locks = sandbox.lock_files()
        assert len(locks) == 2  # in the runtime folder, and beside the session
        for lock in locks:
            if what == "moved":
                lock.rename(sandbox.base / lock.name)
            else:
                lock.unlink()
        # at once, before the owner has made them again: the op meets the owner's socket
        done = sandbox.gm("op", str(sandbox.session), "clock.advance", "minutes=10")
        assert done.returncode == 0, done.stderr
        sandbox.wait_log("cli joined as gm", owner)
        sandbox.wait_log("was moved or removed: made again", owner)
        deadline = time.monotonic() + 30
        while len(sandbox.lock_files()) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert sandbox.gm("op", str(sandbox.session), "clock.advance",
                          "minutes=5").returncode == 0
        assert sandbox.log.read_text().count("cli joined as gm") == 2
    finally:
        assert stop(owner) == 0, sandbox.log.read_text()
    assert clock(sandbox.session) == 8 * 3600 + 15 * 60
    assert not sandbox.lock_files()  # the ones it made again are let go on stopping


def test_a_session_whose_folder_is_made_after_its_owner_started_keeps_one_lock(tmp_path):
    from gm_console.live import rendezvous

    session = tmp_path / "new" / "s.toml"  # no folder yet: the first save makes it
    lock = rendezvous.SessionLock(session)
    assert lock.acquire()
    lock.announce(socket="nowhere")
    try:
        session.parent.mkdir()
        lock.keep()  # the owner's next check: the lock named by the folder's inode is its
        assert lock.path == rendezvous.lock_path(session)
        assert rendezvous.SessionLock(session).acquire() is False
        assert rendezvous.read_announcement(session)["socket"] == "nowhere"
    finally:
        lock.release()
    after = rendezvous.SessionLock(session)
    assert after.acquire()  # let go whole: free for the next front
    after.release()
