"""gm-console invite and the keys-file lines of the built-in listener."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from live_helpers import SESSION, gm
from server_helpers import make_key

from gm_console.cli import main
from gm_console.gameserver import keys
from gm_console.live.roles import Role


@pytest.fixture(scope="module")
def public_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_key(tmp_path_factory.mktemp("keys"), "aria", "jo@laptop").with_suffix(".pub")


def dequote(option: str) -> str:
    """sshd's reading of a quoted option value (auth-options.c, opt_dequote)."""
    assert option.startswith('"')
    out, i = [], 1
    while option[i] != '"':
        if option[i] == "\\" and option[i + 1] == '"':
            i += 1
        out.append(option[i])
        i += 1
    return "".join(out)


def test_the_openssh_line_forces_the_console_with_absolute_paths_safe_quoting(
        tmp_path: Path, public_key: Path) -> None:
    folder = tmp_path / "the GM's \"games\""
    folder.mkdir()
    session = folder / "s.toml"
    session.write_text(SESSION)
    result = gm("invite", str(session), "--role", "player:Aria", "--key", str(public_key))
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip()
    assert line.startswith('restrict,pty,command="')
    assert line.endswith(public_key.read_text().strip())
    command = dequote(line[len("restrict,pty,command="):])
    # sshd hands the command to the user's shell: run it through sh to see the words it makes
    words = subprocess.run(["sh", "-c", f"printf '%s\\n' {command.split(' ', 1)[1]}"],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert words == [str(session.resolve()), "--role", "player:Aria", "--name", "jo@laptop"]
    program = shlex.split(command)[0]
    assert Path(program).is_absolute() and Path(program).exists()


@pytest.mark.parametrize(("args", "complaint"), [
    (["--role", "player:", "--key", "KEY"], "is not gm, spectator or player:NAME"),
    (["--role", "wizard", "--key", "KEY"], "is not gm, spectator or player:NAME"),
    (["--role", "gm", "--key", "PRIVATE"], "is a private key"),
    (["--role", "gm", "--key", "GARBAGE"], "not a usable public key"),
    (["--role", "gm", "--key", "MISSING"], "no such file"),
])
def test_a_malformed_role_or_key_is_refused_and_nothing_printed(
        tmp_path: Path, public_key: Path, args: list[str], complaint: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    (tmp_path / "garbage.pub").write_text("ssh-ed25519 AAAAnotbase64!! x\n")
    files = {"KEY": public_key, "PRIVATE": public_key.with_suffix(""),
             "GARBAGE": tmp_path / "garbage.pub", "MISSING": tmp_path / "nope.pub"}
    args = [str(files.get(a, a)) for a in args]
    assert main(["invite", str(session), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and complaint in err


def test_a_player_without_a_character_yet_gets_a_line_and_a_note(
        tmp_path: Path, public_key: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "s.toml"
    session.write_text(SESSION)
    assert main(["invite", str(session), "--role", "player:Zed", "--key", str(public_key),
                 "--for", "listener"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith('role="player:Zed" ssh-ed25519 ')
    assert "no character named 'Zed'" in err


def test_keys_file_roles_names_and_refused_lines(tmp_path: Path, public_key: Path) -> None:
    key = public_key.read_text().strip()
    path = tmp_path / "keys"
    path.write_text("\n".join([
        "# the table",
        f'role="player:Aria" {key}',
        f"{key}",                                   # no role: refused
        f'role="player:Aria",from="10.0.0.1" {key}',  # an option we do not enforce: refused
        f'role="wizard" {key}',
        f'role="player:Sir \\"Q\\"" {key.rsplit(" ", 1)[0]}',
        'role="spectator" ssh-ed25519 AAAAbroken',
        "",
    ]))
    entries, problems = keys.read_keys_file(path)
    assert [(e.line, str(e.role), e.name) for e in entries] == [
        (2, "player:Aria", "jo@laptop"), (6, 'player:Sir "Q"', 'player:Sir "Q"')]
    assert [p.split(": ", 1)[0] for p in problems] == [f"{path}:{n}" for n in (3, 4, 5, 7)]
    assert "no role option" in problems[0] and "unknown option from" in problems[1]
    # what invite --for listener prints reads back as the same role and key
    line = keys.listener_line(Role.parse('player:Sir "Q"'), keys.parse_public_key(key, "k"))
    entry = keys.parse_keys_line(line, "k", 1)
    assert str(entry.role) == 'player:Sir "Q"' and entry.key.text == key


def test_console_command_is_this_installation(tmp_path: Path) -> None:
    argv = keys.client_argv(tmp_path / "s.toml", Role.parse("spectator"))
    assert argv[-3:] == [str((tmp_path / "s.toml").resolve()), "--role", "spectator"]
    version = subprocess.run([*argv[:-3], "--version"], capture_output=True, text=True)
    assert version.stdout.startswith("gm-console"), (argv, version.stderr)
    assert Path(argv[0]).is_absolute() and (argv[0] != sys.executable or "-m" in argv)


@pytest.mark.parametrize(("text", "address"), [
    ("2222", ("127.0.0.1", 2222)), (":2222", ("127.0.0.1", 2222)),
    ("0.0.0.0:22", ("0.0.0.0", 22)), ("[::1]:2200", ("::1", 2200)),
    ("localhost", ("localhost", 2222))])
def test_listener_addresses_default_to_loopback(text: str, address: tuple[str, int]) -> None:
    from gm_console.gameserver.fronts import parse_address

    assert parse_address(text) == address


def test_a_listener_address_that_is_not_one_is_refused() -> None:
    from gm_console.gameserver.fronts import ListenerError, parse_address

    with pytest.raises(ListenerError, match="is not HOST:PORT"):
        parse_address("host:99999")
    with pytest.raises(ListenerError, match="is not HOST:PORT"):
        parse_address("host:ssh")
