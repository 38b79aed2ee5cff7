"""The OpenSSH way, for real: the line gm-console invite prints, in the authorized_keys of a
real sshd (started by the test on a loopback port, with its own configuration and host key),
and the ssh client in a terminal."""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from live_helpers import SESSION, gm, read_state
from server_helpers import PtyProgram, Server, descendants, make_key

from gm_console.cli import main

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"
SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(
    not (os.access(SSHD, os.X_OK) and SSH),
    reason="OpenSSH's sshd and ssh are not installed (Debian: apt-get install openssh-server "
           "openssh-client; .ci/run installs them where it can)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_sshd(folder: Path, authorized_keys: Path, env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    host_key = make_key(folder, "ssh_host_ed25519_key")
    port = free_port()
    config = folder / "sshd_config"
    config.write_text("\n".join([
        f"Port {port}", "ListenAddress 127.0.0.1", f"HostKey {host_key}",
        f"AuthorizedKeysFile {authorized_keys}", "PidFile none", "StrictModes no",
        "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
        "PubkeyAuthentication yes", "PermitRootLogin forced-commands-only",
        # the README's advice, so that a player's terminal colours come through
        "AcceptEnv LANG LC_* COLORTERM TEXTUAL_COLOR_SYSTEM",
        # sshd gives a login a clean environment: the test's own folders for the console
        "SetEnv " + " ".join(f"{k}={v}" for k, v in env.items()),
        "LogLevel VERBOSE", ""]))
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # its privilege separation folder
    log = open(folder / "sshd.log", "wb")
    process = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stdout=log, stderr=log)
    deadline = time.monotonic() + 15
    while b"Server listening" not in (folder / "sshd.log").read_bytes():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"sshd did not start:\n{(folder / 'sshd.log').read_text()}")
        time.sleep(0.05)
    return process, port


def test_a_forced_command_key_reaches_the_console_through_a_real_sshd(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "the GM's \"table\""  # quoting: a space and both quotes on the way
    folder.mkdir()
    session = folder / "s.toml"
    session.write_text(SESSION)
    key = make_key(tmp_path, "jo", "jo@laptop")
    # invite as a process of its own is test_invite's; here, the line it prints at work
    assert main(["invite", str(session), "--role", "player:Aria", "--key", f"{key}.pub"]) == 0
    authorized_keys = tmp_path / "authorized_keys"
    authorized_keys.write_text(capsys.readouterr().out)
    os.chmod(authorized_keys, 0o600)
    env = {name: os.environ[name] for name in ("GM_CONSOLE_CONFIG_DIR", "GM_CONSOLE_DATA_DIR")}
    server = Server(session)
    sshd, port = start_sshd(tmp_path, authorized_keys, env)
    terminal = None
    try:
        terminal = PtyProgram(
            [SSH, "-F", "/dev/null", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
             "-o", "BatchMode=yes", "-o", "SendEnv=COLORTERM", "-t",
             f"{getpass.getuser()}@127.0.0.1", "rm -rf ~"],  # the command is never run
            env={**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"})
        for text in ("Latest in the journal", "player:Aria", "08:00"):
            terminal.wait_for(text)
        consoles = [pid for pid in descendants(sshd.pid)
                    if b"--role\0player:Aria" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(consoles) == 1
        console_env = Path(f"/proc/{consoles[0]}/environ").read_bytes().split(b"\0")
        assert b"COLORTERM=truecolor" in console_env  # SendEnv / AcceptEnv
        terminal.mark()
        assert gm("op", str(session), "clock.advance", "minutes=30").returncode == 0
        terminal.wait_for("08:30")
        server.wait_log("jo@laptop joined as player:Aria")
        # the connection drops (the client is killed): sshd hangs up, the console leaves,
        # the owner keeps the session
        terminal.process.kill()
        server.wait_log("jo@laptop left")
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in consoles):
            assert time.monotonic() < deadline, "the console outlived its connection"
            time.sleep(0.05)
        assert server.process.poll() is None
        assert gm("op", str(session), "clock.advance", "minutes=10").returncode == 0
    finally:
        if terminal is not None:
            terminal.close()
        sshd.terminate()
        sshd.wait(timeout=10)
        assert server.stop() == 0
    assert read_state(session)["clock"]["second"] == 8 * 3600 + 40 * 60
