"""Public keys and the lines that tie each one to a role.

- :func:`openssh_line`: what ``gm-console invite`` prints for a real server's
  ``~/.ssh/authorized_keys``: ``restrict,pty,command="..."`` forces the console with the role,
  whatever the person at the other end asks to run.
- :func:`listener_line` and :func:`read_keys_file`: the built-in listener's keys file, the
  same format with a ``role="..."`` option (``role="player:Aria" ssh-ed25519 AAAA... jo``).

A line is ``[options] TYPE BASE64 [COMMENT]`` as in OpenSSH; an option's value is in double
quotes, where ``\\"`` stands for a quote.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from gm_console.live.roles import Role, RoleError


class KeyLineError(ValueError):
    """A public key or keys-file line that cannot be used; the message says what and where."""


@dataclass(frozen=True)
class PublicKey:
    algorithm: str  # ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256...
    data: str  # the key itself, base64 as in a .pub file
    comment: str  # usually who@where: the name a front shows in the journal

    @property
    def text(self) -> str:
        return " ".join(part for part in (self.algorithm, self.data, self.comment) if part)

    @property
    def wire(self) -> bytes:
        """The key's public data, to compare with the key a client offers."""
        return asyncssh.import_public_key(f"{self.algorithm} {self.data}").public_data


@dataclass(frozen=True)
class KeyEntry:
    """One line of the built-in listener's keys file."""

    key: PublicKey
    role: Role
    line: int

    @property
    def name(self) -> str:
        return self.key.comment or str(self.role)


def parse_public_key(text: str, where: str) -> PublicKey:
    """The key of a ``.pub`` file (one line: TYPE BASE64 [COMMENT])."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if "PRIVATE KEY" in text:
        raise KeyLineError(f"{where} is a private key: give its public half (the .pub file), "
                           f"and keep the private one where it is")
    if len(lines) != 1:
        raise KeyLineError(f"{where}: expected one public key line (TYPE BASE64 [COMMENT]), "
                           f"found {len(lines)} lines")
    return _key(lines[0].split(None, 2), where)


def _key(fields: list[str], where: str) -> PublicKey:
    if len(fields) < 2:
        raise KeyLineError(f"{where}: expected a public key (TYPE BASE64 [COMMENT], as in a "
                           f".pub file)")
    algorithm, data = fields[0], fields[1]
    try:
        asyncssh.import_public_key(f"{algorithm} {data}")
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise KeyLineError(f"{where}: not a usable public key ({algorithm}: {exc})") from None
    comment = fields[2].strip() if len(fields) > 2 else ""
    # the comment becomes a journal label and part of a command line: printable text only
    comment = "".join(ch for ch in comment if ch.isprintable())
    return PublicKey(algorithm, data, comment)


def parse_role(text: str) -> Role:
    try:
        return Role.parse(text)
    except RoleError as exc:
        raise KeyLineError(str(exc)) from None


# -- OpenSSH: the forced command -----------------------------------------------------------------

def console_command() -> list[str]:
    """How to start this installation's console, with absolute paths: the ``gm-console``
    script beside the running Python (a virtual environment's), else the one on PATH, else the
    running Python with ``-m gm_console``."""
    beside = Path(os.path.abspath(sys.executable)).with_name("gm-console")
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which("gm-console")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "gm_console"]


def client_argv(session: Path, role: Role, name: str = "") -> list[str]:
    """The console that joins ``session`` as ``role``; ``name`` labels it in the journal."""
    argv = [*console_command(), str(Path(session).resolve()), "--role", str(role)]
    return argv + ["--name", name] if name else argv


def _option_value(text: str) -> str:
    """``text`` as an authorized_keys option value (sshd turns ``\\"`` back into ``"`` and
    keeps every other character as it is)."""
    if any(not ch.isprintable() for ch in text):
        raise KeyLineError(f"{text!r} holds a line break or a control character, which an "
                           f"authorized_keys line cannot carry")
    return '"' + text.replace('"', '\\"') + '"'


def openssh_line(session: Path, role: Role, key: PublicKey, name: str = "") -> str:
    """The ``authorized_keys`` line that lets ``key`` in as ``role`` and nothing else:
    ``restrict`` (no forwarding of any kind, no ~/.ssh/rc), ``pty`` (the console needs a
    terminal), and the console forced whatever command the client asks for. sshd runs the
    command with the user's shell, so each word is quoted for it."""
    command = shlex.join(client_argv(session, role, name))
    return f"restrict,pty,command={_option_value(command)} {key.text}"


# -- the built-in listener's keys file -----------------------------------------------------------

def listener_line(role: Role, key: PublicKey) -> str:
    return f"role={_option_value(str(role))} {key.text}"


def _split_options(line: str, where: str) -> tuple[dict[str, str | None], str]:
    """The options at the start of a keys-file line, and the rest of it."""
    options: dict[str, str | None] = {}
    i = 0
    while i < len(line) and not line[i].isspace():
        start = i
        while i < len(line) and line[i] not in ',=' and not line[i].isspace():
            i += 1
        name, value = line[start:i].lower(), None
        if i < len(line) and line[i] == "=":
            i += 1
            if i >= len(line) or line[i] != '"':
                raise KeyLineError(f'{where}: option {name} must be written {name}="..."')
            i += 1
            chars = []
            while i < len(line) and line[i] != '"':
                if line[i] == "\\" and i + 1 < len(line) and line[i + 1] == '"':
                    i += 1
                chars.append(line[i])
                i += 1
            if i >= len(line):
                raise KeyLineError(f"{where}: option {name}'s value has no closing quote")
            i += 1
            value = "".join(chars)
        if not name:
            raise KeyLineError(f"{where}: an empty option (two commas?)")
        options[name] = value
        if i < len(line) and line[i] == ",":
            i += 1
    return options, line[i:].strip()


def parse_keys_line(line: str, where: str, number: int) -> KeyEntry:
    line = line.strip()
    try:  # as sshd reads it: a key from the first word, else options first
        options: dict[str, str | None] = {}
        key = _key(line.split(None, 2), where)
    except KeyLineError:
        options, rest = _split_options(line, where)
        key = _key(rest.split(None, 2), where)
    if "role" not in options:
        raise KeyLineError(f'{where}: no role option: write role="player:NAME", '
                           f'role="spectator" or role="gm" before the key (a key without a '
                           f'role is refused)')
    unknown = sorted(set(options) - {"role"})
    if unknown:
        raise KeyLineError(f"{where}: unknown option {', '.join(unknown)} (the built-in "
                           f"listener knows only role)")
    try:
        role = Role.parse(options["role"] or "")
    except RoleError as exc:
        raise KeyLineError(f"{where}: {exc}") from None
    return KeyEntry(key, role, number)


def read_keys_file(path: Path) -> tuple[list[KeyEntry], list[str]]:
    """Every usable key of the built-in listener's keys file, and what is wrong with each line
    that is not (those keys are refused; the others still log in)."""
    entries: list[KeyEntry] = []
    problems: list[str] = []
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            entries.append(parse_keys_line(line, f"{path}:{number}", number))
        except KeyLineError as exc:
            problems.append(str(exc))
    return entries, problems
