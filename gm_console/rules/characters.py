"""The documented character keys, their validation and their defaults.

Validation is one function per field so that the party editor can check a value as it is typed
and the session loader can check a whole file with the same words.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable

from gm_console.rules.abilities import ABILITIES, parse_score, parse_strength
from gm_console.rules.conditions import stored_problems
from gm_console.text.said import Said, said_by, say

DEFAULTS: dict[str, Any] = {
    "race": "human",
    "strength": 10,
    "dexterity": 10,
    "constitution": 10,
    "height_m": 1.75,
    "speed_m": 9,
    "climb_speed_m": 0,
    "swim_speed_m": 0,
    "exhaustion": 0,
    "armour": "none",
    "armour_weight_lb": 0,
    "armour_magic": False,
    "bulky": False,
}

FLAGS = frozenset(key for key, default in DEFAULTS.items() if isinstance(default, bool))
"""The fields that are true or false (switched on and off, never typed, in the editor)."""


def _number(label: Said, low: float | None = None, high: float | None = None,
            whole: bool = False) -> Callable[[Any], float | int]:
    def parse(raw: Any) -> float | int:
        # (the refusal said only when there is one: a big party's items are a great many
        # numbers read at every start)
        try:
            value = math.nan if isinstance(raw, bool) else \
                float(str(raw).replace(",", ".")) if isinstance(raw, str) else float(raw)
        except (TypeError, ValueError):
            value = math.nan
        if value != value:
            raise ValueError(say("{label} must be a number, not {raw}", label=label,
                                 raw=repr(raw)))
        if whole and not value.is_integer():
            raise ValueError(say("{label} must be a whole number, not {raw}", label=label,
                                 raw=repr(raw)))
        if low is not None and value < low:
            raise ValueError(say("{label} must be at least {low:g}, not {raw}", label=label,
                                 low=low, raw=repr(raw)))
        if high is not None and value > high:
            raise ValueError(say("{label} must be at most {high:g}, not {raw}", label=label,
                                 high=high, raw=repr(raw)))
        return int(value) if value.is_integer() else value
    return parse


def _text(label: Said, allow_empty: bool = False) -> Callable[[Any], str]:
    def parse(raw: Any) -> str:
        if not isinstance(raw, str):
            raise ValueError(say("{label} must be text, not {raw}", label=label, raw=repr(raw)))
        if not allow_empty and not raw.strip():
            raise ValueError(say("{label} cannot be empty", label=label))
        return raw.strip()
    return parse


def _flag(label: Said) -> Callable[[Any], bool]:
    def parse(raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("true", "yes", "on", "1", "y"):
            return True
        if text in ("false", "no", "off", "0", "n"):
            return False
        raise ValueError(say("{label} must be true or false, not {raw}", label=label,
                             raw=repr(raw)))
    return parse


def _strength(raw: Any) -> int | str:
    strength = parse_strength(raw)
    return str(strength) if strength.percentile else strength.score


FIELD_WORDS: dict[str, Said] = {
    "name": say("name"), "race": say("race"), "strength": say("strength"),
    "dexterity": say("dexterity"), "constitution": say("constitution"),
    "intelligence": say("intelligence"), "wisdom": say("wisdom"), "charisma": say("charisma"),
    "height_m": say("height (m)"), "speed_m": say("speed (m)"),
    "climb_speed_m": say("climbing speed (m)"), "swim_speed_m": say("swimming speed (m)"),
    "exhaustion": say("exhaustion"), "armour": say("armour"),
    "armour_weight_lb": say("armour weight (lb)"), "armour_magic": say("magic armour"),
    "bulky": say("bulky"), "hit_points": say("hit points"),
    "max_hit_points": say("maximum hit points"), "temp_hit_points": say("temporary hit points"),
    "notes": say("notes"),
}
"""Each field as a sentence and the editor name it (a key, ``max_hit_points``, is the file's
and the command line's word, not the reader's)."""

ITEM_FIELD_WORDS: dict[str, Said] = {"name": say("name"), "weight_lb": say("weight (lb)"),
                                     "qty": say("quantity")}
"""Each item field as a sentence and the item form name it."""

FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _text(say("Name")),
    "race": _text(say("Race")),
    "strength": _strength,
    **{a: functools.partial(parse_score, ability=a) for a in ABILITIES if a != "strength"},
    "height_m": _number(say("Height (m)"), low=0.1, high=30),
    "speed_m": _number(say("Speed (m)"), low=0),
    "climb_speed_m": _number(say("Climbing speed (m)"), low=0),
    "swim_speed_m": _number(say("Swimming speed (m)"), low=0),
    "exhaustion": _number(say("Exhaustion"), low=0, high=6, whole=True),
    "armour": _text(say("Armour")),
    "armour_weight_lb": _number(say("Armour weight (lb)"), low=0),
    "armour_magic": _flag(say("Magic armour")),
    "bulky": _flag(say("Bulky")),
    "hit_points": _number(say("Hit points"), whole=True),
    "max_hit_points": _number(say("Maximum hit points"), low=0, whole=True),
    "temp_hit_points": _number(say("Temporary hit points"), low=0, whole=True),
    "notes": _text(say("Notes"), allow_empty=True),
}

ITEM_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _text(say("Item name")),
    "weight_lb": _number(say("Weight (lb)"), low=0),
    "qty": _number(say("Quantity"), low=0, whole=True),
}


def parse_field(key: str, raw: Any, fields: dict[str, Callable[[Any], Any]] = FIELDS) -> Any:
    """The typed value of one documented field; ValueError with the reason. Keys that are not
    documented (a plugin's own) pass through unchanged."""
    parser = fields.get(key)
    return parser(raw) if parser else raw


def problems(character: Any, others: list[dict[str, Any]]) -> list[tuple[tuple[Any, ...], str]]:
    """Everything wrong with a character read from a file, as (path below it, message)."""
    if not isinstance(character, dict):
        return [((), say("a character must be a table"))]
    found: list[tuple[tuple[Any, ...], str]] = []
    if "name" not in character:
        found.append(((), say("a character needs a name")))
    for key, value in character.items():
        if key in FIELDS:
            try:
                parse_field(key, value)
            except ValueError as exc:
                found.append(((key,), said_by(exc)))
    name = str(character.get("name", "")).casefold()
    if name and any(isinstance(o, dict) and str(o.get("name", "")).casefold() == name
                    for o in others):
        found.append((("name",), say("the name {name!r} is used twice",
                                     name=str(character.get("name")))))
    if "conditions" in character:
        found += [(("conditions", *where), message)
                  for where, message in stored_problems(character["conditions"])]
    items = character.get("items", [])
    if not isinstance(items, list):
        found.append((("items",), say("items must be an array of tables "
                                      "([[characters.items]])")))
        return found
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            found.append((("items", index), say("an item must be a table")))
            continue
        if "name" not in item:
            found.append((("items", index), say("an item needs a name")))
        for key, value in item.items():
            try:
                parse_field(key, value, ITEM_FIELDS)
            except ValueError as exc:
                found.append((("items", index, key), said_by(exc)))
    return found


IMPORTED = frozenset({*FIELDS, "items"})
"""What an imported character may hold: the sheet's documented fields and its items."""


def import_problems(entries: list[Any],
                    party: list[dict[str, Any]]) -> list[tuple[int, tuple[Any, ...], str]]:
    """Everything wrong with characters to import into ``party``, as (entry's index, path
    below it, message): an entry that is not a table, a key that is no documented field, and
    whatever :func:`problems` finds (a name used twice counts the party and the entries
    before it)."""
    found: list[tuple[int, tuple[Any, ...], str]] = []
    for index, entry in enumerate(entries):
        if isinstance(entry, dict):
            found += [(index, (key,), say("{key!r} is not a character field (fields: {fields})",
                                          key=str(key), fields=", ".join(sorted(IMPORTED))))
                      for key in entry if key not in IMPORTED]
        others = [*party, *(e for e in entries[:index] if isinstance(e, dict))]
        found += [(index, where, message) for where, message in problems(entry, others)]
    return found


def imported(entry: dict[str, Any]) -> dict[str, Any]:
    """A checked entry (:func:`import_problems` found nothing) as a character: its fields
    typed, the others at their defaults, its items typed."""
    character: dict[str, Any] = {"name": parse_field("name", entry["name"]), **DEFAULTS}
    character.update({key: parse_field(key, value) for key, value in entry.items()
                      if key in FIELDS})
    character["items"] = [{key: parse_field(key, value, ITEM_FIELDS)
                           for key, value in item.items()}
                          for item in entry.get("items", [])]
    return character
