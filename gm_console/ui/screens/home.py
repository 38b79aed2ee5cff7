"""Home: the table at a glance. The party with what matters now, each plugin's line (the
route's progress, the fight's round and turn), waiting rolls, where the session is saved, and
as much of the journal's end as the terminal holds. A new session says what to do first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Label

from gm_console.rules.clock import format_clock
from gm_console.state.store import Change
from gm_console.text.said import say
from gm_console.ui.base import StoreScreen
from gm_console.ui.navigation import key_label
from gm_console.ui.styles import css_beside
from gm_console.ui.widgets import SyncedTable, Value

if TYPE_CHECKING:
    from gm_console.contract.session import Session


def party_rows(screen: StoreScreen, most: int | None = None,
               ) -> tuple[list[str], list[tuple[str, list[Any]]]]:
    """Columns and rows of the party table: the sheet's key numbers, then every plugin's
    ``party_columns``; the first ``most`` characters only (None: all). Shared by the home and
    party screens. The rows are the kept ones, not a copy (read them, never change them):
    the same object until something they read changes."""
    t = screen.t
    base = [t("Name"), t("Race"), t("Str"), t("Dex"), t("Con"), t("Exh.")]
    # Kept while nothing they read changes: a clock advance does not go through the party.
    extra, rows = screen.session.kept(f"party_rows:{most}",
                                      lambda session: _party_rows(session, most), shared=True)
    # A plugin's title is its English, which its labels (file or hook) translate.
    return base + [_cut(t(title)) for title in extra], rows


PLUGIN_COLUMN_WIDTH = 24
"""A plugin's column on the party tables is at most this wide, its title and each cell cut
with "…": a longer one would push the other columns out of an 80-column terminal."""


def _party_rows(session: Session,
                most: int | None) -> tuple[list[str], list[tuple[str, list[Any]]]]:
    extra: list[str] = []
    per_character = []
    for character in session.characters[:most]:
        columns = session.party_columns(character)
        for title in columns:
            if title not in extra:
                extra.append(title)
        per_character.append((character, columns))
    rows = []
    for index, (character, columns) in enumerate(per_character):
        cells = [str(character.get(k, "")) for k in
                 ("name", "race", "strength", "dexterity", "constitution", "exhaustion")]
        cells += [_cut(columns.get(title, "")) for title in extra]
        rows.append((f"{index}:{character.get('name')}", cells))
    return extra, rows


def _cut(text: str) -> str:
    if cell_len(text) <= PLUGIN_COLUMN_WIDTH:  # every cell but a runaway one
        return text
    shown = Text(text)
    shown.truncate(PLUGIN_COLUMN_WIDTH, overflow="ellipsis")
    return shown.plain


HOME_PARTY_ROWS = 7
"""Characters home shows (its party box is 8 lines with the header); a bigger party is said
in a line under it, with the key of the party screen, which lists everyone. The box cannot
take the focus, so more rows would only be a mouse wheel away; and each row is a
character's speed and load, computed at start, which a big party would slow."""


def tail_start(count: int, room: int, start: int | None) -> int:
    """The first of ``count`` journal lines that a tail of ``room`` lines shows, ``start``
    being the one it showed first until now (None: nothing shown yet).

    A new line goes under those shown while there is room. One that does not fit moves the
    tail up by half its box at once, as a terminal's jump scroll does: a scroll by one line
    writes every line of the box again for each new line (over SSH, a repaint of the box),
    half a box at once does so every few lines and writes the one new line the other times."""
    if start is None or start >= count:  # first shown, or lines undone from under it
        return max(0, count - room)
    if count - start > room:
        return count - (room + 1) // 2
    return start


class JournalTail(Value):
    """Home's latest journal lines, as many as its height holds. That height changes with the
    lines above it (a status line comes or goes) as well as with the terminal, and Textual
    tells the widget whose size changed, not the screen: the tail tells the screen, which
    fills it again. Each line is drawn on its own and kept while it is the same (Value): a
    new journal line (on every player's console, at each of the game master's operations)
    costs its own line, not the box's."""

    class Resized(Message):
        """The tail was laid out at a new size (its first one included)."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class HomeScreen(StoreScreen):
    AREAS = frozenset({"*"})  # plugin columns and lines may depend on anything
    DEFAULT_CSS = css_beside(__file__, "home_screen.tcss")

    def compose_body(self) -> ComposeResult:
        table = SyncedTable(id="home-party", cursor_type="none", zebra_stripes=True)
        table.can_focus = False  # home is read at a glance; the party screen (F3) edits
        yield table
        yield Value(id="home-status")
        yield Label(self.t("Latest in the journal"), classes="panel-title")
        # One Value, a line of it per line of the box: a new journal line repaints the line
        # it lands on (and, when it does not fit, the box once: tail_start), never the blank
        # ones under it. A widget a line, mounted once the box's height is known, would cost
        # the console's start far more.
        yield JournalTail(id="journal-tail")

    def refresh_view(self, change: Change | None) -> None:
        columns, rows = party_rows(self, most=HOME_PARTY_ROWS)
        table = self.query_one("#home-party", SyncedTable)
        # The kept rows under the same titles are on the table already: a clock advance
        # changes neither, and their cells were compared at each one.
        shown = self._party_shown
        if shown[0] is not table or shown[1] is not rows or shown[2] != columns:
            # The figures of the moment first: name, then what plugins add (speed, load), then
            # the sheet's abilities, so a narrow terminal keeps what matters in a fight.
            order = [0, *range(6, len(columns)), 1, 2, 3, 4, 5]
            table.sync([columns[i] for i in order],
                       [(key, [cells[i] for i in order]) for key, cells in rows])
            self._party_shown = (table, rows, columns)
        self.query_one("#home-status", Value).show_lines(self._status())
        self._show_journal()

    _party_shown: tuple[Any, ...] = (None, None, None)  # the table, the rows and titles it shows

    def _status(self) -> list[Text]:
        t = self.t
        session = self.session
        lines: list[str | tuple[str, str]] = []
        if not session.characters:
            lines.append((t("A new table: F3 then a adds a character; d rolls dice, n writes a "
                            "note, F1 lists every key."), "bold"))
        more = len(session.characters) - HOME_PARTY_ROWS
        if more > 0:
            key = next((key_label(entry.key) for entry in self.app.nav_entries
                        if entry.screen_id == "party"), "")
            lines.append(t(say("and {count} more in the party: {key} lists everyone",
                               count=more, key=key)))
        # a plugin's line may be a rule's sentence (gm_console.text.said): said in the UI language
        lines += [t(line) if isinstance(line, str) else line
                  for line in self.store.host.call("home_status", session=session) if line]
        waiting = len(session.state.get("rolls", {}).get("pending", []))
        if waiting:
            lines.append((t(say("⚄ {count} rolls waiting: r to answer them", count=waiting)),
                          "bold yellow"))
        path = getattr(self.app, "path", None)
        if path is not None:
            lines.append((f"{t('Saved in')} {path}", "dim"))
        return [Text(line, no_wrap=True, overflow="ellipsis") if isinstance(line, str) else
                Text(line[0], style=line[1], no_wrap=True, overflow="ellipsis")
                for line in lines]

    def on_journal_tail_resized(self) -> None:
        self._show_journal()

    _tail_start: int | None = None  # the first journal line the tail shows
    _tail_room = 0                   # in a box of so many lines
    _tail_texts: dict[int, tuple[Any, Text]] = {}  # journal line (by id) -> it, its text
    _tail_made_for: tuple[Any, ...] = ()  # the width and translators those texts were made by

    def _show_journal(self) -> None:
        tail = self.query_one("#journal-tail", Value)
        room, width = max(tail.content_size.height, 2), tail.content_size.width
        if not width:
            return  # not laid out yet: shown once it is (JournalTail.Resized)
        journal = self.session.state.get("journal", [])
        if room != self._tail_room:  # a box of another size is filled anew
            self._tail_start, self._tail_room = None, room
        self._tail_start = tail_start(len(journal), room, self._tail_start)
        lines = journal[self._tail_start:]
        texts = [Text(self.t("Nothing in the journal yet."), style="dim")] if not lines else []
        # A journal line is never changed in place: its text is made once, not again at
        # each change while it is in the tail (on every player's console, each operation).
        made: dict[int, tuple[Any, Text]] = {}
        if self._tail_made_for != (width, self.app.t, self.t):  # cut or said otherwise now
            self._tail_texts, self._tail_made_for = {}, (width, self.app.t, self.t)
        for line in lines:
            kept = self._tail_texts.get(id(line))
            if kept is None or kept[0] is not line:
                text = Text()
                text.append(format_clock(line, self.t("Day")) + "  ", style="dim")
                text.append(self.app.t.line(line))
                # cut to the box here, not by the style: a line wider than its box would
                # have the whole tail repainted (Value.show)
                text.truncate(width, overflow="ellipsis")
                kept = (line, text)
            made[id(line)] = kept
            texts.append(kept[1])
        if not lines:
            texts[0].truncate(width, overflow="ellipsis")
        self._tail_texts = made
        tail.show_lines(texts + [Text()] * (room - len(texts)))
