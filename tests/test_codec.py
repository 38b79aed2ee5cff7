"""The session file: version, unknown tables kept, errors with lines, atomic writes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gm_console.files import codec
from gm_console.host.manager import Host

HAND_WRITTEN = """\
format_version = 1

[session]
name = "Caves"

[[characters]]
name = "Aria"
race = "human"
strength = 17

[[characters]]
name = "Bram"
strength = "18/50"

[[characters.items]]
name = "rope"
weight_lb = 10
qty = 1

[plugins.from_the_future]
answer = 42
nested = { deep = [1, 2, { x = "y" }] }
"""


def test_unknown_plugin_tables_and_keys_are_written_back_as_read(tmp_path: Path, host: Host):
    path = tmp_path / "s.toml"
    path.write_text(HAND_WRITTEN + "\n[mystery]\nkeep = true\n")
    state = codec.read(path, host)
    codec.write_atomic(path, codec.dumps(state))
    again = tomllib.loads(path.read_text())
    original = tomllib.loads(HAND_WRITTEN + "\n[mystery]\nkeep = true\n")
    assert again["plugins"]["from_the_future"] == original["plugins"]["from_the_future"]
    assert again["mystery"] == {"keep": True}
    assert again["characters"][1]["items"] == original["characters"][1]["items"]


def test_missing_core_tables_are_filled_without_touching_the_rest(tmp_path, host):
    path = tmp_path / "bare.toml"
    path.write_text('[[characters]]\nname = "Solo"\n')
    state = codec.read(path, host)
    assert state["format_version"] == codec.FORMAT_VERSION
    assert state["session"]["name"] == "bare"
    assert state["clock"] == {"day": 1, "second": 8 * 3600}
    assert state["characters"] == [{"name": "Solo", "items": []}]


@pytest.mark.parametrize("text, line, words", [
    ("a = 1\nb = [\n", None, "not valid TOML"),
    ("a = 1\nb = = 2\n", 2, "not valid TOML"),
    (HAND_WRITTEN.replace('strength = "18/50"', 'strength = "18/101"'), 13,
     "character Bram: exceptional Strength is written 18/01 to 18/00, not '18/101'"),
    (HAND_WRITTEN.replace("weight_lb = 10", "weight_lb = -2"), 17,
     "character Bram: Weight (lb) must be at least 0, not -2"),
    (HAND_WRITTEN.replace('name = "Bram"', 'name = "aria"'), 12,
     "the name 'aria' is used twice"),
    (HAND_WRITTEN.replace("strength = 17", "strength = 26"), 9,
     "Strength must be from 1 to 25, not 26"),
    ("format_version = 9\n", 1, "written by a newer gm-console"),
    ("[clock]\nday = 0\n", 2, "clock day must be a whole number from 1"),
])
def test_bad_files_are_reported_with_file_and_line(tmp_path, host, text, line, words):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(codec.SessionFileError) as caught:
        codec.read(path, host)
    problem = caught.value.problems[0]
    assert words in problem.message
    if line is not None:
        assert problem.line == line
        assert str(caught.value).startswith(f"{path}:{line}: ")


def test_atomic_write_keeps_the_previous_file_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    codec.write_atomic(path, "a = 1\n")
    assert not (tmp_path / "s.toml.bak").exists()
    codec.write_atomic(path, "a = 2\n")
    assert path.read_text() == "a = 2\n"
    assert (tmp_path / "s.toml.bak").read_text() == "a = 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml", "s.toml.bak"]


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    codec.write_atomic(path, "a = 1\n")

    def broken_replace(src, dst):
        raise OSError("disk full")
    monkeypatch.setattr(codec.os, "replace", broken_replace)
    with pytest.raises(OSError):
        codec.write_atomic(path, "a = 2\n")
    assert path.read_text() == "a = 1\n"
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_saver_writes_off_the_callers_thread_and_flushes(tmp_path: Path, store) -> None:
    from gm_console.files.saver import Saver
    saver = Saver(tmp_path / "s.toml")
    store.on_save = saver.schedule
    store.apply("clock.advance", {"hours": 2})
    assert saver.flush()
    saved = tomllib.loads((tmp_path / "s.toml").read_text())
    assert saved["clock"]["second"] == 10 * 3600
    saver.close()
