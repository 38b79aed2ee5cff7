"""``gm-console new-plugin NAME``: a plugin distribution that installs and passes its own tests
at once, with one of everything an author needs to copy: rules in plain Python, an operation,
its table in the session, a setting in its own ``NAME.toml``, a derived value, a party column,
a screen, its French labels and its help in their files, and tests on the rules, the operation,
the screen and those files (through :mod:`gm_console.testing`)."""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from gm_console.contract.hookspecs import API_VERSION

_NAME = re.compile(r"^[a-z][a-z0-9_]{1,30}$")

_FILES: dict[str, str] = {
    "pyproject.toml": '''\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "gm-console-$name"
version = "0.1.0"
description = "A gm-console plugin: $name."
requires-python = ">=3.11"
dependencies = ["gm-console"]

[project.optional-dependencies]
test = ["pytest>=8", "pytest-asyncio>=0.24"]

# The console finds the plugin through this entry point.
[project.entry-points."gm_console.plugins"]
$name = "gm_console_$name"

# Its settings, its labels (labels.fr.toml) and its help (help.en.txt, help.fr.txt).
[tool.setuptools.package-data]
"*" = ["*.toml", "*.txt"]

[tool.pytest.ini_options]
asyncio_mode = "auto"
asyncio_default_fixture_loop_scope = "function"
filterwarnings = ["ignore::DeprecationWarning:lark.*"]  # d20's parser, not yours
''',
    "README.md": '''\
# gm-console-$name

A gm-console plugin. `pip install -e .[test]`, then `pytest`; `gm-console plugins` lists it,
`gm-console ops` shows `$name.mark`, and `$key` opens its screen in the console.

- `gm_console_$name/rules.py`: the rules, plain Python over plain data (no Textual, no store).
- `gm_console_$name/__init__.py`: the hooks (operations, session table, derived value, party
  column, screen). The hook reference: gm-console's `docs/hooks.md`, or
  `gm-console plugins --hooks`. Every sentence it says is a `say()` template with its values,
  never an f-string, so each reader reads it in their language.
- `gm_console_$name/$name.toml`: its settings; a campaign overrides them with
  `gm-console op SESSION settings.set plugin=$name key=most value=5`.
- `gm_console_$name/labels.fr.toml`: its French, `"English text" = "texte français"`, the key
  exactly as the code says it; another language is another `labels.<language>.toml`.
- `gm_console_$name/help.en.txt`, `help.fr.txt`: its lines in the help screen (F1).
- `gm_console_$name/screens.py`: the screen, a thin layer over the operation.
''',
    "gm_console_$name/__init__.py": '''\
"""The $name plugin: a tally per character, marked by an operation, shown in the party table,
as a derived value and on its own screen."""

from __future__ import annotations

from typing import Any

from gm_console import (OpContext, Operation, Param, Refused, Result, ScreenSpec, SectionSpec,
                        Session, hookimpl, said_by, say)
from gm_console_$name import rules

GM_CONSOLE_API = $api
PLUGIN = "$name"


def tally(session: Session, name: str) -> int:
    return int(session.state.get("plugins", {}).get(PLUGIN, {}).get("tally", {}).get(name, 0))


def _mark(ctx: OpContext, params: dict[str, Any]) -> Result:
    character = ctx.character(params["character"])
    name = str(character["name"])
    try:
        value = rules.mark(tally(ctx, name), params["amount"], ctx.setting(PLUGIN, "most"))
    except ValueError as exc:
        raise Refused(said_by(exc)) from None  # (said_by keeps the sentence's template)
    ctx.section(PLUGIN).setdefault("tally", {})[name] = value
    # Every sentence is a say() template with its values, never an f-string: each reader,
    # and the journal read again later, says it in their language (labels.fr.toml).
    return Result(say("{name}: $name {value}", name=name, value=value),
                  {"character": name, "value": value}, [name])


@hookimpl
def register_operations(register: Any) -> None:
    register(Operation("$name.mark", "Mark the tally of a character.", _mark,
                       (Param("character", str, "the character's name"),
                        Param("amount", int, "how much to add (negative takes away)",
                              default=1))))


def _validate(table: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    marks = table.get("tally", {})
    if not isinstance(marks, dict):
        return [(("tally",), say("tally must be a table of character = number"))]
    return [(("tally", name), say("{name}: the tally must be a whole number, 0 or more",
                                  name=name))
            for name, value in marks.items()
            if not isinstance(value, int) or isinstance(value, bool) or value < 0]


@hookimpl
def register_sections(register: Any) -> None:
    register(SectionSpec(PLUGIN, defaults={"tally": {}}, validate=_validate))


@hookimpl
def character_renamed(ctx: OpContext, old: str, new: str) -> None:
    marks = ctx.section(PLUGIN).setdefault("tally", {})
    if old in marks:
        marks[new] = marks.pop(old)


@hookimpl
def character_derived(character: dict[str, Any], session: Session) -> dict[str, Any]:
    value, most = tally(session, str(character.get("name"))), session.setting(PLUGIN, "most")
    return {PLUGIN: {"value": value, "most": most,
                     "steps": [say("marked {value} of at most {most} ($name.toml: most)",
                                   value=value, most=most)]}}


@hookimpl
def party_columns(character: dict[str, Any], session: Session) -> dict[str, str]:
    return {"$Name": str(tally(session, str(character.get("name"))))}


@hookimpl
def register_screens(register: Any) -> None:
    def factory(store: Any) -> Any:
        from gm_console_$name.screens import TallyScreen  # Textual only when opened
        return TallyScreen(store)
    register(ScreenSpec("$name.tally", "$key", "$Name: tally", factory))

''',
    "gm_console_$name/rules.py": '''\
"""The rules of the $name plugin: plain functions over plain data."""

from __future__ import annotations

from gm_console import say


def mark(current: int, amount: int, most: int) -> int:
    """The tally after adding ``amount``; ValueError says why it cannot be done."""
    value = current + amount
    if value < 0:
        raise ValueError(say("the tally cannot go below 0 (it is {current})", current=current))
    if value > most:
        raise ValueError(say("the tally cannot go above {most} (it is {current})", most=most,
                             current=current))
    return value
''',
    "gm_console_$name/screens.py": '''\
"""The $name screen: every character's tally; a marks one."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from gm_console.ui import StoreScreen, TextPrompt, Value
from gm_console_$name import tally


class TallyScreen(StoreScreen):
    AREAS = frozenset({"$name", "characters"})
    BINDINGS = [*StoreScreen.BINDINGS, Binding("a", "mark", "Mark", id="$name.mark")]

    def compose_body(self) -> Any:
        yield Value(id="tally")

    def refresh_view(self, change: Any) -> None:
        lines = [f"{c['name']}: {tally(self.session, str(c['name']))}"
                 for c in self.session.characters]
        self.query_one("#tally", Value).show("\\n".join(lines) or "-")

    def action_mark(self) -> None:
        def marked(name: str | None) -> None:
            if name:
                self.apply("$name.mark", character=name)
        self.app.push_screen(TextPrompt(self.t("Who?")), marked)
''',
    "gm_console_$name/labels.fr.toml": '''\
# The French of what the plugin shows: "English text" = "texte français", the key exactly as
# the code says it (a template keeps its {fields}). A text missing here shows in English.
"$Name" = "$Name"
"$Name: tally" = "$Name : décompte"
"Mark" = "Marquer"
"Who?" = "Qui ?"
"{name}: $name {value}" = "{name} : $name {value}"
"tally must be a table of character = number" = "tally doit être une table personnage = nombre"
"{name}: the tally must be a whole number, 0 or more" = "{name} : le décompte est un nombre entier, 0 ou plus"
"marked {value} of at most {most} ($name.toml: most)" = "{value} marqué(s) sur {most} au plus ($name.toml : most)"
"the tally cannot go below 0 (it is {current})" = "le décompte ne peut descendre sous 0 (il est à {current})"
"the tally cannot go above {most} (it is {current})" = "le décompte ne peut dépasser {most} (il est à {current})"
''',
    "gm_console_$name/help.en.txt": '''\
$Name: a tally per character ($key; a marks one). Setting: most.
''',
    "gm_console_$name/help.fr.txt": '''\
$Name : un décompte par personnage ($key ; a en marque un). Réglage : most.
''',
    "gm_console_$name/$name.toml": '''\
# The $name plugin's settings; a user's own $name.toml (in gm-console's config folder)
# overrides any key, and a campaign overrides them with settings.set.
[settings]
most = 10   # the highest a tally goes
''',
    "tests/conftest.py": '''\
pytest_plugins = ["gm_console.testing"]
''',
    "tests/test_$name.py": '''\
"""The $name plugin: its rules, its operation through the store, its screen at 80x24."""

from __future__ import annotations

import pytest

from gm_console_$name import rules


def test_a_mark_adds_up_to_the_most() -> None:
    assert rules.mark(2, 3, 10) == 5
    with pytest.raises(ValueError, match="cannot go above 10"):
        rules.mark(9, 2, 10)
    with pytest.raises(ValueError, match="below 0"):
        rules.mark(0, -1, 10)


def test_the_operation_marks_and_refuses_past_the_setting(gm_store) -> None:
    store = gm_store(characters=[{"name": "Aria"}], plugins=["$name"])
    assert store.apply("$name.mark", {"character": "Aria", "amount": "3"}).ok
    assert store.session.derived(store.session.characters[0])["$name"]["value"] == 3
    assert store.apply("settings.set", {"plugin": "$name", "key": "most", "value": "4"}).ok
    refused = store.apply("$name.mark", {"character": "Aria", "amount": "2"})
    assert not refused.ok and "cannot go above 4" in refused.reason
    assert store.undo().ok and store.undo().ok
    assert store.apply("$name.mark", {"character": "Aria", "amount": "5"}).ok


def test_its_journal_line_keeps_its_sentence_for_the_readers_language(gm_store) -> None:
    store = gm_store(characters=[{"name": "Aria"}], plugins=["$name"])
    line = store.apply("$name.mark", {"character": "Aria"}).journal[0]
    assert line["text"] == "Aria: $name 1"
    assert line["said"]["template"] == "{name}: $name {value}"  # its labels.fr.toml key


def test_its_french_and_its_help_are_read_from_its_files(gm_host) -> None:
    host = gm_host(["$name"])
    assert dict(host.call_each("labels", language="fr"))["$name"]["Mark"] == "Marquer"
    helps = dict(host.call_each("help_text", language="fr"))
    assert helps["$name"].startswith("$Name : un décompte")


async def test_the_screen_shows_and_marks(gm_store, gm_pilot) -> None:
    store = gm_store(characters=[{"name": "Aria"}], plugins=["$name"])
    async with gm_pilot(store) as pilot:
        await pilot.press("$key")
        await pilot.pause()
        await pilot.press("a", *"Aria", "enter")
        await pilot.pause()
        assert pilot.app.screen.query_one("#tally").shown == "Aria: 1"
''',
}


def create(name: str, folder: Path, key: str = "f10") -> Path:
    """Write the distribution ``gm-console-<name>`` under ``folder``; ValueError says why not."""
    if not _NAME.match(name):
        raise ValueError(f"{name!r}: a plugin name is 2 to 31 lower-case letters, digits or _, "
                         "starting with a letter")
    target = folder / f"gm-console-{name}"
    if target.exists():
        raise ValueError(f"{target} exists already; choose another name or folder")
    words = {"name": name, "Name": name.replace("_", " ").capitalize(), "key": key,
             "api": str(API_VERSION)}
    for path, text in _FILES.items():
        file = target / Template(path).substitute(words)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(Template(text).substitute(words))
    return target
