"""Saving as the user's files deserve: the backup as safe as the save, the mode kept, links
written through, leftovers of killed saves cleaned, a full disk losing nothing."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
import time

import pytest
from soak import kill_loop

from gm_console.files import codec
from gm_console.headless import open_state

SESSION = '[session]\nname = "Files"\n'


def session_text(fill: int) -> str:
    return SESSION + f'notes = "{"x" * fill}"\n'


def run_limited(script: str, limit: int) -> subprocess.CompletedProcess:
    """``script`` in a process that may write no file past ``limit`` bytes: a full disk without
    a disk to fill (RLIMIT_FSIZE makes write() fail with EFBIG, as ENOSPC would)."""
    preamble = textwrap.dedent(f"""
        import resource, signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
    """)
    return subprocess.run([sys.executable, "-c", preamble + textwrap.dedent(script)],
                          capture_output=True, text=True, timeout=60)


def test_a_full_disk_during_the_backup_leaves_both_files_whole(tmp_path):
    path = tmp_path / "s.toml"
    codec.write_atomic(path, session_text(5000))
    codec.write_atomic(path, session_text(5001))
    done = run_limited(f"""
        from gm_console.files import codec
        codec.write_atomic({str(path)!r}, {session_text(3000)!r})
    """, limit=4000)
    assert done.returncode == 0, done.stderr
    assert path.read_text() == session_text(3000)
    assert (tmp_path / "s.toml.bak").read_text() == session_text(5001)


def test_a_full_disk_during_the_save_changes_nothing(tmp_path):
    path = tmp_path / "s.toml"
    codec.write_atomic(path, session_text(100))
    codec.write_atomic(path, session_text(200))
    done = run_limited(f"""
        from gm_console.files import codec
        codec.write_atomic({str(path)!r}, {session_text(9000)!r})
    """, limit=4000)
    assert done.returncode != 0 and "File too large" in done.stderr
    assert path.read_text() == session_text(200)
    assert (tmp_path / "s.toml.bak").read_text() == session_text(100)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml", "s.toml.bak"]


@pytest.mark.parametrize("mode", [0o644, 0o444, 0o640])
def test_saving_keeps_the_files_mode(tmp_path, mode):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    path.chmod(mode)
    codec.write_atomic(path, session_text(10))
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert path.read_text() == session_text(10)


def test_a_new_file_gets_the_usual_mode(tmp_path):
    path = tmp_path / "new.toml"
    codec.write_atomic(path, SESSION)
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask


def test_a_link_is_written_through_to_its_target(tmp_path):
    campaign = tmp_path / "campaign"
    campaign.mkdir()
    target = campaign / "real.toml"
    target.write_text(SESSION)
    link = tmp_path / "current.toml"
    link.symlink_to(target)
    codec.write_atomic(link, session_text(10))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == session_text(10)
    assert (campaign / "real.toml.bak").read_text() == SESSION
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign", "current.toml"]


def test_leftovers_of_killed_saves_are_removed_on_open_and_nothing_else(tmp_path, host):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    old = time.time() - 3600
    leftovers = [tmp_path / ".s.toml.k2j_x9aq.tmp", tmp_path / ".s.toml.00000000.tmp"]
    kept = [tmp_path / ".s.toml.young123.tmp",  # another process may be saving right now
            tmp_path / ".other.toml.k2j_x9aq.tmp", tmp_path / ".s.toml.notes.tmp",
            tmp_path / "s.toml.k2j_x9aq.tmp", tmp_path / ".s.toml.bak.k2j_x9aq.tmp"]
    for file in leftovers + kept:
        file.write_text("half a save")
        if file.name != ".s.toml.young123.tmp":
            os.utime(file, (old, old))
    open_state(path, host, create=False)
    assert not [f for f in leftovers if f.exists()]
    assert all(f.exists() for f in kept)


def test_cleaning_a_read_only_folder_is_not_an_error(tmp_path, host, monkeypatch):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    stale = tmp_path / ".s.toml.abcdefgh.tmp"
    stale.write_text("x")
    os.utime(stale, (0, 0))

    def refuse(name):
        raise PermissionError(13, "Permission denied", name)
    monkeypatch.setattr(codec.os, "unlink", refuse)
    state = open_state(path, host, create=False).state
    assert state["session"]["name"] == "Files"


def test_the_kill_loop_finds_every_file_whole(tmp_path):
    """kill -9 at random moments of a process saving as fast as it can: the session and its
    backup are always one complete save (the longer run: GM_CONSOLE_SOAK=1, see CONTRIBUTING.md)."""
    torn = kill_loop(tmp_path)
    assert torn == []
