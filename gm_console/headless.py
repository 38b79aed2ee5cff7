"""Opening a session without a screen: what ``op``, ``show`` and the TUI share."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from gm_console.files import codec, commit_log
from gm_console.files.comments import NONE, Comments
from gm_console.files.journal_file import JournalFile
from gm_console.host.manager import Host
from gm_console.state.store import SessionStore
from gm_console.text.i18n import Translator
from gm_console.text.said import Said, say


class Opened(NamedTuple):
    state: dict[str, Any]
    created: bool
    """A new session: the file does not exist yet."""
    logged: commit_log.Read
    """What the session's write-ahead log held (replayed into ``state``): changes that were
    acknowledged and had not reached the file yet, after a crash."""
    journal: JournalFile
    """The journal's own file, as read (:attr:`codec.Loaded.journal`)."""
    moved: bool
    """The file holds its journal, as older versions wrote it: the first save moves it out
    (:attr:`codec.Loaded.moved`)."""
    comments: Comments = NONE
    """The game master's comments in the file (:attr:`codec.Loaded.comments`)."""

    def moved_out(self, path: Path) -> Said | None:
        """Said once, when the file holds its journal as older versions wrote it."""
        if not self.moved:
            return None
        return say("The journal of {name} now has its own file, {journal}; the file as it "
                   "was is kept as {kept}", name=path.name, journal=self.journal.path.name,
                   kept=f"{path.name}.v1.bak")

    def replayed(self, path: Path) -> Said | None:
        """Said once to the game master when the log held changes the file lacked."""
        if not self.logged.records:
            return None
        count, log = len(self.logged.records), commit_log.log_path(path).name
        if count == 1:
            return say("A change made before gm-console stopped was not yet in {path}: it was "
                       "taken from {log}", path=path.name, log=log)
        return say("{count} changes made before gm-console stopped were not yet in {path}: "
                   "they were taken from {log}", count=count, path=path.name, log=log)


def open_state(path: Path, host: Host, create: bool) -> Opened:
    """The session's state (with what its write-ahead log held that its file did not),
    whether it is new, and its journal's file. A missing
    file is a new session when ``create``; a broken one raises :class:`codec.SessionFileError`
    and is left as it is (a link to nowhere too: it is not a missing file, and writing would
    not go where it points)."""
    logged = commit_log.read(path)
    if path.exists() or path.is_symlink():
        loaded = codec.load(path, host)
        return Opened(_replayed(path, loaded.state, logged.records), False, logged,
                      loaded.journal, loaded.moved, loaded.comments)
    if not create and not logged.records:
        raise codec.SessionFileError(path, [codec.Problem(None, "no such session file")])
    new = codec.prepare(codec.new_session(path.stem), host, path.stem)
    return Opened(_replayed(path, new, logged.records), not logged.records, logged,
                  JournalFile(path), False)


def _replayed(path: Path, state: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """``state`` with the log's ``records``; a log that does not fit the file is said, and
    both are left as they are (codec.SessionFileError)."""
    try:
        return commit_log.replay(state, records)
    except commit_log.LogMismatch as exc:
        raise codec.SessionFileError(commit_log.log_path(path), [codec.Problem(
            None, f"{exc}; the session file and its log were left as they are")]) from None


def show(store: SessionStore) -> dict[str, Any]:
    """The documented JSON of ``gm-console show``:
    ``{"session", "clock", "characters": [{"name", "derived": {...}}, ...], <plugin keys>}``."""
    session = store.session
    state = store.state
    out: dict[str, Any] = {
        "session": state.get("session", {}),
        "clock": state.get("clock", {}),
        "characters": [{"name": c.get("name"), "sheet": c, "derived": session.derived(c),
                        "columns": session.party_columns(c)} for c in session.characters],
        "rolls_pending": state.get("rolls", {}).get("pending", []),
    }
    out.update(session.session_derived())
    return out


def explain(derived: dict[str, Any], t: Translator | None = None) -> list[str]:
    """A character's derived values as lines a game master reads, each value's ``steps`` (its
    "why") indented under it, in ``t``'s language (English without one): names in words, yes
    and no for true and false, a table as "light 77, moderate 110", nothing said for nothing.
    A value's French text (``text_fr``) stands in for its ``text`` in French.
    ``gm-console show`` and the party screen's "why" use it."""
    t = t or Translator("en")
    french = t.language == "fr"
    colon = " :" if french else ":"  # French typography

    def word(key: str) -> str:
        return t(key.replace("_", " "))

    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return t("yes") if value else t("no")
        if isinstance(value, float | int):
            return t.number(value, 3)
        if isinstance(value, dict):
            return ", ".join(f"{word(str(k))} {shown(v)}" for k, v in value.items()
                             if v is not None and k != "text_fr")
        if isinstance(value, list):
            return ", ".join(shown(v) for v in value)
        # a category, an effect (the plugins' labels say it), or a rule's sentence
        return t(value) if isinstance(value, str) else t(str(value))

    lines = []
    for name, value in derived.items():
        lines.append(f"  {word(name)}{colon}")
        if not isinstance(value, dict):
            lines.append(f"    {shown(value)}")
            continue
        for key, item in value.items():
            if key == "steps":
                lines.extend(f"      · {shown(step)}" for step in item)
            elif isinstance(item, list) and any(isinstance(part, dict) for part in item):
                continue  # records for show --json (conditions.active); the steps say them
            elif item is None or key == "text_fr" or item in ({}, []):
                continue
            elif key == "text" and french and value.get("text_fr"):
                lines.append(f"    {word(key)}{colon} {value['text_fr']}")
            elif isinstance(item, dict) and "text" in item:  # a value that says itself
                lines.append(f"    {word(key)}{colon} {shown(item['text'])}")
            else:
                lines.append(f"    {word(key)}{colon} {shown(item)}")
    return lines
