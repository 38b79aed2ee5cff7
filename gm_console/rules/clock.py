"""The in-game clock as text: day and time of day."""

from __future__ import annotations

import re
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


SECONDS_PER_DAY = 86400

_UNITS: dict[str, int] = {
    **dict.fromkeys(("d", "day", "days", "j", "jour", "jours"), SECONDS_PER_DAY),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours", "heure", "heures"), 3600),
    **dict.fromkeys(("m", "mn", "min", "mins", "minute", "minutes"), 60),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds", "seconde", "secondes"), 1),
}
_ROUNDS = ("r", "rd", "rds", "round", "rounds", "tour", "tours")
_FILLERS = ("and", "et", "+")
_NEXT_SMALLER = {SECONDS_PER_DAY: 3600, 3600: 60, 60: 1}
"""A bare number after a unit counts in the next smaller one: "3h20" is 3 h 20 min."""

_TOKEN = re.compile(r"(\d+(?:[.,]\d+)?)\s*([^\d\s.,]*)|(\S+)")


class ClockError(ValueError):
    """A duration or a time of day that cannot be read; the message says what is wrong."""


def parse_duration(text: str, round_seconds: int = 6) -> int:
    """Seconds in a span of time as people type it: ``3h20``, ``90 min``, ``2 days``,
    ``2 jours``, ``1 h 30``, ``1d 6h``, ``10 rounds``; a bare number is minutes (as the ``+``
    key counts). ClockError says what is not understood."""
    total, last_unit, seen = 0.0, 0, False
    for match in _TOKEN.finditer(text.strip().lower()):
        number, unit, other = match.groups()
        if other is not None:
            if other in _FILLERS:
                continue
            raise ClockError(say("{text!r}: {word!r} is not a number of days, hours, minutes "
                                 "or rounds (3h20, 90 min, 2 days)", text=text, word=other))
        value = float(number.replace(",", "."))
        if unit in _ROUNDS:
            seconds = round_seconds
        elif unit:
            if unit not in _UNITS:
                raise ClockError(say("{text!r}: {unit!r} is not a unit of time (d, h, min, s, "
                                     "rounds; days, jours)", text=text, unit=unit))
            seconds = _UNITS[unit]
        else:
            seconds = _NEXT_SMALLER.get(last_unit, 60) if seen else 60
        total += value * seconds
        last_unit, seen = seconds, True
    if not seen:
        raise ClockError(say("say how long: 3h20, 90 min, 2 days"))
    return round(total)


_TIME_OF_DAY = re.compile(
    r"^(?:(?:at|à|a|=)\s*)?(?:(?:day|jour|d|j)\s*(\d+)\s*,?\s*)?(\d{1,2})\s*[:h]\s*(\d{2})?$")


def parse_clock(text: str, clock: dict[str, Any]) -> int:
    """The moment (seconds since day 1, 00:00) a game master names: ``14:00`` or ``at 8h``
    (the next time the clock shows it, today or tomorrow), ``day 3 08:00`` or ``jour 3,
    8h30``. ClockError says what is not understood."""
    match = _TIME_OF_DAY.match(text.strip().lower())
    if not match:
        raise ClockError(say("{text!r}: name a time of day (14:00, at 8h) or a day and a time "
                             "(day 3 08:00)", text=text))
    day, hour, minute = match.groups()
    hour_n, minute_n = int(hour), int(minute or 0)
    if hour_n > 23 or minute_n > 59:
        raise ClockError(say("{text!r}: no such time of day", text=text))
    second = hour_n * 3600 + minute_n * 60
    today = int(clock.get("day", 1))
    if day is not None:
        if int(day) < 1:
            raise ClockError(say("{text!r}: days count from 1", text=text))
        return (int(day) - 1) * SECONDS_PER_DAY + second
    later_today = second > int(clock.get("second", 0))
    return (today - (1 if later_today else 0)) * SECONDS_PER_DAY + second


def is_clock(text: str) -> bool:
    """Whether what was typed names a moment (``14:00``, ``at 8h``, ``day 3 8:00``) rather than
    a span of time (``3h20``)."""
    words = text.strip().lower()
    return ":" in words or words.startswith(("at ", "à ", "a ", "=", "day", "jour"))
