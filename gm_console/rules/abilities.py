"""Ability scores: parsing, validation and modifiers, shared by the host and every plugin.

Strength may be exceptional: "18/01" … "18/99", "18/00" (= 18/100), stored as a string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gm_console.text.said import say

ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
"""The six abilities of a character sheet, in the sheet's order."""

_NAMES = {"strength": say("Strength"), "dexterity": say("Dexterity"),
          "constitution": say("Constitution"), "intelligence": say("Intelligence"),
          "wisdom": say("Wisdom"), "charisma": say("Charisma")}


def ability_name(ability: str) -> str:
    """An ability as a sentence names it ("Constitution"), in the reader's language."""
    return _NAMES.get(ability, ability.capitalize())


_EXCEPTIONAL = re.compile(r"^\s*18\s*/\s*(\d{2})\s*$")


@dataclass(frozen=True, order=True)
class Strength:
    """A Strength score; 18/xx keeps its percentile (18/00 is 100), ordered as the tables read."""

    score: int
    percentile: int = 0  # 1-100 for 18/xx, 0 otherwise

    def __str__(self) -> str:
        if self.percentile:
            return f"18/{self.percentile % 100:02d}"
        return str(self.score)


def parse_strength(raw: object) -> Strength:
    """A Strength from an int 1-25 or "18/xx"; ValueError says what is wrong."""
    if isinstance(raw, bool):
        raise ValueError(say("Strength must be a number from 1 to 25 or 18/01-18/00, not {raw}",
                             raw=repr(raw)))
    if isinstance(raw, str):
        match = _EXCEPTIONAL.match(raw)
        if match:
            value = int(match.group(1))
            return Strength(18, value or 100)
        if "/" in raw:
            raise ValueError(say("exceptional Strength is written 18/01 to 18/00, not {raw}",
                                 raw=repr(raw)))
        try:
            raw = int(raw.strip())
        except ValueError:
            raise ValueError(say("Strength must be a number from 1 to 25 or 18/01-18/00, not "
                                 "{raw}", raw=repr(raw))) from None
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if not isinstance(raw, int) or not 1 <= raw <= 25:
        raise ValueError(say("Strength must be from 1 to 25, not {raw}", raw=repr(raw)))
    return Strength(raw)


def parse_score(raw: object, ability: str) -> int:
    """Any other ability score: an int 1-25."""
    if isinstance(raw, str):
        try:
            raw = int(raw.strip())
        except ValueError:
            raise ValueError(say("{ability} must be a whole number from 1 to 25, not {raw}",
                                 ability=ability_name(ability), raw=repr(raw))) from None
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 25:
        raise ValueError(say("{ability} must be from 1 to 25, not {raw}",
                             ability=ability_name(ability), raw=repr(raw)))
    return raw


def modifier(score: int) -> int:
    """floor((score − 10) / 2); an exceptional 18/xx counts as 18 (RULES.md 1.7)."""
    return (score - 10) // 2
