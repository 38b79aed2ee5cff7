"""The command line, run as a user runs it: a real process."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console import __version__
from gm_console.cli import main
from gm_console.host.manager import Host


def run(*args: str, check: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True,
                          text=True, check=check, timeout=60)


def prepare(*args: str) -> None:
    """``gm-console op ARGS`` in this process, to set up a session for the command under test
    (which runs as a real process): the same code without an interpreter's start each time."""
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert main(["op", *args]) == 0, printed.getvalue()


def test_version() -> None:
    assert run("--version").stdout.strip() == f"gm-console {__version__}"


def test_op_applies_and_saves_then_show_reports_derived_values(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    result = run("op", str(session), "character.add", "name=Aria", "strength=18/50")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["ok"] is True
    run("op", str(session), "item.add", "character=Aria", "name=rope", "weight_lb=10", check=True)
    shown = json.loads(run("show", str(session), "--json", check=True).stdout)
    aria = shown["characters"][0]
    assert aria["name"] == "Aria"
    assert aria["derived"]["abilities"]["strength"] == {"score": "18/50", "modifier": 4}
    assert set(aria["derived"]["speed"]) >= {"base_mv", "mv", "m", "steps"}


def test_refused_op_exits_non_zero_and_leaves_the_file_byte_identical(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    prepare(str(session), "character.add", "name=Aria")
    before = session.read_bytes()
    result = run("op", str(session), "character.set", "character=Aria", "field=strength",
                 "value=26")
    assert result.returncode == 1
    said = json.loads(result.stdout)
    # the refusal in English, and its template for a console that reads it in French
    assert said == {"ok": False, "op": "character.set",
                    "reason": "Strength must be from 1 to 25, not 26",
                    "said": {"template": "Strength must be from 1 to 25, not {raw}",
                             "values": {"raw": "26"}}}
    assert "Strength must be from 1 to 25" in result.stderr
    assert session.read_bytes() == before


@pytest.mark.parametrize("command", [["show"], ["op"]])
def test_broken_file_is_reported_and_never_overwritten(tmp_path: Path, command) -> None:
    session = tmp_path / "broken.toml"
    session.write_bytes(b'[session]\nname = "x"\n[[characters]\nname = "Aria"\n')
    before = session.read_bytes()
    args = [*command, str(session)] + (["clock.advance", "hours=1"] if command == ["op"] else [])
    result = run(*args)
    assert result.returncode == 2
    assert f"{session}:3: not valid TOML" in result.stderr
    assert session.read_bytes() == before
    assert not (tmp_path / "broken.toml.bak").exists()


def test_ops_json_documents_every_parameter() -> None:
    ops = {op["name"]: op for op in json.loads(run("ops", "--json", check=True).stdout)}
    assert {"character.add", "item.add", "clock.advance", "clock.set", "roll.resolve"} <= set(ops)
    params = {p["name"]: p for p in ops["item.add"]["params"]}
    assert params["qty"] == {"name": "qty", "type": "int", "help": "how many",
                             "required": False, "default": 1}


def test_plugins_json_lists_status_version_and_hooks() -> None:
    records = {r["name"]: r for r in json.loads(run("plugins", "--json").stdout)}
    assert records["core"]["status"] == "loaded"
    assert "register_operations" in records["core"]["hooks"]
    assert records["core"]["version"] == __version__


def test_unknown_operation_suggests_the_right_one(tmp_path: Path) -> None:
    result = run("op", str(tmp_path / "s.toml"), "clock.advence", "hours=1")
    assert result.returncode == 1
    assert "did you mean 'clock.advance'" in json.loads(result.stdout)["reason"]


def test_journal_exports_markdown_filtered(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    prepare(str(session), "character.add", "name=Aria")
    prepare(str(session), "journal.note", "text=Aria hears a wolf", "who=Aria")
    prepare(str(session), "journal.note", "text=Rain")
    result = run("journal", str(session), "--character", "aria", check=True)
    assert result.stdout.startswith("# s\n\n## Day 1\n")
    assert "note (Aria): Aria hears a wolf" in result.stdout
    assert "Rain" not in result.stdout


def test_demo_is_copied_to_the_data_folder_and_the_bundled_file_never_changes(tmp_path):
    from gm_console.files.config import bundled_dir
    from gm_console.files.paths import demo_session
    bundled = (bundled_dir() / "demo.toml").read_bytes()
    copy = demo_session()
    assert copy == tmp_path / "user-data" / "demo.toml"
    run("op", str(copy), "clock.advance", "hours=3", check=True)
    assert (bundled_dir() / "demo.toml").read_bytes() == bundled
    assert copy.read_bytes() != bundled
    assert demo_session() == copy and copy.read_bytes() != bundled  # not copied over again


def test_the_console_refuses_a_broken_file_before_drawing_and_leaves_it_alone(tmp_path):
    session = tmp_path / "broken.toml"
    session.write_bytes(b'[[characters]]\nname = "Aria"\nstrength = 26\n')
    before = session.read_bytes()
    result = run(str(session))
    assert result.returncode == 2
    assert f"{session}:3: character Aria: Strength must be from 1 to 25, not 26" in result.stderr
    assert session.read_bytes() == before


def test_show_as_text_follows_the_language_and_reads_as_lines_not_data(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    prepare(str(session), "character.add", "name=Aria", "strength=17")
    prepare(str(session), "condition.add", "character=Aria", "condition=stunned", "save_dc=12")
    prepare(str(session), "condition.save", "character=Aria", "condition=stunned")
    english = run("show", str(session), check=True).stdout
    assert "  conditions:\n    names: stunned\n" in english
    assert "      · = 0 mv = 0 m per round (× 0.75 m per mv)\n" in english
    assert "\nRolls asked for\n  Constitution save DC 12 to end stunned:\n    Aria: 1d20, DC 12\n" \
        in english
    assert "  combat:\n    active: no" in english  # a plugin's section, as lines
    assert "{" not in english and "rolls_pending" not in english
    (tmp_path / "user-config").mkdir(exist_ok=True)
    (tmp_path / "user-config" / "settings.toml").write_text('language = "fr"\n')
    french = run("show", str(session), check=True).stdout
    assert french.startswith("s — Jour 1, 08:00\n")
    assert "  états :\n    noms : étourdi\n" in french
    # the game master's condition, read back from the file, says where it comes from in French
    assert "      · × 0 : étourdi (ajouté par le MJ) → 0 mv\n" in french
    assert "      · = 0 mv = 0 m par round (× 0,75 m par mv)\n" in french
    assert "\nJets demandés\n" in french and "  combat :\n    active : non" in french


@pytest.mark.parametrize("argv", [["op", "{s}", "journal.note", "text=x"],
                                  ["op", "{s}", "no.such_op"], ["show", "{s}"], ["ops"]])
def test_a_command_run_in_process_gives_the_garbage_collector_back_on(tmp_path: Path, argv,
                                                                     capsys) -> None:
    """One-shot commands run without the collector (what they read lives until they exit);
    called as a function (a test, a script), main turns it on again, whether the command
    worked or not."""
    import gc

    session = tmp_path / "s.toml"
    main(["op", str(session), "journal.note", "text=first"])
    assert gc.isenabled()
    seen: list[bool] = []
    real = Host.load

    def load(self: Host) -> Host:
        seen.append(gc.isenabled())
        return real(self)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(Host, "load", load)
        main([part.format(s=session) for part in argv])
    assert seen == [False] and gc.isenabled()


@pytest.mark.parametrize("command", ["", "plugins", "show", "op", "ops", "journal", "serve",
                                     "invite", "new-plugin", "completion", "import"])
def test_each_help_ends_with_examples_and_what_it_reads(command: str, capsys) -> None:
    from gm_console.text.command_help import EXAMPLES

    with pytest.raises(SystemExit) as done:
        main([command, "--help"] if command else ["--help"])
    assert done.value.code == 0
    printed = capsys.readouterr().out
    examples, environment = EXAMPLES[command]
    assert printed.index("examples:") < printed.index(f"  {examples[0]}")
    assert all(line in printed for line in environment)
    assert ("environment:" in printed) == bool(environment)
    for example in examples:  # each example is one this command's parser takes
        words = example.split()
        if words[0] == "gm-console" and command:
            assert words[1] == command


def test_a_dumb_terminal_gets_a_sentence_not_a_full_screen_app(tmp_path: Path,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    done = run(str(tmp_path / "s.toml"))
    assert done.returncode == 2
    assert "TERM=dumb" in done.stderr and "gm-console show" in done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    assert not (tmp_path / "s.toml").exists()  # nothing opened, nothing created


def test_an_unknown_theme_is_named_with_the_themes_there_are(tmp_path: Path) -> None:
    done = run(str(tmp_path / "s.toml"), "--theme", "neon")
    assert done.returncode == 2
    assert "no theme 'neon'" in done.stderr and "nord" in done.stderr
    assert not (tmp_path / "s.toml").exists()


def test_the_consoles_log_file_gets_what_the_host_logs(tmp_path: Path) -> None:
    import logging

    from gm_console.cli import _log_to
    from gm_console.files import console_log

    logger = logging.getLogger("gm_console")
    before = list(logger.handlers)
    try:
        assert _log_to(None, "console")  # the data folder's console.log by default
        logging.getLogger("gm_console.host").warning("plugin boom switched off")
        for handler in logger.handlers:
            handler.flush()
        written = console_log.default_path().read_text()
        assert "console[" in written and "gm_console.host: plugin boom switched off" in written
    finally:
        for handler in set(logger.handlers) - set(before):
            handler.close()
            logger.removeHandler(handler)


def test_a_log_file_that_cannot_be_written_is_said_before_the_console_starts(
        tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = run(str(tmp_path / "s.toml"), "--log", str(blocker / "console.log"))
    assert done.returncode == 2
    assert "--log: cannot write" in done.stderr and "console.log" in done.stderr
    assert not (tmp_path / "s.toml").exists()


def test_bash_completes_subcommands_session_files_and_operations(tmp_path: Path) -> None:
    import os
    import shutil

    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash to complete in")
    script = run("completion", "bash", check=True).stdout
    (tmp_path / "camp.toml").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "bin").mkdir()
    wrapper = tmp_path / "bin" / "gm-console"  # what the script runs to list operations
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} -m gm_console \"$@\"\n")
    wrapper.chmod(0o755)

    def complete(*words: str) -> list[str]:
        done = subprocess.run(
            [bash, "-c", script + 'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _gm_console; '
             'printf "%s\\n" "${COMPREPLY[@]}"', "bash", "gm-console", *words],
            cwd=tmp_path, capture_output=True, text=True, check=True, timeout=60,
            env={**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"})
        return done.stdout.split()

    assert complete("jo") == ["journal"]
    assert "camp.toml" in complete("show", "") and "notes.txt" not in complete("show", "")
    assert complete("op", "camp.toml", "clock.a") == ["clock.advance"]
    assert complete("completion", "f") == ["fish"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_get_a_script_of_their_own(shell: str) -> None:
    script = run("completion", shell, check=True).stdout
    assert "gm-console" in script and "journal" in script
    assert ("bashcompinit" in script) == (shell == "zsh")


def test_import_adds_a_csv_party_or_nothing_each_bad_row_named(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    prepare(str(session), "clock.advance", "minutes=1")
    before = session.read_bytes()
    bad = tmp_path / "party.csv"
    bad.write_text("name,race,strength,luck\nAria,elf,17,\nZed,orc,40,7\nZed,orc,12,\n")
    done = run("import", str(session), str(bad))
    assert done.returncode == 2 and done.stdout == ""
    said = done.stderr
    assert f"{bad}, row 3, strength: Strength must be from 1 to 25, not 40" in said
    assert f"{bad}, row 3, luck: 'luck' is not a character field" in said
    assert f"{bad}, row 4, name: the name 'Zed' is used twice" in said
    assert "row 2" not in said and "nothing imported" in said
    assert session.read_bytes() == before  # nothing half-imported
    good = tmp_path / "good.csv"
    good.write_text("name,race,strength,speed_m\nAria,elf,17,9\nBram,dwarf,18/50,6\n")
    done = run("import", str(session), str(good))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["message"] == "2 join the party: Aria, Bram"
    shown = json.loads(run("show", str(session), "--json", check=True).stdout)
    bram = next(c["sheet"] for c in shown["characters"] if c["name"] == "Bram")
    assert bram["strength"] == "18/50" and bram["speed_m"] == 6 and bram["race"] == "dwarf"


def test_import_reads_a_json_list_with_items_and_says_where_a_file_is_not_one(
        tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    characters = tmp_path / "characters.json"
    characters.write_text(json.dumps([{"name": "Cyl", "wisdom": 14, "max_hit_points": 9,
                                       "items": [{"name": "sling", "weight_lb": 0.5}]}]))
    assert run("import", str(session), str(characters)).returncode == 0
    shown = json.loads(run("show", str(session), "--json", check=True).stdout)
    cyl = shown["characters"][0]["sheet"]
    assert cyl["wisdom"] == 14 and cyl["items"][0]["name"] == "sling"
    broken = tmp_path / "broken.json"
    broken.write_text('[{"name": "A"},\n  {oops}]')
    done = run("import", str(session), str(broken))
    assert done.returncode == 2 and f"{broken}, line 2: not JSON" in done.stderr
    single = tmp_path / "one.json"
    single.write_text('{"name": "A"}')
    assert "a JSON party is a list" in run("import", str(session), str(single)).stderr


def test_an_import_is_one_undoable_operation_and_refuses_all_for_one_bad(store) -> None:
    count = len(store.state["characters"])
    refused = store.apply("character.import", {"characters": [{"name": "New"},
                                                              {"name": "Aria"}]})
    assert not refused.ok and "character 2, name" in refused.reason
    assert len(store.state["characters"]) == count
    assert store.apply("character.import", {"characters": [{"name": "New"},
                                                           {"name": "Newer"}]}).ok
    assert [c["name"] for c in store.state["characters"][-2:]] == ["New", "Newer"]
    assert store.undo().ok
    assert len(store.state["characters"]) == count
