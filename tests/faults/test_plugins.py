"""Plugins that return nonsense or leave: the plugin at fault is switched off by name, the
others answer, and ``show`` and ``op`` say so on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_host import write_settings

from gm_console.files import codec
from gm_console.headless import show
from gm_console.host.manager import Host
from gm_console.host.screen_keys import plan
from gm_console.state.store import Store
from gm_console.ui.widgets import SyncedTable

HOOKS = {
    "speed_steps": "def speed_steps(character, session):\n    return [1, 2]\n",
    "session_derived": "def session_derived(session):\n    return 'nonsense'\n",
    "character_derived": "def character_derived(character, session):\n    return [1]\n",
    "party_columns": "def party_columns(character, session):\n    return {'X': object()}\n",
    "labels": "def labels(language):\n    return ['not', 'a', 'table']\n",
    "help_text": "def help_text(language):\n    return 42\n",
}


def loose_plugin(tmp_path: Path, name: str, source: str) -> None:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.py").write_text(source)
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_a_hook_answer_of_the_wrong_shape_switches_off_that_plugin(tmp_path, hook):
    loose_plugin(tmp_path, "liar", "from gm_console import hookimpl\n@hookimpl\n" + HOOKS[hook])
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    session = store.session
    data = show(store)
    session.derived(session.characters[0])
    host.call("party_columns", character=session.characters[0], session=session)
    host.call("labels", language="en")
    host.call_each("help_text", language="en")
    record = host.plugins["liar"]
    assert record.status == "failed" and hook in record.error, record.error
    assert data["characters"][0]["derived"]["speed"]  # the core still answered
    assert all(r.status == "loaded" for n, r in host.plugins.items() if n != "liar")


@pytest.mark.parametrize("section, said", [
    ("'tabled', {'fine': 1, 'nothing': None}", "plugins.tabled.nothing holds None"),
    ("'tabled', {'when': {1: 'a'}}", "key 1 at plugins.tabled.when is not text"),
    ("'tabled', {'tower': tower(62)}", "plugins.tabled.tower[0]"),
    ("'tabled', [1, 2]", "the defaults of section 'tabled' must be a table (a dict), not list"),
    ("None", "a section's name must be text, not None"),
    ("'tabled', validate=42", "the validation of section 'tabled' must be a function"),
])
def test_a_plugin_whose_table_no_session_can_hold_is_switched_off(tmp_path, section, said):
    """Every session gets a plugin's table: defaults that a session file cannot hold made
    every save fail (``op`` crashed; the console could not save, nor rescue, the session),
    and defaults that are no table, every start."""
    loose_plugin(tmp_path, "tabled", "from gm_console import SectionSpec, hookimpl\n"
                 "def tower(levels):\n    value = []\n    for _ in range(levels - 1):\n"
                 "        value = [value]\n    return value\n"
                 "@hookimpl\ndef register_sections(register):\n"
                 f"    register(SectionSpec({section}))\n")
    host = Host().load()
    record = host.plugins["tabled"]
    assert record.status == "failed" and "register_sections" in record.error
    assert said in record.error, record.error
    assert "tabled" not in host.sections
    path = tmp_path / "s.toml"
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    assert store.apply("clock.advance", {"hours": 1}).ok
    codec.write_atomic(path, codec.dumps(store.state))
    assert codec.read(path, host)["clock"]["second"] == 9 * 3600


@pytest.mark.parametrize("hook, thing, said", [
    ("register_operations", "Operation(None, 'x', lambda ctx, p: None)",
     "an operation's name must be text, not None"),
    ("register_operations", "Operation('odd.x', 'x', 42)",
     "operation 'odd.x': apply and check must be functions"),
    ("register_operations", "Operation('odd.x', 'x', lambda ctx, p: None, params=42)",
     "operation 'odd.x': its params must be a tuple of Param, not 42"),
    ("register_operations", "Operation('odd.x', 'x', lambda ctx, p: None, "
                            "params=(Param('n', 42),))",
     "operation 'odd.x': parameter 'n': its type must be one of str, int, float, bool"),
    ("register_screens", "ScreenSpec('odd.s', 42, 'x', lambda store: None)",
     "screen 'odd.s': its key and title must be text"),
    ("register_screens", "ScreenSpec('odd.s', 'f5', None, lambda store: None)",
     "screen 'odd.s': its key and title must be text"),
    ("register_screens", "ScreenSpec('odd.s', 'f5', 'x', 42)",
     "screen 'odd.s': its factory must be a function"),
])
def test_an_operation_or_screen_the_host_cannot_use_switches_its_plugin_off(
        tmp_path, hook, thing, said):
    """``gm-console ops``, ``op``, ``plugins`` and the console read every operation's name
    and parameters and every screen's key and title: such nonsense crashed them."""
    loose_plugin(tmp_path, "odd", "from gm_console import Operation, Param, ScreenSpec, "
                 f"hookimpl\n@hookimpl\ndef {hook}(register):\n    register({thing})\n")
    host = Host().load()
    record = host.plugins["odd"]
    assert record.status == "failed" and said in record.error, record.error
    assert not [key for key in (*host.operations, *host.screens) if str(key).startswith("odd")]
    assert [operation.describe() for operation in host.operations.values()]  # gm-console ops
    assert plan(host).entries  # the screen bar


def test_defaults_a_file_holds_at_the_nesting_limit_are_taken(tmp_path):
    loose_plugin(tmp_path, "tabled", "from gm_console import SectionSpec, hookimpl\n"
                 "import datetime\n"
                 "@hookimpl\ndef register_sections(register):\n"
                 "    value = 1\n    for _ in range(61):\n        value = [value]\n"
                 "    register(SectionSpec('tabled', defaults={'tower': value, "
                 "'pair': (1, 2), 'day': datetime.date(2026, 12, 2)}))\n")
    host = Host().load()
    assert host.plugins["tabled"].status == "loaded", host.plugins["tabled"].error
    state = codec.prepare(codec.new_session("t"), host, "t")
    path = tmp_path / "s.toml"
    codec.write_atomic(path, codec.dumps(state))
    assert codec.read(path, host)["plugins"]["tabled"]["day"].year == 2026


def test_a_plugin_calling_sys_exit_at_import_is_contained(tmp_path):
    loose_plugin(tmp_path, "quitter", "import sys\nsys.exit(3)\n")
    host = Host().load()
    record = host.plugins["quitter"]
    assert record.status == "failed" and "sys.exit" in record.error
    assert host.plugins["travel"].status == "loaded"


def test_a_hook_calling_sys_exit_is_switched_off(tmp_path):
    loose_plugin(tmp_path, "quitter", "import sys\nfrom gm_console import hookimpl\n"
                                      "@hookimpl\ndef session_derived(session):\n"
                                      "    sys.exit(0)\n")
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    show(store)
    assert host.plugins["quitter"].status == "failed"


@pytest.mark.parametrize("command", [["show", None], ["op", None, "clock.advance", "hours=1"],
                                     ["journal", None]])
def test_show_op_and_journal_say_on_stderr_which_plugins_are_switched_off(tmp_path, command):
    loose_plugin(tmp_path, "liar", "from gm_console import hookimpl\n@hookimpl\n"
                 + HOOKS["session_derived"])
    loose_plugin(tmp_path, "quitter", "import sys\nsys.exit(3)\n")
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "p"\n[[characters]]\nname = "Aria"\n')
    done = subprocess.run([sys.executable, "-m", "gm_console",
                           *[str(path) if c is None else c for c in command]],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ,
                               "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "user-config")})
    assert done.returncode == 0, done.stderr
    assert done.stdout and "Traceback" not in done.stderr
    assert "plugin quitter switched off: import failed: called sys.exit(3)" in done.stderr
    if command[0] == "show":  # the one that asks for session_derived
        assert "plugin liar switched off: session_derived returned" in done.stderr


async def test_a_plugins_long_party_column_is_cut_and_leaves_room_for_the_others(tmp_path,
                                                                                 make_app):
    """Home puts the plugins' columns first (speed, load); one that is 300 characters wide,
    or whose title is, pushed speed and load out of an 80-column terminal."""
    loose_plugin(tmp_path, "wide", "from gm_console import hookimpl\n@hookimpl\n"
                 "def party_columns(character, session):\n"
                 "    return {'Notes ' * 10: 'x' * 300}\n")
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    assert store.apply("character.add", {"name": "Aria"}).ok
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = pilot.app.screen.query_one("#home-party", SyncedTable)
        titles = [str(column.label) for column in table.columns.values()]
        cells = [str(cell) for cell in table.get_row_at(0)]
        wide = next(i for i, title in enumerate(titles) if title.startswith("Notes"))
        assert titles[wide] == ("Notes " * 4)[:23] + "…"
        assert cells[wide] == "x" * 23 + "…"
        speed = titles.index("Speed")
        assert sum(column.get_render_width(table)
                   for column in list(table.columns.values())[:speed + 1]) <= 80


def test_what_a_plugin_prints_or_logs_goes_to_its_log_never_to_the_terminal(tmp_path):
    loose_plugin(tmp_path, "chatty", (
        "import logging, sys\nfrom gm_console import hookimpl\n"
        "print('IMPORTED \\x1b[2J')\n"
        "log = logging.getLogger(__name__)\n"
        "@hookimpl\ndef session_derived(session):\n"
        "    print('DERIVED', end='')\n    print(' HALF')\n"
        "    print('TO STDERR', file=sys.stderr)\n"
        "    log.warning('LOGGED \\x1b]0;title\\x07')\n    return None\n"
        "@hookimpl\ndef time_passed(ctx, seconds, reason):\n    print('TIME PASSED')\n"))
    path = tmp_path / "s.toml"
    path.write_text('[session]\nname = "p"\n[[characters]]\nname = "Aria"\n')
    env = {**os.environ, "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "user-config")}
    for command in (["show", "--json", str(path)], ["op", str(path), "clock.advance", "hours=1"]):
        done = subprocess.run([sys.executable, "-m", "gm_console", *command],
                              capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode == 0, done.stderr
        json.loads(done.stdout)  # the JSON alone: nothing of the plugin's in it
        for said in ("IMPORTED", "DERIVED", "TO STDERR", "LOGGED", "TIME PASSED", "\x1b"):
            assert said not in done.stdout and said not in done.stderr, (command, said)
    log = (Path(env["GM_CONSOLE_DATA_DIR"]) / "plugins.log").read_text(encoding="utf-8")
    for said in ("gm_console.plugin.chatty INFO: IMPORTED", "DERIVED HALF", "TO STDERR",
                 "WARNING: LOGGED", "TIME PASSED"):
        assert said in log, said
    assert "\x1b" not in log and "\x07" not in log  # shown, never obeyed by a reader's terminal


async def test_a_plugins_printing_while_the_console_runs_goes_to_its_log(tmp_path, make_app):
    loose_plugin(tmp_path, "chatty", "from gm_console import hookimpl\n@hookimpl\n"
                 "def time_passed(ctx, seconds, reason):\n    print('TIME PASSED ON SCREEN')\n")
    host = Host().load()
    store = Store(codec.prepare(codec.new_session("t"), host, "t"), host)
    async with make_app(store).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert store.apply("clock.advance", {"minutes": 10}).ok
        await pilot.pause()
    log = Path(os.environ["GM_CONSOLE_DATA_DIR"]) / "plugins.log"
    assert "gm_console.plugin.chatty INFO: TIME PASSED ON SCREEN" in log.read_text()
