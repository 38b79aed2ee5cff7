"""The session file is a checkpoint of the session's log, written ``checkpoint_seconds`` after a
change: the changes of those seconds are one write of the file, each durable in the log before
it is acknowledged (a kill -9 meanwhile loses none of them); a clean stop writes it at once."""

from __future__ import annotations

import time

import pytest
from test_host import write_settings

from gm_console.files import codec
from gm_console.files.config import ConfigError
from gm_console.headless import open_state
from gm_console.host.manager import Host
from tests.faults.owned_session import an_owner

SESSION = '[session]\nname = "Checkpoints"\n\n[clock]\nday = 1\nsecond = 0\n'


def minutes(path) -> int:
    return int(codec.parse(path.read_text(), path)["clock"]["second"]) // 60


def session_writes(path, monkeypatch) -> list[str]:
    """The texts written to the session file from now on."""
    writes: list[str] = []
    real = codec.write_atomic

    def write_atomic(target, text):
        if target == path:
            writes.append(text)
        real(target, text)
    monkeypatch.setattr(codec, "write_atomic", write_atomic)
    return writes


def test_the_changes_of_a_checkpoint_are_one_write_each_durable_before_it(tmp_path, monkeypatch):
    write_settings(tmp_path, "checkpoint_seconds = 60\n")
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, Host().load())
    writes = session_writes(path, monkeypatch)
    try:
        for _ in range(3):
            assert owner.store.apply("clock.advance", {"minutes": 10}).ok
            time.sleep(0.2)  # keys a while apart: each its own save if saves followed keys
        # acknowledged: in the log, not yet in the file
        assert owner.saver.log.pending == 3 and minutes(path) == 0 and writes == []
        # what the next opening would find after a kill -9 now
        assert int(open_state(path, Host().load(), create=False).state["clock"]["second"]) \
            == 30 * 60
    finally:
        owner.close()  # a clean stop does not wait for the checkpoint
    assert len(writes) == 1 and minutes(path) == 30
    assert not owner.saver.log.path.exists()


def test_the_file_is_written_checkpoint_seconds_after_a_change(tmp_path):
    write_settings(tmp_path, "checkpoint_seconds = 0.2\n")
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = an_owner(path, Host().load())
    try:
        assert owner.store.apply("clock.advance", {"minutes": 10}).ok
        deadline = time.monotonic() + 30
        # the file written, then the log's records it holds dropped: both, without a stop
        while (minutes(path), owner.saver.log.pending) != (10, 0) \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (minutes(path), owner.saver.log.pending) == (10, 0)
    finally:
        owner.close()


@pytest.mark.parametrize("setting", ["-1", "61", '"soon"', "true"])
def test_a_bad_checkpoint_setting_is_said_before_the_session_is_touched(tmp_path, setting):
    write_settings(tmp_path, f"checkpoint_seconds = {setting}\n")
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    with pytest.raises(ConfigError, match=r"checkpoint_seconds must be a number of seconds "
                                          r"0 or more, up to 60, not "):
        an_owner(path, Host().load())
    assert path.read_text() == SESSION and sorted(p.name for p in tmp_path.iterdir()
                                                  if p.name.startswith("s.")) == ["s.toml"]
