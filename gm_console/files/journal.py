"""The journal as the game master reads it: filtered, and exported as Markdown."""

from __future__ import annotations

from array import array
from typing import Any, Iterable, Sequence

from gm_console.committed.journal import CHUNK, shared_prefix
from gm_console.rules import privacy
from gm_console.rules.clock import format_clock
from gm_console.text.i18n import Translator


def select(lines: Iterable[dict[str, Any]], character: str = "",
           kind: str = "") -> list[dict[str, Any]]:
    """Lines about ``character`` (case-insensitive) and of ``kind``; empty means any."""
    wanted = character.casefold()
    return [line for line in lines if _about(line, wanted, kind)]


class Index:
    """Where each filter's lines are in a journal, kept as the journal grows: a screen pages
    through a long journal's lines of one character at the same cost as through a short one's.

    Lines are never changed, and the journal only grows at its end: an operation adds its
    lines, an undo takes back the undone operation's and adds its own. So each call looks at
    the lines after those the journal still shares with the one indexed last (compared by
    identity, from the end), and at those alone. Nothing is indexed until a filter is asked
    for: without one, the lines are their own positions."""

    def __init__(self) -> None:
        self._lines: Sequence[dict[str, Any]] = ()  # indexed last; held, so the same objects
        self._done = 0  # how many of them are indexed
        # kind; (character, kind or ""): machine integers, a long journal's index is small
        self._by: dict[str | tuple[str, str], array[int]] = {}

    def positions(self, lines: Sequence[dict[str, Any]], character: str = "",
                  kind: str = "") -> Sequence[int]:
        """The indices in ``lines`` of the lines about ``character`` (case-insensitive) of
        ``kind``, in order; empty means any."""
        if not character and not kind:
            return range(len(lines))
        self.index(lines)
        return self._by.get((character.casefold(), kind) if character else kind, [])

    def kinds(self, lines: Sequence[dict[str, Any]]) -> list[str]:
        """The kinds of the lines, sorted."""
        self.index(lines)
        return sorted(key for key in self._by if isinstance(key, str))

    def index(self, lines: Sequence[dict[str, Any]], most: int | None = None) -> bool:
        """Index ``lines``, or at most ``most`` more of them; True once all are. A screen
        indexes a long journal a slice at a time, and a filter finishes what is left."""
        if lines is not self._lines:
            # an undo's: a line or two; another journal's: all of them
            shared = min(shared_prefix(self._lines, lines), self._done)
            by = self._by
            for key in list(by):
                found = by[key]
                while found and found[-1] >= shared:
                    found.pop()
                if not found:
                    del by[key]
            self._lines, self._done = lines, shared
        end = len(lines) if most is None else min(len(lines), self._done + most)
        # A chunk of lines read at a time: the shelf decodes what it is asked for at once,
        # and a slice of a long journal's lines decoded together is megabytes at its peak.
        for start in range(self._done, end, CHUNK):
            self._index_lines(lines[start:min(start + CHUNK, end)], start)
        self._done = end
        return end == len(lines)

    def _index_lines(self, lines: Sequence[dict[str, Any]], first: int) -> None:
        by = self._by
        for index, line in enumerate(lines, first):
            kind = str(line.get("kind", ""))
            if kind not in by:  # kinds are keys alone; characters with a kind or none
                by[kind] = array("q")
            by[kind].append(index)
            who = line.get("who")
            if who:
                for name in {str(w).casefold() for w in who}:
                    for key in ((name, ""), (name, kind)) if kind else ((name, ""),):
                        if key not in by:
                            by[key] = array("q")
                        by[key].append(index)


def _about(line: dict[str, Any], wanted: str, kind: str) -> bool:
    return ((not wanted or wanted in (str(w).casefold() for w in line.get("who", [])))
            and (not kind or line.get("kind") == kind))


def to_markdown(title: str, lines: Iterable[dict[str, Any]], t: Translator,
                with_gm_notes: bool = False) -> str:
    """One section per in-game day, one bullet per line with its time, kind and real time,
    in ``t``'s language.

    An export is made to be shared: by default it holds what the whole table may read, as a
    spectator reads it (no GM-only line; a line quoting a character's private field says that
    it changed, not what it says). ``with_gm_notes``: every line as written, the game
    master's own marked ``(GM)`` and those quoting a private field ``(private)``."""
    day_word = t("Day")
    out = [f"# {title}", ""]
    day = None
    if not with_gm_notes:
        lines = privacy.journal_for(lines, privacy.nobody_may_see)
    for line in lines:
        if line.get("day") != day:
            day = line.get("day")
            out += [f"## {day_word} {day}", ""]
        stamp = format_clock(line, day_word).split(", ")[-1]
        who = f" ({', '.join(line['who'])})" if line.get("who") else ""
        text = t.line(line).replace("\n", " ")
        marks = "".join(f" {t(mark)}" for mark, marked in (("(GM)", line.get("gm_only")),
                                                          ("(private)", line.get("private")))
                        if marked)
        out.append(f"- **{stamp}** · {t(str(line.get('kind', '')))}{who}{marks}: {text} "
                   f"<sub>{line.get('real', '')}</sub>")
    return "\n".join(out) + "\n"
