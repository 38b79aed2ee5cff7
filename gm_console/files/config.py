"""Settings and rule tables: TOML files in the bundled ``config/`` folder, each of which a user
file of the same name can override key by key (house rules are an edit, not a patch).

- ``settings.toml``: the host's settings (language, ``metres_per_mv``, which plugins load, extra
  plugin folders, key bindings).
- ``<plugin>.toml``: a plugin's rule tables, and its ``[settings]`` (optional rules and
  interpretations). A session can override those settings in ``[plugins.<name>.settings]``.
  A third-party plugin ships its own ``<name>.toml`` beside its module (in its package folder,
  or beside its loose ``.py`` file); the user's file still overrides it.

The user's folder is ``$GM_CONSOLE_CONFIG_DIR``, or the platform's config folder for gm-console.
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import Any

import platformdirs
import tomli  # the parser the session file uses (gm_console.files.codec): one to import, not two

import gm_console_config


class ConfigError(Exception):
    """A settings or rule file that cannot be read; the message names the file and the line."""


def bundled_dir() -> Path:
    return Path(gm_console_config.__file__).parent


def bundled_table(name: str) -> dict[str, Any]:
    """``config/<name>.toml`` as shipped, without the user's overrides: what a setting's
    default and type are."""
    return read_toml(bundled_dir() / f"{name}.toml")


def user_dir() -> Path:
    env = os.environ.get("GM_CONSOLE_CONFIG_DIR")
    return Path(env) if env else Path(platformdirs.user_config_dir("gm-console"))


def deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` wins key by key; nested tables merge, everything else (lists included) replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomli.load(handle)
    except tomli.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: {exc.strerror}") from None


class Config:
    """Every settings and rule file, read on first use and kept."""

    def __init__(self, dirs: list[Path] | None = None) -> None:
        self.dirs = dirs if dirs is not None else [bundled_dir(), user_dir()]
        self._plugin_dirs: dict[str, Path] = {}
        self._tables: dict[str, dict[str, Any]] = {}

    def add_plugin_folder(self, name: str, folder: Path | None) -> None:
        """Where plugin ``name`` keeps its own ``<name>.toml`` (read after the bundled folder,
        before the user's)."""
        if folder is not None:
            self._plugin_dirs[name] = folder
            self._tables.pop(name, None)

    def table(self, name: str) -> dict[str, Any]:
        """``<name>.toml`` merged over the folders, bundled first; ``{}`` when none has it."""
        if name not in self._tables:
            merged: dict[str, Any] = {}
            own = [self._plugin_dirs[name]] if name in self._plugin_dirs else []
            for folder in [*self.dirs[:1], *own, *self.dirs[1:]]:
                path = folder / f"{name}.toml"
                if path.is_file():
                    merged = deep_merge(merged, read_toml(path))
            self._tables[name] = merged
        return self._tables[name]

    def where(self, name: str, *keys: str) -> str:
        """Where the table ``[<keys>]`` of ``<name>.toml`` is written: the last file that
        writes it (the one that counts), with the line of its header, "path, line N"; the
        bundled file's path when no file writes it as a header of its own."""
        wanted = ".".join(keys)
        own = [self._plugin_dirs[name]] if name in self._plugin_dirs else []
        for folder in reversed([*self.dirs[:1], *own, *self.dirs[1:]]):
            path = folder / f"{name}.toml"
            if not path.is_file():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                header = line.strip()
                if header.startswith("[") and "]" in header and \
                        header[1:header.index("]")].replace('"', "").replace(" .", ".") \
                        .replace(". ", ".").strip() == wanted:
                    return f"{path}, line {number}"
        return str(self.dirs[0] / f"{name}.toml")

    @cached_property
    def settings(self) -> dict[str, Any]:
        return self.table("settings")

    @property
    def language(self) -> str:
        return str(self.settings.get("language", "en"))

    @property
    def metres_per_mv(self) -> float:
        return float(self.settings.get("metres_per_mv", 0.75))

    @property
    def max_session_bytes(self) -> int:
        """The largest session file opened (``max_session_mb``; docs/session-file.md,
        "Limits")."""
        value = self.settings.get("max_session_mb", 32)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not 0 < value <= 1024:
            raise ConfigError(f"max_session_mb must be a number of megabytes above 0, up to "
                              f"1024, not {value!r}")
        return int(value * 1024 * 1024)

    def _seconds(self, name: str, default: float, at_most: float | None,
                 zero: bool = False) -> float:
        """The setting ``name``, a number of seconds above 0 (or 0 itself, if ``zero``) and up
        to ``at_most``; a ConfigError that names it and says what it must be otherwise."""
        value = self.settings.get(name, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not (0 <= value if zero else 0 < value) \
                or (at_most is not None and value > at_most):
            bound = "0 or more" if zero else "above 0"
            most = f", up to {at_most:g}" if at_most is not None else ""
            raise ConfigError(f"{name} must be a number of seconds {bound}{most}, "
                              f"not {value!r}")
        return float(value)

    @property
    def slow_hook_seconds(self) -> float:
        """A plugin hook that runs longer is named in the console and the log
        (``slow_hook_seconds``)."""
        return self._seconds("slow_hook_seconds", 1.0, None)

    @property
    def join_timeout_seconds(self) -> float:
        """How long joining a session's owner waits for its welcome (``join_timeout_seconds``)."""
        return self._seconds("join_timeout_seconds", 5.0, 3600)

    @property
    def request_timeout_seconds(self) -> float:
        """How long a front waits for the owner's answer to an operation
        (``request_timeout_seconds``)."""
        return self._seconds("request_timeout_seconds", 10.0, 3600)

    @property
    def checkpoint_seconds(self) -> float:
        """How long after a change the session's owner writes the session file
        (``checkpoint_seconds``): every change is durable in the session's log before it is
        acknowledged, so the file is a checkpoint, and the changes of those seconds are one
        write (files.saver.Saver's ``delay``)."""
        return self._seconds("checkpoint_seconds", 5.0, 60, zero=True)

    def keys(self) -> dict[str, str]:
        """Binding id → key, as remapped by the user (``[keys]``)."""
        return {str(k): str(v) for k, v in self.settings.get("keys", {}).items()}
