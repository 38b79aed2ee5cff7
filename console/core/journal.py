"""The journal as the game master reads it: filtered, and exported as Markdown."""

from __future__ import annotations

from typing import Any, Iterable

from gm_console.core.clock import format_clock


def select(lines: Iterable[dict[str, Any]], character: str = "",
           kind: str = "") -> list[dict[str, Any]]:
    """Lines about ``character`` (case-insensitive) and of ``kind``; empty means any."""
    wanted = character.casefold()
    return [line for line in lines
            if (not wanted or wanted in (str(w).casefold() for w in line.get("who", [])))
            and (not kind or line.get("kind") == kind)]


def kinds(lines: Iterable[dict[str, Any]]) -> list[str]:
    return sorted({str(line.get("kind", "")) for line in lines})


def to_markdown(title: str, lines: Iterable[dict[str, Any]], day_word: str = "Day") -> str:
    """One section per in-game day, one bullet per line with its time, kind and real time."""
    out = [f"# {title}", ""]
    day = None
    for line in lines:
        if line.get("day") != day:
            day = line.get("day")
            out += [f"## {day_word} {day}", ""]
        stamp = format_clock(line, day_word).split(", ")[-1]
        who = f" ({', '.join(line['who'])})" if line.get("who") else ""
        text = str(line.get("text", "")).replace("\n", " ")
        out.append(f"- **{stamp}** · {line.get('kind', '')}{who}: {text} "
                   f"<sub>{line.get('real', '')}</sub>")
    return "\n".join(out) + "\n"
