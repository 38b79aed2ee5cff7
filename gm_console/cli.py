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
    gm-console journal SESSION [--character C] [--kind K] [--with-gm-notes]
                                                            the journal as Markdown
    gm-console new-plugin NAME [--dir D] [--key K]   a plugin distribution to start from
    gm-console --version
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm_console.files import codec
from gm_console.files.config import Config, ConfigError
from gm_console.files.saver import without_journal, write_session
from gm_console.files.commit_log import CommitLog
from gm_console.headless import Opened, explain, open_state, show
from gm_console.host.manager import TRACE_VARIABLE, Host
from gm_console.live import rendezvous, roles
from gm_console.live.roles import Role, RoleError
from gm_console.state.store import Store
from gm_console.text.i18n import Translator
from gm_console.text.safe_text import json_output, visible

if TYPE_CHECKING:
    from gm_console.live.client import RemoteStore

DEBUG_HELP = "a plugin that failed is said with Python's traceback (where it failed)"
COMMANDS = ("plugins", "show", "op", "ops", "journal", "serve", "invite", "new-plugin",
            "completion", "import")


def command() -> None:
    """The ``gm-console`` executable (and ``python -m gm_console``): :func:`main`, then exit."""
    code = main()
    # The process ends here, and the interpreter's last act would be a full collection over
    # every object still alive, all of it memory the exit hands back anyway, and a large
    # share of a short command's CPU. Frozen objects are out of that collection. Exit
    # handlers (atexit, weakref.finalize) and the flushing of the output still run.
    gc.freeze()
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["_prefork"] and len(argv) == 2 and argv[1].isdigit():
            return _prefork(int(argv[1]))
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
    from gm_console.text.command_help import epilog

    parser = argparse.ArgumentParser(prog="gm-console", description=__doc__,
                                     epilog=epilog(""),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("session", nargs="?", type=Path, help="session file (.toml)")
    _role_arguments(parser)
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help="where the console logs (default: console.log in the data folder)")
    parser.add_argument("--theme", default="",
                        help="the colour theme (textual-dark, nord, gruvbox, ...; default: the "
                             "one last chosen in the command palette)")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    parser.add_argument("--debug", action="store_true",
                        help="a plugin switched off is said with Python's traceback, in the "
                             "console's notice (the log has it in any case)")
    args = parser.parse_args(argv)
    if os.environ.get("TERM") == "dumb" and "TEXTUAL_DRIVER" not in os.environ:
        # Textual would draw its full-screen escapes into it all the same: a screenful of
        # garbage in an editor's shell buffer or a log. (The browser view's console has a
        # driver of its own, whatever the server's terminal.)
        print("gm-console: this terminal (TERM=dumb) cannot show the console: open it in a "
              "terminal emulator (TERM=xterm-256color, say), or use gm-console show, op and "
              "journal, which print text", file=sys.stderr)
        return 2
    # Start-up makes a great many objects (Textual, the plugins, the session) and none of
    # them is garbage: the collector's passes over them while they are made would only slow
    # start-up. It is on again once they are made (_loaded), for what the console does.
    gc.disable()
    from gm_console.files.paths import demo_session
    from gm_console.ui.app import REJOIN

    path = args.session or demo_session()
    role = _role(args.role)
    if role is None:
        return 2
    if args.theme:
        from textual.theme import BUILTIN_THEMES  # (the console imports it anyway)

        if args.theme not in BUILTIN_THEMES:
            print(f"gm-console: --theme: no theme {args.theme!r}; there are "
                  f"{', '.join(sorted(BUILTIN_THEMES))}", file=sys.stderr)
            return 2
    if not _log_to(args.log, "console"):
        return 2
    logging.getLogger("gm_console").info("console on %s as %s", path, role)
    while True:  # a client whose owner went away opens the session again
        code = _console(path, role, args.front_name, args.theme, args.debug)
        if code != REJOIN:
            return code


class _Version(argparse.Action):
    """``--version``: the version is read from the installed metadata only when asked for
    (argparse's own action wants it before parsing, which costs every start-up)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        import gm_console

        print(f"gm-console {gm_console.__version__}")
        parser.exit()


def _log_to(path: Path | None, program: str) -> bool:
    """The log file set up (:mod:`gm_console.files.console_log`); False once it said why not."""
    from gm_console.files import console_log

    try:
        console_log.install(path, program)
    except OSError as exc:
        print(f"gm-console: --log: cannot write {path or console_log.default_path()}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def _console(path: Path, role: Role, name: str, theme: str = "", debug: bool = False) -> int:
    """The TUI on ``path``: its owner if nobody has it, else a client of its owner."""
    from gm_console.ui.app import run

    host = Host().load()
    host.debug = debug
    met = _meet(path)
    if met is None:
        return 2
    lock, sock = met
    if sock is not None:
        store = _join(sock, path, host, str(role), name, front="console")
        if store is None:
            return 2
        _loaded()
        return run(path, store, theme=theme)
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
        _loaded()
        return run(path, owner.store, owner.saver, owner.on_notice, owner.forget_socket,
                   theme=theme, opening_note=owner.opening_note)
    finally:
        owner.close()


def _prefork(fd: int) -> int:
    """The game server's template console (gm_console.gameserver.prefork): everything a
    console loads, loaded once, then a fork of it for each connection's console."""
    gc.disable()
    from gm_console.gameserver import prefork
    from gm_console.live import client  # noqa: F401  (every remote console joins)
    from textual.drivers import linux_driver, web_driver  # noqa: F401  (SSH, browser)
    from gm_console.ui import app

    # the plugins' modules imported: each console's Host finds them loaded
    app.warm_up(Host().load())
    gc.collect()
    gc.freeze()  # what is loaded now stays shared: no collection pass writes to its pages

    def console(args: list[str]) -> int:
        app.environment_changed()
        return main(args)
    return prefork.serve_forks(fd, console)


def _loaded() -> None:
    """What is loaded now (the session, the plugins, Textual) lives as long as the console:
    out of the garbage collector's full passes, which on a big campaign (every journal line and
    item a container to scan) would stall a key press; the collector on again for what comes
    next."""
    gc.freeze()
    gc.enable()


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


def _join(sock: Any, path: Path, host: Host, role: str, name: str,
          front: str = "", journal: bool | None = None) -> RemoteStore | None:
    from gm_console.live.client import (  # only a front that joins
        JoinRefused,
        RemoteStore,
    )

    try:
        pid = rendezvous.read_announcement(path).get("pid")
        return RemoteStore(sock, host, role, name, front,
                           join_timeout=host.config.join_timeout_seconds, session=path,
                           owner_pid=pid if isinstance(pid, int) else None,
                           **({} if journal is None else {"journal": journal}))
    except JoinRefused as exc:  # refused, not answering, or gone: the message says which
        print(f"gm-console: {exc}", file=sys.stderr)
        return None


def _command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gm-console")
    sub = parser.add_subparsers(dest="command", required=True)
    plugins = sub.add_parser("plugins", help="list plugins")
    plugins.add_argument("--json", action="store_true")
    plugins.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    plugins.add_argument("--hooks", action="store_true",
                         help="list every hook instead: the host's and those the loaded "
                              "plugins declare, with their arguments and who implements each")
    show_cmd = sub.add_parser("show", help="show a session and its derived values")
    show_cmd.add_argument("session", type=Path)
    show_cmd.add_argument("--json", action="store_true")
    show_cmd.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    _role_arguments(show_cmd)
    op = sub.add_parser("op", help="apply one operation headlessly")
    op.add_argument("session", type=Path)
    op.add_argument("name")
    op.add_argument("params", nargs="*", metavar="key=value")
    op.add_argument("--debug", action="store_true", help=DEBUG_HELP)
    op.add_argument("--id", dest="op_id", default="", metavar="ID",
                    help="the operation's id (default: a new one), to ask again for one whose "
                         "owner did not answer: the owner applies an id at most once")
    _role_arguments(op)
    serve = sub.add_parser("serve", help="own a session without a screen, for a game server")
    serve.add_argument("session", type=Path)
    serve.add_argument("--log", type=Path, metavar="FILE",
                       help="where it logs, besides stderr (default: console.log in the data "
                            "folder)")
    invite_cmd = sub.add_parser("invite", help="let one player in: a key's line or a link")
    # Their options' modules load asyncio and ssl (serve's listeners) or secrets and hashlib
    # (invite's links): heavy imports that the other commands have no use for. The command
    # is argv[0] (main sends nothing else here), and only its own options are ever parsed.
    if argv[0] == "serve":
        from gm_console.gameserver import fronts

        fronts.add_arguments(serve)
    elif argv[0] == "invite":
        from gm_console.gameserver import invite

        invite.add_arguments(invite_cmd)
    ops = sub.add_parser("ops", help="list operations")
    ops.add_argument("--json", action="store_true")
    journal_cmd = sub.add_parser("journal", help="print the journal as Markdown")
    journal_cmd.add_argument("session", type=Path)
    journal_cmd.add_argument("--character", default="", help="only lines about this character")
    journal_cmd.add_argument("--kind", default="", help="only lines of this kind (note, roll...)")
    journal_cmd.add_argument("--with-gm-notes", action="store_true",
                             help="keep the GM-only lines and private fields (marked (GM) and "
                                  "(private)); left out by default, for sharing")
    scaffold = sub.add_parser("new-plugin", help="write a plugin distribution to start from")
    scaffold.add_argument("name", help="the plugin's name: lower-case letters, digits, _")
    scaffold.add_argument("--dir", type=Path, default=Path("."), help="where to write it")
    scaffold.add_argument("--key", default="f10", help="the function key its screen asks for (f10; a taken one gives the next free)")
    from gm_console.text.command_help import epilog

    import_cmd = sub.add_parser("import", help="add a party from a CSV or JSON file, all or none")
    import_cmd.add_argument("session", type=Path)
    import_cmd.add_argument("file", type=Path, help="a .csv (a header row of field names, a "
                                                    "row a character) or a .json list")
    _role_arguments(import_cmd)
    completion = sub.add_parser("completion", help="print the shell completion script")
    completion.add_argument("shell", choices=("bash", "zsh", "fish"))
    for name, command_parser in sub.choices.items():  # each --help ends with examples
        command_parser.epilog = epilog(name)
        command_parser.formatter_class = argparse.RawDescriptionHelpFormatter
    args = parser.parse_args(argv)
    if args.command == "completion":
        from gm_console.text.completion import script

        print(script(args.shell, COMMANDS), end="")
        return 0
    if args.command == "new-plugin":
        return _new_plugin(args)
    if args.command == "invite":  # a line of text: no plugins to load
        return invite.invite(args)
    # A command but serve (which runs for days) ends soon, and what it reads lives until then
    # (a campaign read whole, its text, its cache): the collector's passes over it free
    # nothing, and on a long campaign they are a large share of the command's time.
    collecting = gc.isenabled() and args.command != "serve"
    if collecting:
        gc.disable()
    try:
        if os.environ.get(TRACE_VARIABLE, "") not in ("", "0") and args.command != "serve" \
                and not _log_to(None, args.command):  # (serve logs already: see _serve)
            return 2
        host = Host(Config()).load()
        commands = {"plugins": _plugins, "show": _show, "op": _op, "ops": _ops,
                    "journal": _journal, "serve": _serve, "import": _import}
        try:
            return commands[args.command](args, host)
        finally:
            if args.command in ("show", "op", "journal"):
                _report_switched_off(host, getattr(args, "debug", False))
    finally:
        if collecting:  # (main is called in-process too: by tests, by a script)
            gc.enable()


def _report_switched_off(host: Host, debug: bool = False) -> None:
    """A plugin that failed to load or misbehaved left its values out: say which, and why
    (with ``--debug``, Python's traceback of it too)."""
    for record in host.plugins.values():
        if record.status == "failed":
            print(visible(f"gm-console: plugin {record.name} switched off: {record.error}",
                          lines=False), file=sys.stderr)
            if debug and record.traceback:
                print(visible(record.traceback.rstrip()), file=sys.stderr)


def _new_plugin(args: argparse.Namespace) -> int:
    from gm_console.host import scaffold

    try:
        target = scaffold.create(args.name, args.dir, args.key)
    except (ValueError, OSError) as exc:
        print(f"gm-console: new-plugin: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {target}\nnext: cd {target} && pip install -e '.[test]' && pytest")
    return 0


def _plugins(args: argparse.Namespace, host: Host) -> int:
    from gm_console.host.screen_keys import plan

    if args.hooks:
        return _hooks(args, host)

    keys = plan(host)
    key_of = {entry.screen_id: entry.key for entry in keys.entries}
    records = [r.as_dict() for r in host.plugins.values()]
    for r in records:  # each plugin's screens, the key that opens them ("": the palette)
        r["screens"] = [{"id": spec.id, "key": key_of.get(spec.id, "")}
                        for spec in host.screens.values() if spec.plugin == r["name"]]
        r["key_collisions"] = [text for plugin, text in keys.notes if plugin == r["name"]]
    if args.json:
        print(json_output(json.dumps(records, indent=2, ensure_ascii=False)))
    else:
        for r in records:
            print(visible(f"{r['name']:<14} {r['version']:<10} {r['status']:<9} {r['source']}",
                          lines=False))
            if r["error"]:
                print(visible(f"{'':<14} ! {r['error']}", lines=False))
                if args.debug and r["traceback"]:
                    print(visible(r["traceback"].rstrip()))
            elif r["hooks"]:
                print(f"{'':<14} hooks: {', '.join(r['hooks'])}")
            for screen in r["screens"]:
                print(f"{'':<14} screen {screen['id']}: {screen['key'] or 'palette only'}")
            for note in r["key_collisions"]:
                print(visible(f"{'':<14} ! key collision: {note}", lines=False))
    return 1 if any(r["status"] == "failed" for r in records) else 0


def _hooks(args: argparse.Namespace, host: Host) -> int:
    """``plugins --hooks``: every hook, made from the specs as docs/hooks.md is."""
    from gm_console.host.hookdoc import listing

    hooks = listing(host)
    if args.json:
        print(json_output(json.dumps(hooks, indent=2, ensure_ascii=False)))
        return 0
    heading = ""
    for hook in hooks:
        by = hook["declared_by"]
        now = "the host's hooks" if by == "gm-console" else "hooks the plugins declare"
        if now != heading:
            if heading:
                print()
            print(f"{now} (docs/hooks.md: each with an example):")
            heading = now
        print(visible(f"  def {hook['signature']}", lines=False))
        said = [*([f"declared by {by}"] if by != "gm-console" else []),
                *(["first answer wins"] if hook["first_answer_wins"] else []),
                f"implemented by: {', '.join(hook['implemented_by']) or 'no loaded plugin'}"]
        print(visible(f"      {hook['summary']}", lines=False))
        print(visible(f"      {'; '.join(said)}", lines=False))
    return 0


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


def _load(path: Path, host: Host, create: bool) -> Opened | None:
    try:
        return open_state(path, host, create)
    except codec.SessionFileError as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return None


def _front(args: argparse.Namespace) -> tuple[Role, Any, Any] | None:
    """The role asked for, and the session's lock (no owner) or a socket to its owner; None
    after saying why neither."""
    role = _role(args.role)
    met = None if role is None else _meet(args.session)
    return None if role is None or met is None else (role, *met)


def _show(args: argparse.Namespace, host: Host) -> int:
    front = _front(args)
    if front is None:
        return 2
    role, lock, sock = front
    if sock is not None:  # as the owner has it now, unsaved changes included
        remote = _join(sock, args.session, host, str(role), args.front_name or "show",
                       journal=False)  # show prints no journal
        if remote is None:
            return 2
        data = show(remote)
        remote.close()
    else:
        lock.release()  # reading needs no lock: saves are atomic
        loaded = _load(args.session, host, create=False)
        if loaded is None:
            return 2
        # as the role would read it from an owner (a creature's hit points, others' notes)
        data = show(Store(roles.view(loaded.state, role, host), host))
    if args.json:
        print(json_output(json.dumps(data, indent=2, ensure_ascii=False, default=str)))
        return 0
    from gm_console.rules.clock import format_clock

    # Names and values come from the file: shown, never sent to the terminal as controls.
    t = Translator(host.config.language, host)  # the text output follows the UI language
    print(visible(f"{data['session'].get('name', '')} — {format_clock(data['clock'], t('Day'))}"))
    for character in data["characters"]:
        print(visible(f"\n{character['name']}"))
        shown = {title: text for title, text in character.get("columns", {}).items() if text}
        if shown:  # what the party table shows of it
            print(visible("  " + " · ".join(f"{t(title)}: {text}" for title, text
                                            in shown.items())))
        print(visible("\n".join(explain(character["derived"], t))))
    if data["rolls_pending"]:
        print(visible(f"\n{t('Rolls asked for')}"))
        for request in data["rolls_pending"]:
            print(visible(f"  {t(str(request.get('title', '')))}:"))
            for roll in request.get("rolls", []):
                target = f", {t('DC')} {roll['dc']}" if roll.get("dc") is not None else \
                    f", ≤ {roll['at_most']}" if roll.get("at_most") is not None else ""
                print(visible(f"    {roll.get('who', '')}: {roll.get('expression', '')}{target}"))
    # Each plugin's section (travel, combat, ...) read like a character's derived values.
    sections = {key: value for key, value in data.items()
                if key not in ("session", "clock", "characters", "rolls_pending") and value}
    if sections:
        print(visible("\n" + "\n".join(explain(sections, t))))
    return 0


def _import(args: argparse.Namespace, host: Host) -> int:
    """``import SESSION FILE``: the file's characters checked row by row against the party,
    each problem said with its file and row; then one operation adds them all."""
    from gm_console.files import party_import
    from gm_console.rules.characters import import_problems

    try:
        entries = party_import.read(args.file)
    except party_import.ImportFileError as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return 2
    loaded = _load(args.session, host, create=True)
    if loaded is None:
        return 2
    party = loaded.state.get("characters", [])
    found = import_problems(entries, party)
    t = Translator(host.config.language, host)
    for index, where, message in found:
        print(visible(f"gm-console: {party_import.place(args.file, index)}"
                      f"{', ' + '.'.join(map(str, where)) if where else ''}: {t(message)}",
                      lines=False), file=sys.stderr)
    if found:
        print(f"gm-console: nothing imported ({len(found)} problem(s))", file=sys.stderr)
        return 2
    args.name = "character.import"
    return _op(args, host, {"characters": entries})


def _op(args: argparse.Namespace, host: Host, given: dict[str, Any] | None = None) -> int:
    """``op SESSION NAME key=value...``, or an operation a command built (``given``)."""
    params: dict[str, Any] = dict(given or {})
    for pair in [] if given is not None else args.params:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            print(json.dumps({"ok": False, "op": args.name,
                              "reason": f"parameters are written key=value; {pair!r} is not"}))
            return 1
        params[key] = value
    front = _front(args)
    if front is None:
        return 2
    role, lock, sock = front
    if sock is not None:  # the owner applies it: every screen shows it at once
        remote = _join(sock, args.session, host, str(role), args.front_name or "cli",
                       journal=False)  # an operation reads what it changes, not the journal
        if remote is None:
            return 2
        # An id that op printed says which owner it was sent to (ID@OWNER): only that one
        # knows whether it applied it.
        given_id, _, asked_of = str(getattr(args, "op_id", "")).partition("@")
        if asked_of and asked_of != remote.owner_instance:
            remote.close()
            print(f"gm-console: operation {given_id} was sent to an owner of {args.session} "
                  f"that has gone since; whether it applied it is not known here: see the "
                  f"journal (gm-console journal {args.session}) before asking again without "
                  f"--id", file=sys.stderr)
            return 3
        # (undo is not an operation: the owner's history of the session; ask sends it)
        answer = remote.ask(args.name, params, given_id)
        remote.close()
        retry_id = f"{answer.op_id}@{remote.owner_instance}"
        if not answer.answered:  # neither done nor refused: maybe applied
            _print_outcome(answer.outcome, "", op_id=retry_id, answered=False)
            print(f"gm-console: to ask again, safely: gm-console op ... --id {retry_id}",
                  file=sys.stderr)
            return 3
        return _print_outcome(answer.outcome, op_id=retry_id, repeated=answer.repeated)
    try:  # no owner: read, apply and write under the lock, so no other front's change is lost
        if getattr(args, "op_id", ""):
            # The owner that was asked may have applied it before it went; only it knew.
            print(f"gm-console: nobody has {args.session} open now, and whether operation "
                  f"{args.op_id} was applied by its last owner is not known here: see the "
                  f"journal (gm-console journal {args.session}) before asking again without "
                  f"--id", file=sys.stderr)
            return 3
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
        # Written ahead, as the owner does: "ok" is said only of a change on disk, in the log
        # at least, before anything is printed (a reader gone, `| head`, cannot stop it).
        commits = CommitLog(args.session, loaded.logged)
        store = Store(loaded.state, host, log=commits)
        outcome = store.apply(args.name, params, actor=args.front_name or "cli")
        if outcome.ok:
            try:  # the journal's new lines appended to its file, the rest in the session file
                write_session(args.session, store.state, codec.dumps(without_journal(
                    store.state)), loaded.journal, loaded.moved, loaded.comments)
            except OSError as exc:  # safe in the log; the next opening takes it back
                print(f"gm-console: {args.session} could not be written ({exc.strerror or exc});"
                      f" the change is kept in {commits.path} and taken back into the session "
                      f"when it is next opened", file=sys.stderr)
            else:
                commits.checkpointed(commits.seq)
                if loaded.moved:
                    print(f"gm-console: {loaded.moved_out(args.session)}", file=sys.stderr)
        commits.close()
        if _print_outcome(outcome):
            return 1
        if loaded.created:
            print(f"gm-console: created {args.session}", file=sys.stderr)
        return 0
    finally:
        lock.release()


def _print_outcome(outcome: Any, heading: str = "refused", **extra: Any) -> int:
    """The outcome as JSON (with ``extra``: an owner's answer says its operation's id, and
    whether it had been asked for already); 1 (and the reason on stderr) if it was refused or
    not saved."""
    print(json_output(json.dumps({**outcome.as_dict(), **extra}, indent=2, ensure_ascii=False,
                                 default=str)))
    if not outcome.ok:
        said = f"{heading}: " if heading else ""
        print(visible(f"gm-console: {said}{outcome.reason}"), file=sys.stderr)
        return 1
    return 0


def _serve(args: argparse.Namespace, host: Host) -> int:
    from gm_console.gameserver.fronts import Fronts, listeners
    from gm_console.gameserver.listening import ListenerError
    from gm_console.gameserver.serve import serve

    try:
        wanted = listeners(args)
    except ListenerError as exc:
        print(f"gm-console serve: {exc}", file=sys.stderr)
        return 2
    if not _log_to(args.log, "serve"):
        return 2
    return serve(args.session, host, Fronts(wanted, args.prefork) if wanted else None)


def _journal(args: argparse.Namespace, host: Host) -> int:
    from gm_console.files import journal

    loaded = _load(args.session, host, create=False)
    if loaded is None:
        return 2
    state = loaded.state
    lines = journal.select(state.get("journal", []), args.character, args.kind)
    title = str(state.get("session", {}).get("name", args.session.stem))
    t = Translator(host.config.language, host)  # the export follows the UI language
    print(visible(journal.to_markdown(title, lines, t, args.with_gm_notes)), end="")
    return 0
