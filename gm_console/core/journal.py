"""The journal as the game master reads it: filtered, and exported as Markdown."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from gm_console.core.clock import format_clock
from gm_console.i18n import Translator


def select(lines: Iterable[dict[str, Any]], character: str = "",
           kind: str = "") -> list[dict[str, Any]]:
    """Lines about ``character`` (case-insensitive) and of ``kind``; empty means any."""
    wanted = character.casefold()
    return [line for line in lines if _about(line, wanted, kind)]


def numbered(lines: Sequence[dict[str, Any]], start: int = 0, character: str = "",
             kind: str = "") -> list[tuple[int, dict[str, Any]]]:
    """:func:`select` from ``start`` on, each line with its index in ``lines``: a screen
    finds the line under its cursor by that index, without filtering the journal again."""
    wanted = character.casefold()
    return [(index, lines[index]) for index in range(start, len(lines))
            if _about(lines[index], wanted, kind)]


def latest(lines: Sequence[dict[str, Any]], count: int, character: str = "",
           kind: str = "") -> int:
    """Where the last ``count`` lines about ``character`` of ``kind`` begin (0 if there are
    fewer): a screen shows the journal from there on, at the same cost however long it is."""
    wanted = character.casefold()
    found = 0
    for index in range(len(lines) - 1, -1, -1):
        if _about(lines[index], wanted, kind):
            found += 1
            if found == count:
                return index
    return 0


def _about(line: dict[str, Any], wanted: str, kind: str) -> bool:
    return ((not wanted or wanted in (str(w).casefold() for w in line.get("who", [])))
            and (not kind or line.get("kind") == kind))


def kinds(lines: Iterable[dict[str, Any]]) -> list[str]:
    return sorted({str(line.get("kind", "")) for line in lines})


def to_markdown(title: str, lines: Iterable[dict[str, Any]], t: Translator) -> str:
    """One section per in-game day, one bullet per line with its time, kind and real time,
    in ``t``'s language."""
    day_word = t("Day")
    out = [f"# {title}", ""]
    day = None
    for line in lines:
        if line.get("day") != day:
            day = line.get("day")
            out += [f"## {day_word} {day}", ""]
        stamp = format_clock(line, day_word).split(", ")[-1]
        who = f" ({', '.join(line['who'])})" if line.get("who") else ""
        text = t.line(line).replace("\n", " ")
        out.append(f"- **{stamp}** · {t(str(line.get('kind', '')))}{who}: {text} "
                   f"<sub>{line.get('real', '')}</sub>")
    return "\n".join(out) + "\n"
