"""The in-game clock as text: day and time of day."""

from __future__ import annotations

from typing import Any


def format_clock(clock: dict[str, Any], day_word: str = "Day") -> str:
    second = int(clock.get("second", 0))
    return f"{day_word} {int(clock.get('day', 1))}, {second // 3600:02d}:{second % 3600 // 60:02d}"


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
