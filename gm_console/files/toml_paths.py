"""Where each line of a TOML text sits: the path of the table or key it writes.

A session file's lines, as a person reads them: a header opens a table (``[clock]``) or an
element of an array of tables (``[[characters]]``, the second one ``("characters", 1)``); a
``key = value`` line writes a key of the table open above it. Used to send an editor to the
line of a problem (gm_console.files.codec.locate) and to put the game master's comments back
where they were (gm_console.files.comments). Lines inside a value that spans lines, blank
lines and comments have no path.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

Path = tuple[Any, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+|\"[^\"]*\")\s*=")


def line_paths(lines: Iterable[str]) -> Iterator[Path | None]:
    """For each line, its path (None for a line that writes nothing). An array written on several lines, one inline table a line (as gm-console writes
    a short array of tables), gives each of those lines the path of its element."""
    counters: dict[Path, int] = {}
    current: Path = ()
    array: Path | None = None  # inside an array written on several lines
    element = -1
    for line in lines:
        if array is not None:
            stripped = line.strip()
            if stripped.startswith("]"):
                array = None
                yield None
            elif stripped.startswith("{"):
                element += 1
                yield array + (element,)
            else:
                yield None
            continue
        header = _HEADER.match(line)
        if header:
            names = tuple(part.strip().strip('"') for part in header.group(2).split("."))
            path: list[Any] = []
            for i, name in enumerate(names):
                path.append(name)
                prefix = tuple(path)
                last = i == len(names) - 1
                if header.group(1) == "[[" and last:
                    counters[prefix] = counters.get(prefix, -1) + 1
                    # a new array element resets the counters of arrays nested below it
                    for key in [k for k in counters if k[:len(prefix)] == prefix and k != prefix]:
                        del counters[key]
                    path.append(counters[prefix])
                elif prefix in counters:
                    path.append(counters[prefix])
            current = tuple(path)
            yield current
            continue
        assignment = _KEY.match(line)
        if not assignment:
            yield None
            continue
        key = current + (assignment.group(1).strip('"'),)
        if line[assignment.end():].strip() == "[":
            array, element = key, -1
        yield key
