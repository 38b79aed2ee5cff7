"""A front joining an owner that is stopped (SIGSTOP) or gone is told which, within the join
timeout (``join_timeout_seconds``), and nothing it asked for is applied later."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from test_host import write_settings

from tests.live.live_helpers import open_sockets

from gm_console.host.manager import Host
from gm_console.live import rendezvous
from gm_console.live.client import JoinRefused, RemoteStore

SESSION = '[session]\nname = "Stopped"\n\n[[characters]]\nname = "Aria"\n'


def gm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True,
                          text=True, timeout=120)


def wait_for_owner(path: Path, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        where = rendezvous.read_announcement(path).get("socket")
        if where:
            with socket.socket(socket.AF_UNIX) as probe:
                if probe.connect_ex(where) == 0:
                    return
        assert process.poll() is None, f"the owner exited with {process.returncode}"
        time.sleep(0.05)
    raise AssertionError(f"no owner of {path}")


def test_an_op_to_a_stopped_owner_says_it_is_not_answering_and_is_never_applied(
        tmp_path, monkeypatch):
    write_settings(tmp_path, "join_timeout_seconds = 1\n")
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(tmp_path / "user-config"))
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(path)],
                             stderr=subprocess.DEVNULL, text=True)
    try:
        wait_for_owner(path, owner)
        os.kill(owner.pid, signal.SIGSTOP)
        try:
            done = gm("op", str(path), "clock.advance", "minutes=10")
        finally:
            os.kill(owner.pid, signal.SIGCONT)
        assert done.returncode == 2, done
        assert f"the owner of s.toml (process {owner.pid}) is not answering" in done.stderr
        assert "nothing of this front's was applied" in done.stderr
        assert "join_timeout_seconds" in done.stderr
        assert json.loads(gm("op", str(path), "clock.advance", "minutes=1").stdout)["ok"]
    finally:
        owner.terminate()
        owner.wait(timeout=30)
    # only the second op was applied: the first never joined, so it was never sent
    assert tomllib.loads(path.read_text())["clock"]["second"] == 8 * 3600 + 60


@pytest.mark.parametrize("owner_end", ["silent", "closed"])
def test_joining_names_an_owner_not_answering_apart_from_one_gone(owner_end):
    ours, theirs = socket.socketpair()
    if owner_end == "closed":
        theirs.close()
    try:
        with pytest.raises(JoinRefused) as caught:
            RemoteStore(ours, Host(), join_timeout=0.2)
    finally:
        if owner_end == "silent":
            theirs.close()
    said = str(caught.value)
    if owner_end == "silent":
        assert said.startswith("the owner of the session is not answering (nothing in 0.2 s")
    else:
        assert said.startswith("the owner of the session is gone (its connection closed")
    assert "refused" not in said


def test_an_op_whose_owner_dies_while_it_joins_says_the_owner_is_gone_and_why(
        tmp_path, monkeypatch):
    write_settings(tmp_path, "join_timeout_seconds = 60\n")
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(tmp_path / "user-config"))
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(path)],
                             stderr=subprocess.DEVNULL, text=True)
    try:
        wait_for_owner(path, owner)
        os.kill(owner.pid, signal.SIGSTOP)  # it takes the connection, never the hello
        joining = subprocess.Popen([sys.executable, "-m", "gm_console", "op", str(path),
                                    "clock.advance", "minutes=10"], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while not open_sockets(joining.pid):
            assert joining.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        os.kill(owner.pid, signal.SIGKILL)
        _, err = joining.communicate(timeout=60)
    finally:
        owner.kill()
        owner.wait()
    assert joining.returncode == 2, err
    assert f"the owner of s.toml is gone (process {owner.pid} exited)" in err
    assert "refused" not in err and "Broken pipe" not in err


def test_a_client_whose_owner_dies_names_the_session_and_the_process(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SESSION)
    owner = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(path)],
                             stderr=subprocess.DEVNULL, text=True)
    try:
        wait_for_owner(path, owner)
        lost: list[str] = []
        store = RemoteStore(rendezvous.meet(path)[1], Host())  # type: ignore[arg-type]
        store.on_lost.append(lost.append)
        owner.kill()
        deadline = time.monotonic() + 30
        while not lost:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        owner.kill()
        owner.wait()
    assert lost == [f"the owner of s.toml is gone (process {owner.pid} exited)"]
    refused = store.apply("clock.advance", {"minutes": 1})
    assert not refused.ok and refused.reason == lost[0]


def test_join_timeout_seconds_must_be_a_positive_number(tmp_path):
    from gm_console.files.config import ConfigError

    write_settings(tmp_path, 'join_timeout_seconds = "soon"\n')
    with pytest.raises(ConfigError, match="join_timeout_seconds must be a number of seconds"):
        Host().config.join_timeout_seconds  # noqa: B018


def test_request_timeout_seconds_must_be_a_positive_number(tmp_path):
    from gm_console.files.config import ConfigError

    write_settings(tmp_path, "request_timeout_seconds = 0\n")
    with pytest.raises(ConfigError, match="request_timeout_seconds must be a number of seconds"):
        Host().config.request_timeout_seconds  # noqa: B018
