"""``gm-console invite SESSION --role R --key FILE``: the line that lets one person in.

By default the ``authorized_keys`` line for OpenSSH (a real server's sshd); ``--for listener``
the line for the built-in listener's keys file (``gm-console serve --ssh``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gm_console.gameserver import links
from gm_console.live.roles import PLAYER, Role, RoleError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("session", type=Path)
    parser.add_argument("--role", required=True,
                        help="gm, spectator or player:CHARACTER: what this key may do")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--key", type=Path,
                     help="their public key (the .pub file they sent you)")
    how.add_argument("--web", action="store_true",
                     help="a one-time link to the browser view of gm-console serve --web "
                          f"(good for {links.LIFETIME // 3600} h, until first opened)")
    parser.add_argument("--name", default=None,
                        help="their name in the journal (default: the key's comment)")
    parser.add_argument("--for", dest="target", choices=("openssh", "listener"),
                        default="openssh",
                        help="openssh: a line for ~/.ssh/authorized_keys (default); listener: "
                             "a line for the keys file of gm-console serve --ssh")


def invite(args: argparse.Namespace) -> int:
    if args.web:
        return _web_link(args)
    from gm_console.gameserver import keys  # asyncssh is slow to import: for keys only

    try:
        role = keys.parse_role(args.role)
        if not args.key.is_file():
            raise keys.KeyLineError(f"{args.key}: no such file (the player's public key, "
                                    f"such as id_ed25519.pub)")
        key = keys.parse_public_key(args.key.read_text(encoding="utf-8", errors="replace"),
                                    str(args.key))
        if not args.session.is_file():
            raise keys.KeyLineError(f"{args.session}: no such session file")
        name = key.comment if args.name is None else args.name
        line = (keys.openssh_line(args.session, role, key, name) if args.target == "openssh"
                else keys.listener_line(role, key))
    except (keys.KeyLineError, OSError) as exc:
        print(f"gm-console invite: {exc}", file=sys.stderr)
        return 2
    _warn_unknown_character(args.session, role)
    print(line)
    return 0


def _web_link(args: argparse.Namespace) -> int:
    try:
        role = Role.parse(args.role)
    except RoleError as exc:
        print(f"gm-console invite: {exc}", file=sys.stderr)
        return 2
    if not args.session.is_file():
        print(f"gm-console invite: {args.session}: no such session file", file=sys.stderr)
        return 2
    token = links.add(args.session, role, args.name or str(role))
    address = links.address(args.session)
    _warn_unknown_character(args.session, role)
    print(f"{address or 'http://HOST:PORT'}/?join={token}", flush=True)
    print(f"gm-console invite: a one-time link for {role}: the first browser to open it gets the "
          f"seat (for as long as the server runs); it expires unused in "
          f"{links.LIFETIME // 3600} h" + ("" if address else "; no gm-console serve --web has "
          "run on this session yet: put its address in front"), file=sys.stderr)
    return 0


def _warn_unknown_character(session: Path, role: Role) -> None:
    """A player's key for a character the session does not have yet: the line is still good
    (the GM may add the character later), but say so now rather than at their first login."""
    if role.kind != PLAYER:
        return
    import tomllib

    try:
        names = [str(c.get("name")) for c in
                 tomllib.loads(session.read_text(encoding="utf-8")).get("characters", [])]
    except (OSError, ValueError):
        return
    if not any(role.owns(name) for name in names):
        print(f"gm-console invite: note: {session} has no character named "
              f"{role.character!r} yet ({', '.join(names) or 'none'}); the owner will refuse "
              f"this key until there is one", file=sys.stderr)
