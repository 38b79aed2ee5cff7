"""A plugin's table in the session file: ``[plugins.<name>]``.

``defaults`` fill keys that are missing when a session is opened; ``validate`` returns a list of
problems as ``(path, message)`` pairs, where path is a tuple of keys below the plugin's table
(so that a problem points at its line in the file).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

Problem = tuple[tuple[Any, ...], str]


@dataclass(frozen=True)
class SectionSpec:
    """A table a plugin keeps in the session file: its defaults and its validator."""

    name: str
    defaults: dict[str, Any] = field(default_factory=dict)
    validate: Callable[[dict[str, Any]], list[Problem]] | None = None
    plugin: str = ""  # filled in by the host
