"""Hostile session files: each is refused with ``FILE[:LINE]: what`` and left as it was; none
hangs, none crashes, none is taken for a new session."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest
from test_host import write_settings

from gm_console.files import codec, nesting
from gm_console.headless import open_state
from gm_console.host.manager import Host
from gm_console.state.store import Store


def refused(path: Path, host: Host) -> codec.SessionFileError:
    with pytest.raises(codec.SessionFileError) as caught:
        open_state(path, host, create=True)
    return caught.value


def test_bytes_that_are_not_utf8_are_reported_with_their_line(tmp_path, host):
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[session]\nname = "Caf\xe9"\n')
    error = refused(path, host)
    assert error.problems[0].line == 2
    assert "not UTF-8" in error.problems[0].message and "0xe9" in error.problems[0].message


def test_a_byte_order_mark_is_read_as_text(tmp_path, host):
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbf[session]\nname = "Notepad"\n')
    state, created = open_state(path, host, create=True)[:2]
    assert state["session"]["name"] == "Notepad" and not created


@pytest.mark.parametrize("link", [False, True])
def test_a_folder_is_not_a_session(tmp_path, host, link):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    path = folder
    if link:
        path = tmp_path / "link.toml"
        path.symlink_to(folder)
    assert "is a folder" in str(refused(path, host))


def test_a_fifo_is_refused_at_once_and_not_opened(tmp_path, host):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    result: list[BaseException] = []

    def load() -> None:
        try:
            open_state(path, host, create=True)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            result.append(exc)
    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(5)
    if thread.is_alive():  # unblock the reader so the test run can end
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("opening a FIFO as a session blocked")
    assert isinstance(result[0], codec.SessionFileError)
    assert "not a regular file" in str(result[0])


def test_an_unreadable_file_is_reported(tmp_path, host, monkeypatch):
    path = tmp_path / "secret.toml"
    path.write_text('[session]\nname = "x"\n')
    if os.geteuid() == 0:  # root reads anything: make the open fail as it does for a user
        real_open = os.open

        def denied(file, flags, *args, **kwargs):
            if str(file) == str(path):
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(file, flags, *args, **kwargs)
        monkeypatch.setattr(codec.os, "open", denied)
    else:
        path.chmod(0)
    assert "cannot read it: Permission denied" in str(refused(path, host))


def test_a_dangling_link_is_not_a_new_session(tmp_path, host):
    path = tmp_path / "gone.toml"
    path.symlink_to(tmp_path / "nowhere" / "moved.toml")
    assert "does not exist" in str(refused(path, host))
    assert path.is_symlink() and not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("nested", ["a = " + "[" * 600 + "]" * 600,
                                    "a = " + "{b = " * 600 + "1" + "}" * 600,
                                    "[mystery]\na = " + "[" * 100 + "]" * 100])
def test_tables_nested_too_deep_are_refused_with_a_line(tmp_path, host, nested):
    path = tmp_path / "deep.toml"
    path.write_text('[session]\nname = "deep"\n\n' + nested + "\n")
    error = refused(path, host)
    assert "nested" in error.problems[0].message
    assert error.problems[0].line is not None and error.problems[0].line >= 4


@pytest.mark.parametrize("depth, refused_at", [
    (nesting.MAX_DEPTH - 2, None),
    (nesting.MAX_DEPTH - 1, ("mystery", "a") + (0,) * (nesting.MAX_DEPTH - 2)),
])
def test_the_nesting_limit_is_exact_and_says_where(depth, refused_at):
    """The file's root is level 0 and [mystery] level 1: arrays ``depth`` deep under
    ``mystery.a`` reach level depth + 1, and a container at MAX_DEPTH is refused with the path
    to it (a big campaign's start walks every table of its journal this way)."""
    state = {"mystery": {"a": tomllib.loads("a = " + "[" * depth + "1" + "]" * depth)["a"]},
             "journal": [{"said": {"values": {"n": [1]}}}] * 3}
    assert nesting.too_deep(state) == refused_at


def test_nesting_within_the_limit_is_kept(tmp_path, host):
    path = tmp_path / "ok.toml"
    path.write_text("[mystery]\na = " + "[" * 30 + "1" + "]" * 30 + "\n")
    state = open_state(path, host, create=False).state
    codec.write_atomic(path, codec.dumps(state))
    assert tomllib.loads(path.read_text())["mystery"] == tomllib.loads(
        "a = " + "[" * 30 + "1" + "]" * 30)


@pytest.mark.parametrize("text, line", [
    ('[session]\nname = "x"\n\n[clock]\nday = [\n', 5),
    ('[session]\nname = "unterminated\n', 2),
    ('[session]\nname = "x"\nnotes = """never closed\nmore\n', 3),
])
def test_a_truncated_file_is_reported_with_a_line(tmp_path, host, text, line):
    path = tmp_path / "cut.toml"
    path.write_text(text)
    error = refused(path, host)
    assert error.problems[0].line is not None
    assert error.problems[0].line >= line
    assert str(error).startswith(f"{path}:{error.problems[0].line}: not valid TOML")


def test_a_file_over_the_size_limit_is_refused_with_the_limit_and_the_setting(tmp_path):
    write_settings(tmp_path, "max_session_mb = 0.001\n")
    path = tmp_path / "big.toml"
    path.write_text('[session]\nname = "big"\nnotes = "' + "x" * 2000 + '"\n')
    message = str(refused(path, Host().load()))
    assert "larger than the 1,048 bytes" in message and "max_session_mb" in message


def test_a_long_campaign_opens_once_the_limit_is_raised(tmp_path):
    write_settings(tmp_path, "max_session_mb = 0.001\n")
    path = tmp_path / "long.toml"
    path.write_text('[session]\nname = "long"\nnotes = "' + "x" * 2000 + '"\n')
    write_settings(tmp_path, "max_session_mb = 1\n")
    state = open_state(path, Host().load(), create=False).state
    assert state["session"]["name"] == "long"


def test_a_hostile_gigabyte_is_refused_by_its_size_without_being_read(tmp_path, host):
    import tracemalloc
    path = tmp_path / "huge.toml"
    with open(path, "wb") as handle:
        handle.truncate(1 << 30)  # sparse: a gigabyte that takes no room on the disk
    tracemalloc.start()
    try:
        message = str(refused(path, host))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert f"is {1 << 30:,} bytes, larger than the {host.config.max_session_bytes:,}" in message
    assert "max_session_mb" in message
    assert peak < 1 << 20  # not read: reading would have held the gigabyte


def test_the_default_limit_holds_a_campaign_of_50000_journal_lines(host):
    """A hundred sessions of 500 lines as the rules write them (each time passing keeps its
    sentence's template and the clock's, the longest common line) open with the default
    settings."""
    from gm_console.files import serialise
    store = Store(codec.prepare(codec.new_session("long"), host, "long"), host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    for n in range(500):
        if n % 5:
            assert store.apply("clock.advance", {"minutes": 10}).ok
        else:
            assert store.apply("journal.note", {"text": f"Aria keeps watch ({n})",
                                                "who": "Aria"}).ok
    session = len(serialise.dumps(store.state).encode())
    lines = len(serialise.dumps({"journal": store.state["journal"]}).encode())
    assert session + lines * 99 < host.config.max_session_bytes


@pytest.mark.parametrize("value", ['"big"', "0", "-1", "true"])
def test_a_wrong_size_limit_is_a_settings_error(tmp_path, value):
    from gm_console.files.config import ConfigError
    write_settings(tmp_path, f"max_session_mb = {value}\n")
    with pytest.raises(ConfigError, match="max_session_mb"):
        Host().load().config.max_session_bytes


def test_dates_and_times_are_kept_as_read_through_operations(tmp_path, host):
    text = ('[session]\nname = "dated"\nstarted = 2024-03-01\nat = 19:30:00\n'
            'when = 2024-03-01T19:30:00\nzoned = 2024-03-01T19:30:00+02:00\n')
    path = tmp_path / "dated.toml"
    path.write_text(text)
    state = open_state(path, host, create=False).state
    store = Store(state, host)
    outcome = store.apply("clock.advance", {"hours": 1})
    assert outcome.ok, outcome.reason
    codec.write_atomic(path, codec.dumps(store.state))
    assert tomllib.loads(path.read_text())["session"] == tomllib.loads(text)["session"]


def test_the_console_refuses_a_fifo_without_blocking(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    for command in (["show", str(path)], ["op", str(path), "clock.advance", "hours=1"],
                    ["journal", str(path)]):
        done = subprocess.run([sys.executable, "-m", "gm_console", *command],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 2
        assert f"{path}: " in done.stderr and "Traceback" not in done.stderr


def test_too_many_characters_are_refused_at_the_first_one_past_the_limit(tmp_path, host,
                                                                           monkeypatch):
    monkeypatch.setattr(codec, "MAX_CHARACTERS", 3)
    path = tmp_path / "crowd.toml"
    path.write_text("".join(f'[[characters]]\nname = "C{i}"\n\n' for i in range(5)))
    error = refused(path, host)
    assert "more than 3 characters (5)" in str(error) and error.problems[0].line == 10


def test_too_many_items_are_refused_with_the_character(tmp_path, host, monkeypatch):
    monkeypatch.setattr(codec, "MAX_ITEMS", 2)
    path = tmp_path / "hoard.toml"
    path.write_text('[[characters]]\nname = "Aria"\n\n' + "".join(
        f'[[characters.items]]\nname = "i{i}"\n\n' for i in range(4)))
    error = refused(path, host)
    assert "Aria: more than 2 items (4)" in str(error) and error.problems[0].line == 10


def test_a_name_used_twice_is_still_found_among_many(tmp_path, host):
    path = tmp_path / "twins.toml"
    path.write_text("".join(f'[[characters]]\nname = "C{i}"\n\n' for i in range(50))
                    + '[[characters]]\nname = "c7"\n')
    assert "the name 'c7' is used twice" in str(refused(path, host))


@pytest.mark.parametrize("key, value", [("hours_today", "1e308"), ("galloped_hours", "inf"),
                                        ("done_km", "nan"), ("speed_kmh", "1e300")])
def test_a_huge_travel_count_is_refused_by_name_not_travelled_for_ever(tmp_path, host, key,
                                                                       value):
    """``show`` rehearses travelling to the end of the route: an hour added to 1e308 hours is
    lost in the rounding, and the journey would never end."""
    path = tmp_path / "far.toml"
    path.write_text('[session]\nname = "far"\n[clock]\nday = 1\n[plugins.travel]\n'
                    'route = [{ km = 10.0, terrain = "plain", name = "" }]\n'
                    f'travel_day = 1\n{key} = {value}\n')
    before = path.read_bytes()
    error = refused(path, host)
    assert [p.line for p in error.problems] == [8]
    assert f"plugins.travel: {key} = " in str(error) and "a number mistyped" in str(error)
    assert path.read_bytes() == before
