"""``gm-console``: the TUI, and every operation headlessly with JSON out.

    gm-console [SESSION.toml]            open a session (created if missing; the demo if none)
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
from gm_console.i18n import Translator
from gm_console.store import Store

COMMANDS = ("plugins", "show", "op", "ops", "journal")


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
    parser.add_argument("--version", action="version", version=f"gm-console {__version__}")
    args = parser.parse_args(argv)
    from gm_console.paths import demo_session

    path = args.session or demo_session()
    host = Host().load()
    try:
        state, created = open_state(path, host, create=True)
    except codec.SessionFileError as exc:
        print(f"gm-console: cannot open the session, and it was left untouched:\n{exc}",
              file=sys.stderr)
        return 2
    from gm_console.ui.app import run

    return run(path, state, host, created)


def _command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gm-console")
    sub = parser.add_subparsers(dest="command", required=True)
    plugins = sub.add_parser("plugins", help="list plugins")
    plugins.add_argument("--json", action="store_true")
    show_cmd = sub.add_parser("show", help="show a session and its derived values")
    show_cmd.add_argument("session", type=Path)
    show_cmd.add_argument("--json", action="store_true")
    op = sub.add_parser("op", help="apply one operation headlessly")
    op.add_argument("session", type=Path)
    op.add_argument("name")
    op.add_argument("params", nargs="*", metavar="key=value")
    ops = sub.add_parser("ops", help="list operations")
    ops.add_argument("--json", action="store_true")
    journal_cmd = sub.add_parser("journal", help="print the journal as Markdown")
    journal_cmd.add_argument("session", type=Path)
    journal_cmd.add_argument("--character", default="", help="only lines about this character")
    journal_cmd.add_argument("--kind", default="", help="only lines of this kind (note, roll...)")
    args = parser.parse_args(argv)
    host = Host(Config()).load()
    commands = {"plugins": _plugins, "show": _show, "op": _op, "ops": _ops, "journal": _journal}
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
    loaded = _load(args.session, host, create=False)
    if loaded is None:
        return 2
    data = show(Store(loaded[0], host))
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
        return 0
    from gm_console.core.clock import format_clock

    t = Translator(host.config.language, host)  # the text output follows the UI language
    print(f"{data['session'].get('name', '')} — {format_clock(data['clock'], t('Day'))}")
    for character in data["characters"]:
        print(f"\n{character['name']}")
        print("\n".join(explain(character["derived"], t)))
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
    loaded = _load(args.session, host, create=True)
    if loaded is None:
        return 2
    state, created = loaded
    store = Store(state, host)
    outcome = store.apply(args.name, params, actor="cli")
    print(json.dumps(outcome.as_dict(), indent=2, ensure_ascii=False, default=str))
    if not outcome.ok:
        print(f"gm-console: refused: {outcome.reason}", file=sys.stderr)
        return 1
    codec.write_atomic(args.session, codec.dumps(store.state))
    if created:
        print(f"gm-console: created {args.session}", file=sys.stderr)
    return 0


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
