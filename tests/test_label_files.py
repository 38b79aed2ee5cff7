"""The labels and help files: every translation's key is English the code still says, with the
same {fields} as its template; the host reads each plugin's files, a loose file's too, and a
plugin's ``labels`` and ``help_text`` hooks still answer beside them."""

from __future__ import annotations

import ast
import string
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gm_console.files.config import Config
from gm_console.host.manager import Host
from gm_console.text import catalogue
from gm_console.text.i18n import Translator

ROOT = Path(__file__).resolve().parent.parent
LABEL_FILES = sorted([*ROOT.glob("gm_console/**/labels.*.toml"),
                      *ROOT.glob("gm_console_plugins/*/labels.*.toml")])

MADE_AT_RUN_TIME = {
    "attacks",  # gm_console/core/hooks.py: a roll's kind and an s (checks, saves, attacks)
    "lair",  # the journal kind of the journal_line hook's example (contract/hookspecs.py)
}
"""Keys no source text holds as written: the code puts them together."""


def _source_texts() -> set[str]:
    """Every text the code and the bundled tables could show: string literals, names (a
    derived value's field ``max_lb`` shows as ``max lb``, a plugin's name capitalised as a
    title), and the tables' keys and texts."""
    found: set[str] = set()
    for source in [*ROOT.glob("gm_console/**/*.py"), *ROOT.glob("gm_console_plugins/**/*.py")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
            for attr in ("id", "attr", "arg", "name"):
                if isinstance(getattr(node, attr, None), str):
                    found.add(getattr(node, attr))

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    for table in ROOT.glob("gm_console_config/*.toml"):
        walk(tomllib.loads(table.read_text(encoding="utf-8")))
    # Textual's own commands, which the palette shows in the reader's language
    import textual.app
    for node in ast.walk(ast.parse(Path(textual.app.__file__).read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "SystemCommand"):
            found.update(arg.value for arg in node.args[:2]
                         if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    found |= {text.replace("_", " ") for text in found}
    return found | {text.capitalize() for text in found}


def _fields(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:  # not a template (a lone brace): no fields
        return set()


@pytest.fixture(scope="module")
def source_texts() -> set[str]:
    return _source_texts()


@pytest.mark.parametrize("path", LABEL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_translation_is_of_english_the_code_still_says(path: Path,
                                                             source_texts: set[str]) -> None:
    table = catalogue.read_labels(path)
    stale = sorted(key for key in table if key not in source_texts | MADE_AT_RUN_TIME)
    assert not stale, f"{path.name}: no source says these any more (remove them, or " \
                      f"translate the new English):\n" + "\n".join(map(repr, stale))
    differ = [f"{key!r} → {text!r}" for key, text in table.items()
              if _fields(key) != _fields(text)]
    assert not differ, f"{path.name}: the translation has other {{fields}}:\n" + \
        "\n".join(differ)


def test_every_plugin_has_its_help_in_both_languages() -> None:
    homes = [ROOT / "gm_console" / "core",
             *sorted(p for p in (ROOT / "gm_console_plugins").iterdir()
                     if (p / "__init__.py").is_file())]
    for home in homes:
        for language in ("en", "fr"):
            assert catalogue.read_help(home / f"help.{language}.txt"), (home, language)


def test_the_french_refusal_holds_the_syntax_the_combat_screen_replaces() -> None:
    from gm_console_plugins.combat import hooks
    from gm_console_plugins.combat.hints import ALL_AGAIN_FR

    french = catalogue.plugin_labels(hooks.__file__, "fr")
    assert ALL_AGAIN_FR in french[
        "every combatant has an initiative already (all=true rolls again)"]


def test_the_help_screen_gets_each_plugins_file_in_its_language() -> None:
    host = Host().load()
    for language in ("en", "fr"):
        texts = dict(host.call_each("help_text", language=language))
        assert set(texts) == {"core", "armour", "combat", "encumbrance", "movement",
                              "terrain", "travel"}
        assert texts["travel"] == (ROOT / "gm_console_plugins" / "travel" /
                                   f"help.{language}.txt").read_text(encoding="utf-8").rstrip("\n")
    # a language without its help file reads the English one
    assert dict(host.call_each("help_text", language="de")) == \
        dict(host.call_each("help_text", language="en"))


def _loose_host(tmp_path: Path, source: str, files: dict[str, str]) -> Host:
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "light.py").write_text(source)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    (tmp_path / "settings.toml").write_text(f"[plugins]\nfolders = [{str(folder)!r}]\n")
    return Host(Config([tmp_path])).load()


def test_a_loose_plugin_file_has_its_labels_and_help_beside_it(tmp_path: Path) -> None:
    host = _loose_host(tmp_path, "", {
        "light.labels.fr.toml": '"Light" = "Lumière"\n"{n} torches" = "{n} torches"\n',
        "light.help.en.txt": "Light: torches burn down.\n",
        "light.help.fr.txt": "Lumière : les torches se consument.\n"})
    assert host.plugins["light"].status == "loaded"
    assert Translator("fr", host)("Light") == "Lumière"
    assert Translator("en", host)("Light") == "Light"
    assert dict(host.call_each("help_text", language="fr"))["light"] == \
        "Lumière : les torches se consument."


def test_a_plugins_hooks_still_answer_and_win_over_its_files(tmp_path: Path) -> None:
    host = _loose_host(tmp_path, (
        "from gm_console import hookimpl\n\n"
        "@hookimpl\ndef labels(language):\n"
        "    return {'Lit': 'Allumée (' + language + ')'} if language != 'en' else None\n\n"
        "@hookimpl\ndef help_text(language):\n"
        "    return 'computed' if language == 'fr' else None\n"),
        {"light.labels.fr.toml": '"Light" = "Lumière"\n"Lit" = "Allumée"\n',
         "light.help.en.txt": "Light: torches.\n"})
    t = Translator("fr", host)
    assert (t("Light"), t("Lit")) == ("Lumière", "Allumée (fr)")
    assert dict(host.call_each("help_text", language="fr"))["light"] == "computed"
    assert dict(host.call_each("help_text", language="en"))["light"] == "Light: torches."


@pytest.mark.parametrize("text, why", [('"Light" = ', "light.labels.fr.toml"),
                                       ('"Light" = 3\n', "is not given a text")])
def test_a_broken_labels_file_switches_its_plugin_off_by_name(tmp_path: Path, text: str,
                                                               why: str) -> None:
    host = _loose_host(tmp_path, "", {"light.labels.fr.toml": text})
    assert Translator("fr", host)("Light") == "Light"
    record = host.plugins["light"]
    assert record.status == "failed" and why in record.error
