"""The console's theme as the game master last chose it in the command palette, kept in the
data folder (``theme.toml``) so that the next console starts in it; ``--theme`` overrides it.
Its own small file: the user's settings.toml is theirs to write, comments and all."""

from __future__ import annotations

import tomli  # the session file's parser (gm_console.files.codec): one to import, not two
import tomli_w

from gm_console.files import codec
from gm_console.files.paths import data_dir

FILE = "theme.toml"


def saved() -> str:
    """The theme last chosen, or "" (none yet, or a file that cannot be read: the default)."""
    try:
        chosen = tomli.loads((data_dir() / FILE).read_text(encoding="utf-8")).get("theme")
    except (OSError, ValueError):
        return ""
    return chosen if isinstance(chosen, str) else ""


def save(theme: str) -> None:
    """Keep ``theme`` for the next console; a folder that cannot be written raises OSError."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    codec.write_atomic(folder / FILE, tomli_w.dumps({"theme": theme}))
