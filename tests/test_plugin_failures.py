"""A plugin that fails is named with the file and the line it failed at: at load (an import
that raises, a syntax error) and in a hook or an operation; the kit says it with Python's
traceback, the commands with ``--debug``; ``show`` calls every ``party_columns``, so one that
raises is reported there and not first met in the console."""

from __future__ import annotations

from pathlib import Path

from test_host import write_settings

from gm_console.cli import main
from gm_console.host.manager import Host

BROKEN_COLUMN = """from gm_console import hookimpl


def helper():
    return 1 / 0


@hookimpl
def party_columns(character, session):
    return {"X": str(helper())}
"""


def loose(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    write_settings(tmp_path, f'[plugins]\nfolders = ["{folder}"]\n')
    return folder


def test_a_load_failure_names_the_file_and_the_line(tmp_path):
    folder = loose(tmp_path, {"raises.py": "x = 1\nraise RuntimeError('no torch')\n",
                              "typo.py": "def f(:\n    pass\n"})
    host = Host().load()
    raised, typo = host.plugins["raises"], host.plugins["typo"]
    assert raised.error == (f"import failed: RuntimeError: no torch "
                            f"({folder / 'raises.py'}, line 2)")
    assert 'raise RuntimeError' in raised.traceback and "line 2" in raised.traceback
    assert typo.error == f"import failed: SyntaxError: invalid syntax ({folder / 'typo.py'}, line 1)"


def test_show_reports_a_failing_party_column_with_its_file_and_line(tmp_path, make_store,
                                                                    capsys):
    folder = loose(tmp_path, {"broken.py": BROKEN_COLUMN})
    from gm_console.files import codec

    session = tmp_path / "s.toml"
    session.write_text(codec.dumps(make_store([{"name": "Aria"}]).state))
    assert main(["show", str(session)]) == 0
    captured = capsys.readouterr()
    assert (f"plugin broken switched off: party_columns raised ZeroDivisionError: division by "
            f"zero ({folder / 'broken.py'}, line 5)") in captured.err
    assert "Traceback" not in captured.err
    assert main(["show", str(session), "--debug"]) == 0
    debugged = capsys.readouterr().err
    assert "Traceback (most recent call last)" in debugged and "return 1 / 0" in debugged


def test_show_prints_each_characters_party_columns(tmp_path, make_store, capsys):
    from gm_console.files import codec

    session = tmp_path / "s.toml"
    session.write_text(codec.dumps(make_store([{"name": "Aria", "strength": 15}]).state))
    assert main(["show", str(session), "--json"]) == 0
    import json
    [aria] = json.loads(capsys.readouterr().out)["characters"]
    assert "Load" in aria["columns"] and "Speed" in aria["columns"]


def test_plugins_debug_shows_the_traceback(tmp_path, capsys):
    loose(tmp_path, {"raises.py": "x = 1\nraise RuntimeError('no torch')\n"})
    assert main(["plugins"]) == 1
    assert "Traceback" not in capsys.readouterr().out
    assert main(["plugins", "--debug"]) == 1
    assert "raise RuntimeError('no torch')" in capsys.readouterr().out


def test_gm_console_plugins_chooses_which_load_and_refuses_an_unknown_name(
        tmp_path, monkeypatch, capsys):
    loose(tmp_path, {"lamp.py": "from gm_console import hookimpl\n"})
    monkeypatch.setenv("GM_CONSOLE_PLUGINS", "travel, lamp")
    host = Host().load()
    loaded = sorted(name for name, r in host.plugins.items() if r.status == "loaded")
    assert loaded == ["core", "lamp", "travel"]
    assert host.plugins["combat"].error == "not in GM_CONSOLE_PLUGINS"
    monkeypatch.setenv("GM_CONSOLE_PLUGINS", "travl")
    assert main(["plugins"]) == 2
    said = capsys.readouterr().err
    assert "GM_CONSOLE_PLUGINS=travl: no plugin named 'travl' (did you mean 'travel'?)" in said


def test_gm_console_trace_plugins_logs_every_hook_call_not_to_the_terminal(
        tmp_path, make_store, monkeypatch, capsys):
    from gm_console.files import codec

    session = tmp_path / "s.toml"
    session.write_text(codec.dumps(make_store([{"name": "Aria"}]).state))
    monkeypatch.setenv("GM_CONSOLE_TRACE_PLUGINS", "1")
    import logging
    before = list(logging.getLogger("gm_console").handlers)
    try:
        assert main(["show", str(session)]) == 0
    finally:
        for handler in logging.getLogger("gm_console").handlers[len(before):]:
            handler.close()
            logging.getLogger("gm_console").removeHandler(handler)
    printed = capsys.readouterr()
    assert "hook " not in printed.out + printed.err
    logged = (tmp_path / "user-data" / "console.log").read_text()
    assert "gm_console.host.trace: hook character_derived of encumbrance: " in logged
    assert " ms" in logged and "hook party_columns of core: " in logged
