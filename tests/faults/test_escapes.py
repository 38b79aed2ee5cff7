"""Text from a file or a parameter never reaches the terminal as control sequences or markup:
names, notes and journal lines are shown with their control characters made visible."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_hangup import console, drain, read_until

from gm_console.files import codec
from gm_console.text.safe_text import json_output, visible

TITLE = "S\x1b]2;PWNED\x07"
CLEAR = "wipe\x1b[2J\x9b2J\x7f"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True,
                          timeout=60)


def hostile_session(path: Path, host) -> None:
    state = codec.prepare(codec.new_session(TITLE), host, "x")
    state["characters"] = [{"name": "Aria\x1b[31m", "items": []}, {"name": "[/x]", "items": []}]
    state["journal"] = [{"day": 1, "second": 0, "kind": "note", "text": CLEAR, "who": []}]
    codec.write_atomic(path, codec.dumps(state))


def test_visible_keeps_length_and_lines():
    assert visible("a\x1b[2J\tb\nc\x07\x9b\x7f") == "a␛[2J\tb\nc␇\ufffd␡"
    assert visible("a\tb\nc", lines=False) == "a␉b␊c"
    assert visible("Ærøskøbing — ok") == "Ærøskøbing — ok"


def test_json_output_is_the_same_json_with_nothing_raw():
    text = json.dumps({"n": CLEAR}, ensure_ascii=False)
    safe = json_output(text)
    assert json.loads(safe) == {"n": CLEAR}
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in safe)


@pytest.mark.parametrize("command", [["show"], ["journal"], ["show", "--json"],
                                     ["op", None, "journal.note", f"text={CLEAR}"]])
def test_plain_output_shows_control_characters_visibly(tmp_path, host, command):
    path = tmp_path / "s.toml"
    hostile_session(path, host)
    args = [str(path) if part is None else part for part in command]
    if command[0] != "op":
        args.insert(1, str(path))
    done = run(*args)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "\x1b" not in out and "\x9b" not in out and "\x7f" not in out
    assert "␛" in out or "\\u001b" in out


def test_an_error_about_a_hostile_name_is_printed_visibly(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('[[characters]]\nname = "A\\u001b]2;X\\u0007"\nstrength = 99\n')
    done = run("show", str(path))
    assert done.returncode == 2
    assert b"\x1b" not in done.stderr and "␛]2;X".encode() in done.stderr


async def test_the_tui_shows_hostile_names_visibly_and_does_not_take_them_as_markup(
        make_app, store):
    store.apply("session.rename", {"name": TITLE})
    store.apply("character.add", {"name": "[/x]"})
    store.apply("character.add", {"name": ":fire: [b]x[/b]"})  # not an emoji, nor bold
    store.apply("journal.note", {"text": CLEAR})
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "S␛]2;PWNED␇" in screen and "[/x]" in screen and "wipe␛[2J" in screen
        assert ":fire: [b]x[/b]" in screen and "🔥" not in screen  # the table, the journal
        assert "\x1b" not in screen


def test_a_real_terminal_is_not_retitled(tmp_path, host):
    path = tmp_path / "s.toml"
    hostile_session(path, host)
    with console(path) as (process, master):
        seen = read_until(master, "S␛]2;PWNED".encode())
        if "wipe␛[2J".encode() not in seen:
            seen += read_until(master, "wipe␛[2J".encode())
        os.write(master, b"q")
        drain(master, 0.5)
        assert process.wait(timeout=15) == 0
    assert b"\x1b]2;PWNED" not in seen and b"\x1b[2J" not in seen.split(b"wipe")[-1][:8]


async def test_a_roll_asked_of_a_character_named_like_markup_is_shown(make_app, make_store):
    store = make_store([{"name": "[/x]"}, {"name": "Bo\x1b[2J"}])
    assert store.apply("combat.start").ok
    assert store.apply("combat.roll_initiative").ok
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "[/x]:" in screen and "Bo␛[2J:" in screen


async def test_every_screen_shows_hostile_names_without_crashing(make_app, make_store):
    store = make_store([{"name": "[/x]"}, {"name": "[@click=app.quit]Bo\x1b[2J"}])
    for op, params in (("journal.note", {"text": "[/i] \x1b]2;T\x07"}),
                       ("session.rename", {"name": "[b]S\x1b[2J"}), ("combat.start", {})):
        assert store.apply(op, params).ok
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for screen_id in app.screen_factories():
            app.action_open(screen_id)
            await pilot.pause()
            shown = "\n".join(s.text for s in app.screen._compositor.render_strips())
            assert "\x1b" not in shown, screen_id
        assert app.is_running
