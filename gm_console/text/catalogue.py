"""Labels and help texts as data files, read when a language other than English or the help
screen asks for them, and kept.

Every plugin keeps them beside its module, one file per kind and language:

- ``labels.<language>.toml`` (``labels.fr.toml``): ``"English text" = "its translation"``. Each
  key is the English exactly as the code says it: a label, or a :func:`gm_console.say`
  template with its ``{fields}``, which the translation keeps, every one and no other.
- ``help.<language>.txt`` (``help.en.txt``, ``help.fr.txt``): the plugin's lines for the help
  screen (F1), plain text; a language without its file shows the English one.

A package's folder (one with an ``__init__.py``) holds them under these names; a plugin that is a
single module (a loose ``light.py`` in a plugins folder) prefixes them with its name, as it
does its ``light.toml``: ``light.labels.fr.toml``, ``light.help.en.txt``.

The host's own labels are :data:`HOST`'s ``labels.<language>.toml``, beside this module.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

HOST = Path(__file__).resolve().parent
"""Where the host's own labels are."""


class CatalogueError(Exception):
    """A labels or help file that cannot be read; the message names the file (and the line)."""


def home_of(module_file: str | Path | None) -> tuple[Path, str] | None:
    """The folder of a plugin's files and the prefix of their names, from its module's file."""
    if not module_file:
        return None
    path = Path(module_file)
    folder = path.parent
    return folder, "" if (folder / "__init__.py").is_file() else f"{path.stem}."


def labels_path(home: tuple[Path, str], language: str) -> Path:
    folder, prefix = home
    return folder / f"{prefix}labels.{language}.toml"


def help_path(home: tuple[Path, str], language: str) -> Path:
    folder, prefix = home
    return folder / f"{prefix}help.{language}.txt"


def filed_hooks(home: tuple[Path, str]) -> set[str]:
    """The hooks a plugin's files answer in some language (``labels``, ``help_text``), so
    ``gm-console plugins --hooks`` counts a plugin answering through files, not code."""
    folder, prefix = home
    kinds = {"labels": f"{prefix}labels.*.toml", "help_text": f"{prefix}help.*.txt"}
    return {hook for hook, pattern in kinds.items() if any(folder.glob(pattern))}


@functools.cache
def read_labels(path: Path) -> dict[str, str]:
    """A labels file's table (``{}`` when there is none). Shared: copy it to change it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise CatalogueError(f"{path}: {exc.strerror}") from None
    import tomli  # the session file's parser (gm_console.files.codec), imported already

    try:
        table: Any = tomli.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomli.TOMLDecodeError) as exc:
        raise CatalogueError(f"{path}: {exc}") from None
    wrong = [key for key, value in table.items() if not isinstance(value, str)]
    if wrong:
        raise CatalogueError(f"{path}: {wrong[0]!r} is not given a text (write \"English\" = "
                             "\"translation\", one a line)")
    return table


@functools.cache
def read_help(path: Path) -> str | None:
    """A help file's text (its last line's newline left out); None when there is none."""
    try:
        return path.read_text(encoding="utf-8").removesuffix("\n")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise CatalogueError(f"{path}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise CatalogueError(f"{path}: {exc.strerror}") from None


def plugin_help(home: tuple[Path, str], language: str) -> str | None:
    """The help text in ``language``, else in English; None when the plugin has none."""
    text = read_help(help_path(home, language))
    return text if text is not None or language == "en" else read_help(help_path(home, "en"))


def host_labels(language: str) -> dict[str, str]:
    """The host's own labels in ``language`` (nothing for English, the source text)."""
    return {} if language == "en" else read_labels(labels_path((HOST, ""), language))


@functools.cache  # a labels file is read once (read_labels): which one it is, found once too
def plugin_labels(module_file: str, language: str) -> dict[str, str]:
    """A plugin's own labels in ``language``, read from its ``labels.<language>.toml``:
    ``plugin_labels(__file__, session.language)`` from any of its modules in its package's
    folder (or its loose file). Nothing for English. Shared: copy it to change it. (A
    plugin's line on home asks for them at every change: its folder was looked for on disk
    each time.)"""
    home = home_of(module_file) if language != "en" else None
    if home is None:
        return {}
    return read_labels(labels_path(home, language))
