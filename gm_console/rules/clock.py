"""The in-game clock as text: day and time of day."""

from __future__ import annotations

from typing import Any

from gm_console.text.said import say


def format_clock(clock: dict[str, Any], day_word: str = "Day") -> str:
    """'Day 3, 08:00'; with the default word, a sentence a reader says in their language (a
    journal line's), else with ``day_word`` as given (already translated)."""
    second = int(clock.get("second", 0))
    day, time = int(clock.get("day", 1)), f"{second // 3600:02d}:{second % 3600 // 60:02d}"
    return say("Day {day}, {time}", day=day, time=time) if day_word == "Day" \
        else f"{day_word} {day}, {time}"


def format_duration(seconds: float) -> str:
    """'2 h 30 min', '45 min', '18 s': how a game master says a span of time."""
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{hours} h"] if hours else []
    if minutes:
        parts.append(f"{minutes} min")
    if secs and not hours:
        parts.append(f"{secs} s")
    return " ".join(parts) or "0 min"
