"""Dice with the d20 library (a grammar-based roller, well kept): ``1d20+3``, ``4d6kh3``, and
the words ``adv``/``dis`` as shorthands for ``2d20kh1``/``2d20kl1``.

d20 draws from Python's ``random`` module, which is how tests seed it (``random.seed``).
d20 is imported on the first roll, not at start-up: building its grammar is slow, and the
first screen needs no dice.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from gm_console.text.said import say

_SHORTHANDS = (
    (re.compile(r"\badv(antage)?\b", re.I), "2d20kh1"),
    (re.compile(r"\bdis(advantage)?\b", re.I), "2d20kl1"),
)


class Roll(NamedTuple):
    expression: str
    total: int
    detail: str  # d20's own rendering: "1d20 (14) + 3 = `17`"


class DiceError(ValueError):
    """An expression that is not dice notation; the message says where it goes wrong."""


def normalise(expression: str) -> str:
    text = expression.strip()
    for pattern, replacement in _SHORTHANDS:
        text = pattern.sub(replacement, text)
    return text


def roll(expression: str) -> Roll:
    text = normalise(expression)
    if not text:
        raise DiceError(say("empty dice expression"))
    import d20

    try:
        result = d20.roll(text, allow_comments=False)
    except d20.RollSyntaxError as exc:
        raise DiceError(say("{expression!r} is not dice notation: {error}",
                            expression=expression, error=str(exc))) from None
    except d20.RollError as exc:
        raise DiceError(say("cannot roll {expression!r}: {error}", expression=expression,
                            error=str(exc))) from None
    return Roll(expression=text, total=int(result.total), detail=_plain(str(result)))


def _plain(markdown: str) -> str:
    """d20 renders in Markdown (~~dropped~~, **crit**); the console shows plain text."""
    text = re.sub(r"~~(.*?)~~", r"\1 dropped", markdown)
    return text.replace("**", "").replace("`", "")


def check(expression: str) -> str | None:
    """Why ``expression`` cannot be rolled, or None (parses without rolling)."""
    import d20

    try:
        d20.parse(normalise(expression))
    except d20.RollSyntaxError as exc:
        return say("{expression!r} is not dice notation: {error}", expression=expression,
                   error=str(exc))
    return None
