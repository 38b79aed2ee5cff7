"""What an operation comes to: a :class:`Result`, or a :class:`Refused` that says why not."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm_console.text.said import said_by


class Refused(Exception):
    """Raised by ``check`` or ``apply`` when the rules forbid the operation.

    The message is shown to the game master as it is, so write it as a sentence that says what is
    wrong and, when there is one, what would be allowed instead. Say it with
    :func:`gm_console.text.said.say` so that it reads in the game master's language.
    """

    @property
    def reason(self) -> str:
        """The refusal as it was raised (a :class:`~gm_console.text.said.Said` keeps its template)."""
        return said_by(self)


@dataclass
class Result:
    """What an operation reports: a sentence for the journal and the UI, plus plain data for
    ``gm-console op``'s JSON. ``who`` names the characters concerned (the journal filters on it).
    """

    message: str
    data: dict[str, Any] = field(default_factory=dict)
    who: list[str] = field(default_factory=list)
