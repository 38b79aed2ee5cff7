"""The game master's comments in the session file, kept when gm-console writes it again.

gm-console writes the session file from the state, which holds no comments: a game master's
``# the innkeeper lies`` above a character, or ``second = 28800  # 08:00`` beside a value,
would be gone after the first save. So the comments of the file as read (or as last written)
are found with the line each one is above or beside (its anchor: the path of that line, an
element of an array of tables named by its ``name`` when it has a unique one, so that a
comment follows its character when another is removed before it), and put back above or
beside the line of the same anchor in each text written. A comment whose line is no longer
written (its character removed) goes to the end of the file rather than being lost.

What is not kept: the file's own order and spacing (gm-console writes its tables in its own
order), and comments inside a value written on several lines or beside one of its elements
(an inline table of an array written a line each); those above such an element are kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import tomli  # the session file's parser (gm_console.files.codec): one to import, not two

from gm_console.files.toml_paths import Path, line_paths


@dataclass(frozen=True)
class Comments:
    above: dict[Path | None, list[str]] = field(default_factory=dict)
    """Comment lines (and the blank lines among them) above the line of each anchor; None:
    at the end of the file."""
    beside: dict[Path, str] = field(default_factory=dict)
    """The comment after the value on the line of each anchor."""

    def __bool__(self) -> bool:
        return bool(self.above or self.beside)


NONE = Comments()


def found(text: str) -> Comments:
    """The comments of a session file's text, each with its anchor."""
    if "#" not in text:
        return NONE
    lines = text.splitlines()
    above: dict[Path | None, list[str]] = {}
    beside: dict[Path, str] = {}
    block: list[str] = []
    for line, anchor in zip(lines, _anchors(lines)):
        stripped = line.strip()
        if stripped.startswith("#"):
            block.append(line)
            continue
        if anchor is None:
            if block and not stripped:
                block.append("")
            continue
        if block:
            above[anchor] = _trimmed(block)
            block = []
        comment = _beside(line)
        if comment:
            beside[anchor] = comment
    if block:
        above[None] = _trimmed(block)
    return Comments(above, beside)


def kept(text: str, comments: Comments) -> str:
    """``text`` (as gm-console writes it) with ``comments`` back in their places. A comment
    whose line is not in ``text`` goes above the line of the nearest table that holds it (a
    key written inside its table's line), or to the end of the file (a character removed)."""
    if not comments:
        return text
    lines = text.splitlines()
    anchors = _anchors(lines)
    present = set(anchors)
    moved: dict[Path | None, list[str]] = {}
    for anchor, block in comments.above.items():
        if anchor is not None and anchor not in present:
            moved.setdefault(_nearest(anchor, present), []).extend(block)
    for anchor, comment in comments.beside.items():
        if anchor not in present:
            moved.setdefault(_nearest(anchor, present), []).append(
                f"# {anchor[-1]}: {comment.lstrip('#').strip()}")
    out: list[str] = []
    for line, anchor in zip(lines, anchors):
        if anchor is not None:
            out.extend(comments.above.get(anchor, []))
            out.extend(moved.get(anchor, []))
            if anchor in comments.beside:
                line = f"{line}  {comments.beside[anchor]}"
        out.append(line)
    end = moved.get(None, []) + comments.above.get(None, [])
    if end:
        out.extend(["", *end])
    return "\n".join(out) + "\n"


def _nearest(anchor: Path, present: set[Path | None]) -> Path | None:
    """The longest path above ``anchor`` that has a line; None: none has."""
    for depth in range(len(anchor) - 1, 0, -1):
        if anchor[:depth] in present:
            return anchor[:depth]
    return None


def _anchors(lines: list[str]) -> list[Path | None]:
    """Each line's path, an array's element named by its unique ``name`` where it has one."""
    paths = list(line_paths(lines))
    names: dict[Path, str] = {}
    for line, path in zip(lines, paths):
        if path and len(path) >= 2 and path[-1] == "name" and isinstance(path[-2], int):
            value = _value(line)
            if isinstance(value, str):
                names[path[:-1]] = value
        elif path and isinstance(path[-1], int) and line.lstrip().startswith("{"):
            element = _value("element = " + line.strip().rstrip(","))  # an inline table
            if isinstance(element, dict) and isinstance(element.get("name"), str):
                names[path] = element["name"]
    repeated = Counter((element[:-1], name) for element, name in names.items())
    named = {element: ("named", name) for element, name in names.items()
             if repeated[(element[:-1], name)] == 1}
    out: list[Path | None] = []
    for path in paths:
        if path is None:
            out.append(None)
            continue
        anchor: list[Any] = []
        for depth, part in enumerate(path):
            anchor.append(named.get(path[:depth + 1], part) if isinstance(part, int) else part)
        out.append(tuple(anchor))
    return out


def _value(line: str) -> Any:
    try:
        table = tomli.loads(line)
    except tomli.TOMLDecodeError:
        return None
    return next(iter(table.values()), None)


def _beside(line: str) -> str:
    """The comment after a line's value: from the first ``#`` before which the line is
    TOML on its own (a ``#`` inside a string is not one)."""
    start = line.find("#")
    while start > 0:
        try:
            tomli.loads(line[:start])
        except tomli.TOMLDecodeError:
            start = line.find("#", start + 1)
            continue
        return line[start:].rstrip()
    return ""


def _trimmed(block: list[str]) -> list[str]:
    while block and not block[-1].strip():
        block.pop()
    while block and not block[0].strip():
        block.pop(0)
    return block
