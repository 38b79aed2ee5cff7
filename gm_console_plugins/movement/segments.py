"""A round's movement written as text: ``climb:3:slippery,walk:2:difficult,long_jump:4``.

One segment is ``kind:metres`` followed by optional ``:flag``s; segments are separated by commas.
The same syntax is typed on the command line (``movement.price segments=...``), built by the
calculator screen, and written in the journal, so :func:`format_path` is the inverse of
:func:`parse_path`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from gm_console import Said, joined, say

KINDS: tuple[str, ...] = ("walk", "climb", "swim", "crawl", "long_jump", "high_jump")
JUMPS: tuple[str, ...] = ("long_jump", "high_jump")

SYNTAX = say(
    "segments separated by commas, each kind:metres[:flag...]; kinds: walk, climb, swim, crawl, "
    "long_jump, high_jump; flags: difficult or normal (terrain; without one, the current "
    "terrain's), running or standing (a jump; without one, running after 3 m walked just "
    "before), slippery (a climb), rough (a swim in rough water), obstacle=H (a long jump over "
    "an obstacle H m tall). Example: climb:3:slippery,walk:3,long_jump:4:difficult")


class SegmentError(ValueError):
    """Text that is not a path; the message names the segment at fault."""


@dataclass(frozen=True)
class Segment:
    """One stretch of a round's movement.

    ``difficult`` and ``run_up`` are None when the text does not say: the current terrain, and
    the ground walked just before the jump, decide them when the path is priced.
    """

    kind: str
    metres: float
    difficult: bool | None = None
    run_up: bool | None = None
    slippery: bool = False
    rough: bool = False
    obstacle_m: float | None = None


def _metres(text: str, what: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SegmentError(say("{where}: {what} {text!r} is not a number of metres", where=where,
                               what=what, text=text)) from None
    if not math.isfinite(value) or value <= 0:
        raise SegmentError(say("{where}: {what} must be more than 0 m, not {text!r}", where=where,
                               what=what, text=text))
    return value


def _parse_one(text: str, number: int) -> Segment:
    where = say("segment {number} {text!r}", number=number, text=text)
    parts = [part.strip().lower() for part in text.split(":")]
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise SegmentError(say("{where}: expected kind:metres, such as walk:3", where=where))
    kind = parts[0].replace("-", "_")
    if kind not in KINDS:
        raise SegmentError(say("{where}: unknown kind {kind!r} (kinds: {kinds})", where=where,
                               kind=parts[0], kinds=", ".join(KINDS)))
    metres = _metres(parts[1], say("the distance"), where)
    fields: dict[str, object] = {}

    def put(key: str, value: object, flag: str) -> None:
        if key in fields:
            raise SegmentError(say("{where}: flag {flag!r} contradicts or repeats an earlier flag",
                                   where=where, flag=flag))
        fields[key] = value

    for flag in parts[2:]:
        if flag in ("difficult", "normal"):
            put("difficult", flag == "difficult", flag)
        elif flag in ("running", "standing"):
            if kind not in JUMPS:
                raise SegmentError(say("{where}: {flag!r} applies to a jump, not to {kind}",
                                       where=where, flag=flag, kind=kind))
            put("run_up", flag == "running", flag)
        elif flag == "slippery":
            if kind != "climb":
                raise SegmentError(say("{where}: 'slippery' applies to a climb, not to {kind}",
                                       where=where, kind=kind))
            put("slippery", True, flag)
        elif flag == "rough":
            if kind != "swim":
                raise SegmentError(say("{where}: 'rough' applies to a swim, not to {kind}",
                                       where=where, kind=kind))
            put("rough", True, flag)
        elif flag.startswith("obstacle="):
            if kind != "long_jump":
                raise SegmentError(say("{where}: an obstacle applies to a long_jump, not to "
                                       "{kind}", where=where, kind=kind))
            put("obstacle_m", _metres(flag.split("=", 1)[1], say("the obstacle height"), where),
                flag)
        else:
            raise SegmentError(say("{where}: unknown flag {flag!r} (flags: difficult, normal, "
                                   "running, standing, slippery, rough, obstacle=H)",
                                   where=where, flag=flag))
    return Segment(kind=kind, metres=metres, **fields)  # type: ignore[arg-type]


def parse_path(text: str) -> list[Segment]:
    """The segments of ``text``, or :class:`SegmentError` naming the first bad one."""
    pieces = text.split(",")
    if not text.strip():
        raise SegmentError(say("no segments given ({syntax})", syntax=SYNTAX))
    segments = []
    for number, piece in enumerate(pieces, start=1):
        if not piece.strip():
            raise SegmentError(say("segment {number} is empty (two commas in a row, or a comma "
                                   "at either end)", number=number))
        segments.append(_parse_one(piece.strip(), number))
    return segments


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def format_segment(segment: Segment) -> str:
    parts = [segment.kind, _number(segment.metres)]
    if segment.difficult is not None:
        parts.append("difficult" if segment.difficult else "normal")
    if segment.run_up is not None:
        parts.append("running" if segment.run_up else "standing")
    if segment.slippery:
        parts.append("slippery")
    if segment.rough:
        parts.append("rough")
    if segment.obstacle_m is not None:
        parts.append(f"obstacle={_number(segment.obstacle_m)}")
    return ":".join(parts)


def format_path(segments: list[Segment]) -> str:
    return ",".join(format_segment(s) for s in segments)


_KIND_WORDS: dict[str, Callable[[float], Said]] = {
    "walk": lambda metres: say("{metres:g} m on foot", metres=metres),
    "climb": lambda metres: say("{metres:g} m climbing", metres=metres),
    "swim": lambda metres: say("{metres:g} m swimming", metres=metres),
    "crawl": lambda metres: say("{metres:g} m crawling", metres=metres),
    "long_jump": lambda metres: say("a {metres:g} m long jump", metres=metres),
    "high_jump": lambda metres: say("a {metres:g} m high jump", metres=metres)}


def describe_segment(segment: Segment) -> Said:
    """A segment as a sentence says it (``3 m swimming (rough water)``), not as it is typed
    (``swim:3:rough``)."""
    said = _KIND_WORDS[segment.kind](segment.metres)
    flags = [flag for flag, on in (
        (say("difficult ground"), segment.difficult is True),
        (say("normal ground"), segment.difficult is False),
        (say("running"), segment.run_up is True), (say("standing"), segment.run_up is False),
        (say("slippery"), segment.slippery), (say("rough water"), segment.rough)) if on]
    if segment.obstacle_m is not None:
        flags.append(say("over an obstacle {height:g} m tall", height=segment.obstacle_m))
    return say("{segment} ({flags})", segment=said, flags=joined(", ", flags)) if flags \
        else said


def describe_path(segments: list[Segment]) -> Said:
    """A path as a sentence says it: each segment in words, one after the other."""
    return joined(", ", [describe_segment(s) for s in segments])
