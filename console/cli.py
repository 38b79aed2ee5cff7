"""``gm-console``: the TUI, and every operation headlessly with JSON out.

    gm-console [SESSION.toml] [--role R] [--name N]
                                         open a session (created if missing; the demo if none):
                                         its owner if nobody has it open, else join its owner
    gm-console serve SESSION [--ssh HOST:PORT --authorized-keys FILE] [--web HOST:PORT]
                                         own a session without a screen (a game server);
                                         let players in over SSH, and in browsers
    gm-console invite SESSION --role R (--key FILE.pub | --web)
                                         the authorized_keys line for one player's key, or
                                         a one-time link to the browser view
    gm-console plugins [--json]          plugins with version, hooks, status
    gm-console show SESSION [--json]     the session and every derived value
    gm-console op SESSION NAME [k=v ...] apply one operation, print the result as JSON
    gm-console ops [--json]              every operation and its parameters
    gm-console journal SESSION [--character C] [--kind K]   the journal as Markdown
    gm-console --version
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from gm_console import __version__, codec
from gm_console.config import Config, ConfigError
from gm_console.headless import explain, open_state, show
from gm_console.host import Host
from gm_console.live import rendezvous
from gm_console.live.client import JoinRefused, RemoteStore
from gm_console.live.roles import Role, RoleError
from gm_console.store import Store

COMMANDS = ("plugins", "show", "op", "ops", "journal", "serve", "invite")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMMANDS:
            return _command(argv)
        return _tui(argv)
    except ConfigError as exc:
        print(f"gm-console: settings: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `gm-console show s.toml | head`: the reader has had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _tui(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gm-console", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("session", nargs="?", type=Path, help="session file (.toml)")
    _role_arguments(parser)
    parser.add_argument("--version", action="version", version=f"gm-console {__version__}")
    args = parser.parse_args(argv)
    from gm_console.paths import demo_session
    from gm_console.ui.app import REJOIN

    path = args.session or demo_session()
    role = _role(args.role)
    if role is None:
        return 2
    while True:  # a client whose owner went away opens the session again
        code = _console(path, role, args.front_name)
        if code != REJOIN:
            return code


def _console(path: Path, role: Role, name: str) -> int:
    """The TUI on ``path``: its owner if nobody has it, else a client of its owner."""
    from gm_console.ui.app import run

    host = Host().load()
    met = _meet(path)
    if met is None:
        return 2
    lock, sock = met
    if sock is not None:
        store = _join(sock, host, str(role), name, front="console")
        return 2 if store is None else run(path, store)
    if not role.is_gm:
        lock.release()
        print(f"gm-console: nobody has {path} open: a {role} joins a session the game master "
              f"runs (gm-console {path}, or gm-console serve {path})", file=sys.stderr)
        return 2
    from gm_console.live.owner import Owner

    try:
        owner = Owner.open(path, host, lock)
    except codec.SessionFileError as exc:
        lock.release()
        print(f"gm-console: cannot open the session, and it was left untouched:\n{exc}",
              file=sys.stderr)
        return 2
    try:
        owner.listen_or_say_why()
        return run(path, owner.store, owner.saver, owner.on_notice)
    finally:
        owner.close()


def _role_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--role", default="gm",
                        help="gm (default), player:CHARACTER or spectator, when joining a "
                             "session another front owns")
    parser.add_argument("--name", dest="front_name", default="",
                        help="who you are, for the journal")


def _role(text: str) -> Role | None:
    try:
        return Role.parse(text)
    except RoleError as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return None


def _meet(path: Path) -> tuple[Any, Any] | None:
    """The session's lock (no owner: ours to take) or a socket to its owner; None after saying
    why neither."""
    try:
        return rendezvous.meet(path)
    except (rendezvous.OwnerUnreachable, OSError) as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return None


def _join(sock: Any, host: Host, role: str, name: str, front: str = "") -> RemoteStore | None:
    try:
        return RemoteStore(sock, host, role, name, front)
    except (JoinRefused, OSError) as exc:
        print(f"gm-console: the session's owner refused to let this front join: {exc}",
              file=sys.stderr)
        return None


def _command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gm-console")
    sub = parser.add_subparsers(dest="command", required=True)
    plugins = sub.add_parser("plugins", help="list plugins")
    plugins.add_argument("--json", action="store_true")
    show_cmd = sub.add_parser("show", help="show a session and its derived values")
    show_cmd.add_argument("session", type=Path)
    show_cmd.add_argument("--json", action="store_true")
    _role_arguments(show_cmd)
    op = sub.add_parser("op", help="apply one operation headlessly")
    op.add_argument("session", type=Path)
    op.add_argument("name")
    op.add_argument("params", nargs="*", metavar="key=value")
    _role_arguments(op)
    serve = sub.add_parser("serve", help="own a session without a screen, for a game server")
    serve.add_argument("session", type=Path)
    from gm_console.gameserver import fronts

    fronts.add_arguments(serve)
    from gm_console.gameserver.invite import add_arguments as invite_arguments, invite

    invite_arguments(sub.add_parser("invite", help="let one player in: a key's line or a link"))
    ops = sub.add_parser("ops", help="list operations")
    ops.add_argument("--json", action="store_true")
    journal_cmd = sub.add_parser("journal", help="print the journal as Markdown")
    journal_cmd.add_argument("session", type=Path)
    journal_cmd.add_argument("--character", default="", help="only lines about this character")
    journal_cmd.add_argument("--kind", default="", help="only lines of this kind (note, roll...)")
    args = parser.parse_args(argv)
    if args.command == "invite":  # a line of text: no plugins to load
        return invite(args)
    host = Host(Config()).load()
    commands = {"plugins": _plugins, "show": _show, "op": _op, "ops": _ops, "journal": _journal,
                "serve": _serve}
    return commands[args.command](args, host)


def _plugins(args: argparse.Namespace, host: Host) -> int:
    records = [r.as_dict() for r in host.plugins.values()]
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False))
    else:
        for r in records:
            print(f"{r['name']:<14} {r['version']:<10} {r['status']:<9} {r['source']}")
            if r["error"]:
                print(f"{'':<14} ! {r['error']}")
            elif r["hooks"]:
                print(f"{'':<14} hooks: {', '.join(r['hooks'])}")
    return 1 if any(r["status"] == "failed" for r in records) else 0


def _ops(args: argparse.Namespace, host: Host) -> int:
    described = [op.describe() for op in sorted(host.operations.values(), key=lambda o: o.name)]
    if args.json:
        print(json.dumps(described, indent=2, ensure_ascii=False))
        return 0
    for op in described:
        print(f"{op['name']}  ({op['plugin']}): {op['help']}")
        for p in op["params"]:
            extra = "" if p["required"] else f" = {p['default']!r}"
            choices = f" [{'|'.join(map(str, p['choices']))}]" if p.get("choices") else ""
            print(f"    {p['name']}: {p['type']}{extra}{choices}  {p['help']}")
    return 0


def _load(path: Path, host: Host, create: bool) -> tuple[dict[str, Any], bool] | None:
    try:
        return open_state(path, host, create)
    except codec.SessionFileError as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return None


def _show(args: argparse.Namespace, host: Host) -> int:
    role = _role(args.role)
    met = None if role is None else _meet(args.session)
    if met is None:
        return 2
    lock, sock = met
    if sock is not None:  # as the owner has it now, unsaved changes included
        remote = _join(sock, host, str(role), args.front_name or "show")
        if remote is None:
            return 2
        data = show(remote)
        remote.close()
    else:
        lock.release()  # reading needs no lock: saves are atomic
        loaded = _load(args.session, host, create=False)
        if loaded is None:
            return 2
        data = show(Store(loaded[0], host))
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
        return 0
    from gm_console.core.clock import format_clock

    print(f"{data['session'].get('name', '')} — {format_clock(data['clock'])}")
    for character in data["characters"]:
        print(f"\n{character['name']}")
        print("\n".join(explain(character["derived"])))
    for key, value in data.items():
        if key not in ("session", "clock", "characters") and value:
            print(f"\n{key}: {json.dumps(value, ensure_ascii=False, default=str)}")
    return 0


def _op(args: argparse.Namespace, host: Host) -> int:
    params: dict[str, str] = {}
    for pair in args.params:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            print(json.dumps({"ok": False, "op": args.name,
                              "reason": f"parameters are written key=value; {pair!r} is not"}))
            return 1
        params[key] = value
    role = _role(args.role)
    met = None if role is None else _meet(args.session)
    if met is None:
        return 2
    lock, sock = met
    if sock is not None:  # the owner applies it: every screen shows it at once
        remote = _join(sock, host, str(role), args.front_name or "cli")
        if remote is None:
            return 2
        # undo is not an operation: the owner's history of the session
        outcome = remote.undo() if args.name == "undo" else remote.apply(args.name, params)
        remote.close()
        return _print_outcome(outcome)
    try:  # no owner: read, apply and write under the lock, so no other front's change is lost
        if not role.is_gm:
            print(f"gm-console: nobody has {args.session} open: a {role}'s operation goes "
                  f"through the session's owner", file=sys.stderr)
            return 2
        if args.name == "undo":
            print(f"gm-console: nothing to undo: the undo history lives in the session's "
                  f"owner, and nobody has {args.session} open", file=sys.stderr)
            return 1
        loaded = _load(args.session, host, create=True)
        if loaded is None:
            return 2
        state, created = loaded
        store = Store(state, host)
        outcome = store.apply(args.name, params, actor=args.front_name or "cli")
        if _print_outcome(outcome):
            return 1
        codec.write_atomic(args.session, codec.dumps(store.state))
        if created:
            print(f"gm-console: created {args.session}", file=sys.stderr)
        return 0
    finally:
        lock.release()


def _print_outcome(outcome: Any) -> int:
    """The outcome as JSON; 1 (and the reason on stderr) if it was refused."""
    print(json.dumps(outcome.as_dict(), indent=2, ensure_ascii=False, default=str))
    if not outcome.ok:
        print(f"gm-console: refused: {outcome.reason}", file=sys.stderr)
        return 1
    return 0


def _serve(args: argparse.Namespace, host: Host) -> int:
    from gm_console.gameserver.fronts import Fronts, ListenerError, listeners
    from gm_console.live.serve import serve

    try:
        wanted = listeners(args)
    except ListenerError as exc:
        print(f"gm-console serve: {exc}", file=sys.stderr)
        return 2
    return serve(args.session, host, Fronts(wanted) if wanted else None)


def _journal(args: argparse.Namespace, host: Host) -> int:
    from gm_console.core import journal

    loaded = _load(args.session, host, create=False)
    if loaded is None:
        return 2
    state = loaded[0]
    lines = journal.select(state.get("journal", []), args.character, args.kind)
    title = str(state.get("session", {}).get("name", args.session.stem))
    print(journal.to_markdown(title, lines), end="")
    return 0
