"""How long a stored condition lasts, as plain data on the condition (``duration``), and when
it ends. Plain functions: the core's hooks call them as the clock moves and turns go by.

Kinds of duration (TOML tables):

- ``{kind = "time", day = D, second = S}``: until that moment of game time (N minutes or hours,
  or N rounds given outside a fight: 6 seconds each); ends as the clock passes it;
- ``{kind = "rounds", left = N, of = "Aria"}``: N rounds counted in the fight, each one ending
  at the start of Aria's turn (whose turn it was when it began): ends when ``left`` reaches 0;
- ``{kind = "turn", at = "start" | "end", of = "Orc"}``: until the start or the end of that
  combatant's next turn; ``skip = 1`` when it began during that combatant's own turn, whose
  end is not the "next turn's" end (the first end passes, the second ends it);
- ``{kind = "save", ability = "constitution", dc = 13}``: until a saving throw succeeds; the
  save is asked (the dice prompt) at the end of each of the character's turns, or whenever the
  game master asks (``condition.save``).
"""

from __future__ import annotations

from typing import Any

from gm_console.rules.abilities import ABILITIES, ability_name
from gm_console.text.said import say

SECONDS_PER_DAY = 86400


class DurationError(ValueError):
    """A duration that cannot be counted; the message says what is wrong."""


def absolute(clock: dict[str, Any]) -> int:
    """Seconds since day 1, 00:00."""
    return (int(clock.get("day", 1)) - 1) * SECONDS_PER_DAY + int(clock.get("second", 0))


def at_time(seconds: int) -> dict[str, Any]:
    day, second = divmod(seconds, SECONDS_PER_DAY)
    return {"kind": "time", "day": day + 1, "second": second}


def build(*, rounds: int = 0, minutes: float = 0, hours: float = 0, until: str = "",
          of: str = "", save_dc: int = 0, save_ability: str = "constitution",
          clock: dict[str, Any], turn: dict[str, Any] | None,
          round_seconds: int = 6) -> dict[str, Any] | None:
    """A duration from what the game master said; None: until removed. ``turn`` is the fight's
    ``{"round", "turn"}`` (None out of a fight). DurationError when two kinds are mixed or a
    figure is wrong."""
    given = [name for name, on in (("rounds", rounds), ("minutes/hours", minutes or hours),
                                   ("until", until), ("save_dc", save_dc)) if on]
    if len(given) > 1:
        raise DurationError(say("one duration at a time: {first} and {second} were both given",
                                first=given[0], second=given[1]))
    if rounds < 0 or minutes < 0 or hours < 0 or save_dc < 0:
        raise DurationError(say("a duration cannot be negative"))
    if rounds:
        anchor = of.strip() or (turn or {}).get("turn", "")
        if not anchor:  # out of a fight, rounds are game time
            return at_time(absolute(clock) + rounds * round_seconds)
        return {"kind": "rounds", "left": int(rounds), "of": anchor}
    if minutes or hours:
        return at_time(absolute(clock) + round(minutes * 60 + hours * 3600))
    if until:
        if until not in ("start", "end"):
            raise DurationError(say("until is the start or the end of a turn, not {until!r}",
                                    until=until))
        anchor = of.strip() or (turn or {}).get("turn", "")
        if not anchor:
            raise DurationError(say("until the start or end of whose turn? name them (of=...)"))
        # Added during the anchor's own turn, "the end of their next turn" is not this one's.
        during_own = str((turn or {}).get("turn", "")).casefold() == anchor.casefold()
        return {"kind": "turn", "at": until, "of": anchor,
                **({"skip": 1} if until == "end" and during_own else {})}
    if save_dc:
        if save_ability not in ABILITIES:
            raise DurationError(say("save_ability must be one of {abilities}, not {given!r}",
                                    abilities=", ".join(ABILITIES), given=save_ability))
        return {"kind": "save", "ability": save_ability, "dc": int(save_dc)}
    return None


def describe(duration: dict[str, Any] | None) -> str:
    """The duration in words, for the journal and the screens."""
    if not duration:
        return say("until removed")
    kind = duration.get("kind")
    if kind == "time":
        second = int(duration["second"])
        seconds = f":{second % 60:02d}" if second % 60 else ""
        return say("until day {day}, {time}", day=int(duration["day"]),
                   time=f"{second // 3600:02d}:{second % 3600 // 60:02d}{seconds}")
    if kind == "rounds":
        left = int(duration["left"])
        return say("{left} round (to the start of {of}'s turn)", left=left,
                   of=str(duration["of"])) if left == 1 else \
            say("{left} rounds (to the start of {of}'s turn)", left=left, of=str(duration["of"]))
    if kind == "turn":
        return say("until the start of {of}'s next turn", of=str(duration["of"])) \
            if duration["at"] == "start" else \
            say("until the end of {of}'s next turn", of=str(duration["of"]))
    if kind == "save":
        return say("until a {ability} save DC {dc} succeeds",
                   ability=ability_name(str(duration["ability"])), dc=int(duration["dc"]))
    return say("unknown duration {duration}", duration=repr(duration))


def remaining(duration: dict[str, Any] | None, clock: dict[str, Any]) -> str:
    """What is left of a duration in words, for a detail line: a duration of game time says
    how long is left before its end ("10m left, until day 1, 10:10"); the others are counted
    as what is left already (rounds, a turn, a save): :func:`describe`'s words."""
    if duration and duration.get("kind") == "time":
        return say("{left} left, {until}", left=left(duration, clock), until=describe(duration))
    return describe(duration)


def left(duration: dict[str, Any] | None, clock: dict[str, Any]) -> str:
    """What is left of a duration, for a table's narrow cell: ``2r`` (rounds), ``10m``,
    ``1h30``, ``2d`` (game time, rounded up: a condition shown "1m" has not yet ended), ``end
    Orc`` (the end of Orc's next turn), ``DC13`` (until a save); "" until removed. The full
    words are :func:`describe`'s."""
    if not duration:
        return ""
    kind = duration.get("kind")
    if kind == "rounds":
        return say("{left}r", left=int(duration["left"]))
    if kind == "time":
        seconds = max(0, absolute(duration) - absolute(clock))
        if seconds < 60:
            return say("{seconds}s", seconds=seconds)
        minutes = -(-seconds // 60)
        if minutes < 60:
            return say("{minutes}m", minutes=minutes)
        if minutes < 24 * 60:
            hours, rest = divmod(minutes, 60)
            return say("{hours}h{minutes:02d}", hours=hours, minutes=rest) if rest \
                else say("{hours}h", hours=hours)
        return say("{days}d", days=-(-minutes // (24 * 60)))
    if kind == "turn":
        return say("start {of}", of=str(duration["of"])) if duration["at"] == "start" \
            else say("end {of}", of=str(duration["of"]))
    if kind == "save":
        return say("DC{dc}", dc=int(duration["dc"]))
    return "?"


def problems(duration: Any) -> list[str]:
    """What is wrong with a duration read from a file."""
    if not isinstance(duration, dict):
        return [say("a duration must be a table")]
    kind = duration.get("kind")
    wanted: dict[str, dict[str, type]] = {
        "time": {"day": int, "second": int}, "rounds": {"left": int, "of": str},
        "turn": {"at": str, "of": str}, "save": {"ability": str, "dc": int}}
    if kind not in wanted:
        return [say("duration kind must be one of {kinds}, not {kind}", kinds=", ".join(wanted),
                    kind=repr(kind))]
    return [say("a {kind} duration needs {key} (a whole number)", kind=kind, key=key) if t is int
            else say("a {kind} duration needs {key} (text)", kind=kind, key=key)
            for key, t in wanted[kind].items()
            if not isinstance(duration.get(key), t) or isinstance(duration.get(key), bool)]


def time_is_up(duration: dict[str, Any] | None, clock: dict[str, Any]) -> bool:
    return duration is not None and duration.get("kind") == "time" and \
        absolute(duration) <= absolute(clock)


def on_turn(duration: dict[str, Any] | None, name: str, at: str) -> str:
    """What the start or end (``at``) of ``name``'s turn does to a duration: "ends", "ticks"
    (a round counted, ``left`` lowered in place) or "" (nothing)."""
    if not duration or str(duration.get("of", "")).casefold() != name.casefold():
        return ""
    if duration.get("kind") == "turn" and duration.get("at") == at:
        if int(duration.get("skip", 0) or 0) > 0:
            duration["skip"] = int(duration["skip"]) - 1
            return "ticks"
        return "ends"
    if duration.get("kind") == "rounds" and at == "start":
        duration["left"] = int(duration["left"]) - 1
        return "ends" if duration["left"] <= 0 else "ticks"
    return ""
